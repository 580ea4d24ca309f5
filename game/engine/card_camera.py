"""Smile for the Camera! (Rulebook: Fog of War & Asset Cards; Civilians on the Battlefield): a
press crew follows a random Regular unit; civilians the Regulars kill within 12" of the camera
are filmed, and the third such death loses them the game whatever else they achieved. With no
civilian mob on the table three are placed first. Ruling R286.

The crew is `GameState.cards["effects"]["camera"]` ({"unit", "at", "filmed"}); the civilians
module tells this one of every civilian killed (`civilian_killed`), and the end of the game
asks `camera_result` for the margin.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.battlefield.model import Point
from game.engine import cards
from game.engine.card_effects import effect, played, random_unit
from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR, MobState
from game.engine.terrain import distance
from game.rules import cards as rc

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

CAMERA = "camera"
CAMERA_FOLLOWS = rc.CAMERA_FOLLOWS
"""The crew stays within 4" of its unit: we keep it at the unit's lead figure (R286)."""
CAMERA_SEES = rc.CAMERA_SEES
FILMED_TO_LOSE = rc.CAMERA_FILMED_TO_LOSE
MOBS_PLACED = rc.CAMERA_MOBS
MOB_GAP = rc.CAMERA_MOB_GAP
"""The mobs the card places stand at least 6" from every Regular unit."""
MOB_SPACING = rc.CAMERA_MOB_SPACING


@effect("press_crew")
def smile_for_the_camera(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Smile for the Camera!: the crew joins a random Regular unit (R286); three mobs are placed
    when none is on the table."""
    unit = random_unit(g, REGULAR)
    if unit is None:
        played(g, card, REGULAR, "no_target")
        return False
    at = unit.leader_point
    cards.table(g)["effects"][CAMERA] = {
        "unit": unit.id,
        "at": [round(at[0], 2), round(at[1], 2)],
        "filmed": 0,
    }
    placed = place_mobs(g) if not any(m.on_table for m in g.state.mobs) else []
    outcome = "camera_mobs" if placed else "camera"
    played(g, card, REGULAR, outcome, unit=unit.id, unit_name=unit.name, mobs=", ".join(placed))
    return False
    yield  # a generator, like every card effect


def camera_at(g: Engine) -> Point | None:
    """Where the crew is: at its unit's lead figure, or where that unit was last (R286)."""
    crew = cards.effects(g).get(CAMERA)
    if not crew:
        return None
    unit = g.state.units.get(str(crew["unit"]))
    if unit is not None and unit.on_table and unit.effective_figures:
        x, y = unit.leader_point
        crew["at"] = [round(x, 2), round(y, 2)]
    return (float(crew["at"][0]), float(crew["at"][1]))


def _mob_spot(g: Engine, centre: Point, taken: list[Point]) -> Point | None:
    regulars = [f.pos for u in g.state.units_of(REGULAR) for f in u.effective_figures]
    others = [f.pos for u in g.state.units.values() if u.on_table for f in u.effective_figures]
    for ring in range(int(MOB_GAP), 30):
        for k in range(16):
            a = k * math.pi / 8
            p = (centre[0] + ring * math.cos(a), centre[1] + ring * math.sin(a))
            if (
                g.terrain.on_table(p)
                and not g.terrain.blocked_point(p)
                and g.terrain.building_at(p) is None
                and all(distance(p, q) >= MOB_GAP for q in regulars)
                and all(distance(p, q) >= 1.0 for q in others)
                and all(distance(p, q) >= MOB_SPACING for q in taken)
            ):
                return p
    return None


def place_mobs(g: Engine) -> list[str]:
    """Three mobs in the street, Insurgents' first then in turn (R286): each on the nearest free
    point to the camera at least 6" from every Regular figure and 3" from the other mobs."""
    centre = camera_at(g)
    assert centre is not None
    taken = [m.pos for m in g.state.mobs if m.on_table]
    ids: list[str] = []
    number = len(g.state.mobs) + 1
    for _ in range(MOBS_PLACED):
        spot = _mob_spot(g, centre, taken)
        if spot is None:
            break
        while any(m.id == f"C{number}" for m in g.state.mobs):
            number += 1
        mob = MobState(f"C{number}", round(spot[0], 3), round(spot[1], 3))
        g.state.mobs.append(mob)
        taken.append(spot)
        ids.append(mob.id)
    return ids


def civilian_killed(g: Engine, mob: MobState, side: str) -> None:
    """A civilian killed by Regular fire within 12" of the camera is filmed (R286)."""
    crew = cards.effects(g).get(CAMERA) if g.state.cards else None
    if not crew or side != REGULAR:
        return
    at = camera_at(g)
    if at is None or distance(at, mob.pos) > CAMERA_SEES + 1e-9:
        return
    crew["filmed"] = int(crew["filmed"]) + 1
    g.emit(
        E.CARD_PLAYED,
        card="smile-for-the-camera",
        title=rc.card("smile-for-the-camera").title,
        side=REGULAR,
        outcome="filmed",
        mob=mob.id,
        filmed=crew["filmed"],
        gap=round(distance(at, mob.pos), 1),
    )


def camera_result(g: Engine, margin: str, winner: str) -> tuple[str, str]:
    """Three filmed deaths lose the Regulars the game: a Decisive Insurgent victory (R286)."""
    crew: dict[str, Any] | None = cards.effects(g).get(CAMERA) if g.state.cards else None
    if not crew or int(crew["filmed"]) < FILMED_TO_LOSE:
        return margin, winner
    g.emit(
        E.CARD_PLAYED,
        card="smile-for-the-camera",
        title=rc.card("smile-for-the-camera").title,
        side=INSURGENT,
        outcome="filmed_loss",
        filmed=crew["filmed"],
    )
    return "Decisive", INSURGENT
