"""Scenario 2: Turkey Shoot — the fire mission in the target building, counted at each turn's
end, and what the scenario's victory hooks read (R226-R228; `game/rules/fire_mission.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.protocol import EventKind as E
from game.engine.protocol import FigureStatus, UnitStatus
from game.engine.state import REGULAR, GameState, UnitState
from game.rules.fire_mission import FIRE_MISSION_TURNS, mission_done, mission_turn_counts

if TYPE_CHECKING:
    from game.battlefield.model import Building
    from game.engine.engine import Engine

DONE = "fire_mission_done"
TURNS = "fire_mission_turns"


TEAM_MARK = "sniper_team:"


def remember_teams(state: GameState) -> None:
    """Note the sniper teams' unit ids in the tally (set-up and each turn's end), so the team is
    still known once its sniper has fallen and been removed."""
    for unit in state.units.values():
        if unit.side == REGULAR and any(f.kind == "sniper" for f in unit.figures):
            state.tally[TEAM_MARK + unit.id] = 1


def sniper_teams(state: GameState) -> list[UnitState]:
    """The sniper teams: Regular units carrying a sniper rifle, or noted as a team before."""
    return [
        u
        for u in state.units.values()
        if u.side == REGULAR
        and (TEAM_MARK + u.id in state.tally or any(f.kind == "sniper" for f in u.figures))
    ]


def target_buildings(g: Engine) -> list[Building]:
    """The buildings holding an Objective marker (T on the scenario's map)."""
    found: list[Building] = []
    for marker in g.battlefield.markers:
        if marker.kind == "Objective":
            building = g.terrain.building_at(marker.position)
            if building is not None and building not in found:
                found.append(building)
    return found


def end_of_turn(g: Engine) -> None:
    """Count the turn toward the fire mission when it qualifies (R226)."""
    state = g.state
    if not getattr(g.scenario, "fire_mission", False) or state.tally.get(DONE):
        return
    remember_teams(state)
    buildings = target_buildings(g)
    for team in sniper_teams(state):
        if not team.on_table:
            continue
        inside = [f for f in team.effective_figures if g.terrain.building_at(f.pos) in buildings]
        fired = team.fired_turn == state.turn
        if not mission_turn_counts(able_inside=len(inside), fired_on_table=fired):
            continue
        state.count(TURNS)
        counted = state.tally[TURNS]
        if mission_done(counted):
            state.tally[DONE] = 1
        g.emit(
            E.FIRE_MISSION,
            unit=team.id,
            unit_name=team.name,
            turns=counted,
            needed=FIRE_MISSION_TURNS,
            done=bool(state.tally.get(DONE)),
        )
        return


def snipers_escorted(state: GameState) -> int:
    """A sniper team unit left by the exit edge with its sniper or spotter alive (R227)."""
    return int(
        any(
            u.status == UnitStatus.EXITED and any(f.status != FigureStatus.HIT for f in u.figures)
            for u in sniper_teams(state)
        )
    )


def sniper_team_lost(state: GameState) -> int:
    """Every member of the sniper team killed or taken (R228): no figure of it left in a unit
    that is on the table, aboard or gone off by the exit edge."""
    alive = (UnitStatus.ACTIVE, UnitStatus.ABOARD, UnitStatus.EXITED)
    teams = sniper_teams(state)
    return int(bool(teams) and not any(u.figures and u.status in alive for u in teams))
