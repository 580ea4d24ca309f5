"""Close Assault (Rulebook: Close Assault): the defender's reaction, fire at the charge,
hand-to-hand rounds, and taking prisoners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import contractors, fire, placement
from game.engine import rulesbridge as rb
from game.engine.procedure import (
    Flow,
    toward,
)
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance, walk
from game.rules.dice import Die
from game.rules.movement import (
    RAPID,
)

if TYPE_CHECKING:
    from game.engine.engine import Engine


def close_assault(g: Engine, attacker: UnitState, defender: UnitState) -> Flow:
    """Close Assault: quality checks, defensive fire or flight, then fight to the finish."""
    turn = g.state.turn
    test = rb.quality_test(attacker.quality_die(), g.dice, pinned=attacker.pinned_turn == turn)
    g.emit(
        "CloseAssaultCheck",
        f"T{turn} {attacker.name} charges {defender.name}: Close Assault Quality Check "
        f"{test.shown()} → {'goes in' if test.passed else 'balks and forfeits the activation'} "
        "(Rulebook: Close Assault Quality Checks)",
        unit=attacker.id,
        target=defender.id,
        face=test.face,
    )
    if not test.passed:
        return
    dtest = rb.quality_test(defender.quality_die(), g.dice, pinned=defender.pinned_turn == turn)
    choices: list[Any] = ["fire", "flee"] if dtest.passed else ["stand", "flee"]
    if defender.dependants:
        choices.remove("flee")
    g.emit(
        "CloseAssaultCheck",
        f"T{turn} {defender.name} Quality Check against the charge {dtest.shown()} → "
        f"{'may fire or flee' if dtest.passed else 'may stand without firing or flee'}",
        unit=defender.id,
        face=dtest.face,
    )
    choice = yield from g.choose(
        defender.side,
        "assaulted",
        f"{defender.name} is charged: {' or '.join(choices)}?",
        choices,
        unit=defender.id,
    )
    if choice == "stand":
        g.emit("StandGround", f"{defender.name} stands its ground without firing")
    if choice == "flee":
        ax, ay = attacker.centre
        dx, dy = defender.leader_point
        d = max(distance((dx, dy), (ax, ay)), 1e-6)
        goal = (dx + (dx - ax) / d * RAPID, dy + (dy - ay) / d * RAPID)
        to = walk(g.terrain.path((dx, dy), goal), RAPID)
        placement.place_unit(g, defender, to)
        defender.last_moved_turn = turn
        if not dtest.passed:
            defender.pinned_turn = turn
        g.emit(
            "Flee",
            f"{defender.name} flees to ({to[0]:.1f}, {to[1]:.1f})"
            + (" and is Pinned" if not dtest.passed else ""),
            unit=defender.id,
        )
        placement.update_sightings(g)
        return
    if choice == "fire" and g.los(defender, attacker):
        start = [(f.x, f.y) for f in attacker.figures]
        casualties = yield from fire.fire(
            g,
            defender,
            attacker,
            why="fires at the charge",
            close_assault_defence=True,
            target_charging=True,
        )
        if not attacker.on_table:
            return
        aborted = (attacker.side == REGULAR and attacker.pinned_turn == turn) or (
            attacker.side == INSURGENT and attacker.shaken_turn == turn
        )
        if casualties and aborted:
            for f, p in zip(attacker.figures, start, strict=False):
                f.x, f.y = p
            g.emit("AssaultAborted", f"{attacker.name}'s charge breaks under fire")
            return
    # contact: the attackers close in, then the fight goes on until one side is gone
    placement.place_unit(g, attacker, toward(attacker.leader_point, defender.leader_point, 1.0))
    attacker.last_moved_turn = turn
    striker, other = attacker, defender
    for _ in range(40):
        if not (
            striker.on_table
            and other.on_table
            and striker.effective_figures
            and other.effective_figures
        ):
            break
        yield from fire.fire(g, striker, other, why="fights hand to hand", melee=True)
        if other.on_table and not other.effective_figures:
            break
        striker, other = other, striker

    def fighting(u: UnitState) -> bool:
        return u.on_table and bool(u.effective_figures)

    if fighting(attacker) and fighting(defender):
        g.emit("CloseAssaultEnd", "The close assault breaks off with both sides standing")
        return
    loser = defender if fighting(attacker) else attacker
    winner = attacker if loser is defender else defender
    if loser.on_table:
        casualties.unit_wiped(g, loser, captor=winner)
    if loser.side == REGULAR and winner.side == INSURGENT:
        yield from regulars_taken(g, loser, winner)
    elif loser.side == INSURGENT and loser.status == "captured":
        survivors = len(loser.figures)
        contractors.release_contractors(g, loser, winner)
        if survivors:
            winner.dependants.append("pow")
            g.state.count("insurgent_pows", survivors)
            g.emit("Prisoners", f"{winner.name} takes {survivors} prisoners (Rulebook: POWs)")
    g.emit("CloseAssaultEnd", f"The close assault ends: {winner.name} holds the ground")


def regulars_taken(g: Engine, loser: UnitState, winner: UnitState) -> Flow:
    """A Regular unit wiped out in a Close Assault: a d6 per figure, 1 is captured if the
    Insurgents take prisoners; the others are killed (Rulebook: Close Assault; R58)."""
    faces = [g.dice.roll(Die.D6) for _ in loser.figures]
    captured = sum(1 for f in faces if f == 1)
    take = False
    if captured:
        take = yield from g.choose(
            INSURGENT,
            "prisoners",
            f"{captured} Regulars of {loser.name} can be taken prisoner: take them?",
            [True, False],
        )
    if take:
        g.state.count("regular_pows", captured)
        winner.dependants.append("pow")
    g.state.count("regular_kia", len(faces) - (captured if take else 0))
    g.emit(
        "Prisoners",
        f"Fate of {loser.name}'s figures d6={faces} (1 = captured): "
        f"{captured if take else 0} taken prisoner, the rest killed (Rulebook: Close Assault)",
    )
