"""The solo Insurgent controller: answers the engine's Insurgent decisions by the solo tables.

Rulebook: Solo and Co-Op Gaming (Solo Game Turn Sequence, Insurgent Motivation, Insurgent Action
Checks); rulings R22, R35, R70-R79. The controller sees only its side's `PlayerView`: it rebuilds
the state from the view, asks the engine's `Terrain` the geometric questions (line of sight, Solid
Cover, paths) and turns each table row into one of the commands the engine accepts:

- `interrupts` (a Regular activates in sight): every eligible unit takes its Action Check, nearest
  first; rows that interrupt become `(unit, "fire" | "move")` declarations at the activation (R22).
- `interrupt_move`: the move row chosen for that unit picks the destination (R35: cover, out of
  LOS, into Optimum Range).
- `insurgent_action` (end of turn): units that have not checked this turn check, one at a time,
  nearest to the enemy first (R78); a unit that already checked holds (R72).
- `continue`: a unit does what its row said and stops.
- decisions the tables do not cover (hot spot on a 6, seek cover, charged, prisoners) follow the
  Insurgent motivations (R70).

Leaderless units roll no Quality Check here: the engine rolls it (Insurgent Interrupt Check; Move
Any Remaining Insurgent Units) once the unit acts. Table dice come from a `SeededDice` derived from
the controller's seed and the decision number, never from the game's dice, so replays agree.

Its only memory is the turn's: which units have taken their Action Check (R72) and the row each
interrupting unit follows when its move is asked. A game loaded from a save rebuilds it with
`recall` (the match driver hands over this turn's decisions), so it plays on exactly.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.ai.actions import Action, Interrupt, Pace, Target
from game.ai.procedure import (
    CheckOutcome,
    TurnLedger,
    checks_at_activation,
    checks_at_end_of_turn,
    end_of_turn_order,
)
from game.ai.situation import Moment, Situation, UnitKind
from game.ai.tables import ActionChoice
from game.ai.unit_facts import situation_kind, table_firepower, table_optimum_range
from game.battlefield.model import Battlefield, Point, UnitPosition
from game.engine.commands import (
    Answer,
    Command,
    DeclareInterrupts,
    EndActivation,
    EndPhase,
    Fire,
    MoveUnit,
)
from game.engine.protocol import ContractorStatus, DecisionKind, EventKind, FigureStatus, MoveRate
from game.engine.rulesbridge import rules_unit
from game.engine.state import INSURGENT, REGULAR, GameState, UnitState
from game.engine.terrain import (
    Terrain,
    distance,
    path_length,
    truncate,
    walk,
)
from game.engine.view import PlayerView
from game.rules.dice import DiceSource, SeededDice
from game.rules.movement import (
    CAUTIOUS,
    COHESION_REACH,
    CONTRACTOR_KEEP_OFF,
    OUT_OF_CONTACT_SAMPLE,
    RAPID,
)
from game.rules.units import Unit

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


class _World:
    """The Insurgent side's picture of the table at one decision, rebuilt from the PlayerView."""

    def __init__(self, view: PlayerView, terrain: Terrain, battlefield: Battlefield) -> None:
        self.state = GameState.from_dict(view.state)
        self.terrain = terrain
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
        return table_optimum_range(self.rules_unit(unit))

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

        Read from the event log when the view carries it, else from the units' own record (the
        turn each last fired, and who last fired at each).
        """
        pairs: list[tuple[str, str]] = []
        for event in self.state.events:
            if event.get("turn") == self.turn and event.get("kind") == EventKind.FIRE:
                data = event.get("data", {})
                pairs.append((str(data.get("firer", "")), str(data.get("target", ""))))
        if not self.state.events:
            firers = {u.id for u in self.state.units.values() if u.fired_turn == self.turn}
            pairs += [(f, "") for f in sorted(firers)]
            pairs += [
                (u.last_attacker, u.id)
                for u in self.state.units.values()
                if u.last_attacker in firers
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

    def objective_points(self) -> list[Point]:
        """The Insurgents' objectives: Objective markers and contractors not yet taken."""
        points = [m.position for m in self.battlefield.markers if m.kind == "Objective"]
        points += [
            (c.x, c.y)
            for c in self.state.contractors
            if c.status in (ContractorStatus.WAITING, ContractorStatus.ESCORTED)
        ]
        return points

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
            objective_known=bool(self.objective_points()),
        )

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
            return nearest(self.objective_points())
        if target in (Target.NEAREST_ENEMY, Target.NEAREST_ENEMY_IN_LOS, Target.COMBAT):
            return nearest([r.centre for r in self.regulars])
        if target is Target.ACTIVATED_REGULAR:
            regular = self.unit(activated)
            return regular.centre if regular is not None else None
        return None


