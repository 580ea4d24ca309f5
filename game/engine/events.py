"""Events: what happened, appended to the game's log and never changed afterwards.

Each event is a JSON object: a sequence number, the turn, a kind, a one-line narration for people
(with dice faces, the reason and the rulebook section) and structured data for programs.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def make_event(seq: int, turn: int, kind: str, text: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"seq": seq, "turn": turn, "kind": kind, "text": text, "data": data}


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def events_sha256(events: list[dict[str, Any]]) -> str:
    """The fingerprint of a game: sha256 of the canonical JSON of its event log."""
    return hashlib.sha256(canonical_json(events).encode("ascii")).hexdigest()
