"""The sentences of the vehicle events (issue 20), registered into `narration.SENTENCES`.

Rulebook: Vehicle Movement, Vehicle Defense vs. Weapon Class, Determining Vehicle Damage,
Vehicle Breakdown, Loading and Unloading Passengers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.protocol import EventKind as K
from game.i18n import N_, narr, narr_n, retell

Data = Mapping[str, Any]

_PENETRATION = {
    "full": N_("full Firepower"),
    "half": N_("Firepower halved (weapon class equals the armour)"),
    "none": N_("no effect (weapon class below the armour)"),
}


def _move_start(d: Data, turn: int) -> str:
    return narr(
        'T{turn} {unit_name} drives at {speed} speed toward ({x:.1f}, {y:.1f}), {length:.1f}" '
        "(Rulebook: Vehicle Movement)"
    ).format(
        turn=turn,
        unit_name=d["unit_name"],
        speed=retell(d["speed"]).capitalize(),
        x=d["to"][0],
        y=d["to"][1],
        length=d["length"],
    )


def _move_end(d: Data, turn: int) -> str:
    return narr(
        '{unit_name} stops at ({x:.1f}, {y:.1f}) facing {facing:.0f}° after {moved:.1f}"'
    ).format(
        unit_name=d["unit_name"], x=d["at"][0], y=d["at"][1], facing=d["facing"], moved=d["moved"]
    )


def _hit(d: Data, turn: int) -> str:
    from game.engine.narration import FIRE_MANNERS, breakdown_words

    return narr(
        "T{turn} {firer_name} {manner} at {target_name} (Rulebook: Vehicle Defense vs. Weapon "
        "Class): {penetration}; Firepower {fp} → {firepower_die} {faces}; armour "
        "{defense}{defense_die} {defense_faces}; {hits}"
    ).format(
        turn=turn,
        firer_name=d["firer_name"],
        manner=narr(FIRE_MANNERS[d["manner"]]) if d["manner"] in FIRE_MANNERS else d["manner"],
        target_name=d["target_name"],
        penetration=narr(_PENETRATION[d["penetration"]]),
        fp=breakdown_words(d["firepower_breakdown"]),
        firepower_die=d["firepower_die"],
        faces=list(d["firepower_faces"]),
        defense=d["defense"],
        defense_die=d["defense_die"],
        defense_faces=list(d["defense_faces"]),
        hits=narr_n("{count} penetrating hit", "{count} penetrating hits", d["hits"]).format(
            count=d["hits"]
        ),
    )


_BREAKDOWNS = {
    "mobility": N_("Mobility failure"),
    "armament": N_("Armament failure"),
    "reliability": N_("Reliability failure"),
}


def _damage(d: Data, turn: int) -> str:
    check = narr("{unit_name} Reliability check {die}={face}").format(
        unit_name=d["unit_name"], die=d["reliability_die"], face=d["reliability_face"]
    )
    if not d["breakdown"]:
        return check + narr(", 4+: no damage (Rulebook: Determining Vehicle Damage)")
    parts = [
        narr("{check}: Breakdown Table d6={face}, {kind}").format(
            check=check, face=d["breakdown_face"], kind=narr(_BREAKDOWNS[d["breakdown"]])
        )
    ]
    if d["speed_face"]:
        parts.append(narr('speed reduced by {n}"').format(n=d["speed_face"]))
    if d["destroyed"]:
        parts.append(narr("reliability below d6: destroyed"))
    else:
        if d["immobilized"]:
            parts.append(narr("immobilized"))
        if d["weapons_out"]:
            parts.append(narr("no Firepower left"))
        if d["breakdown"] == "reliability":
            parts.append(narr("Reliability now {die}").format(die=d["reliability_left"]))
    return ", ".join(parts) + narr(" (Rulebook: Vehicle Breakdown)")


def _crew_check(d: Data, turn: int) -> str:
    picked = (
        narr(" (picked at random: {faces})").format(faces=list(d["pick_faces"]))
        if d["pick_faces"]
        else ""
    )
    # the vehicle's own crew is named as its crew, not as a passenger of itself (qa round 3)
    who = (
        narr("the crew of {vehicle_name}").format(vehicle_name=d["vehicle_name"])
        if d["unit_name"] == d["vehicle_name"]
        else narr("{unit_name} aboard {vehicle_name}").format(
            unit_name=d["unit_name"], vehicle_name=d["vehicle_name"]
        )
    )
    return narr(
        "{who}{picked}: 4+ Quality checks {faces}, {lost} (Rulebook: Vehicle Breakdown)"
    ).format(
        who=who[:1].upper() + who[1:],
        picked=picked,
        faces=list(d["faces"]),
        lost=narr_n("{count} casualty", "{count} casualties", d["lost"]).format(count=d["lost"]),
    )


def _mount(d: Data, turn: int) -> str:
    return narr(
        "T{turn} {unit_name} boards {vehicle_name} (Rulebook: Loading and Unloading Passengers)"
    ).format(turn=turn, unit_name=d["unit_name"], vehicle_name=d["vehicle_name"])


def _dismount(d: Data, turn: int) -> str:
    if d.get("cause") == "crew_lost":  # R355
        sentence = narr(
            "T{turn} {vehicle_name}'s crew is out of action: {unit_name} gets out beside it at "
            "({x:.1f}, {y:.1f}) (Rulebook: Loading and Unloading Passengers; R355)"
        )
    else:
        sentence = narr(
            "T{turn} {unit_name} gets out of {vehicle_name} and moves Cautiously to ({x:.1f}, "
            "{y:.1f}) (Rulebook: Loading and Unloading Passengers)"
        )
    return sentence.format(
        turn=turn,
        unit_name=d["unit_name"],
        vehicle_name=d["vehicle_name"],
        x=d["at"][0],
        y=d["at"][1],
    )


def _fire_mission(d: Data, turn: int) -> str:
    done = narr(": the fire mission is accomplished") if d["done"] else ""
    return narr(
        "T{turn} {unit_name} holds the target building and works on targets off the table: "
        "turn {turns} of {needed} of the fire mission{done} (Scenario 2: Turkey Shoot)"
    ).format(turn=turn, unit_name=d["unit_name"], turns=d["turns"], needed=d["needed"], done=done)


def _asset_fielded(d: Data, turn: int) -> str:
    return narr(
        "{title}: {unit_name} takes the field with the force (Rulebook: Fog of War & Asset Cards)"
    ).format(title=d["title"], unit_name=d["unit_name"])


VEHICLE_SENTENCES: dict[str, Callable[[Data, int], str]] = {
    K.VEHICLE_MOVE_START: _move_start,
    K.VEHICLE_MOVE_END: _move_end,
    K.VEHICLE_HIT: _hit,
    K.VEHICLE_DAMAGE: _damage,
    K.VEHICLE_CREW_CHECK: _crew_check,
    K.MOUNT: _mount,
    K.DISMOUNT: _dismount,
    K.FIRE_MISSION: _fire_mission,
    K.ASSET_FIELDED: _asset_fielded,
}

# --- vehicles entering play mid-game (R300-R309) ---
from game.engine.entry_narration import ENTRY_SENTENCES  # noqa: E402

VEHICLE_SENTENCES.update(ENTRY_SENTENCES)
