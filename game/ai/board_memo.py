"""What the Regular AI's `Board` works out once per decision (speed only: the same answers).

A Board lives for one decision, on a view that does not change while the AI thinks, so the
legal commands are grouped by unit once, the destinations a unit could move to are listed once
for all the candidates that weigh them, and the walk left from each destination to an
objective comes from one route tree grown from that objective (`Terrain.path_to`; the scale
game, issue 23 §5).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.ai.thinking_budget import big_table, sight_reach, target_in_reach
from game.battlefield.model import Point, UnitPosition
from game.engine.commands import Command, MoveUnit
from game.engine.protocol import FigureStatus, MoveRate
from game.engine.scenario import Objectives
from game.engine.sight_memory import TwoGenerations
from game.engine.terrain import Terrain, distance, path_length

SIGHT_MEMORY = 300_000  # pairs of positions whose line of sight a game's Boards remember (about
# 100 bytes each: three-integer keys; the whole scale game asks about 180,000 pairs)

WALK_MEMORY = 100_000  # (start, goal) walking distances remembered (`Board.path_distance`)

if TYPE_CHECKING:
    from game.ai.regular_board import Destination, Goal
    from game.ai.reweigh import Reading
    from game.engine.state import GameState, UnitState
    from game.engine.view import Keep, PlayerView


def objective_in(objectives: dict[str, Any], name: str) -> Any:
    """`Board.objective`: the view's published objective, the book's default (`Objectives`)
    built only when it is missing (it was built at every question: goal assignment asks it
    for every unit)."""
    if name in objectives:
        return objectives[name]
    return Objectives().to_dict()[name]


class BoardMemo:
    """Mixed into `Board`, which sets `legal`, `terrain`, the game's sight memory `_los`, the
    Insurgent units and their positions, and lists destinations."""

    legal: Sequence[Command]  # a phase decision's may be built when read (lazy_options)
    view: PlayerView
    terrain: Terrain
    _los: dict[tuple[Any, ...], bool]
    insurgents: list[UnitState]
    regulars: list[UnitState]
    reading: Reading | None = None  # what a weighing reads, while it is recorded (reweigh.py)
    state: GameState
    width: float
    height: float

    def position(self, unit: UnitState) -> UnitPosition:
        raise NotImplementedError  # Board's

    def path_distance(self, start: Point, goal: Point) -> float:
        raise NotImplementedError  # Board's

    def exit_point(self, start: Point) -> Point | None:
        """The reachable exit-edge point with the shortest walk from `start`, among five along
        each exit edge (straight across, then 4" and 8" either side); on a table over the
        thinking budget's size, only the first of them reachable on each edge (R396)."""
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
                if self._first_exit and length < float("inf"):
                    break  # --- the thinking budget on big tables (R396) ---
        return best_point

    def init_memo(self) -> None:
        self._names: dict[int, tuple[UnitPosition, int]] = {}  # id(position): its sight name
        self._centres: dict[str, Point] = {}
        self._friend_positions: dict[str, list[UnitPosition]] = {}
        self._by_unit: dict[Any, list[Command]] | None = None
        self._walks: dict[tuple[Point, Point], float] = {}
        self._destinations: dict[tuple[str, Goal | None], list[Destination]] = {}
        # walking distances depend on the map alone: a controller may share one memory with
        # every Board of its game (`RegularAI`), else each Board keeps its own (issue 23 §5)
        self.walks: TwoGenerations[tuple[Point, Point], float] = TwoGenerations(WALK_MEMORY)
        reach = sight_reach(self.terrain.battlefield)  # --- thinking budget (R370) ---
        self._reach2 = None if reach is None else reach * reach
        self._middles: list[tuple[UnitState, float, float]] | None = None  # the Insurgents'
        self._first_exit = big_table(self.terrain.battlefield)  # R396
        self._in_reach_only = self._first_exit  # R397: fire and charges within reach

    def options_for(self, unit_id: str) -> list[Command]:
        """The legal commands naming `unit_id`, in the order the engine offered them (on a big
        table, fire and charges only at targets within reach: R397)."""
        if self._in_reach_only:  # --- thinking budget, round 7 (R397): a big table ---
            return list(self._options_in_reach(unit_id))
        if self._by_unit is None:
            self._by_unit = {}
            for c in self.legal:
                self._by_unit.setdefault(getattr(c, "unit", None), []).append(c)
        return list(self._by_unit.get(unit_id, ()))

    def _options_in_reach(self, unit_id: str) -> list[Command]:
        """R397: the unit's commands but fire and charges at targets beyond reach, read from
        the view narrowed (the engine checks no other), once per decision."""
        if self._by_unit is None:
            self._by_unit = {}
        found = self._by_unit.get(unit_id)
        if found is None:
            unit = self.state.units.get(unit_id)
            if unit is None or not unit.on_table:
                found = self.view.unit_options(unit_id)
            else:
                found = self.view.unit_options(unit_id, self._keep_for(unit))
            self._by_unit[unit_id] = found
        return found

    def _keep_for(self, unit: UnitState) -> Keep:
        """What of `unit`'s commands the AI reads on a big table: fire and charges within
        reach (R397); of its sample moves, the first legal one at each rate (speed only: the
        weighings read only which rates it may move at, `move_rates`; its destinations are its
        own), but every Cautious one for a unit carrying wounded (it weighs the engine's
        Cautious moves to safety, `WoundedToSafetyCandidate`)."""
        in_reach = target_in_reach(self.centre_of(unit), self._target_centre)
        wounded = any(f.status == FigureStatus.HIT for f in unit.figures)
        # the rates of the moves taken so far, by the list being taken into (it only grows)
        seen: dict[int, tuple[Sequence[Command], int, set[str]]] = {}

        def keep(command: Command, taken: Sequence[Command]) -> bool:
            if not in_reach(command):
                return False
            if not isinstance(command, MoveUnit):
                return True
            if wounded and command.rate == MoveRate.CAUTIOUS:
                return True
            held = seen.get(id(taken))
            if held is None or held[0] is not taken or held[1] > len(taken):
                held = (taken, 0, set())
            rates = held[2]
            rates.update(t.rate for t in taken[held[1] :] if isinstance(t, MoveUnit))
            seen[id(taken)] = (taken, len(taken), rates)
            return command.rate not in rates

        return keep

    def _target_centre(self, unit_id: str) -> Point | None:
        target = self.state.units.get(unit_id)
        if target is None or not target.on_table:
            return None
        return self.centre_of(target)

    def walk_left(self, start: Point, goal: Point) -> float:
        """`Board.path_distance` for many starts toward one goal (the destinations a unit
        weighs toward its objective): the routes are searched from the goal."""
        key = (start, goal)
        found = self._walks.get(key)
        if found is None:
            route = self.terrain.path_to(start, goal)
            found = self._walks[key] = path_length(route) + distance(route[-1], goal)
        return found

    def destinations(self, unit: UnitState, goal: Goal | None) -> list[Destination]:
        """Where `unit` could move (`Board._destinations_of`), listed once per decision."""
        key = (unit.id, goal)
        found = self._destinations.get(key)
        if found is None:
            found = self._destinations[key] = self._destinations_of(unit, goal)
        return list(found)

    def _destinations_of(self, unit: UnitState, goal: Goal | None) -> list[Destination]:
        raise NotImplementedError  # Board's

    def centre_of(self, unit: UnitState) -> Point:
        """`unit.centre` of one of the Board's own units, worked out once per decision."""
        found = self._centres.get(unit.id)
        if found is None:
            found = self._centres[unit.id] = unit.centre
        return found

    # --- the Regular AI's lines of sight (issue 23 §5): a short key per pair of positions ---
    def los(self, a: UnitPosition, b: UnitPosition) -> bool:
        if not a.figures or not b.figures:
            return False
        # Sight is judged both ways alike here (R4 counts figures of both units), which halves
        # the geometry queries; the engine still rules on the real line of sight.
        return self._remembered_los(self.sight_key(a, b), a, b)

    def _remembered_los(self, key: tuple[int, int, int], a: UnitPosition, b: UnitPosition) -> bool:
        seen = self._los.get(key)
        if seen is None:
            seen = self.terrain.line_of_sight(a, b)
            if len(self._los) >= SIGHT_MEMORY:
                self._los.clear()
            self._los[key] = seen
        return seen

    def insurgents_seeing(
        self, spot: UnitPosition, ignore: str = "", *, looking: bool = False
    ) -> list[UnitState]:
        """The Insurgent units (but `ignore`) in sight of `spot`, in order: `los(theirs, spot)`
        for each (`los(spot, theirs)` when the spot is `looking`: the geometry is asked in the
        same order as ever), naming the spot once."""
        if not spot.figures:
            return []
        name, version = self._name(spot), self.terrain.hull_version
        reading = self.reading
        if reading is not None:  # the weighing kept between activations (reweigh.py)
            reading.spot(spot)
        seeing = []
        for ins in self._insurgents_near(spot):  # --- thinking budget on big tables (R370) ---
            if ins.id == ignore:
                continue
            theirs = self.position(ins)
            if not theirs.figures:
                continue
            other = self._name(theirs)
            key = (name, other, version) if name <= other else (other, name, version)
            pair = (spot, theirs) if looking else (theirs, spot)
            if self._remembered_los(key, *pair):
                seeing.append(ins)
                if reading is not None:
                    reading.units.add(ins.id)
        return seeing

    # --- the weighings kept between activations (issue 23 §5, reweigh.py) ---
    def sight_name_of(self, position: UnitPosition) -> int:
        """The number the sight memory knows `position` by (the same all game long)."""
        return self._name(position)

    def sees_any(self, ins: UnitState, spots: Sequence[UnitPosition]) -> bool:
        """Whether the Insurgent unit, where it stands now, sees any of `spots` (the question
        `insurgents_seeing` asks, through the same memory)."""
        theirs = self.position(ins)
        if not theirs.figures:
            return False
        other, version = self._name(theirs), self.terrain.hull_version
        for spot in spots:
            if not self._within_reach(spot)(ins):
                continue  # not asked about by `insurgents_seeing` either (R370)
            name = self._name(spot)
            key = (name, other, version) if name <= other else (other, name, version)
            if self._remembered_los(key, theirs, spot):
                return True
        return False

    def friend_in_line(self, unit: UnitState, here: UnitPosition, there: UnitPosition) -> bool:
        """Whether a Regular unit other than `unit` stands in the line of fire from `here` to
        `there` (R6, R278: Regulars never fire through their own; the geometry's own question),
        recorded for the weighings kept between activations (reweigh.py)."""
        found = self.friends_in_line_now(unit, here, there)
        if self.reading is not None:
            self.reading.lines.append((here, there, found))
        return found

    def friends_in_line_now(self, unit: UnitState, here: UnitPosition, there: UnitPosition) -> bool:
        friends = self._friend_positions.get(unit.id)
        if friends is None:
            friends = [f.position() for f in self.regulars if f.id != unit.id]
            self._friend_positions[unit.id] = friends
        return bool(friends) and bool(self.terrain.units_in_line_of_fire(here, there, friends))

    def friend_names(self, unit: UnitState) -> tuple[tuple[str, int], ...]:
        """Where every other Regular unit stands, by sight name (reweigh.py)."""
        return tuple(
            (f.id, sight_name(f.position().figures, f.elevation))
            for f in self.regulars
            if f.id != unit.id
        )

    def within_reach(self, spot: UnitPosition) -> Callable[[UnitState], bool]:
        """Whether an Insurgent unit is weighed at all from `spot`: the watch's budget on a
        table over the thinking budget's size (R395, `thinking_budget`), as `_within_reach`."""
        return self._within_reach(spot)

    def _insurgents_near(self, spot: UnitPosition) -> list[UnitState]:
        """The Insurgent units `_within_reach` of `spot`, in order (one pass over their
        middles, worked out once per Board)."""
        reach2 = self._reach2
        if reach2 is None:
            return self.insurgents
        middles = self._middles
        if middles is None:
            middles = self._middles = [(i, *self.centre_of(i)) for i in self.insurgents]
        n = len(spot.figures)
        x = sum(p[0] for p in spot.figures) / n
        y = sum(p[1] for p in spot.figures) / n
        return [i for i, cx, cy in middles if (cx - x) ** 2 + (cy - y) ** 2 <= reach2]

    def _within_reach(self, spot: UnitPosition) -> Callable[[UnitState], bool]:
        """Whether an Insurgent unit stands near enough `spot` to be weighed as seeing it:
        always, but on a table over the thinking budget's size (R370)."""
        reach2 = self._reach2
        if reach2 is None:
            return _always
        n = len(spot.figures)
        x = sum(p[0] for p in spot.figures) / n
        y = sum(p[1] for p in spot.figures) / n

        def near(ins: UnitState) -> bool:
            cx, cy = self.centre_of(ins)
            return (cx - x) ** 2 + (cy - y) ** 2 <= reach2

        return near

    def sight_key(self, a: UnitPosition, b: UnitPosition) -> tuple[int, int, int]:
        """The key `Board.los` files the pair under, the same both ways: the names of the two
        positions and the hulls' version. A name stands for (figures, elevation), so the key
        hashes three integers where it hashed every figure's coordinates at every question."""
        first, second = self._name(a), self._name(b)
        if first > second:
            first, second = second, first
        return (first, second, self.terrain.hull_version)

    def _name(self, position: UnitPosition) -> int:
        known = self._names.get(id(position))
        if known is not None and known[0] is position:
            return known[1]
        name = sight_name(position.figures, position.elevation)
        self._names[id(position)] = (position, name)  # kept alive: its id is not reused
        return name


def _always(ins: UnitState) -> bool:
    return True


_SIGHT_NAMES: dict[tuple[tuple[Point, ...], int], int] = {}
_NEXT_NAME = itertools.count(1)
SIGHT_NAMES = 200_000  # positions named before the table starts afresh


def sight_name(figures: tuple[Point, ...], elevation: int) -> int:
    """A number for where a unit's figures stand, the same all game long; numbers are never
    given twice, so a table started afresh gives a position a new one and no pair of the
    AIs' sight memories is ever read for another pair."""
    key = (figures, elevation)
    name = _SIGHT_NAMES.get(key)
    if name is None:
        if len(_SIGHT_NAMES) >= SIGHT_NAMES:
            _SIGHT_NAMES.clear()
        name = _SIGHT_NAMES[key] = next(_NEXT_NAME)
    return name
