"""The Regular AI: a baseline commander for the Regular side (watch mode, tests, simulation, co-op).

It answers every decision the engine poses to the Regulars, reading only the Regular side's
`PlayerView` and the public map. Activations are chosen with candidate actions (`game.ai.rca`):
pursue the scenario's objective, move between covered positions, fire at the target with the best
expected casualties (exact odds of Rulebook: Making the Attack Roll, with the Firepower and
Defense the engine would count), Overwatch to cover friends who still have to move, First Aid.
Each decision is logged with the winning candidate's name, its reason and its score.

The danger of a spot is the number of casualties every Insurgent unit that could see it would
expect to inflict there (same exact odds), so the AI does not walk into the open beside a crowd
of gunmen unless the objective is worth it. Nothing here rolls dice or uses `random`: the same
view always gives the same command, and nothing is remembered between decisions (a loaded game
plays on exactly). A failure is raised, never papered over with a first legal answer: the match
driver's policy (`game/engine/driver.py`) decides what the player sees.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.ai.rca import NOTHING, CandidateAction, Pick, best
from game.battlefield.model import Battlefield, Point, UnitPosition
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Answer,
    Command,
    EndActivation,
    EndPhase,
    Fire,
    FirstAid,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
)
from game.engine.protocol import ContractorStatus, DecisionKind, FigureStatus, MoveRate, UnitStatus
from game.engine.scenario import Objectives
from game.engine.state import INSURGENT, REGULAR, GameState, UnitState
from game.engine.terrain import Terrain, distance, path_length, walk
from game.engine.view import PlayerView
from game.rules.dice import Die
from game.rules.firepower import optimum_range
from game.rules.movement import CAUTIOUS, CONTACT, EDGE_REACH, RAPID
from game.rules.odds import MAX_POOL, casualty_odds
from game.rules.units import Unit

LOG = logging.getLogger("game.ai.regular")


# How many points one expected Regular casualty costs, and what cover and progress are worth.
# One casualty is at least 1 VP to the Insurgents (2 if killed), a contractor 5 VP to us.
W_THREAT = 15.0
W_SOLID = 8.0
W_UNEXPOSED = 4.0
W_PROGRESS = 3.0
W_FIRE = 15.0
W_SHOT = 5.0  # a good firing position after the move (the shot itself is scored when taken)
RING = (3.0, 6.0)
DIRECTIONS = tuple((math.cos(a * math.pi / 4), math.sin(a * math.pi / 4)) for a in range(8))


@lru_cache(maxsize=8192)
def expected_casualties(
    attack_dice: int, attack_die: int, defense_dice: int, defense_die: int, figures: int = 99
) -> float:
    """Expected casualties of one attack roll, exactly (Rulebook: Making the Attack Roll; R15),
    never more than the `figures` the target has."""
    attack = max(0, min(MAX_POOL, attack_dice))
    if attack == 0 or figures <= 0:
        return 0.0
    defense = max(0, min(MAX_POOL, defense_dice))
    odds = casualty_odds(attack, Die(attack_die), defense, Die(defense_die))
    return float(sum(min(k, figures) * p for k, p in enumerate(odds.exact)))


@dataclass(frozen=True)
class Spot:
    """Where a unit's figures would stand: the leader's point and every effective figure."""

    unit_id: str
    leader: Point
    figures: tuple[Point, ...]
    elevation: int = 0

    @property
    def centre(self) -> Point:
        if not self.figures:
            return self.leader
        n = len(self.figures)
        return (sum(p[0] for p in self.figures) / n, sum(p[1] for p in self.figures) / n)

    def position(self) -> UnitPosition:
        return UnitPosition(
            id=self.unit_id, figures=self.figures, elevation=self.elevation, leader=self.leader
        )


@dataclass(frozen=True)
class Destination:
    """A move the AI could order: the command's target point, where it ends, its rate."""

    to: Point
    end: Point
    rate: str
    spot: Spot


@dataclass(frozen=True)
class Goal:
    """Where the scenario wants a unit to go, what it is called and what reaching it is worth."""

    point: Point
    label: str
    arrival_bonus: float
    reach: float = CONTACT
    urgency: float = 1.0  # multiplies the worth of each inch of progress


def state_from_view(data: dict[str, Any]) -> GameState:
    """The game state as the view shows it (the event log is not needed to decide)."""
    lean = {k: v for k, v in data.items() if k != "events"}
    return GameState.from_dict(lean)


