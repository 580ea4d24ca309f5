"""The end of the game (Rulebook: Victory Points, Margin of Victory; R31, R67, R69), and the
named hooks a scenario file's victory conditions and early ends are read through."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import casualties, fire_mission, holdout
from game.engine import rulesbridge as rb
from game.engine.protocol import EventKind as E
from game.engine.protocol import FigureStatus
from game.engine.state import INSURGENT, REGULAR, GameState

if TYPE_CHECKING:
    from game.engine.engine import Engine
    from game.engine.terrain import Terrain


def finish_game(g: Engine, reason: str) -> None:
    g.state.phase = "over"
    casualties.abandoned_fate(g)  # abandoned casualties may be taken prisoner (R126)
    for unit in g.state.units_of(REGULAR):
        waiting = [f for f in unit.figures if f.status == FigureStatus.HIT]
        if waiting:
            g.state.count("regular_wia", len(waiting))
            g.emit(E.WOUNDED_AT_END, unit=unit.id, unit_name=unit.name, count=len(waiting))
    vp_reg, vp_ins, lines = g.scenario.score(g.state)
    margin = rb.victory_margin(vp_reg - vp_ins)
    winner = rb.victory_winner(vp_reg - vp_ins)
    if g.state.cards:  # --- cards (issue 19): POI! (R188)
        from game.engine.card_effects import poi_result

        margin, winner = poi_result(g, margin, winner)
        from game.engine.card_hostage import hostage_result  # the hostage (R313)

        margin, winner = hostage_result(g, margin, winner)
        from game.engine.card_camera import camera_result  # Smile for the Camera! (R286)

        margin, winner = camera_result(g, margin, winner)
    g.emit(
        E.GAME_END,
        reason=reason,
        vp_regular=vp_reg,
        vp_insurgent=vp_ins,
        margin=margin,
        winner=winner,
        breakdown=lines,
    )
    g.state.result = {
        "scenario": g.state.scenario_id,
        "seed": g.state.seed,
        "turns": g.state.turn,
        "vp_regular": vp_reg,
        "vp_insurgent": vp_ins,
        "margin": margin,
        "winner": winner,
        "reason": reason,
    }


# == victory points and the end of a scenario, by name (Rulebook: Victory Points) ==============
# A scenario file lists its conditions by these names (docs/SCENARIOS.md); adding a scenario
# needs a new hook here only when it scores something no hook counts yet.

Counter = Callable[[GameState], int]
TableCounter = Callable[[GameState, "Terrain", "VictoryCondition"], int]


@dataclass(frozen=True)
class VictoryHook:
    """What one named condition counts in the final state. `once`: scored once when the count
    is not zero (a yes/no condition), else `points` per thing counted. A hook that must look at
    the table (which building a figure stands in) counts with `on_table` instead."""

    count: Counter
    once: bool
    means: str
    on_table: TableCounter | None = None


def _objective_held(state: GameState, terrain: Terrain, condition: VictoryCondition) -> int:
    """R144: the game reached turn `condition.turn` and a building holding an Objective marker
    has an able Regular figure inside and no able Insurgent."""
    if state.turn < condition.turn:
        return 0
    marked = [m.position for m in terrain.battlefield.markers if m.kind == "Objective"]
    buildings = {id(b): b for b in (terrain.building_at(p) for p in marked) if b is not None}

    def inside(side: str, building: object) -> bool:
        return any(
            terrain.building_at(f.pos) is building
            for u in state.units_of(side)
            for f in u.effective_figures
        )

    return int(any(inside(REGULAR, b) and not inside(INSURGENT, b) for b in buildings.values()))


def _tally(key: str) -> Counter:
    return lambda state: state.tally.get(key, 0)


def _captives(state: GameState) -> int:
    held = sum(1 for c in state.contractors if c.status == "captive")
    return held + state.tally.get("regular_pows", 0)


def _left_by_exit_edge(state: GameState) -> int:
    exited = state.tally.get("units_exited", 0) > 0
    return int(bool(state.exit_edges) and exited and not state.units_of(REGULAR))


VICTORY_HOOKS: dict[str, VictoryHook] = {
    "contractor_escorted": VictoryHook(
        lambda s: sum(1 for c in s.contractors if c.status == "escorted"),
        False,
        "each contractor escorted off the table",
    ),
    "nothing_left_behind": VictoryHook(
        lambda s: int(
            s.tally.get("casualties_left_behind", 0) + s.tally.get("regular_pows", 0) == 0
        ),
        True,
        "no Regular casualties or POWs left behind",
    ),
    "regular_wounded": VictoryHook(_tally("regular_wia"), False, "each Regular wounded"),
    "regular_killed": VictoryHook(_tally("regular_kia"), False, "each Regular killed"),
    "captive_held": VictoryHook(
        _captives, False, "each captive held at the end (a contractor or a Regular POW)"
    ),
    "regular_pow": VictoryHook(_tally("regular_pows"), False, "each Regular taken prisoner"),
    "no_pows_lost": VictoryHook(
        lambda s: int(s.tally.get("regular_pows", 0) == 0), True, "no Regular taken prisoner"
    ),
    "hot_spot_neutralized": VictoryHook(
        _tally("hot_spots_neutralized"), False, "each hot spot neutralized"
    ),
    "hot_spot_remaining": VictoryHook(
        lambda s: sum(1 for h in s.hot_spots.values() if not h.neutralized),
        False,
        "each hot spot not neutralized at the end",
    ),
    "left_by_exit_edge": VictoryHook(
        _left_by_exit_edge,
        True,
        "every Regular still standing has left by an exit edge (when the scenario allows it)",
    ),
    "insurgent_unit_broken": VictoryHook(
        lambda s: (
            s.tally.get("insurgent_units_broken", 0) + s.tally.get("insurgent_units_destroyed", 0)
        ),
        False,
        "each Insurgent unit broken or destroyed",
    ),
    "insurgent_pow": VictoryHook(_tally("insurgent_pows"), False, "each Insurgent captured"),
    "objective_held": VictoryHook(
        lambda s: 0,
        True,
        "at the end of turn `turn` or later, Regulars hold a building marked by an Objective",
        _objective_held,
    ),
    # --- Scenario 3: Midnight at the Alamo (issue 19) ---
    "regular_exited": VictoryHook(
        holdout.regulars_exited, False, "each Regular figure that left by an exit edge (R204)"
    ),
    "regulars_survive": VictoryHook(
        holdout.regulars_survive,
        True,
        "more than half the Regular figures are neither killed nor captured at the end (R204)",
    ),
    "regulars_left_table": VictoryHook(
        holdout.regulars_quit, True, "Regulars left the table by an exit edge (R205)"
    ),
    # --- Turkey Shoot (issue 20; R226-R228) ---
    "fire_mission_done": VictoryHook(
        _tally(fire_mission.DONE), True, "the snipers accomplished their fire mission"
    ),
    "fire_mission_failed": VictoryHook(
        lambda s: int(not s.tally.get(fire_mission.DONE)),
        True,
        "the snipers were kept from their fire mission",
    ),
    "sniper_escorted": VictoryHook(
        fire_mission.snipers_escorted, True, "a sniper escorted off by an exit edge"
    ),
    "sniper_team_lost": VictoryHook(
        fire_mission.sniper_team_lost, True, "the sniper team killed or captured"
    ),
    "vehicle_lost": VictoryHook(
        _tally("vehicles_lost_regular"), False, "each Regular vehicle immobilized or destroyed"
    ),
    # --- civilians (issue 21; Hornet's Nest, R238) ---
    "mob_dispersed": VictoryHook(_tally("mobs_dispersed"), False, "each civilian mob dispersed"),
    "no_civilians_killed": VictoryHook(
        lambda s: int(s.tally.get("civilians_killed_by_regular", 0) == 0),
        True,
        "the Regulars killed no civilians",
    ),
    "civilian_killed_by_regulars": VictoryHook(
        _tally("civilians_killed_by_regular"), False, "each civilian killed by Regular fire"
    ),
    "civilian_killed_by_insurgents": VictoryHook(
        _tally("civilians_killed_by_insurgent"), False, "each civilian killed by Insurgent fire"
    ),
    "poi_escorted": VictoryHook(
        _tally("poi_escorted"), True, "the Person of Interest escorted off by an exit edge"
    ),
    "poi_rescued": VictoryHook(
        lambda s: sum(
            1 for c in s.contractors if c.kind == "poi" and c.status in ("captive", "killed")
        ),
        True,
        "the Person of Interest in Insurgent hands at the end, or killed by fire (R237)",
    ),
}


@dataclass(frozen=True)
class VictoryCondition:
    """One line item of a scenario's victory points: `hook` names what is counted (one of
    VICTORY_HOOKS), `label` how the breakdown says it; `same_line` continues the line above."""

    side: str
    hook: str
    points: int
    label: str
    same_line: bool = False
    turn: int = 0  # for conditions that hold "until turn N" (objective_held)

    def describe(self, noun: str = "Regulars") -> str:
        """The condition in words, for the set-up screen and the headless RESULT."""
        each = "" if VICTORY_HOOKS[self.hook].once else " each"
        unit = "pt" if abs(self.points) == 1 else "pts"
        return f"{self.label.format(regulars=noun)}: {self.points} {unit}{each}"


def score_conditions(
    state: GameState,
    conditions: Sequence[VictoryCondition],
    noun: str = "Regulars",
    terrain: Terrain | None = None,
) -> tuple[int, int, list[str]]:
    """The victory points of each side and the breakdown lines, condition by condition."""
    points = {REGULAR: 0, INSURGENT: 0}
    lines: list[str] = []
    for c in conditions:
        hook = VICTORY_HOOKS[c.hook]
        if hook.on_table is not None:
            count = hook.on_table(state, terrain, c) if terrain is not None else 0
        else:
            count = hook.count(state)
        label = c.label.format(regulars=noun)
        if hook.once:
            earned = c.points if count else 0
            text = f"{label}: {'yes +' + str(c.points) if count else 'no'}"
        else:
            earned = c.points * count
            text = f"{count} {label} x{c.points}"
        points[c.side] += earned
        if c.same_line and lines:
            lines[-1] += f", {text}"
        else:
            lines.append(f"{'Regulars' if c.side == REGULAR else 'Insurgents'}: {text}")
    return points[REGULAR], points[INSURGENT], lines


EndHook = Callable[[GameState, str], str | None]


def _no_regulars_left(state: GameState, noun: str) -> str | None:
    return None if state.units_of(REGULAR) else f"no {noun} remain on the table"


def _contractors_settled(state: GameState, noun: str) -> str | None:
    settled = state.contractors and all(
        c.status in ("escorted", "captive") for c in state.contractors
    )
    return "every contractor has been escorted off or captured" if settled else None


def _poi_settled(state: GameState, noun: str) -> str | None:
    """Civilians (issue 21): the POI is off the table with his escort, or dead."""
    for c in state.contractors:
        if c.kind == "poi" and c.status == "escorted":
            return "the Person of Interest has been escorted off the table"
        if c.kind == "poi" and c.status == "killed":
            return "the Person of Interest has been killed"
    return None


END_HOOKS: dict[str, EndHook] = {
    "no_regulars_left": _no_regulars_left,
    "contractors_settled": _contractors_settled,
    "poi_settled": _poi_settled,  # civilians (issue 21)
}
"""Why a scenario ends before its turn limit (R31), by name: the reason, or None."""


# --- the Commander, round 5 (R350, R351): the Insurgents' VP table, published in the view ---
def insurgent_points(conditions: Sequence[VictoryCondition]) -> dict[str, int]:
    """What each Insurgent victory condition scores, by its hook (`vehicle_lost`: 5, ...): the
    table is printed in the scenario, so both players know it (`objectives.insurgent_points`)."""
    points: dict[str, int] = {}
    for c in conditions:
        if c.side == INSURGENT:
            points[c.hook] = points.get(c.hook, 0) + c.points
    return points


# --- the team Regular AI, round 7, team2 (R384): the Regulars' VP table, published likewise ---
def regular_points(conditions: Sequence[VictoryCondition]) -> dict[str, int]:
    """What each Regular victory condition scores, by its hook (`regular_exited`: 1, ...), for
    the view (`objectives.regular_points`), as `insurgent_points` for the other side."""
    points: dict[str, int] = {}
    for c in conditions:
        if c.side == REGULAR:
            points[c.hook] = points.get(c.hook, 0) + c.points
    return points
