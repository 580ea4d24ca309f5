"""The log's sentences for the support assets' events (Asset cards; IEDs; R190-R199), registered
in `game.engine.narration.SENTENCES` (support assets, issue 19)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.i18n import N_, narr, narr_n, retell

Data = Mapping[str, Any]

LOST_CAUSES = {
    "fired": N_("its one Hellfire is fired"),
    "card_discarded": N_("the card is discarded"),
    "card": N_("a card takes it away"),
    "grounded": N_("the aircraft are grounded for the rest of the game"),
}

SOURCES = {
    "off_board_sniper": N_("The Off-Board Sniper Team"),
    "light_mortar": N_("The Off-Board Light Mortar"),
    "heavy_mortar": N_("The Off-Board Heavy Mortar"),
    "air_support": N_("Air Support"),
    "armed_predator": N_("The Armed Predator's Hellfire"),
    "ied": N_("The IED"),
}


def _granted(d: Data, turn: int) -> str:
    source = narr(" ({source})").format(source=retell(d["source"])) if d.get("source") else ""
    side = narr("Regulars") if d["side"] == "regular" else narr("Insurgents")
    return narr("The {side} gain the asset {title}{source} (Rulebook: Asset cards)").format(
        side=side, title=d["title"], source=source
    )


def _call(d: Data, turn: int) -> str:
    roll = narr("d6={face}: ").format(face=d["face"]) if d["face"] else ""
    return narr(
        "T{turn} {unit_name} calls the {title} on {target_name}: {roll}{words} (R191)"
    ).format(turn=turn, roll=roll, **{**d, "words": retell(d["words"])})


def _fire(d: Data, turn: int) -> str:
    from game.engine.narration import breakdown_words  # narration imports this module

    return narr(
        "T{turn} {source} strikes {target_name} (Rulebook: Making the Attack Roll; R190): "
        "Firepower {fp} → {firepower}{firepower_die} {firepower_faces}; "
        "Defense {df} → {defense}{defense_die} {defense_faces}; {lost}"
    ).format(
        turn=turn,
        source=narr(SOURCES[d["source"]]) if d["source"] in SOURCES else d["source"],
        fp=breakdown_words(d["firepower_breakdown"]),
        df=breakdown_words(d["defense_breakdown"]),
        lost=narr_n("{count} casualty", "{count} casualties", d["casualties"]).format(
            count=d["casualties"]
        ),
        target_name=d["target_name"],
        firepower=d["firepower"],
        firepower_die=d["firepower_die"],
        firepower_faces=list(d["firepower_faces"]),
        defense=d["defense"],
        defense_die=d["defense_die"],
        defense_faces=list(d["defense_faces"]),
    )


def _lost(d: Data, turn: int) -> str:
    why = narr(LOST_CAUSES[d["cause"]]) if d["cause"] in LOST_CAUSES else d["cause"]
    return narr("The {title} leaves the game: {why}").format(title=d["title"], why=why)


def _deployed(d: Data, turn: int) -> str:
    return narr("T{turn} {title} joins {unit_name} ({detail}) (R195)").format(turn=turn, **d)


SENTENCES: dict[str, Callable[[Data, int], str]] = {
    K.ASSET_GRANTED: _granted,
    K.ASSET_CALL: _call,
    K.ASSET_FIRE: _fire,
    K.ASSET_LOST: _lost,
    K.ASSET_DEPLOYED: _deployed,
}
