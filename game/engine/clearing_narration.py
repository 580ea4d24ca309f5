"""Narration of house clearing (Rulebook: House Clearing; issue 21): the lines of the Building
Clearance roll, a building held with nobody inside, and a casualty's Quality Test, in the
language in use. Registered into `game.engine.narration.SENTENCES`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.i18n import narr, narr_n, retell

Data = Mapping[str, Any]


def _test_shown(d: Data) -> str:
    from game.engine.narration import test_shown

    return test_shown(d)


def _building_clearance(d: Data, turn: int) -> str:
    head = narr(
        "T{turn} {unit_name} clears {building_name}: d6={level_face} vs Insurgency Level {level}"
    ).format(turn=turn, **d)
    if d["face"] is None:
        body = narr(
            "the building is empty of hostiles; cleared, no casualties, the unit's turn is spent"
        )
    else:
        mods = ", ".join(f"{retell(why)} {value:+d}" for why, value in d["modifiers"])
        body = narr("hostiles may be inside: Quality {die}={face} ({mods}) = {total}").format(
            die=d["die"], face=d["face"], mods=mods, total=d["total"]
        )
        bits = [
            narr_n("{n} potential casualty", "{n} potential casualties", d["casualties"]).format(
                n=d["casualties"]
            )
            if d["casualties"]
            else narr("no casualties"),
            narr("cleared") if d["cleared"] else narr("NOT cleared, it tries again next turn"),
        ]
        if d["loses_next_turn"]:
            bits.append(narr("the unit loses its next turn"))
        body = f"{body}: {', '.join(bits)}"
    return narr("{head}; {body} (Rulebook: House Clearing, Building Clearance Table)").format(
        head=head, body=body
    )


def _building_held(d: Data, turn: int) -> str:
    return narr(
        "{building_name} is held by {units} with no Insurgent inside: it counts as cleared "
        "(Rulebook: House Clearing; R245)"
    ).format(building_name=d["building_name"], units=narr(" and ").join(d["units"]))


def _clearing_casualty_check(d: Data, turn: int) -> str:
    outcome = (
        narr("failed: left inside, a POW if the unit withdraws before the building is cleared")
        if d["left_inside"]
        else narr("passed: carried out")
    )
    return narr(
        "{unit_name}: casualty {figure} of the clearing, Quality Test {test}: {outcome} "
        "(Rulebook: House Clearing; R247)"
    ).format(unit_name=d["unit_name"], figure=d["figure"], test=_test_shown(d), outcome=outcome)


CLEARING_SENTENCES: dict[str, Callable[[Data, int], str]] = {
    K.BUILDING_CLEARANCE: _building_clearance,
    K.BUILDING_HELD: _building_held,
    K.CLEARING_CASUALTY_CHECK: _clearing_casualty_check,
}
