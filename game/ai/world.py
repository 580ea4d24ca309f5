"""The Insurgent AI's reading of one PlayerView (`_World`): unit facts and positions, bases,
sight to friends and enemies, the Situation an Action Check tests, and the move candidates it
weighs. Used by `controller.InsurgentAI`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.actions import Target
from game.ai.situation import Moment, Situation, UnitKind
from game.ai.unit_facts import (
    can_harm_vehicle,
    situation_kind,
    table_firepower,
    table_optimum_range,
)
from game.battlefield.model import Battlefield, Point, UnitPosition
from game.engine import card_paths  # cards (issue 19)
from game.engine.commands import (
    MoveUnit,
)
from game.engine.protocol import ContractorStatus, FigureStatus
from game.engine.rulesbridge import rules_unit
from game.engine.state import INSURGENT, REGULAR, GameState, UnitState
from game.engine.terrain import (
    NUDGE,
    Terrain,
    distance,
)
from game.engine.view import PlayerView
from game.rules.movement import (
    COHESION_REACH,
)
from game.rules.units import Unit
from game.rules.vehicle_types import vehicle_type

STOP_SHORT_OF_FRIEND = 1.5
"""Head for a point this far short of a friend's centre, so the figures land in cohesion."""
RING_DIRECTIONS = 16
RING_FRACTIONS = (1 / 3, 2 / 3, 1.0)
"""A move's own destinations: this many directions, at these fractions of the unit's reach."""
ROUTE_STEP = 1.0
CONTACT_INCHES = COHESION_REACH
"""R94: figures this close, centre to centre (1" edge to edge), are in contact: only a Close
Assault, which no solo row asks for, ends a move there."""


@dataclass(frozen=True)
class _Candidate:
    command: MoveUnit
    end: Point
    moved: float
    solid: bool
    seen_by_watchers: int
    sees_enemy: bool
    exposure: int
    goal_distance: float
    activated_distance: float
    in_contact: bool = False

    @property
    def watched(self) -> bool:
        return self.seen_by_watchers > 0


def placement_reach(unit: UnitState) -> float:
    """How far from the end of its move a figure of `unit` can be placed (issue 17 §5): the
    leader nudged off another base (R92) and the rest in cohesion around him (R2, R3), or the
    figures shifted as they stand when the geometry cannot place them (R3)."""
    live = unit.effective_figures
    lx, ly = unit.leader_point
    spread = max((distance((f.x, f.y), (lx, ly)) for f in live), default=0.0)
    return max(NUDGE + max(0, len(live) - 1) * COHESION_REACH, spread) + 0.5