class Board:
    """The Regular side's reading of one PlayerView, with the public map's geometry.

    Firepower and Defense are the engine's own (`game.engine.rulesbridge` over
    `game.rules.firepower`; Rulebook: Fire Combat; R16-R18), so the odds the AI weighs are the
    odds the engine will roll.
    """

    def __init__(self, view: PlayerView, terrain: Terrain) -> None:
        self.view = view
        self.terrain = terrain
        self.state = state_from_view(view.state)
        self.turn = self.state.turn
        self.decision: dict[str, Any] = view.decision or {}
        self.kind = str(self.decision.get("kind", ""))
        self.context: dict[str, Any] = dict(self.decision.get("context") or {})
        self.legal = view.legal
        self.regulars = sorted(self.state.units_of(REGULAR), key=lambda u: u.id)
        self.insurgents = sorted(self.state.units_of(INSURGENT), key=lambda u: u.id)
        self.width = terrain.battlefield.width
        self.height = terrain.battlefield.height
        self._los: dict[tuple[Any, ...], bool] = {}
        self._cover: dict[tuple[Point, ...], tuple[bool, bool]] = {}
        self._paths: dict[tuple[Point, Point], list[Point]] = {}
        self._assignment: dict[str, Goal | None] | None = None
        self._rules_units: dict[str, Unit] = {}
        self._firepower: dict[tuple[str, bool, bool, bool, bool, int], int] = {}
        self._defense: dict[tuple[str, bool, bool], int] = {}
        self._optimum: dict[str, float | None] = {}  # None: always in range

    # -- what the decision allows ------------------------------------------------------------
    def options_for(self, unit_id: str) -> list[Command]:
        return [c for c in self.legal if getattr(c, "unit", None) == unit_id]

    def move_rates(self, unit_id: str) -> set[str]:
        return {c.rate for c in self.options_for(unit_id) if isinstance(c, MoveUnit)}

    def unit(self, unit_id: str) -> UnitState | None:
        return self.state.units.get(unit_id)

    # -- geometry ----------------------------------------------------------------------------
    def spot_of(self, unit: UnitState) -> Spot:
        live = unit.effective_figures
        return Spot(unit.id, unit.leader_point, tuple(f.pos for f in live), unit.elevation)

    def ghost(self, unit: UnitState, leader_to: Point) -> Spot:
        """The unit's figures shifted with their leader (cheap stand-in for the engine's R3
        placement, good enough to judge sight and cover)."""
        sx, sy = unit.leader_point
        dx, dy = leader_to[0] - sx, leader_to[1] - sy
        figures = []
        for f in unit.effective_figures:
            p = (
                min(self.width - 0.05, max(0.05, f.x + dx)),
                min(self.height - 0.05, max(0.05, f.y + dy)),
            )
            if self.terrain.blocked_point(p):
                p = leader_to
            figures.append(p)
        return Spot(unit.id, leader_to, tuple(figures), unit.elevation)

    def los(self, a: UnitPosition, b: UnitPosition) -> bool:
        if not a.figures or not b.figures:
            return False
        # Sight is judged both ways alike here (R4 counts figures of both units), which halves
        # the geometry queries; the engine still rules on the real line of sight.
        one, other = (a.figures, a.elevation), (b.figures, b.elevation)
        key = (one, other) if one <= other else (other, one)
        seen = self._los.get(key)
        if seen is None:
            seen = self.terrain.line_of_sight(a, b)
            self._los[key] = seen
        return seen

    def cover(self, spot: Spot) -> tuple[bool, bool]:
        """(in Solid Cover, Exposed) of a spot (R7, R8)."""
        found = self._cover.get(spot.figures)
        if found is None:
            pos = spot.position()
            found = (self.terrain.in_solid_cover(pos), self.terrain.is_exposed(pos))
            self._cover[spot.figures] = found
        return found

    def path(self, start: Point, goal: Point) -> list[Point]:
        key = (start, goal)
        found = self._paths.get(key)
        if found is None:
            found = self.terrain.path(start, goal)
            self._paths[key] = found
        return found

    def path_distance(self, start: Point, goal: Point) -> float:
        """Walking distance, with the straight-line rest when the path stops short."""
        route = self.path(start, goal)
        return path_length(route) + distance(route[-1], goal)

    # -- fire arithmetic: the engine's own Firepower and Defense ----------------------------
    def rules_unit(self, unit: UnitState) -> Unit:
        """The unit as the rules core sees it, built once per decision."""
        found = self._rules_units.get(unit.id)
        if found is None:
            found = self._rules_units[unit.id] = rb.rules_unit(unit)
        return found

    def firepower(
        self,
        firer: UnitState,
        firer_centre: Point,
        target_centre: Point,
        *,
        target_exposed: bool,
        target_rapid: bool,
        firer_rapid: bool = False,
        penalty: int = 0,
    ) -> int:
        """Firepower dice, as the engine counts them (Rulebook: Firepower; R16, R17), for the
        firer standing at `firer_centre`: `game.rules.firepower` through the engine's bridge."""
        if not firer.effective_figures:
            return 0
        reach = distance(firer_centre, target_centre)
        # the distance counts only through the Optimum Range die: the dice are remembered per
        # (firer, in range or not, conditions), since the AI weighs thousands of spots
        if firer.id not in self._optimum:
            self._optimum[firer.id] = optimum_range(self.rules_unit(firer))
        optimum = self._optimum[firer.id]
        in_range = optimum is None or reach <= optimum
        key = (firer.id, in_range, target_exposed, target_rapid, firer_rapid, penalty)
        dice = self._firepower.get(key)
        if dice is None:
            dice = self._firepower[key] = rb.firepower(
                firer,
                distance=reach,
                target_exposed=target_exposed,
                target_moved_rapidly=target_rapid,
                interruption_penalty=penalty,
                vs_close_assault=False,
                firer_moved_rapidly=firer_rapid,
            ).total
        return dice

    def defense(self, unit: UnitState, spot: Spot, *, stationary: bool) -> int:
        """Defense dice, as the engine counts them (Rulebook: Defense; Cover Dice; R18), for the
        unit standing at `spot`."""
        solid, exposed = self.cover(spot)
        in_cover = rb.counts_in_cover(unit, self.turn, stationary=stationary, exposed=exposed)
        key = (unit.id, in_cover, solid)
        dice = self._defense.get(key)
        if dice is None:
            dice = self._defense[key] = rb.defense(
                unit, in_cover=in_cover, solid_cover=solid, charging=False
            ).total
        return dice

    def fire_value(
        self, firer: UnitState, spot: Spot, target: UnitState, *, rapid: bool = False
    ) -> float:
        """Expected casualties if `firer` standing at `spot` fires at `target` now."""
        tspot = self.spot_of(target)
        _, exposed = self.cover(tspot)
        target_rapid = rb.moved_rapidly(target, self.turn)
        fp = self.firepower(
            firer,
            spot.centre,
            tspot.centre,
            target_exposed=exposed,
            target_rapid=target_rapid,
            firer_rapid=rapid,
        )
        df = self.defense(target, tspot, stationary=target.last_moved_turn != self.turn)
        return expected_casualties(
            fp, int(firer.quality_die()), df, int(target.quality_die()), len(tspot.figures)
        )

    def best_shot(self, unit: UnitState, spot: Spot, *, rapid: bool = False) -> float:
        """The best expected casualties from a spot against any Insurgent it could see."""
        pos = spot.position()
        best_e = 0.0
        for ins in self.insurgents:
            if self.los(pos, ins.position()):
                best_e = max(best_e, self.fire_value(unit, spot, ins, rapid=rapid))
        return best_e

    def threat(
        self, unit: UnitState, spot: Spot, *, stationary: bool, rapid: bool = False
    ) -> float:
        """Expected casualties if every Insurgent unit that could see `spot` fired at it."""
        pos = spot.position()
        _, exposed = self.cover(spot)
        defense = self.defense(unit, spot, stationary=stationary)
        die = int(unit.quality_die())
        total = 0.0
        for ins in self.insurgents:
            ipos = ins.position()
            if not self.los(ipos, pos):
                continue
            fp = self.firepower(
                ins, ins.centre, spot.centre, target_exposed=exposed, target_rapid=rapid
            )
            total += expected_casualties(
                fp, int(ins.quality_die()), defense, die, len(spot.figures)
            )
        return total

    def watchers_of(self, spot: Spot) -> list[UnitState]:
        pos = spot.position()
        return [i for i in self.insurgents if self.los(i.position(), pos)]

    # -- the scenario's objectives (published in the view: never the scenario's id) -----------
    def objective(self, name: str) -> Any:
        return self.state.objectives.get(name, Objectives().to_dict()[name])

    def exit_point(self, start: Point) -> Point | None:
        """The reachable exit-edge point with the shortest walk from `start`."""
        w, h = self.width, self.height
        x, y = start
        best_point: Point | None = None
        best_len = float("inf")
        for edge in self.state.exit_edges:
            for shift in (0.0, -4.0, 4.0, -8.0, 8.0):
                point = {
                    "north": (x + shift, 0.3),
                    "south": (x + shift, h - 0.3),
                    "west": (0.3, y + shift),
                    "east": (w - 0.3, y + shift),
                }.get(edge)
                if point is None:
                    continue
                point = (min(w - 0.3, max(0.3, point[0])), min(h - 0.3, max(0.3, point[1])))
                if self.terrain.blocked_point(point):
                    continue
                length = self.path_distance(start, point)
                if length < best_len - 1e-9:
                    best_point, best_len = point, length
        return best_point

    def contractor_mission(self) -> bool:
        """The Regulars' mission is to escort the contractors off (Contracting Trouble!)."""
        return bool(self.objective("contractors"))

    def neutralized_count(self) -> int:
        """Hot spots neutralized, counting those a unit will complete at its next activation."""
        pending = {u.neutralizing for u in self.regulars if u.neutralizing}
        return self.state.tally.get("hot_spots_neutralized", 0) + len(pending)

    def exit_allowed(self) -> bool:
        if not self.state.exit_edges:
            return False
        return self.neutralized_count() >= int(self.objective("exit_after_hot_spots"))

    def goal_for(self, unit: UnitState) -> Goal | None:
        if self._assignment is None:
            self._assignment = self._assign_goals()
        return self._assignment.get(unit.id)

    def _assign_goals(self) -> dict[str, Goal | None]:
        """Each unit's goal: the contractors and the exit, or hot spots (the closest unit-spot
        pairs first) and the exit edge once leaving is allowed and time runs short."""
        if self.contractor_mission():
            return self._contractor_goals()
        goals: dict[str, Goal | None] = {}
        pending = {u.neutralizing for u in self.regulars if u.neutralizing}
        active = sorted(
            (
                h
                for h in self.state.hot_spots.values()
                if not h.neutralized and h.number not in pending
            ),
            key=lambda h: h.number,
        )
        turns_left = self.state.turn_limit - self.turn + 1
        staying: list[UnitState] = []
        for unit in self.regulars:
            exit_at = self.exit_point(unit.leader_point) if self.exit_allowed() else None
            if exit_at is not None:
                walk_turns = math.ceil(self.path_distance(unit.leader_point, exit_at) / CAUTIOUS)
                if not active or turns_left <= walk_turns + 1:
                    goals[unit.id] = Goal(exit_at, "the exit edge", 30.0, EDGE_REACH, 2.0)
                    continue
            staying.append(unit)
        # Greedy assignment: the closest unit-spot pairs first, one unit per spot while spots last.
        pairs = sorted(
            (self.path_distance(u.leader_point, (h.x, h.y)), u.id, h.number)
            for u in staying
            for h in active
        )
        taken: set[int] = set()
        for _, uid, number in pairs:
            if uid in goals or number in taken:
                continue
            spot = self.state.hot_spots[str(number)]
            goals[uid] = Goal((spot.x, spot.y), f"hot spot {number}", 20.0, urgency=1.5)
            taken.add(number)
        for u in staying:
            if u.id not in goals and active:
                nearest = min(
                    active, key=lambda h: (distance(u.leader_point, (h.x, h.y)), h.number)
                )
                goals[u.id] = Goal(
                    (nearest.x, nearest.y), f"hot spot {nearest.number}", 20.0, urgency=1.5
                )
            goals.setdefault(u.id, None)
        return goals

    def _contractor_goals(self) -> dict[str, Goal | None]:
        goals: dict[str, Goal | None] = {}
        waiting = [c for c in self.state.contractors if c.status == ContractorStatus.WAITING]
        held = [c for c in self.state.contractors if c.status == ContractorStatus.HELD]
        for unit in self.regulars:
            carrying = "contractor" in unit.dependants
            exit_at = self.exit_point(unit.leader_point)
            if carrying and exit_at is not None:
                goals[unit.id] = Goal(
                    exit_at, "the exit edge with the contractors", 40.0, EDGE_REACH
                )
            elif waiting:
                nearest = min(
                    waiting, key=lambda c: (distance(unit.leader_point, (c.x, c.y)), c.id)
                )
                goals[unit.id] = Goal((nearest.x, nearest.y), f"contractor {nearest.id}", 30.0)
            elif held:
                carrier = self.unit(held[0].holder)
                if carrier is not None and carrier.on_table:
                    goals[unit.id] = Goal(carrier.leader_point, f"escort {carrier.name}", 0.0, 3.0)
                else:
                    goals[unit.id] = None
            else:
                goals[unit.id] = None
        return goals

    # -- where a unit could move --------------------------------------------------------------
    def destinations(self, unit: UnitState, goal: Goal | None) -> list[Destination]:
        rates = self.move_rates(unit.id)
        if not rates:
            return []
        start = unit.leader_point
        raw: list[tuple[Point, str, float]] = []
        if goal is not None:
            route = self.path(start, goal.point)
            length = path_length(route)
            cautious: str = MoveRate.CAUTIOUS
            rapid: str = MoveRate.RAPID
            for rate, reach in ((cautious, 3.0), (cautious, CAUTIOUS), (rapid, RAPID)):
                # a goal within a Cautious move is not worth Rapid's costs (−1 on Reaction
                # Tests, +1 die for whoever fires at the unit: R14, R16)
                if rate in rates and not (rate == MoveRate.RAPID and length <= CAUTIOUS + 0.05):
                    raw.append((walk(route, reach), rate, reach))
        if MoveRate.CAUTIOUS in rates:
            for dist in RING:
                for dx, dy in DIRECTIONS:
                    raw.append(
                        ((start[0] + dx * dist, start[1] + dy * dist), MoveRate.CAUTIOUS, dist)
                    )
        out: list[Destination] = []
        for to, rate, reach in raw:
            to = (
                round(min(self.width, max(0.0, to[0])), 2),
                round(min(self.height, max(0.0, to[1])), 2),
            )
            route = self.path(start, to)
            if path_length(route) < 0.5:
                continue
            end = walk(route, reach)
            if any(distance(end, d.end) < 0.75 and rate == d.rate for d in out):
                continue
            out.append(Destination(to, end, rate, self.ghost(unit, end)))
        return out

    def seen_on_the_way(self, unit: UnitState, dest: Destination) -> bool:
        """Could any known Insurgent see the unit somewhere along this move?"""
        route = self.path(unit.leader_point, dest.to)
        length = min(path_length(route), RAPID)
        steps = max(1, math.ceil(length / 2.0))
        for i in range(1, steps + 1):
            spot = self.ghost(unit, walk(route, length * i / steps))
            if self.watchers_of(spot):
                return True
        return bool(self.watchers_of(self.spot_of(unit)))


