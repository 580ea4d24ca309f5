"""The sentences of the vehicles that enter play mid-game and of their cards (R300-R309),
merged into the vehicle sentences (`vehicle_narration`) and the card outcomes
(`card_narration.OUTCOMES`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.card_narration import COUNTED, OUTCOMES, SIDES
from game.engine.protocol import EventKind as K
from game.i18n import N_, narr, narr_n, retell
from game.rules.vehicle_types import vehicle_type

Data = Mapping[str, Any]


def _enters(d: Data, turn: int) -> str:
    riders = ", ".join(d.get("passengers", []))
    aboard = narr(", carrying {riders}").format(riders=riders) if riders else ""
    cause = f" ({d['cause']})" if d.get("cause") else ""
    return narr(
        "T{turn} {unit_name} ({side_name}, {vehicle}) comes on by the {edge} edge at "
        "({x:.1f}, {y:.1f}), crew {quality}/{morale}{aboard}{cause} (R300)"
    ).format(
        turn=turn,
        unit_name=d["unit_name"],
        side_name=_side_name(d),
        vehicle=retell(d["vehicle"]),
        edge=retell(d["edge"]),
        x=d["at"][0],
        y=d["at"][1],
        quality=d["quality"],
        morale=d["morale"],
        aboard=aboard,
        cause=cause,
    )


def _side_name(d: Data) -> str:
    """Whose vehicle it is; an unknown car is only traffic (R308)."""
    if d["vehicle"] == vehicle_type("car").name:
        return narr("traffic")
    return narr(SIDES[d["side"]]) if d["side"] in SIDES else str(d["side"])


def _no_room(d: Data, turn: int) -> str:
    return narr(
        "T{turn} {vehicle} cannot come on: its hull fits nowhere along the {edge} edge (R300)"
    ).format(turn=turn, vehicle=retell(d["vehicle"]), edge=retell(d["edge"]))


def _road_block(d: Data, turn: int) -> str:
    if d["manned"]:
        held = narr(
            "with no Regular vehicle in play, {unit_name} (1d6+2: d6={face}, {count} riflemen) "
            "holds it In Cover"
        ).format(unit_name=d["unit_name"], face=d["face"], count=d["count"])
    else:
        held = narr("the Regulars have vehicles in play, so nobody holds it")
    return narr(
        "T{turn} Road Block! closes the street at ({x:.1f}, {y:.1f}): wheeled vehicles cannot "
        "pass, tracked ones test their crew's Quality to roll over it; {held} (R304)"
    ).format(turn=turn, x=d["at"][0], y=d["at"][1], held=held)


def _road_block_crossing(d: Data, turn: int) -> str:
    from game.engine.narration import shown

    if d["passed"]:
        result = narr("passes, it rolls over the barricade")
    elif d["immobilized"]:
        result = narr("fails: a Mobility breakdown, it is immobilized")
    else:
        result = narr("fails: a Mobility breakdown, d6={speed} lost off its speeds").format(
            speed=d["speed_face"]
        )
    return narr(
        "T{turn} {unit_name} reaches the road block at ({x:.1f}, {y:.1f}): its crew tests "
        "Troop Quality {test} → {result} (R305)"
    ).format(
        turn=turn,
        unit_name=d["unit_name"],
        x=d["at"][0],
        y=d["at"][1],
        test=shown(d["die"], d["face"], d["modifier"]),
        result=result,
    )


ENTRY_SENTENCES: dict[str, Callable[[Data, int], str]] = {
    K.VEHICLE_ENTERS: _enters,
    K.VEHICLE_NO_ROOM: _no_room,
    K.ROAD_BLOCK: _road_block,
    K.ROAD_BLOCK_CROSSING: _road_block_crossing,
}

OUTCOMES.update(
    {
        "vehicle_enters": N_("{unit_name} comes on by the {edge} edge (R301, R302)"),
        "vehicle_held": N_(
            "no room for it on the table: the card stays in the Regular hand (R186, R300)"
        ),
        "road_block": N_("the Insurgents barricade the street at ({at[0]:.1f}, {at[1]:.1f})"),
        # Cross-Town Traffic (R308, R309): the d6 is named only once the car is known
        "car_enters": N_("{unit_name}, a car nobody knows, heads for the nearest Regulars (R308)"),
        "car_drives": N_(
            '{unit_name} drives {moved}" toward the nearest Regulars, to ({at[0]:.1f}, '
            "{at[1]:.1f}) (R308)"
        ),
        "car_unknown": N_(
            "{unit_name} tests Troop Quality {die}={face} to make out {car_name}: it cannot "
            "tell (R308)"
        ),
        "car_known_civilians": N_(
            "{unit_name} tests Troop Quality {die}={face}: {car_name} carries civilians (R308)"
        ),
        "car_known_gunmen": N_(
            "{unit_name} tests Troop Quality {die}={face}: {car_name} is full of gunmen (R308)"
        ),
        "car_known_vbied": N_(
            "{unit_name} tests Troop Quality {die}={face}: {car_name} is a car bomb (R308)"
        ),
        "car_civilians": N_(
            "{unit_name} pulls over: d6={face}, civilians, who get away (R308, R309)"
        ),
        "car_engaged": N_(
            "{unit_name} fired at {car_name}, which is no car bomb: that counts as killing "
            "civilians (R309)"
        ),
        "car_gunmen_out": N_("{unit_name} ({count} with small arms) take the field (R308)"),
        "car_bomb": N_(
            "{unit_name} is a car bomb (d6={face}): it goes off at ({at[0]:.1f}, {at[1]:.1f}), "
            '8d8 against every unit within 8", a vehicle through its armour (R309, R347)'
        ),
    }
)


# --- qa: the counts of these cards in the plural they need (Technical Trouble d6=1 or 2 brings
# one technical; a carload of gunmen is d6, so it may be one man) ---
COUNTED.update(
    {
        "technicals": lambda n: narr_n(
            "d6={face}: {count} technical rolls onto the table (R303)",
            "d6={face}: {count} technicals roll onto the table (R303)",
            n,
        ),
        "car_gunmen": lambda n: narr_n(
            "{unit_name} pulls over: d6={face}, {count} gunman gets out (R308)",
            "{unit_name} pulls over: d6={face}, {count} gunmen get out (R308)",
            n,
        ),
    }
)