@dataclass
class _Plan:
    choice: ActionChoice
    activated: str = ""


class InsurgentAI:
    """A controller for the Insurgent side of a solo or co-op game (Solo and Co-Op Gaming).

    `log` keeps one line per Action Check and per decision, naming the table and row, so the
    player can see why the Insurgents did what they did.
    """

    def __init__(self, battlefield: Battlefield, seed: int = 0) -> None:
        self.battlefield = battlefield
        self.terrain = Terrain(battlefield)
        self.seed = seed
        self.log: list[str] = []
        self._ledger = TurnLedger(turn=0)
        self._plans: dict[str, _Plan] = {}

    # -- the Controller protocol ---------------------------------------------------------------
    def recall(self, history: Sequence[tuple[PlayerView, Command]]) -> None:
        """Rebuild the memory of the turn (which units took their Action Check, R72, and the
        row each interrupting unit follows) from this side's decisions of the current turn,
        each with the command that answered it: the AI thinks them over again (its dice follow
        from the seed and the decision number, so it reaches the same rows), and its reasons
        are not told twice. When an answer differs (a person played this side, or another
        version of the AI did) nothing is remembered, as for a new turn."""
        self._forget()
        told = len(self.log)
        for view, command in history:
            try:
                same = self.choose(view).to_json() == command.to_json()
            except Exception:  # the decision cannot be thought over: not this AI's game
                same = False
            if not same:
                self._forget()
                break
        del self.log[told:]

    def _forget(self) -> None:
        self._ledger = TurnLedger(turn=0)
        self._plans = {}

    def choose(self, view: PlayerView) -> Command:
        """A command for the Insurgents' pending decision (see the module docstring)."""
        if view.decision is None or not view.legal:
            raise ValueError("the Insurgent AI was asked to choose with no pending decision")
        world = _World(view, self.terrain, self.battlefield)
        if world.turn != self._ledger.turn:
            self._ledger = TurnLedger(turn=world.turn)
            self._plans = {}
        decision = view.decision
        handlers: dict[str, Callable[[PlayerView, _World, dict[str, Any]], Command]] = {
            DecisionKind.INTERRUPTS: self._declare_interrupts,
            DecisionKind.INTERRUPT_MOVE: self._interrupt_move,
            DecisionKind.INSURGENT_ACTION: self._end_of_turn_action,
            DecisionKind.CONTINUE: self._continue,
            DecisionKind.SEEK_COVER: self._seek_cover,
            DecisionKind.ASSAULTED: self._assaulted,
            DecisionKind.PRISONERS: self._prisoners,
            DecisionKind.HOT_SPOT: self._hot_spot,
        }
        handler = handlers.get(str(decision["kind"]), self._first_legal)
        return handler(view, world, decision)

    def _dice(self, decision: dict[str, Any]) -> DiceSource:
        return SeededDice(self.seed * 1_000_003 + int(decision["id"]) * 7919 + 17)

    def _note(self, line: str) -> None:
        self.log.append(line)

    # -- step 10: interruptions at a Regular activation ----------------------------------------
    def _declare_interrupts(
        self, view: PlayerView, world: _World, decision: dict[str, Any]
    ) -> Command:
        context = decision.get("context", {})
        regular = world.unit(str(context.get("regular", "")))
        # a unit that has checked this turn does not check again (R72): no Situation for it
        eligible = [
            u
            for u in (world.unit(str(i)) for i in context.get("eligible", ()))
            if u is not None and not self._ledger.has_checked(u.id)
        ]
        if regular is None:
            return DeclareInterrupts(side=INSURGENT, declarations=())
        moving = bool(context.get("moving", "moving" in str(decision.get("prompt", ""))))
        fire_targets = {str(t) for t in context.get("targets", [context.get("target", "")])}
        situations = [
            world.situation(
                u,
                Moment.REGULAR_ACTIVATION,
                activated=regular,
                regulars_moving=moving,
                fired_on=u.id in fire_targets,
            )
            for u in eligible
        ]
        outcomes, self._ledger = checks_at_activation(
            situations, self._ledger, self._dice(decision), quality_checks=False
        )
        declarations: list[tuple[str, str]] = []
        for outcome in outcomes:
            self._note(f"T{world.turn} {regular.name} activates: {outcome.log}")
            if outcome.choice is None:
                continue
            mode = outcome.choice.action.interrupt
            if mode is Interrupt.NONE:
                continue
            unit = world.unit(outcome.unit_id)
            if mode is Interrupt.MOVE and unit is not None and unit.joined_turn == world.turn:
                # R80: a leader joined it this turn (that was its move): it may only fire
                self._note(
                    f"T{world.turn} {unit.name} cannot interrupt by moving: a leader joined it "
                    "this turn, it may only fire (R80); it holds"
                )
                continue
            blocker = (
                self._straight_in_line(world, unit, regular)
                if mode is Interrupt.FIRE and unit is not None
                else None
            )
            if unit is not None and blocker is not None:
                # R93: the row asks for fire, but no unit fires through another (R6); declaring
                # it would only fizzle after the Reaction Test
                self._note(
                    f"T{world.turn} {unit.name} cannot interrupt by fire: {blocker} stands "
                    f"straight in the line to {regular.name} (R6); it holds (R93)"
                )
                continue
            declarations.append((outcome.unit_id, mode.value))
            self._plans[outcome.unit_id] = _Plan(outcome.choice, activated=regular.id)
        return DeclareInterrupts(side=INSURGENT, declarations=tuple(declarations), at=0.0)

    def _straight_in_line(self, world: _World, unit: UnitState, target: UnitState) -> str | None:
        """The name of a unit the centre line from `unit` to `target` passes straight through
        at the firer's level (it blocks fire for everyone, R6), else None."""
        others = [
            u for u in world.state.units.values() if u.on_table and u.id not in (unit.id, target.id)
        ]
        blocker = self.terrain.blocks_fire(
            world.position(unit), world.position(target), [world.position(o) for o in others]
        )
        found = world.unit(blocker) if blocker is not None else None
        return found.name if found is not None else None

    def _interrupt_move(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        unit_id = str(decision.get("context", {}).get("unit", ""))
        unit = world.unit(unit_id)
        moves = [c for c in view.legal if isinstance(c, MoveUnit)]
        plan = self._plans.get(unit_id)
        if unit is None or not moves:
            return self._first_legal(view, world, decision)
        action = plan.choice.action if plan else Action.MOVE_OUT_OF_LOS
        target = plan.choice.toward if plan and plan.choice.toward is not Target.NONE else None
        activated = plan.activated if plan else ""
        command = self._best_move(world, unit, action, moves, activated, target)
        self._note(
            f"T{world.turn} {unit.name} {action.label}: moves {command.rate} toward "
            f"({command.to[0]:.1f}, {command.to[1]:.1f})"
        )
        return command

    # -- step 12: the Insurgent phase ----------------------------------------------------------
    def _end_of_turn_action(
        self, view: PlayerView, world: _World, decision: dict[str, Any]
    ) -> Command:
        by_unit: dict[str, list[Command]] = {}
        for option in view.legal:
            unit_id = getattr(option, "unit", "")
            if unit_id:
                by_unit.setdefault(str(unit_id), []).append(option)
        waiting = [
            u
            for u in (world.unit(i) for i in by_unit)
            if u is not None and not self._ledger.has_checked(u.id)
        ]

        # In the order of `end_of_turn_order` (R78), read from the units themselves: a unit's
        # full Situation (sight to every unit, cover) is worked out only when its turn comes,
        # and the first unit that acts ends this decision.
        def order(unit: UnitState) -> tuple[bool, float, str]:
            nearest = min((distance(unit.centre, r.centre) for r in world.regulars), default=None)
            return end_of_turn_order(
                Situation(
                    unit_id=unit.id,
                    kind=world.kind(unit),
                    moment=Moment.END_OF_TURN,
                    distance_to_nearest_enemy=nearest,
                )
            )

        dice = self._dice(decision)
        for unit in sorted(waiting, key=order):
            situation = world.situation(unit, Moment.END_OF_TURN)
            outcomes, self._ledger = checks_at_end_of_turn(
                [situation], self._ledger, dice, quality_checks=False
            )
            (outcome,) = outcomes
            self._note(f"T{world.turn} end of turn: {outcome.log}")
            command = self._command_for(world, outcome, by_unit[situation.unit_id])
            if command is not None:
                if outcome.choice is not None:
                    self._plans[situation.unit_id] = _Plan(outcome.choice)
                return command
        return EndPhase(side=INSURGENT)

    def _command_for(
        self, world: _World, outcome: CheckOutcome, options: list[Command]
    ) -> Command | None:
        """The unit's command for its end-of-turn row; None when it holds (no action, remain)."""
        unit = world.unit(outcome.unit_id)
        action = outcome.action
        if unit is None or action in (Action.NO_ACTION, Action.REMAIN_IN_PLACE):
            return None
        if action.interrupt is Interrupt.FIRE or action is Action.FIRE_AT_NEAREST_ENEMY:
            fires = [c for c in options if isinstance(c, Fire)]
            fires.sort(key=lambda c: self._target_distance(world, unit, c.target))
            return fires[0] if fires else None
        moves = [c for c in options if isinstance(c, MoveUnit)]
        if not moves:
            return None
        return self._best_move(world, unit, action, moves, "", None)

    def _target_distance(self, world: _World, unit: UnitState, target_id: str) -> float:
        target = world.unit(target_id)
        return distance(unit.centre, target.centre) if target is not None else math.inf

    def _continue(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        unit_id = str(decision.get("context", {}).get("unit", ""))
        for command in view.legal:
            if isinstance(command, EndActivation) and command.unit == unit_id:
                return command
        return self._first_legal(view, world, decision)

    # -- decisions outside the tables (R70) ------------------------------------------------------
    def _answers(self, view: PlayerView) -> list[Answer]:
        return [c for c in view.legal if isinstance(c, Answer)]

    def _seek_cover(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        """R35: the nearest offered covered spot; stay and try to Get In Cover if none."""
        unit = world.unit(str(decision.get("context", {}).get("unit", "")))
        answers = self._answers(view)
        spots = [a for a in answers if isinstance(a.choice, list | tuple)]
        if unit is None or not spots:
            return answers[0] if answers else self._first_legal(view, world, decision)
        here = unit.leader_point
        return min(spots, key=lambda a: distance(here, (float(a.choice[0]), float(a.choice[1]))))

    def _assaulted(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        """Motivation: fight back (fire, else stand); flee only when nothing else is allowed."""
        answers = self._answers(view)
        for wanted in ("fire", "stand", "flee"):
            for answer in answers:
                if answer.choice == wanted:
                    return answer
        return self._first_legal(view, world, decision)

    def _prisoners(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        for answer in self._answers(view):
            if answer.choice is True:
                return answer
        return self._first_legal(view, world, decision)

    def _hot_spot(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        """A free choice of Hot Spot: the active one nearest to a Regular unit (attack)."""
        spots = {str(h.number): (h.x, h.y) for h in world.state.hot_spots.values()}
        answers = [a for a in self._answers(view) if str(a.choice) in spots]
        if not answers or not world.regulars:
            return self._first_legal(view, world, decision)

        def closeness(answer: Answer) -> tuple[float, str]:
            spot = spots[str(answer.choice)]
            return (min(distance(spot, r.centre) for r in world.regulars), str(answer.choice))

        return min(answers, key=closeness)

    def _first_legal(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        self._note(
            f"T{world.turn} no solo rule for the decision {decision.get('kind')!r}: "
            "first legal answer"
        )
        return view.legal[0]

    # -- where to move (R35) ----------------------------------------------------------------------
    def _best_move(
        self,
        world: _World,
        unit: UnitState,
        action: Action,
        moves: list[MoveUnit],
        activated: str,
        toward: Target | None,
    ) -> MoveUnit:
        """The legal move that best does what the row asked (R35, R78)."""
        wanted_rate = {Pace.RAPID: MoveRate.RAPID, Pace.CAUTIOUS: MoveRate.CAUTIOUS}.get(
            action.pace
        )
        rates = {c.rate for c in moves if c.rate != MoveRate.OUT_OF_CONTACT}
        if wanted_rate in rates:
            rates = {wanted_rate}
        pool = [c for c in moves if c.rate in rates] or list(moves)
        goal_target = toward if toward is not None else action.target
        goal = world.goal_point(unit, goal_target, activated)
        pool += self._extra_moves(world, unit, pool, goal)
        # a destination offered twice (the engine's samples and the ring meet at full reach)
        # is weighed once: the later copy could never beat the earlier one
        pool = list(dict.fromkeys(pool))
        watchers = [r for r in world.regulars if world.los(unit, r)]
        regular = world.unit(activated)
        candidates = [self._evaluate(world, unit, c, goal, watchers, regular) for c in pool]
        return candidates[_lowest(candidates, _criteria(action, world.optimum_range(unit)))].command

    def _extra_moves(
        self, world: _World, unit: UnitState, pool: list[MoveUnit], goal: Point | None
    ) -> list[MoveUnit]:
        """More destinations at the rates the engine offered: a ring, and the goal itself.

        The engine's samples show which rates are legal for this unit now; a destination of its
        own is added only where the engine's other limits cannot refuse it (a Shaken unit may not
        close on the enemy; nobody may end a move near a contractor the Regulars have not reached).
        """
        if unit.shaken_turn == world.turn - 1 > 0:
            return []  # Shaken: only away from the enemy; the engine's own samples are safe
        start = unit.leader_point
        waiting = [
            (c.x, c.y) for c in world.state.contractors if c.status == ContractorStatus.WAITING
        ]
        out: list[MoveUnit] = []
        for rate in sorted({c.rate for c in pool if c.rate in (MoveRate.CAUTIOUS, MoveRate.RAPID)}):
            reach = CAUTIOUS if rate == MoveRate.CAUTIOUS else RAPID
            points: list[Point] = []
            for k in range(RING_DIRECTIONS):
                angle = 2 * math.pi * k / RING_DIRECTIONS
                for fraction in RING_FRACTIONS:
                    r = reach * fraction
                    points.append((start[0] + r * math.cos(angle), start[1] + r * math.sin(angle)))
            if goal is not None and distance(start, goal) > STOP_SHORT_OF_FRIEND + 0.25:
                t = (distance(start, goal) - STOP_SHORT_OF_FRIEND) / distance(start, goal)
                points.append(
                    (start[0] + (goal[0] - start[0]) * t, start[1] + (goal[1] - start[1]) * t)
                )
            for x, y in points:
                to = (round(x, 2), round(y, 2))
                if not self.terrain.on_table(to) or self.terrain.blocked_point(to):
                    continue
                path = self.terrain.path(start, to)
                length = path_length(path)
                if length < 0.25:
                    continue
                end = walk(path, min(reach, length))
                if any(distance(end, c) < CONTRACTOR_KEEP_OFF for c in waiting):
                    continue
                out.append(MoveUnit(side=INSURGENT, unit=unit.id, to=to, rate=rate))
        return out

    def _placed(self, world: _World, unit: UnitState, leader_to: Point) -> UnitPosition:
        """Where the figures would stand with the leader at `leader_to`, placed as the engine
        places them: in cohesion around the leader, clear of other bases, when the geometry
        can; else shifted (R3)."""
        live = unit.effective_figures
        occupied = world.others_bases(unit)
        spots: list[Point] | None = None
        if live:
            spots = self.terrain.place(leader_to, len(live), occupied=occupied)
        if spots is not None:
            figures = tuple((round(p[0], 3), round(p[1], 3)) for p in spots)
            leader_to = spots[0]  # beside another unit's base rather than on it (R92)
        else:
            start = unit.leader_point
            dx, dy = leader_to[0] - start[0], leader_to[1] - start[1]
            moved = []
            for f in live:
                target = (f.x + dx, f.y + dy)
                if self.terrain.blocked_point(target) and not self.terrain.blocked_point(leader_to):
                    target = leader_to
                moved.append(target)
            figures = tuple(moved)
        return UnitPosition(unit.id, figures, unit.elevation, leader_to)

    def _evaluate(
        self,
        world: _World,
        unit: UnitState,
        command: MoveUnit,
        goal: Point | None,
        watchers: list[UnitState],
        activated: UnitState | None,
    ) -> _LazyCandidate:
        start = unit.leader_point
        reaches: dict[str, float] = {
            MoveRate.CAUTIOUS: CAUTIOUS,
            MoveRate.RAPID: RAPID,
            MoveRate.OUT_OF_CONTACT: OUT_OF_CONTACT_SAMPLE,
        }
        reach = reaches.get(command.rate, CAUTIOUS)
        path = truncate(self.terrain.path(start, command.to), reach)
        return _LazyCandidate(self, world, unit, command, path, goal, watchers, activated)


class _LazyCandidate:
    """A destination's facts for `_score`, each worked out on first use (as `_Candidate`)."""

    def __init__(
        self,
        ai: InsurgentAI,
        world: _World,
        unit: UnitState,
        command: MoveUnit,
        path: list[Point],
        goal: Point | None,
        watchers: list[UnitState],
        activated: UnitState | None,
    ) -> None:
        self._ai, self._world, self._unit = ai, world, unit
        self._path, self._goal = path, goal
        self._watchers, self._activated = watchers, activated
        self.command = command
        self.moved = path_length(path)
        self.end = walk(path, self.moved)
        self.goal_distance = distance(self.end, goal) if goal is not None else 0.0

    @cached_property
    def position(self) -> UnitPosition:
        return self._ai._placed(self._world, self._unit, self.end)

    @cached_property
    def in_contact(self) -> bool:
        """R94: some figure would stand within 1" (edge to edge) of a Regular figure."""
        bases = self._world.enemy_bases()
        return any(
            abs(p[0] - q[0]) < CONTACT_INCHES
            and abs(p[1] - q[1]) < CONTACT_INCHES
            and distance(p, q) < CONTACT_INCHES
            for p in self.position.figures
            for q in bases
        )

    @cached_property
    def solid(self) -> bool:
        return bool(self._ai.terrain.in_solid_cover(self.position))

    @cached_property
    def watched(self) -> bool:
        """Some Regular that sees the unit now would see it there."""
        return any(self._world.sees(self.position, r) for r in self._nearest_first(self._watchers))

    @cached_property
    def sees_enemy(self) -> bool:
        return any(
            self._world.sees(self.position, r) for r in self._nearest_first(self._world.regulars)
        )

    def _nearest_first(self, regulars: list[UnitState]) -> list[UnitState]:
        """The nearest Regular is the likeliest to see the spot: sight is traced to it first."""
        end, centre = self.end, self._world.centre
        return sorted(regulars, key=lambda r: distance(end, centre(r)))

    @cached_property
    def exposure(self) -> int:
        """Route steps (every ROUTE_STEP inches) that some Regular sees (R35)."""
        world = self._world
        if self._goal is None or not world.regulars:
            return 0
        seen = 0
        # the Regular that saw the last step is asked first about the next one
        regulars = self._nearest_first(world.regulars)
        for k in range(1, int(self.moved // ROUTE_STEP) + 1):
            probe = UnitPosition("probe", (walk(self._path, k * ROUTE_STEP),))
            seer = next((r for r in regulars if world.sees(probe, r)), None)
            if seer is not None:
                seen += 1
                regulars.remove(seer)
                regulars.insert(0, seer)
        return seen

    @cached_property
    def activated_distance(self) -> float:
        if self._activated is None:
            return 0.0
        return distance(self.position.centre, self._activated.centre)


@dataclass(frozen=True)
class _Criterion:
    """One way of ranking destinations: `value` of a candidate, lower is better. A costly fact
    (the figures' placement, sight lines) has a `floor`, a value no candidate can go below, so
    a candidate's fact is worked out only while the floor still lets it win; cheap ones have
    no floor and are read for every candidate."""

    value: Callable[[Any], Any]
    floor: Any = None


def _criteria(action: Action, optimum_range: float) -> list[_Criterion]:
    """Lower is better, compared in this order: out of contact with the Regulars (R94), then
    what each row asks of its destination (R35)."""
    return [_Criterion(lambda c: c.in_contact, False), *_row_criteria(action, optimum_range)]


def _row_criteria(action: Action, optimum_range: float) -> list[_Criterion]:
    """What each row asks of its destination, in order (R35)."""
    moved = _Criterion(lambda c: float(round(c.moved, 2)))
    goal = _Criterion(lambda c: float(round(c.goal_distance, 1)))
    not_solid = _Criterion(lambda c: not c.solid, False)
    watched = _Criterion(lambda c: c.watched, False)

    if action in (Action.MOVE_INTO_COVER, Action.TAKE_COVER):
        return [not_solid, moved]
    if action is Action.TAKE_COVER_OUT_OF_LOS:
        return [not_solid, _Criterion(lambda c: c.sees_enemy, False), moved]
    if action is Action.TAKE_COVER_WITH_LOS:
        return [not_solid, _Criterion(lambda c: not c.sees_enemy, False), moved]
    if action is Action.MOVE_OUT_OF_LOS:
        return [watched, moved]
    if action is Action.MOVE_OUT_OF_LOS_TOWARD_FRIEND:
        return [watched, goal, moved]
    if action is Action.MOVE_OUT_OF_LOS_OR_INTO_COVER_TOWARD_FRIEND:
        return [_Criterion(lambda c: c.watched and not c.solid, False), goal, moved]
    if action is Action.MOVE_INTO_OPTIMUM_RANGE:
        return [_Criterion(lambda c: c.activated_distance > optimum_range, False), not_solid, moved]
    if action is Action.ADVANCE_TO_ENEMY:
        return [goal, not_solid, _Criterion(lambda c: not c.sees_enemy, False)]
    # moves toward a friend, a hot spot or the objective: get as near as the move allows (to the
    # inch), then by the route least seen by the Regulars, then the shortest (R35)
    return [
        _Criterion(lambda c: round(c.goal_distance)),
        _Criterion(lambda c: c.exposure, 0),
        moved,
    ]


def _lowest(candidates: Sequence[Any], criteria: Sequence[_Criterion]) -> int:
    """The index of the candidate with the lowest (criteria values..., index), as if every
    value of every candidate were compared, but best first: a candidate's key holds the floor
    of each costly value not yet known, the lowest key is taken, and its next unknown value is
    worked out; the first candidate taken with every value known has the lowest true key,
    since no other key can rise below its floor."""
    heap: list[tuple[tuple[Any, ...], int]] = []
    for index, candidate in enumerate(candidates):
        key = tuple(
            criterion.value(candidate) if criterion.floor is None else criterion.floor
            for criterion in criteria
        )
        heap.append((key, index))
    heapq.heapify(heap)
    known: list[set[int]] = [
        {k for k, criterion in enumerate(criteria) if criterion.floor is None} for _ in candidates
    ]
    while heap:
        key, index = heapq.heappop(heap)
        unknown = next((k for k in range(len(criteria)) if k not in known[index]), None)
        if unknown is None:
            return index
        known[index].add(unknown)
        value = criteria[unknown].value(candidates[index])
        heapq.heappush(heap, ((*key[:unknown], value, *key[unknown + 1 :]), index))
    raise ValueError("no candidate to choose from")


def _score(action: Action, c: _Candidate, optimum_range: float) -> tuple[Any, ...]:
    """Lower is better: what each row asks of its destination (R35)."""
    return tuple(criterion.value(c) for criterion in _criteria(action, optimum_range))


__all__ = ["InsurgentAI"]