@dataclass
class Focus:
    """One unit considered by the candidates, on one board."""

    board: Board
    unit: UnitState

    @property
    def options(self) -> list[Command]:
        return self.board.options_for(self.unit.id)

    @property
    def wounded(self) -> bool:
        return any(f.status == FigureStatus.HIT for f in self.unit.figures)

    @property
    def may_fire_later(self) -> bool:
        """Whether, after a move now, the unit could still fire this activation."""
        return any(isinstance(c, Fire) for c in self.options) or (
            self.board.kind == DecisionKind.ACTIVATE and not self.wounded
        )


def _place_value(
    focus: Focus, dest: Destination, goal: Goal | None, *, with_shot: bool = True
) -> tuple[float, str]:
    """What standing at `dest` is worth: progress, cover, the shot from there, minus danger."""
    board, unit = focus.board, focus.unit
    solid, exposed = board.cover(dest.spot)
    danger = board.threat(unit, dest.spot, stationary=False, rapid=dest.rate == MoveRate.RAPID)
    value = W_SOLID * solid + W_UNEXPOSED * (not exposed) - W_THREAT * danger
    shot = 0.0
    if with_shot and focus.may_fire_later:
        shot = board.best_shot(unit, dest.spot, rapid=dest.rate == MoveRate.RAPID)
        value += W_SHOT * shot
    why = (
        f"{'Solid Cover' if solid else 'Exposed' if exposed else 'near cover'}, "
        f"danger E={danger:.2f}"
    )
    if shot:
        why += f", shot from there E={shot:.2f}"
    return value, why