class _World:
    """The Insurgent side's picture of the table at one decision, rebuilt from the PlayerView."""

    def __init__(self, view: PlayerView, terrain: Terrain, battlefield: Battlefield) -> None:
        self.state = GameState.from_dict(view.state)
        card_paths.sync_terrain(self.state, terrain)  # --- cards (issue 19): Swiss Cheese
        self.terrain = terrain
        terrain.follow(self.state)  # vehicles (issue 20): the hulls are terrain (R290)
        self.battlefield = battlefield
        self.turn = self.state.turn
        self.regulars = self.state.units_of(REGULAR)
        self.insurgents = self.state.units_of(INSURGENT)
        self._los: dict[tuple[str, str], bool] = {}
        # One UnitPosition per unit for the whole decision: the state does not change while the
        # AI thinks, and the geometry's sight cache recognises the very same objects.
        self._positions: dict[str, UnitPosition] = {}
        self._others_bases: dict[str, list[Point]] = {}
        self._enemy_bases: list[Point] | None = None
        self._centres: dict[str, Point] = {}
        self._rules: dict[str, Unit] = {}
        # --- speed (issue 17 §5): facts every destination of one unit asks again ---
        self._enemy_box: tuple[float, float, float, float] | None = None
        self._placement_reach: dict[str, float] = {}
        self.placements: dict[tuple[str, Point], UnitPosition] = {}  # `InsurgentAI._placed`

    def rules_unit(self, unit: UnitState) -> Unit:
        """The unit as the rules core sees it, built once per decision."""
        found = self._rules.get(unit.id)
        if found is None:
            found = self._rules[unit.id] = rules_unit(unit)
        return found

    def kind(self, unit: UnitState) -> UnitKind:
        """Which solo table the unit uses (`game.ai.unit_facts.situation_kind`)."""
        return situation_kind(self.rules_unit(unit))

    def optimum_range(self, unit: UnitState) -> float:
        """The unit's Optimum Range for the range rows (`unit_facts.table_optimum_range`)."""
        return table_optimum_range(self.rules_unit(unit), night=self.state.night)

    def centre(self, unit: UnitState) -> Point:
        """`unit.centre`, worked out once per decision (destinations sort by it again and again)."""
        found = self._centres.get(unit.id)
        if found is None:
            found = self._centres[unit.id] = unit.centre
        return found

    def unit(self, unit_id: str) -> UnitState | None:
        return self.state.units.get(unit_id)

    def position(self, unit: UnitState) -> UnitPosition:
        found = self._positions.get(unit.id)
        if found is None:
            found = self._positions[unit.id] = unit.position()
        return found

    def enemy_bases(self) -> list[Point]:
        """Where every Regular figure on the table stands, hit ones included (R94)."""
        if self._enemy_bases is None:
            self._enemy_bases = [
                f.pos
                for r in self.regulars
                if r.on_table
                for f in r.figures
                if f.status in (FigureStatus.OK, FigureStatus.HIT, FigureStatus.RETURNING)
            ]
        return self._enemy_bases

    def enemy_box(self) -> tuple[float, float, float, float] | None:
        """(left, top, right, bottom) of `enemy_bases`, None when there is none."""
        if self._enemy_box is None:
            bases = self.enemy_bases()
            if bases:
                xs, ys = [q[0] for q in bases], [q[1] for q in bases]
                self._enemy_box = (min(xs), min(ys), max(xs), max(ys))
        return self._enemy_box

    def placement_reach(self, unit: UnitState) -> float:
        """`placement_reach`, worked out once per unit and decision."""
        found = self._placement_reach.get(unit.id)
        if found is None:
            found = self._placement_reach[unit.id] = placement_reach(unit)
        return found

    def others_bases(self, unit: UnitState) -> list[Point]:
        """Where every other unit's effective figures stand (bases a placement must avoid)."""
        found = self._others_bases.get(unit.id)
        if found is None:
            found = self._others_bases[unit.id] = [
                f.pos
                for other in self.state.units.values()
                if other.on_table and other.id != unit.id
                for f in other.effective_figures
            ]
        return found

    def los(self, a: UnitState, b: UnitState) -> bool:
        key = (a.id, b.id) if a.id < b.id else (b.id, a.id)
        if key not in self._los:
            pa, pb = self.position(a), self.position(b)
            self._los[key] = bool(pa.figures and pb.figures) and self.terrain.line_of_sight(pa, pb)
        return self._los[key]

    def sees(self, position: UnitPosition, other: UnitState) -> bool:
        target = self.position(other)
        return bool(position.figures and target.figures) and self.terrain.line_of_sight(
            target, position
        )

    def combat_points(self) -> list[Point]:
        """Where fire combat happened this turn: firers and their targets, where they stand now.

        Read from the units' own record (the turn each last fired, and who last fired at each),
        never from an event log: the view carries none, and a decision must not change with
        anything the view might carry beyond the table (no peeking).
        """
        firers = {u.id for u in self.state.units.values() if u.fired_turn == self.turn}
        pairs = [(f, "") for f in sorted(firers)]
        pairs += [
            (u.last_attacker, u.id) for u in self.state.units.values() if u.last_attacker in firers
        ]
        points: list[Point] = []
        for pair in pairs:
            for unit_id in pair:
                unit = self.unit(unit_id)
                if unit is not None and unit.figures and unit.centre not in points:
                    points.append(unit.centre)
        return points

    def hot_spot_points(self) -> list[Point]:
        return [(h.x, h.y) for h in self.state.hot_spots.values() if not h.neutralized]

    def objective_points(self, unit: UnitState | None = None) -> list[Point]:
        """The Insurgents' objectives, as the scenario publishes them (`Objectives.
        insurgent_objectives`): active Hot Spots, contractors waiting or held by the Regulars
        (never those escorted off), the nearest point of each exit edge once leaving counts
        (for `unit`, else each edge's middle); Objective markers on the map always."""
        goals = self.state.objectives.get("insurgent_objectives")
        if goals is None:  # a state from before the Insurgents had objectives of their own
            goals = ["contractors"] if self.state.objectives.get("contractors") else ["hot_spots"]
        points = [m.position for m in self.battlefield.markers if m.kind == "Objective"]
        if "hot_spots" in goals:
            points += self.hot_spot_points()
        if "contractors" in goals:
            points += [
                (c.x, c.y)
                for c in self.state.contractors
                if c.status in (ContractorStatus.WAITING, ContractorStatus.HELD)
            ]
        needed = int(self.state.objectives.get("exit_after_hot_spots", 0))
        if "exit_edges" in goals and self.state.tally.get("hot_spots_neutralized", 0) >= needed:
            points += [self._edge_point(edge, unit) for edge in self.state.exit_edges]
        return points

    def _edge_point(self, edge: str, unit: UnitState | None) -> Point:
        """The point of an exit edge nearest the unit, an inch inside the table."""
        width, height = self.battlefield.width, self.battlefield.height
        x, y = unit.centre if unit is not None else (width / 2, height / 2)
        x, y = min(max(x, 1.0), width - 1.0), min(max(y, 1.0), height - 1.0)
        return {
            "north": (x, 1.0),
            "south": (x, height - 1.0),
            "west": (1.0, y),
            "east": (width - 1.0, y),
        }[edge]

    def _friends(self, unit: UnitState, kind: UnitKind | None) -> list[UnitState]:
        return [
            o for o in self.insurgents if o.id != unit.id and (kind is None or self.kind(o) is kind)
        ]

    def sees_friend(self, unit: UnitState, kind: UnitKind | None = None) -> bool:
        """Some other Insurgent unit (of this kind) is in LOS; sight is traced only until one
        is found, and only to units of the kind asked for."""
        return any(self.los(unit, o) for o in self._friends(unit, kind))

    def nearest_friend_in_los(self, unit: UnitState, kind: UnitKind | None = None) -> Point | None:
        """The centre of the nearest other Insurgent unit (of this kind) in LOS, ties by the
        centre; sight is traced nearest first, only until one is seen."""
        centre = unit.centre
        by_distance = sorted(
            self._friends(unit, kind), key=lambda o: (distance(centre, o.centre), o.centre)
        )
        return next((o.centre for o in by_distance if self.los(unit, o)), None)

    def situation(
        self,
        unit: UnitState,
        moment: Moment,
        *,
        activated: UnitState | None = None,
        regulars_moving: bool = False,
        fired_on: bool = False,
    ) -> Situation:
        """The facts the solo tables test for this unit now (Insurgent Action Checks)."""
        centre = unit.centre
        hot = [distance(centre, p) for p in self.hot_spot_points()]
        combat = [distance(centre, p) for p in self.combat_points()]
        nearest_enemy = [distance(centre, r.centre) for r in self.regulars]
        return Situation(
            unit_id=unit.id,
            kind=self.kind(unit),
            moment=moment,
            name=unit.name,
            distance_to_activated=(
                distance(centre, activated.centre) if activated is not None else None
            ),
            regulars_moving=regulars_moving,
            fired_on=fired_on,
            in_cover=self.terrain.in_solid_cover(unit.position()),
            firepower=table_firepower(self.rules_unit(unit)),
            optimum_range=self.optimum_range(unit),
            quality=unit.quality_die(),
            pinned=unit.pinned_turn == self.turn,
            enemy_in_los=any(self.los(unit, r) for r in self.regulars),
            distance_to_nearest_enemy=min(nearest_enemy, default=None),
            friendly_leader_in_los=self.sees_friend(unit, UnitKind.LEADER_ALONE),
            leaderless_unit_in_los=self.sees_friend(unit, UnitKind.LEADERLESS),
            friendly_unit_in_los=self.sees_friend(unit),
            distance_to_nearest_hot_spot=min(hot, default=None),
            distance_to_nearest_combat=min(combat, default=None),
            objective_known=bool(self.objective_points(unit)),
            # --- vehicles (issue 20): the tables' vehicle rows (R74) ---
            activated_is_vehicle=self.armour_of(activated) is not None,
            can_harm_activated_vehicle=self.can_harm(unit, activated),
        )

    # --- vehicles (issue 20) ---
    def armour_of(self, unit: UnitState | None) -> int | None:
        """The armour class of a Regular unit that is a vehicle still running, else None."""
        raw = self.state.vehicles.get(unit.id) if unit is not None else None
        if raw is None or (raw.get("damage") and not raw["damage"].get("reliability")):
            return None
        return vehicle_type(str(raw["type"])).armour_class

    def can_harm(self, unit: UnitState, activated: UnitState | None) -> bool:
        """This unit has a Support Weapon that can damage the activated vehicle (R74)."""
        armour = self.armour_of(activated)
        return armour is not None and can_harm_vehicle(self.rules_unit(unit), armour)

    def goal_point(self, unit: UnitState, target: Target, activated: str) -> Point | None:
        """Where a move with this target heads (motivations: which friend, hot spot, objective)."""
        centre = unit.centre

        def nearest(points: Sequence[Point]) -> Point | None:
            return min(points, key=lambda p: (distance(centre, p), p), default=None)

        if target is Target.FRIENDLY_LEADER:
            return self.nearest_friend_in_los(
                unit, UnitKind.LEADER_ALONE
            ) or self.nearest_friend_in_los(unit)
        if target is Target.LEADERLESS_UNIT:
            return self.nearest_friend_in_los(
                unit, UnitKind.LEADERLESS
            ) or self.nearest_friend_in_los(unit)
        if target is Target.FRIENDLY_UNIT:
            return self.nearest_friend_in_los(unit) or nearest(
                [o.centre for o in self._friends(unit, None)]
            )
        if target is Target.HOT_SPOT:
            return nearest(self.hot_spot_points())
        if target is Target.OBJECTIVE:
            return nearest(self.objective_points(unit))
        if target in (Target.NEAREST_ENEMY, Target.NEAREST_ENEMY_IN_LOS, Target.COMBAT):
            return nearest([r.centre for r in self.regulars])
        if target is Target.ACTIVATED_REGULAR:
            regular = self.unit(activated)
            return regular.centre if regular is not None else None
        return None
