"""The Regular AI's reading of the board: one PlayerView with the public map's geometry.

`Board` answers what the candidates (`regular_candidates.py`) and the answers to interruptions
(`regular.py`) ask: where a unit's figures would stand (`Spot`), line of sight, cover and paths
(cached per decision), the engine's own Firepower and Defense through `game.engine.rulesbridge`
(so the odds weighed are the odds rolled), the danger of a spot, the scenario's objectives as
published in the view (`Goal`), and the moves a unit could order (`Destination`). The weights the
AI scores with live here too, beside the exact expected casualties they multiply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from game.ai import scenario_goals
from game.ai.board_memo import BoardMemo, objective_in
from game.ai.regular_hostage import with_rescue
from game.battlefield.model import Point, UnitPosition
from game.engine import card_paths  # cards (issue 19)
from game.engine import rulesbridge as rb
from game.engine.buildings import first_uncleared  # house clearing (issue 21)
from game.engine.commands import MoveUnit
from game.engine.protocol import ContractorStatus, MoveRate
from game.engine.state import INSURGENT, REGULAR, GameState, UnitState
from game.engine.terrain import Terrain, distance, path_length, truncate, walk
from game.engine.view import PlayerView
from game.rules import civilians as civ
from game.rules.dice import Die
from game.rules.firepower import optimum_range
from game.rules.movement import CAUTIOUS, CONTACT, EDGE_REACH, RAPID, allowance
from game.rules.odds import MAX_POOL, casualty_odds
from game.rules.units import Unit

# How many points one expected Regular casualty costs, and what cover and progress are worth.
# One casualty is at least 1 VP to the Insurgents (2 if killed), a contractor 5 VP to us.
W_THREAT = 15.0
W_SOLID = 8.0
W_UNEXPOSED = 4.0
W_PROGRESS = 3.0
W_FIRE = 15.0
W_SHOT = 5.0  # a good firing position after the move (the shot itself is scored when taken)
# --- civilians (issue 21): an expected civilian killed by our fire: 5 VP to the Insurgents,
# perhaps our own 5 VP for killing none, and a higher Insurgency Level (R239)
W_CIVILIAN = 60.0
ESCORTED = ("contractor", "poi")  # what a unit escorts to the exit (the POI: issue 21, R237)
RING = (3.0, 6.0)
STOP_SHORT = 0.5  # inches short of an uncleared building's wall a blocked move stops (R244)
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

    @cached_property  # asked for every Insurgent that sees the spot (the scale game)
    def centre(self) -> Point:
        if not self.figures:
            return self.leader
        n = len(self.figures)
        return (sum(p[0] for p in self.figures) / n, sum(p[1] for p in self.figures) / n)

    def position(self) -> UnitPosition:
        return self._position

    @cached_property
    def _position(self) -> UnitPosition:
        # built once per spot: the same object lets the geometry's caches answer by identity
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


HOLD_REACH = 2.0
"""How near its Objective point a unit holding a position counts as in it (R208): inside a
house of the compound, not across the street."""


class Board(BoardMemo):
    """The Regular side's reading of one PlayerView, with the public map's geometry.

    Firepower and Defense are the engine's own (`game.engine.rulesbridge` over
    `game.rules.firepower`; Rulebook: Fire Combat; R16-R18), so the odds the AI weighs are the
    odds the engine will roll.
    """

    def __init__(
        self,
        view: PlayerView,
        terrain: Terrain,
        sight: dict[tuple[Any, ...], bool] | None = None,
    ) -> None:
        self.view = view
        self.terrain = terrain
        self.state = state_from_view(view.state)
        card_paths.sync_terrain(self.state, terrain)  # --- cards (issue 19): Swiss Cheese
        terrain.follow(self.state)  # vehicles (issue 20): the hulls are terrain (R290)
        self.turn = self.state.turn
        self.decision: dict[str, Any] = view.decision or {}
        self.kind = str(self.decision.get("kind", ""))
        self.context: dict[str, Any] = dict(self.decision.get("context") or {})
        self.legal = view.legal
        self.regulars = sorted(self.state.units_of(REGULAR), key=lambda u: u.id)
        self.insurgents = sorted(self.state.units_of(INSURGENT), key=lambda u: u.id)
        self.width = terrain.battlefield.width
        self.height = terrain.battlefield.height
        # line of sight depends only on the map and where the figures stand: the controller
        # hands every Board of a game the same table (`sight`), so a decision asks the
        # geometry only about pairs no earlier decision asked about
        self._los: dict[tuple[Any, ...], bool] = {} if sight is None else sight
        self._cover: dict[tuple[Point, ...], tuple[bool, bool]] = {}
        self._paths: dict[tuple[Point, Point], list[Point]] = {}
        self.init_memo()  # speed only (board_memo): the same answers, worked out once
        self._assignment: dict[str, Goal | None] | None = None
        self._rules_units: dict[str, Unit] = {}
        self._firepower: dict[tuple[str, bool, bool, bool, bool, int], int] = {}
        self._defense: dict[tuple[str, bool, bool], int] = {}
        self._optimum: dict[str, float | None] = {}  # None: always in range
        self._positions: dict[str, UnitPosition] = {}
        self._spots: dict[str, Spot] = {}

    # -- what the decision allows ------------------------------------------------------------
    def move_rates(self, unit_id: str) -> set[str]:
        return {c.rate for c in self.options_for(unit_id) if isinstance(c, MoveUnit)}

    def unit(self, unit_id: str) -> UnitState | None:
        if self.reading is not None:  # a weighing kept between activations reads it (reweigh)
            self.reading.units.add(unit_id)
        return self.state.units.get(unit_id)

    # -- geometry ----------------------------------------------------------------------------
    def position(self, unit: UnitState) -> UnitPosition:
        """`unit.position()`, built once per decision (the view does not change while the AI
        thinks)."""
        if self.reading is not None and unit.side == REGULAR:  # a friend's: reweigh.py
            self.reading.units.add(unit.id)
        found = self._positions.get(unit.id)
        if found is None:
            found = self._positions[unit.id] = unit.position()
        return found

    def spot_of(self, unit: UnitState) -> Spot:
        found = self._spots.get(unit.id)
        if found is None:
            live = unit.effective_figures
            found = Spot(unit.id, unit.leader_point, tuple(f.pos for f in live), unit.elevation)
            self._spots[unit.id] = found
        return found

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
        """Walking distance, with the straight-line rest when the path stops short (remembered
        for the whole game where the controller shares its memory: `BoardMemo.walks`)."""
        found = self.walks.get((start, goal))
        if found is None:
            route = self.path(start, goal)
            found = path_length(route) + distance(route[-1], goal)
            self.walks.put((start, goal), found)
        return found

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
            self._optimum[firer.id] = optimum_range(self.rules_unit(firer), night=self.state.night)
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
                night=self.state.night,
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
        best_e = 0.0
        for ins in self.insurgents_seeing(spot.position(), looking=True):
            best_e = max(best_e, self.fire_value(unit, spot, ins, rapid=rapid))
        return best_e

    def threat(
        self,
        unit: UnitState,
        spot: Spot,
        *,
        stationary: bool,
        rapid: bool = False,
        ignore: str = "",
    ) -> float:
        """Expected casualties if every Insurgent unit that could see `spot` fired at it (but
        the unit `ignore`, e.g. one the AI means to wipe out in a charge)."""
        total = 0.0
        for e in self.threat_by_group(
            unit, spot, stationary=stationary, rapid=rapid, ignore=ignore
        ).values():
            total += e
        return total

    def threat_by_group(
        self,
        unit: UnitState,
        spot: Spot,
        *,
        stationary: bool,
        rapid: bool = False,
        ignore: str = "",
    ) -> dict[str, float]:
        """`threat`, group by group: each Insurgent unit that could see `spot` and the
        casualties its fire would be expected to cause there."""
        pos = spot.position()
        _, exposed = self.cover(spot)
        defense = self.defense(unit, spot, stationary=stationary)
        die = int(unit.quality_die())
        out: dict[str, float] = {}
        for ins in self.insurgents_seeing(pos, ignore):
            fp = self.firepower(
                ins, self.centre_of(ins), spot.centre, target_exposed=exposed, target_rapid=rapid
            )
            out[ins.id] = expected_casualties(
                fp, int(ins.quality_die()), defense, die, len(spot.figures)
            )
        return out

    def watchers_of(self, spot: Spot) -> list[UnitState]:
        return self.insurgents_seeing(spot.position())

    # -- the scenario's objectives (published in the view: never the scenario's id) -----------
    def objective(self, name: str) -> Any:
        return objective_in(self.state.objectives, name)

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
        # --- Scenario 3 (issue 19): not before the scenario's turn; a hold-out holds (R208) ---
        if self.turn < int(self.objective("exit_from_turn")) or self.objective("hold_objectives"):
            return False
        if self.objective("fire_mission") and not self.state.tally.get("fire_mission_done"):
            return False  # Turkey Shoot: out only once the snipers' work is done (R227)
        return self.neutralized_count() >= int(self.objective("exit_after_hot_spots"))

    def goal_for(self, unit: UnitState) -> Goal | None:
        if self._assignment is None:  # cards (issue 19): the hostage's rescue too (R318)
            self._assignment = with_rescue(self, self._assign_goals())
        return self._assignment.get(unit.id)

    def _assign_goals(self) -> dict[str, Goal | None]:
        """Each unit's goal: the contractors and the exit, or hot spots (the closest unit-spot
        pairs first) and the exit edge once leaving is allowed and time runs short."""
        if self.contractor_mission():
            return self._contractor_goals()
        if self.objective("hold_objectives"):  # --- Scenario 3 (issue 19): R208 ---
            return self._hold_goals()
        if self.objective("fire_mission"):  # --- Turkey Shoot (issue 20) ---
            return self._fire_mission_goals()
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

    def _hold_goals(self) -> dict[str, Goal | None]:
        return scenario_goals.hold_goals(self)  # Scenario 3 (issue 19): R208

    def _fire_mission_goals(self) -> dict[str, Goal | None]:
        return scenario_goals.fire_mission_goals(self)  # Turkey Shoot (issue 20)

    def _contractor_goals(self) -> dict[str, Goal | None]:
        goals: dict[str, Goal | None] = {}
        waiting = [c for c in self.state.contractors if c.status == ContractorStatus.WAITING]
        held = [c for c in self.state.contractors if c.status == ContractorStatus.HELD]
        for unit in self.regulars:
            carrying = any(d in ESCORTED for d in unit.dependants)
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
    def _destinations_of(self, unit: UnitState, goal: Goal | None) -> list[Destination]:
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
            blocked = first_uncleared(self.state, self.terrain, route)  # house clearing
            if blocked is not None:  # stop at its wall, to stack and clear it (R244)
                reach = blocked[1] - STOP_SHORT
                if reach < 0.5:
                    continue
                to = walk(route, reach)
                to = (round(to[0], 2), round(to[1], 2))
                route = self.path(start, to)
                if first_uncleared(self.state, self.terrain, route) is not None:
                    continue
            end = walk(route, reach)
            if any(distance(end, d.end) < 0.75 and rate == d.rate for d in out):
                continue
            if not self.clear_of_mobs(unit, to, rate):  # civilians (issue 21, R232)
                continue
            if self.state.cards and (  # cards (issue 19): IED, fire, garbled orders (R280-R283)
                card_paths.closed_to(self.state, self.terrain, unit, to, allowance(rate))
                or card_paths.garbled_refused(
                    self.state, self.terrain, unit, self.ghost(unit, end).position()
                )
            ):
                continue
            out.append(Destination(to, end, rate, self.ghost(unit, end)))
        return out

    # --- civilians (issue 21) ---
    def mobs(self) -> list[Point]:
        return [m.pos for m in self.state.mobs if m.on_table]

    def clear_of_mobs(self, unit: UnitState, to: Point, rate: str) -> bool:
        """Whether a move towards `to` at `rate` keeps off every civilian mob's stand: the
        engine refuses a Regular move through one (Civilians on the Battlefield; R232)."""
        mobs = self.mobs()
        if not mobs:
            return True
        walked = truncate(self.path(unit.leader_point, to), allowance(rate))
        return not any(civ.path_through_mob(walked, m) for m in mobs)

    def civilian_risk(self, firer: UnitState, spot: Spot, target: UnitState) -> float:
        """Expected civilians killed by `firer` shooting at `target` from `spot`: each mob
        within 3" of the line is hit on 1-2 of the firer's Quality die (R232, R239)."""
        mobs = self.mobs()
        if not mobs:
            return 0.0
        near = civ.mobs_near_line(
            spot.centre, self.spot_of(target).centre, {str(i): m for i, m in enumerate(mobs)}
        )
        return len(near) * civ.CASUALTY_FACES / int(firer.quality_die())

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