def _stay_value(focus: Focus, *, with_shot: bool = True) -> float:
    board, unit = focus.board, focus.unit
    spot = board.spot_of(unit)
    solid, exposed = board.cover(spot)
    danger = board.threat(unit, spot, stationary=unit.last_moved_turn != board.turn)
    value = W_SOLID * solid + W_UNEXPOSED * (not exposed) - W_THREAT * danger
    if with_shot and focus.may_fire_later:
        value += W_SHOT * board.best_shot(unit, spot)
    return value


def _point_of(choice: Any) -> Point | None:
    """The point in an answer such as `[x, y]` or `["cover", x, y]`, else None."""
    if not isinstance(choice, (list, tuple)) or len(choice) < 2:
        return None
    x, y = choice[-2], choice[-1]
    if isinstance(x, (int, float)) and isinstance(y, (int, float)):
        return (float(x), float(y))
    return None


def _describe(point: Point) -> str:
    return f"({point[0]:.1f}, {point[1]:.1f})"


class FirstAidCandidate(CandidateAction[Focus, Command]):
    name = "first aid"
    priority = 90

    def evaluate(self, focus: Focus) -> float:
        for c in focus.options:
            if isinstance(c, FirstAid):
                hit = sum(1 for f in focus.unit.figures if f.status == FigureStatus.HIT)
                return self.propose(c, f"{hit} hit figures to tend in safety (R27)", 85.0)
        return NOTHING


