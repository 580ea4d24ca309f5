"""Contact! (Rulebook: Fog of War & Asset Cards): a handful of riflemen blunder into a Regular
unit and react at once, as an interruption, by the card's d6: fire, charge or run (R183). The
fire, the Close Assault and the Regular's reaction are the engine's own procedures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import close_assault, interruptions, placement, reinforcements
from game.engine.card_effects import effect, played, random_unit
from game.engine.procedure import DIRECTIONS
from game.engine.state import INSURGENT, REGULAR, Activation, UnitState
from game.engine.terrain import distance, walk
from game.rules import cards as rc
from game.rules.dice import Die
from game.rules.movement import RAPID

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.procedure import Flow

CONTACT_DISTANCE = rc.CONTACT_DISTANCE
FIRE_UP_TO, CHARGE_UP_TO = rc.CONTACT_FIRE_UP_TO, rc.CONTACT_CHARGE_UP_TO


def contact_spot(g: Engine, regular: UnitState) -> Point:
    """A free point 3" from the Regular unit's leader, trying the eight directions from the
    one facing the middle of the table; the leader's own point when none is free."""
    x, y = regular.leader_point
    middle = (g.battlefield.width / 2, g.battlefield.height / 2)
    order = sorted(
        DIRECTIONS,
        key=lambda d: distance((x + d[0], y + d[1]), middle),
    )
    for dx, dy in order:
        p = (x + dx * CONTACT_DISTANCE, y + dy * CONTACT_DISTANCE)
        if not g.terrain.blocked_point(p) and g.terrain.building_at(p) is None:
            return p
    return (x, y)


@effect("contact")
def contact(g: Engine, card: rc.Card, drawer: str) -> Flow:
    """Contact!: 1d6 riflemen appear 3" from a random Regular unit and, by a d6, fire at it
    (1-3), charge it (4-5) or run a Rapid move away from it (6); the Regulars react to the fire
    as to any interruption (R183)."""
    regular = random_unit(g, REGULAR)
    if regular is None:
        played(g, card, INSURGENT, "no_target")
        return False
    size = g.dice.roll(Die.D6)
    ins = reinforcements.new_insurgent_unit(g, ("small_arms",) * size, contact_spot(g, regular))
    ins.seen = True
    face = g.dice.roll(Die.D6)
    what = "fire" if face <= FIRE_UP_TO else "charge" if face <= CHARGE_UP_TO else "run"
    played(
        g,
        card,
        INSURGENT,
        f"contact_{what}",
        unit=ins.id,
        unit_name=ins.name,
        target=regular.id,
        target_name=regular.name,
        size=size,
        face=face,
    )
    placement.update_sightings(g)
    if what == "fire":
        yield from interruptions.insurgent_interruption(g, ins, regular, "fire")
        act = Activation.begin(regular)
        yield from interruptions.regular_reaction(g, regular, act, ins, won_test=False)
    elif what == "charge":
        ins.charging = True
        yield from close_assault.close_assault(g, ins, regular)
        ins.charging = False
    else:
        x, y = ins.leader_point
        rx, ry = regular.leader_point
        gap = max(distance((x, y), (rx, ry)), 0.1)
        away = (x + (x - rx) / gap * RAPID, y + (y - ry) / gap * RAPID)
        away = (
            min(g.battlefield.width, max(0.0, away[0])),
            min(g.battlefield.height, max(0.0, away[1])),
        )
        end = walk(g.terrain.path((x, y), away), RAPID)
        placement.place_unit(g, ins, end)
        ins.last_moved_turn = g.state.turn
        placement.update_sightings(g)
    return False
