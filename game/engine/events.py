"""Events: what happened, appended to the game's log and never changed afterwards.

Each event is a JSON object: a sequence number, the turn, a kind (`protocol.EventKind`) and data
holding everything its sentence needs (ids and the names shown, dice faces, reasons). `text` is
that sentence, built by `game.engine.narration` from kind, data and turn, and kept in the event
for the log's readers; the fingerprint (`events_sha256`) leaves it out, so a wording fix changes
no game and no save.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

FINGERPRINTED = ("seq", "turn", "kind", "data")
"""The keys of an event the fingerprint covers (not its `text`)."""


def make_event(seq: int, turn: int, kind: str, data: dict[str, Any], text: str) -> dict[str, Any]:
    return {"seq": seq, "turn": turn, "kind": kind, "text": text, "data": data}


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def events_sha256(events: list[dict[str, Any]]) -> str:
    """The fingerprint of a game: sha256 of the canonical JSON of its events' seq, turn, kind
    and data (the narration is left out)."""
    stripped = [{k: e[k] for k in FINGERPRINTED if k in e} for e in events]
    return hashlib.sha256(canonical_json(stripped).encode("ascii")).hexdigest()