class WoundedToSafetyCandidate(CandidateAction[Focus, Command]):
    name = "carry the wounded to safety"
    priority = 80

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if not focus.wounded or any(isinstance(c, FirstAid) for c in focus.options):
            return NOTHING
        best_score = NOTHING
        for dest in board.destinations(unit, None):
            if dest.rate != MoveRate.CAUTIOUS:
                continue
            solid, _ = board.cover(dest.spot)
            hidden = not board.watchers_of(dest.spot)
            danger = board.threat(unit, dest.spot, stationary=False)
            score = (60.0 if solid or hidden else 20.0) - W_THREAT * danger
            if score > best_score:
                where = "Solid Cover" if solid else "out of sight" if hidden else "less fire"
                best_score = self.propose(
                    MoveUnit(side=REGULAR, unit=unit.id, to=dest.to, rate=dest.rate),
                    f"{unit.name} takes its wounded to {where} at {_describe(dest.end)} "
                    f"(danger E={danger:.2f}) so First Aid can be given",
                    score,
                )
        return best_score


class NeutralizeCandidate(CandidateAction[Focus, Command]):
    name = "neutralize hot spot"
    priority = 75

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if board.contractor_mission():
            return NOTHING  # hot spots score nothing there; the activation is the contractors'
        claimed = {u.neutralizing for u in board.regulars if u.neutralizing and u.id != unit.id}
        for c in focus.options:
            if (
                isinstance(c, NeutralizeHotSpot)
                and c.hot_spot not in claimed
                and c.hot_spot != unit.neutralizing  # that one completes as it activates (R28)
            ):
                danger = board.threat(unit, board.spot_of(unit), stationary=True)
                return self.propose(
                    c,
                    f"{unit.name} is by hot spot {c.hot_spot}: stay a turn to neutralize it (R28), "
                    f"danger E={danger:.2f}",
                    100.0 - 5.0 * danger,
                )
        return NOTHING


class FireCandidate(CandidateAction[Focus, Command]):
    name = "fire at best odds"
    priority = 60

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        spot = board.spot_of(unit)
        rapid = rb.moved_rapidly(unit, board.turn)
        best_score = NOTHING
        for c in focus.options:
            if not isinstance(c, Fire) or c.split:
                continue  # whole-unit fire only: its odds are the ones weighed here
            target = board.unit(c.target)
            if target is None:
                continue
            e = board.fire_value(unit, spot, target, rapid=rapid)
            score = 10.0 + W_FIRE * e + (5.0 if not target.has_leader else 0.0)
            if score > best_score:
                best_score = self.propose(
                    c, f"{unit.name} → {target.name} (E={e:.2f} casualties)", score
                )
        return best_score


