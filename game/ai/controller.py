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

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import insurgent_vehicles  # --- vehicles entering play (R306)
from game.ai.actions import Action, Interrupt, Pace, Target
from game.ai.cards import choose_card  # --- cards (issue 19)
from game.ai.explain import why_not
from game.ai.procedure import (
    CheckOutcome,
    TurnLedger,
    checks_at_activation,
    checks_at_end_of_turn,
    end_of_turn_order,
)
from game.ai.ranking import _criteria, _LazyCandidate, _lowest, _lowest_passing, _score
from game.ai.reach import end_state, grid_destinations
from game.ai.safest import SafestRoutes, safest_move
from game.ai.situation import Moment, Situation, UnitKind
from game.ai.tables import ActionChoice
from game.ai.world import (
    CONTACT_INCHES,
    RING_DIRECTIONS,
    RING_FRACTIONS,
    STOP_SHORT_OF_FRIEND,
    _Candidate,
    _World,
)
from game.battlefield.model import Battlefield, Point, UnitPosition
from game.engine import card_paths
from game.engine.commands import (
    Answer,
    Command,
    DeclareInterrupts,
    EndActivation,
    EndPhase,
    Fire,
    InfluenceMob,
    MoveUnit,
)
from game.engine.protocol import ContractorStatus, DecisionKind, MoveRate
from game.engine.state import INSURGENT, UnitState
from game.engine.terrain import Terrain, distance, path_length, truncate, walk
from game.engine.view import PlayerView
from game.rules.dice import DiceSource, SeededDice
from game.rules.movement import CAUTIOUS, CONTRACTOR_KEEP_OFF, OUT_OF_CONTACT_SAMPLE, RAPID


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
        self._safest = SafestRoutes(self.terrain)  # R274

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
            DecisionKind.RESUME_MOVE: self._resume_move,
            DecisionKind.CARD_CHOICE: self._card_choice,  # --- cards (issue 19) ---
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
        if context.get("action") == "pinned":
            # R104: the Action Check tables have no row for giving up an interruption to fire
            # at a Pinned unit, and checking would use up the unit's check of the turn (R72)
            return DeclareInterrupts(side=INSURGENT, declarations=())
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
        # a unit's options are read when its turn comes (lazy sample commands, issue 23 §5)
        waiting = [
            u
            for u in (world.unit(i) for i in view.option_units())
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
            options = view.unit_options(unit.id)
            arm = self._arm_mob(world, unit, options)  # civilians (issue 21, R239)
            if arm is not None:
                return arm
            situation = world.situation(unit, Moment.END_OF_TURN)
            outcomes, self._ledger = checks_at_end_of_turn(
                [situation], self._ledger, dice, quality_checks=False
            )
            (outcome,) = outcomes
            self._note(f"T{world.turn} end of turn: {outcome.log}")
            command = self._command_for(world, outcome, options)
            if isinstance(command, MoveUnit) and situation.kind is UnitKind.LEADER_ALONE:
                self._note(self._join_note(world, unit, command))
            if command is not None:
                if outcome.choice is not None:
                    self._plans[situation.unit_id] = _Plan(outcome.choice)
                return command
            why = why_not(world.turn, unit, outcome, options)
            if why:
                self._note(f"T{world.turn} {unit.name} cannot {outcome.action.label}: {why}")
        return EndPhase(side=INSURGENT)

    def _arm_mob(self, world: _World, unit: UnitState, options: list[Command]) -> Command | None:
        """A leader in contact with a civilian mob, with men to hand out weapons, tries to arm
        it before his unit's Action Check: the solo tables have no row for mobs (R239)."""
        for option in options:
            if isinstance(option, InfluenceMob) and option.arm:
                self._note(
                    f"T{world.turn} end of turn: the leader of {unit.name} is in contact with "
                    f"civilian mob {option.mob} and tries to arm it (not a solo-table row: R239)"
                )
                return option
        return None

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
        if not moves:  # --- vehicles entering play: a technical drives (R306) ---
            return insurgent_vehicles.drive_for(world, unit, action, options, self._note)
        return self._best_move(world, unit, action, moves, "", None)

    def _join_note(self, world: _World, leader: UnitState, command: MoveUnit) -> str:
        """Whether the lone leader's move ends in cohesion with a friend, who then takes him in
        (Leaders Joining a Unit, R80), or why not: how far short of cohesion it stops."""
        reach = RAPID if command.rate == MoveRate.RAPID else CAUTIOUS
        end = walk(truncate(self.terrain.path(leader.leader_point, command.to), reach), reach)
        friends = [u for u in world.insurgents if u.id != leader.id and u.effective_figures]
        if not friends:
            return f"T{world.turn} {leader.name} has no friendly unit to join"

        def gap(u: UnitState) -> float:
            return min(distance(end, f.pos) for f in u.effective_figures)

        nearest = min(friends, key=lambda u: (gap(u), u.id))
        short = gap(nearest) - CONTACT_INCHES
        if short <= 0:
            return (
                f"T{world.turn} {leader.name} ends in cohesion with {nearest.name}: joins it (R80)"
            )
        return (
            f"T{world.turn} {leader.name} cannot join a unit this turn: the move stops "
            f'{short:.1f}" short of cohesion with {nearest.name}'
        )

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
    def _resume_move(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        """R105: a move Overwatch interrupted goes on as its Action Check planned it (the
        first option); the tables have no row for changing it."""
        unit = world.unit(str(decision.get("context", {}).get("unit", "")))
        self._note(
            f"T{world.turn} {unit.name if unit else '?'} goes on with its move as planned (R105)"
        )
        return view.legal[0]

    def _answers(self, view: PlayerView) -> list[Answer]:
        return [c for c in view.legal if isinstance(c, Answer)]

    def _seek_cover(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        """R35: the nearest offered covered spot (asked only when there is one, R121)."""
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

    # --- cards (issue 19) ---
    def _card_choice(self, view: PlayerView, world: _World, decision: dict[str, Any]) -> Command:
        command, reason = choose_card(view, self.battlefield)
        self._note(f"T{world.turn} {reason}")
        return command

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
        watchers = [r for r in world.regulars if world.los(unit, r)]
        regular = world.unit(activated)
        safe = safest_move(  # R274; a move ending in contact is no safe one (R94)
            self._safest, world, unit, action, pool, goal, self._note,
            lambda c: not self._evaluate(world, unit, c, goal, watchers, regular).in_contact,
        )  # fmt: skip
        if safe is not None:
            return safe
        pool += self._extra_moves(world, unit, pool, goal)
        # a destination offered twice (the engine's samples and the ring meet at full reach)
        # is weighed once: the later copy could never beat the earlier one
        pool = list(dict.fromkeys(pool))
        reach_range = world.optimum_range(unit)
        criteria = _criteria(action, reach_range)
        candidates = [self._evaluate(world, unit, c, goal, watchers, regular) for c in pool]
        found = end_state(action, reach_range)
        if found is None:
            return candidates[_lowest(candidates, criteria)].command
        # out of contact (R94) and in the row's end state (R131) are the first two criteria:
        # the lowest key passes both whenever some candidate does
        first = _lowest_passing(candidates, criteria, 2)
        if first is not None:
            return candidates[first].command
        # R131: the ring missed the row's end state; every reachable spot of the grid is tried
        seen = {c.to for c in pool}
        dense = [
            self._evaluate(world, unit, c, goal, watchers, regular)
            for c in self._grid_moves(world, unit, pool)
            if c.to not in seen
        ]
        better = _lowest_passing(dense, criteria, 2) if dense else None
        if better is not None:
            return dense[better].command
        self._note(
            f"T{world.turn} {unit.name} {action.label}: no spot it can reach is {found[0]} "
            "(R131); it goes where the row's other wishes are best met"
        )
        return candidates[_lowest(candidates, criteria)].command

    def _grid_moves(self, world: _World, unit: UnitState, pool: list[MoveUnit]) -> list[MoveUnit]:
        """Every reachable spot of the one-inch grid at the rates offered (R131), kept off the
        contractors the Regulars have not reached, as `_extra_moves`; none for a Shaken unit."""
        if unit.recovering(world.turn):
            return []
        waiting = [
            (c.x, c.y) for c in world.state.contractors if c.status == ContractorStatus.WAITING
        ]
        out: list[MoveUnit] = []
        for rate in sorted({c.rate for c in pool if c.rate in (MoveRate.CAUTIOUS, MoveRate.RAPID)}):
            reach = CAUTIOUS if rate == MoveRate.CAUTIOUS else RAPID
            for to in grid_destinations(self.terrain, unit.leader_point, reach):
                if any(distance(to, c) < CONTRACTOR_KEEP_OFF for c in waiting):
                    continue
                out.append(MoveUnit(side=INSURGENT, unit=unit.id, to=to, rate=rate))
        return card_paths.open_moves(world.state, self.terrain, unit, out)  # cards: R283

    def _extra_moves(
        self, world: _World, unit: UnitState, pool: list[MoveUnit], goal: Point | None
    ) -> list[MoveUnit]:
        """More destinations at the rates the engine offered: a ring, and the goal itself.

        The engine's samples show which rates are legal for this unit now; a destination of its
        own is added only where the engine's other limits cannot refuse it (a Shaken unit may not
        close on the enemy; nobody may end a move near a contractor the Regulars have not reached).
        """
        if unit.recovering(world.turn):
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
        return card_paths.open_moves(world.state, self.terrain, unit, out)  # cards: R283

    def _placed(self, world: _World, unit: UnitState, leader_to: Point) -> UnitPosition:
        """Where the figures would stand with the leader at `leader_to`, placed as the engine
        places them: in cohesion around the leader, clear of other bases, when the geometry
        can; else shifted (R3). Asked once per unit and spot in a decision: the same spot
        offered at two rates is placed once (the placement reads nothing else)."""
        key = (unit.id, leader_to)
        known = world.placements.get(key)
        if known is None:
            known = world.placements[key] = self._place_at(world, unit, leader_to)
        return known

    def _place_at(self, world: _World, unit: UnitState, leader_to: Point) -> UnitPosition:
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


__all__ = ["InsurgentAI", "_Candidate", "_World", "_criteria", "_lowest", "_score"]