class ObjectiveCandidate(CandidateAction[Focus, Command]):
    name = "pursue the objective"
    priority = 50

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        goal = board.goal_for(unit)
        if goal is None or focus.wounded:
            return NOTHING
        here = board.path_distance(unit.leader_point, goal.point)
        if here <= goal.reach * 0.8 and goal.arrival_bonus > 0:
            if goal.reach == EDGE_REACH and board.exit_allowed():
                return self._step_off(focus, goal)
            return NOTHING  # already there: the other candidates take over
        best_score = NOTHING
        for dest in board.destinations(unit, goal):
            left = board.path_distance(dest.end, goal.point)
            progress = here - left
            if progress < 0.5:
                continue
            if dest.rate == MoveRate.RAPID and board.seen_on_the_way(unit, dest):
                continue  # Rapid only where no known enemy can see the path
            value, why = _place_value(focus, dest, goal)
            arrives = left <= goal.reach
            score = (
                25.0
                + W_PROGRESS * goal.urgency * progress
                + value
                + (goal.arrival_bonus if arrives else 0)
            )
            if score > best_score:
                best_score = self.propose(
                    MoveUnit(side=REGULAR, unit=unit.id, to=dest.to, rate=dest.rate),
                    f"{unit.name} heads for {goal.label}: {dest.rate} to {_describe(dest.end)}, "
                    f'{progress:.1f}" closer{" and arrives" if arrives else ""}; {why}',
                    score,
                )
        return best_score

    def _step_off(self, focus: Focus, goal: Goal) -> float:
        """At the exit edge already (exit was not allowed when it arrived): a step along the
        edge takes it off the table."""
        board, unit = focus.board, focus.unit
        if MoveRate.CAUTIOUS not in board.move_rates(unit.id):
            return NOTHING
        x, y = goal.point
        for dx, dy in ((2.0, 0.0), (-2.0, 0.0), (0.0, 2.0), (0.0, -2.0)):
            to = (round(x + dx, 2), round(y + dy, 2))
            if board.terrain.blocked_point(to):
                continue
            if path_length(board.path(unit.leader_point, to)) >= 0.5:
                return self.propose(
                    MoveUnit(side=REGULAR, unit=unit.id, to=to, rate=MoveRate.CAUTIOUS),
                    f"{unit.name} steps off the table by {goal.label}",
                    25.0 + goal.arrival_bonus,
                )
        return NOTHING


class CoverMoveCandidate(CandidateAction[Focus, Command]):
    name = "move to better cover"
    priority = 40

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        goal = board.goal_for(unit)
        stay = _stay_value(focus, with_shot=False)  # better shots are the fire candidate's
        here = board.path_distance(unit.leader_point, goal.point) if goal else 0.0
        best_score = NOTHING
        for dest in board.destinations(unit, goal):
            if dest.rate != MoveRate.CAUTIOUS:
                continue
            value, why = _place_value(focus, dest, goal, with_shot=False)
            if goal is not None:
                progress = here - board.path_distance(dest.end, goal.point)
                if progress < -3.0:
                    continue  # cover, yes, but not by walking away from the objective
                value += 2.0 * goal.urgency * progress
            gain = value - stay
            if gain <= 6.0:
                continue
            score = 5.0 + gain
            if score > best_score:
                best_score = self.propose(
                    MoveUnit(side=REGULAR, unit=unit.id, to=dest.to, rate=MoveRate.CAUTIOUS),
                    f"{unit.name} moves cautiously to {_describe(dest.end)}: {why} "
                    f"(better than staying by {gain:.1f})",
                    score,
                )
        return best_score


class OverwatchCandidate(CandidateAction[Focus, Command]):
    name = "overwatch to cover a moving friend"
    priority = 30

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        command = next((c for c in focus.options if isinstance(c, Overwatch)), None)
        if command is None:
            return NOTHING
        movers = [
            u
            for u in board.regulars
            if u.id != unit.id and u.activated_turn != board.turn and u.move_rate_turn != board.turn
        ]
        near = [i for i in board.insurgents if distance(i.centre, unit.centre) <= 18.0]
        if not near:
            return NOTHING
        shot = board.best_shot(unit, board.spot_of(unit))
        score = 6.0 + 4.0 * len(movers) + 2.0 * min(3, len(near)) + 6.0 * shot
        friends = ", ".join(u.name for u in movers) or "no one"
        return self.propose(
            command,
            f'{unit.name} watches over {friends} with {len(near)} Insurgent units within 18" '
            f"(best shot now E={shot:.2f})",
            score,
        )


class HoldCandidate(CandidateAction[Focus, Command]):
    name = "hold"
    priority = 0

    def evaluate(self, focus: Focus) -> float:
        command = next((c for c in focus.options if isinstance(c, EndActivation)), None)
        if command is None:
            return NOTHING
        return self.propose(command, f"{focus.unit.name} has nothing better to do", 0.0)


def default_candidates() -> list[CandidateAction[Focus, Command]]:
    return [
        FirstAidCandidate(),
        WoundedToSafetyCandidate(),
        NeutralizeCandidate(),
        FireCandidate(),
        ObjectiveCandidate(),
        CoverMoveCandidate(),
        OverwatchCandidate(),
        HoldCandidate(),
    ]


class RegularAI:
    """A controller for the Regular side (the engine's Controller protocol: `choose(view)`).

    `battlefield` is the public map; without it the map is read from the view's `map_path`.
    """

    def __init__(
        self,
        battlefield: Battlefield | None = None,
        *,
        narrate: Callable[[str], None] | None = None,
    ) -> None:
        self._battlefield = battlefield
        self._terrain: Terrain | None = None
        self.narrate = narrate
        self.journal: list[str] = []
        self.candidates = default_candidates()

    def terrain_for(self, view: PlayerView) -> Terrain:
        if self._terrain is None:
            battlefield = self._battlefield
            if battlefield is None:
                from pathlib import Path

                from game.battlefield.loader import load_battlefield

                battlefield = load_battlefield(Path(str(view.state["map_path"])))
            self._terrain = Terrain(battlefield)
        return self._terrain

    def note(self, text: str) -> None:
        line = f"Regular AI: {text}"
        self.journal.append(line)
        LOG.info(line)
        if self.narrate is not None:
            self.narrate(line)

    # -- the decisions ---------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Command:
        if view.decision is None or not view.legal:
            raise ValueError("the Regular AI was asked to choose with no decision pending")
        board = Board(view, self.terrain_for(view))
        handlers: dict[str, Callable[[Board], Command]] = {
            DecisionKind.ACTIVATE: self._activate,
            DecisionKind.CONTINUE: self._continue,
            DecisionKind.OVERWATCH: self._overwatch,
            DecisionKind.HELPERS: self._helpers,
            DecisionKind.REACT: self._react,
            DecisionKind.SEEK_COVER: self._seek_cover,
            DecisionKind.ASSAULTED: self._assaulted,
        }
        handler = handlers.get(board.kind)
        if handler is None:  # a decision the engine grew since: say so (the driver's policy)
            raise ValueError(f"the Regular AI has no rule for the decision {board.kind!r}")
        return handler(board)

    def _pick_for(self, board: Board, unit: UnitState) -> Pick[Command] | None:
        return best(self.candidates, Focus(board, unit))

    def _activate(self, board: Board) -> Command:
        waiting = [u for u in board.regulars if board.options_for(u.id)]
        picks: list[tuple[float, str, Pick[Command]]] = []
        for unit in waiting:
            pick = self._pick_for(board, unit)
            if pick is not None:
                picks.append((pick.score, unit.id, pick))
        picks.sort(key=lambda p: (-p[0], p[1]))
        if not picks or picks[0][0] <= 0.0:
            end = next((c for c in board.legal if isinstance(c, EndPhase)), board.legal[0])
            self.note('"hold" every remaining unit holds: nothing is worth doing (score 0)')
            return end
        pick = picks[0][2]
        self._log_pick(pick)
        return pick.plan

    def _continue(self, board: Board) -> Command:
        unit = board.unit(str(board.context.get("unit", "")))
        if unit is None:
            return self._first_of(board, EndActivation)
        pick = self._pick_for(board, unit)
        if pick is None:
            return self._first_of(board, EndActivation)
        self._log_pick(pick)
        return pick.plan

    def _log_pick(self, pick: Pick[Command]) -> None:
        self.note(f'"{pick.candidate}" {pick.why} score {pick.score:.0f}')

    def _first_of(self, board: Board, kind: type[Command]) -> Command:
        return next((c for c in board.legal if isinstance(c, kind)), board.legal[0])

    def _answers(self, board: Board) -> list[Answer]:
        return [c for c in board.legal if isinstance(c, Answer)]

    def _overwatch(self, board: Board) -> Command:
        ins = board.unit(str(board.context.get("insurgent", "")))
        answers = self._answers(board)
        if ins is None or not answers:
            return board.legal[0]
        best_answer, best_total = answers[0], 0.0
        for answer in answers:
            ids = list(answer.choice or [])
            total = 0.0
            for uid in ids:
                watcher = board.unit(uid)
                if watcher is not None:
                    total += board.fire_value(watcher, board.spot_of(watcher), ins)
            if total > best_total + 1e-9:
                best_answer, best_total = answer, total
        fired = ", ".join(best_answer.choice or []) or "none"
        self.note(
            f'"overwatch fire" {fired} fire at {ins.name} (E={best_total:.2f} casualties) '
            f"score {W_FIRE * best_total:.0f}"
        )
        return best_answer

    def _helpers(self, board: Board) -> Command:
        ins = board.unit(str(board.context.get("insurgent", "")))
        answers = self._answers(board)
        if ins is None or not answers:
            return board.legal[0]
        chosen, best_e = answers[0], 0.0
        for answer in answers:
            ids = list(answer.choice or [])
            if len(ids) != 1:
                continue
            helper = board.unit(ids[0])
            if helper is None or helper.neutralizing or "contractor" in helper.dependants:
                continue
            # A helper spends its activation: worth it for a good shot, a better one when the
            # helper still has somewhere to go.
            needed = 1.5 if board.goal_for(helper) is not None else 0.8
            e = board.fire_value(helper, board.spot_of(helper), ins)
            if e >= needed and e > best_e + 1e-9:
                chosen, best_e = answer, e
        if chosen.choice:
            self.note(
                f'"react for a friend" {chosen.choice[0]} fires at {ins.name} (E={best_e:.2f}) '
                f"score {W_FIRE * best_e:.0f}"
            )
        else:
            self.note(
                f'"react for a friend" no helper has a shot worth its activation at {ins.name}'
            )
        return chosen

    def _named(self, board: Board) -> dict[str, Answer]:
        """The answers whose choice is a word ("fire", "move", "stay", ...)."""
        return {a.choice: a for a in self._answers(board) if isinstance(a.choice, str)}

    def _react(self, board: Board) -> Command:
        answers = self._named(board)
        regular = board.unit(str(board.context.get("regular", "")))
        ins = board.unit(str(board.context.get("insurgent", "")))
        e = 0.0
        if regular is not None and ins is not None and "fire" in answers:
            e = board.fire_value(regular, board.spot_of(regular), ins)
        cover = self._best_cover_reaction(board, regular)
        if "fire" in answers and e >= 1.0:
            self.note(
                f'"return fire" at {ins.name if ins else "?"} (E={e:.2f}) score {W_FIRE * e:.0f}'
            )
            return answers["fire"]
        if cover is not None:
            answer, why = cover
            self.note(f'"take cover first" {why} (the shot: E={e:.2f})')
            return answer
        if "fire" in answers and (e >= 0.25 or "move" not in answers):
            self.note(
                f'"return fire" at {ins.name if ins else "?"} (E={e:.2f}) score {W_FIRE * e:.0f}'
            )
            return answers["fire"]
        if "move" in answers:
            shot = f"the shot is poor (E={e:.2f})" if "fire" in answers else "no shot"
            self.note(f'"finish the move first" {shot}')
            return answers["move"]
        return answers.get("none", board.legal[0])

    def _best_cover_reaction(
        self, board: Board, unit: UnitState | None
    ) -> tuple[Answer, str] | None:
        """Having won the Reaction Test, a move into cover first (Interruptions by Fire) when it
        clearly lowers the danger."""
        if unit is None:
            return None
        here = board.threat(unit, board.spot_of(unit), stationary=False)
        best: tuple[Answer, str] | None = None
        best_danger = here - 0.3
        for answer in self._answers(board):
            point = _point_of(answer.choice)
            if point is None:
                continue
            danger = board.threat(unit, board.ghost(unit, point), stationary=False)
            if danger < best_danger - 1e-9:
                best_danger = danger
                best = (
                    answer,
                    f"{unit.name} moves to {_describe(point)}: danger E={here:.2f} → {danger:.2f}",
                )
        return best

    def _seek_cover(self, board: Board) -> Command:
        unit = board.unit(str(board.context.get("unit", "")))
        answers = self._answers(board)
        if unit is None or not answers:
            return board.legal[0]
        here = board.spot_of(unit)
        solid, exposed = board.cover(here)
        # Staying means a Quality test to Get In Cover (about even odds when Pinned).
        stay_danger = 0.5 * (
            board.threat(unit, here, stationary=True) + board.threat(unit, here, stationary=False)
        )
        best_answer: Answer = next((a for a in answers if a.choice == "stay"), answers[0])
        best_value = W_SOLID * solid + W_UNEXPOSED * (not exposed) - W_THREAT * stay_danger
        where = "stays and tries to Get In Cover"
        for answer in answers:
            to = _point_of(answer.choice)
            if to is None:
                continue
            spot = board.ghost(unit, to)
            s_solid, s_exposed = board.cover(spot)
            danger = board.threat(unit, spot, stationary=False)
            value = W_SOLID * s_solid + W_UNEXPOSED * (not s_exposed) - W_THREAT * danger
            if value > best_value + 1e-9:
                best_answer, best_value = answer, value
                where = f"moves to {_describe(to)} (danger E={danger:.2f})"
        self.note(f'"seek cover" {unit.name} {where} score {best_value:.0f}')
        return best_answer

    def _assaulted(self, board: Board) -> Command:
        answers = self._named(board)
        unit = board.unit(str(board.context.get("unit", "")))
        if "fire" in answers:
            self.note('"meet the charge" defensive fire')
            return answers["fire"]
        attackers = [
            i
            for i in board.insurgents
            if unit is not None and distance(i.centre, unit.centre) <= RAPID + 2.0
        ]
        ours = len(unit.effective_figures) if unit else 0
        theirs = max((len(i.effective_figures) for i in attackers), default=0)
        if "flee" in answers and ours < theirs - 1:
            self.note(f'"flee the charge" {ours} against {theirs}')
            return answers["flee"]
        if "stand" in answers:
            self.note(f'"stand against the charge" {ours} against {theirs}')
            return answers["stand"]
        return next(iter(answers.values()), board.legal[0])


def regular_units(view: PlayerView) -> Iterable[str]:
    """The ids of the Regular units on the table in a view (a convenience for tools and tests)."""
    return sorted(
        uid
        for uid, u in view.state["units"].items()
        if u["side"] == REGULAR and u["status"] == UnitStatus.ACTIVE
    )


__all__ = [
    "Board",
    "Focus",
    "RegularAI",
    "default_candidates",
    "expected_casualties",
    "regular_units",
    "state_from_view",
]
