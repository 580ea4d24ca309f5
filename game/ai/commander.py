"""The Commander Insurgent AI (issue 17 §2): the Insurgents played by the two-player rules, as a
person across the table would play them, rather than by the solo Action Check tables.

It answers the same decisions as the solo controller (`controller.InsurgentAI`, whose answers it
keeps for the decisions that are motivation rather than tactics: Seek Cover, being charged,
prisoners, the hot spot on a 6, a move resumed after Overwatch) and decides the tactical ones
with candidate actions (`game.ai.rca`, as the Regular AI does), scored in Victory Points on the
`InsurgentBoard` (`commander_board.py`: the engine's own Firepower and Defense, the exact attack
odds and the exact Reaction Test odds of the rules core):

- `interrupts`: a unit interrupts by fire when the expected casualties of its shot, weighed by
  the exact chance of winning the Reaction Test against the return fire it risks on losing,
  beat waiting for the end of the turn; a unit the Regular is firing at or charging and that
  cannot hurt it slips away by an interruption by move; at a Pinned unit it fires freely (R104).
- `interrupt_move` and the moves of the Insurgent phase: the spot that best combines cover, the
  shot it gives (an ambush), the danger of the Regulars' fire, holding the scenario's Insurgent
  objectives (hot spots, contractors, exit edges, from the PlayerView) and a line on the most
  isolated fireteam (converging on it).
- `insurgent_action`: units with the best shots act first; each picks among Close Assault (on a
  Pinned or wounded unit it outnumbers), fire at the best expected casualties, a move, or holding
  (in cover).
- `continue`: fire after a move when there is a shot.

Every choice is logged with the candidate, its reason and its score. It rolls no dice and
remembers nothing between decisions (sight is cached by positions only), so a loaded game plays
on exactly. Selected with `--insurgents commander` and on the set-up screen; Brutal plays it
unless the player names the Insurgents (R332, amending R261).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.commander_board import (
    W_HIT,
    W_ISOLATED,
    W_LOSS,
    W_SOLID,
    W_UNEXPOSED,
    InsurgentBoard,
    objective_value,
    reaction_chance,
)
from game.ai.commander_stakes import mission_goals, stake_words
from game.ai.commander_vehicles import DriveCandidate, drives
from game.ai.controller import InsurgentAI
from game.ai.rca import NOTHING, CandidateAction, best
from game.ai.regular_board import Spot
from game.ai.world import _World
from game.battlefield.model import Battlefield, Point
from game.engine.commands import (
    CloseAssault,
    Command,
    DeclareInterrupts,
    Drive,
    EndActivation,
    EndPhase,
    Fire,
    MoveUnit,
)
from game.engine.protocol import DecisionKind, MoveRate
from game.engine.state import INSURGENT, UnitState
from game.engine.terrain import distance, truncate, walk
from game.engine.view import PlayerView
from game.rules.firepower import optimum_range
from game.rules.movement import CAUTIOUS, OUT_OF_CONTACT_SAMPLE, RAPID

MIN_INTERRUPT_SHOT = 0.2  # expected casualties below which an interruption by fire is not worth it
WAIT_SHARE = 0.75  # what a shot kept for the end of the turn is still worth (the target may hide)
LOSING_SHOT_SHARE = 0.5  # a unit that loses the Reaction Test still fires, if not Pinned, after
MIN_SHOT = 0.05  # a shot worth taking at all
HOLD_BONUS = 0.05  # staying put (In Cover, no move seen) beats a move that gains nothing


class _LazyWorld:
    """The solo AI's `_World` of this decision, read from the view only when a question needs
    it (the objectives, the moves it would add, a unit in the line of fire)."""

    def __init__(self, view: PlayerView, ai: CommanderAI) -> None:
        self._view, self._ai = view, ai
        self._world: _World | None = None

    def get(self) -> _World:
        if self._world is None:
            self._world = _World(self._view, self._ai.terrain, self._ai.battlefield)
        return self._world


@dataclass
class Focus:
    """One Insurgent unit weighed at one decision."""

    board: InsurgentBoard
    lazy: _LazyWorld
    unit: UnitState
    options: list[Command]
    goals: list[Point]
    # --- speed (issue 17 §5): the decision's shots by Regular unit and range (`cannot_beat`)
    shots: dict[tuple[str, bool], float] = field(default_factory=dict)
    optimum: tuple[float | None] | None = None

    @property
    def world(self) -> _World:
        return self.lazy.get()


def _stance(context: dict[str, Any], regular: UnitState) -> str:
    if regular.overwatch:
        return "overwatch"
    rate = str(context.get("rate", "")) if context.get("moving") else ""
    return rate if rate in (MoveRate.RAPID, MoveRate.CAUTIOUS) else "stationary"


class CommanderAI(InsurgentAI):
    """A controller for the Insurgent side that plays the two-player rules (module docstring)."""

    def __init__(self, battlefield: Battlefield, seed: int = 0) -> None:
        super().__init__(battlefield, seed)
        self._sight: dict[tuple[Any, ...], bool] = {}

    def recall(self, history: Any) -> None:
        """Nothing to rebuild: the Commander decides from the view alone."""

    def choose(self, view: PlayerView) -> Command:
        if view.decision is None or not view.legal:
            raise ValueError("the Commander AI was asked to choose with no pending decision")
        kind = str(view.decision["kind"])
        handlers: dict[str, Callable[[PlayerView, InsurgentBoard, _LazyWorld], Command]] = {
            DecisionKind.INTERRUPTS: self._c_interrupts,
            DecisionKind.INTERRUPT_MOVE: self._c_interrupt_move,
            DecisionKind.INSURGENT_ACTION: self._c_action,
            DecisionKind.CONTINUE: self._c_continue,
        }
        handler = handlers.get(kind)
        if handler is None:
            return super().choose(view)
        board = InsurgentBoard(view, self.terrain, self._sight)
        return handler(view, board, _LazyWorld(view, self))

    def _goals(self, board: InsurgentBoard, world: _LazyWorld, unit: UnitState) -> list[Point]:
        """The scenario's Insurgent objectives (`_World.objective_points`), the mission's
        building first while a Regular mission is due (R352)."""
        return mission_goals(board, world.get().objective_points(unit))

    def _say(self, board: InsurgentBoard, text: str) -> None:
        self._note(f"T{board.turn} Commander: {text}")

    # -- interruptions --------------------------------------------------------------------------
    def _c_interrupts(self, view: PlayerView, board: InsurgentBoard, world: _LazyWorld) -> Command:
        context = board.context
        regular = board.unit(str(context.get("regular", "")))
        offered = {
            tuple(d) for c in view.legal if isinstance(c, DeclareInterrupts) for d in c.declarations
        }
        if regular is None or not regular.effective_figures:
            return DeclareInterrupts(side=INSURGENT, declarations=())
        pinned = context.get("action") == "pinned"
        stance = _stance(context, regular)
        threatened = {str(t) for t in context.get("targets", [context.get("target", "")])}
        threatened.add(str(context.get("assault_target", "")))
        declarations: list[tuple[str, str]] = []
        for uid in sorted(str(i) for i in context.get("eligible", ())):
            unit = board.unit(uid)
            if unit is None or not unit.effective_figures:
                continue
            mode, why = self._interrupt_choice(board, world, unit, regular, stance, pinned)
            if mode == "" and uid in threatened and (uid, "move") in offered and not pinned:
                mode, why = "move", "it is the target and cannot hurt the attacker: slips away"
            if mode and (uid, mode) in offered:
                declarations.append((uid, mode))
                self._say(board, f"{unit.name} interrupts {regular.name} by {mode}: {why}")
        return DeclareInterrupts(side=INSURGENT, declarations=tuple(declarations), at=0.0)

    def _interrupt_choice(
        self,
        board: InsurgentBoard,
        world: _LazyWorld,
        unit: UnitState,
        regular: UnitState,
        stance: str,
        pinned: bool,
    ) -> tuple[str, str]:
        spot = board.spot_of(unit)
        shot = board.shot(unit, spot, regular)
        if shot < MIN_INTERRUPT_SHOT:
            return "", ""
        if pinned:
            if self._straight_in_line(world.get(), unit, regular) is not None:
                return "", ""  # R6/R93: the fire would only fizzle
            return "fire", f"{regular.name} is Pinned: free shot, E={shot:.2f} casualties (R104)"
        p = reaction_chance(unit, regular, stance, board.turn)
        back = board.fire_value(regular, board.spot_of(regular), unit)
        now = W_HIT * shot * (p + (1 - p) * LOSING_SHOT_SHARE) - W_LOSS * back * (1 - p)
        _, later_shot = board.best_target(unit, spot)
        later = W_HIT * later_shot * WAIT_SHARE
        if now <= later:
            return "", ""
        if self._straight_in_line(world.get(), unit, regular) is not None:
            return "", ""  # R6/R93: the fire would only fizzle
        return "fire", (
            f"E={shot:.2f} casualties, Reaction Test won {p:.0%} (stance {stance}), "
            f"return fire E={back:.2f}: worth {now:.2f} VP against {later:.2f} by waiting"
        )

    def _c_interrupt_move(
        self, view: PlayerView, board: InsurgentBoard, world: _LazyWorld
    ) -> Command:
        unit = board.unit(str(board.context.get("unit", "")))
        moves = [c for c in view.legal if isinstance(c, MoveUnit)]
        if unit is not None and not moves and drives(view.legal):  # polish: a technical (R341)
            focus = Focus(board, world, unit, list(view.legal), self._goals(board, world, unit))
            drive = best([DriveCandidate(self)], focus)
            if drive is not None:
                self._say(board, f"{unit.name} interrupting drive: {drive.why}")
                return drive.plan
        if unit is None or not moves:
            return view.legal[0]
        focus = Focus(board, world, unit, list(view.legal), self._goals(board, world, unit))
        pick = best([MoveCandidate(self, shoot_after=False)], focus)
        command = pick.plan if pick is not None else moves[0]
        self._say(board, f"{unit.name} interrupting move: {pick.why if pick else 'first offered'}")
        return command

    # -- the Insurgent phase --------------------------------------------------------------------
    def _c_action(self, view: PlayerView, board: InsurgentBoard, world: _LazyWorld) -> Command:
        by_unit: dict[str, list[Command]] = {}
        for c in view.legal:
            uid = getattr(c, "unit", "")
            if uid and isinstance(c, MoveUnit | Fire | CloseAssault | EndActivation | Drive):
                by_unit.setdefault(uid, []).append(c)
        units = [u for u in (board.unit(i) for i in sorted(by_unit)) if u is not None]
        if not units:
            return EndPhase(side=INSURGENT)
        unit = min(units, key=lambda u: self._urgency(board, u, by_unit[u.id]))
        focus = Focus(board, world, unit, by_unit[unit.id], self._goals(board, world, unit))
        pick = best(self._candidates(), focus)
        if pick is None:
            hold = [c for c in by_unit[unit.id] if isinstance(c, EndActivation)]
            return hold[0] if hold else EndPhase(side=INSURGENT)
        self._say(board, f"{unit.name}: {pick.candidate}, {pick.why} (score {pick.score:.2f})")
        return pick.plan

    def _candidates(self) -> list[CandidateAction[Focus, Command]]:
        return [
            AssaultCandidate(),
            FireCandidate(self),
            MoveCandidate(self),
            HoldCandidate(self),
            DriveCandidate(self),  # --- polish: the Commander's technicals drive (R341) ---
        ]

    def _urgency(
        self, board: InsurgentBoard, unit: UnitState, options: list[Command]
    ) -> tuple[int, float, float, str]:
        """Who acts first: a Close Assault on a weak unit, then the best shot, then the unit
        nearest the enemy."""
        assault = any(
            isinstance(c, CloseAssault) and (t := board.unit(c.target)) and board.weak(t)
            for c in options
        )
        shots = [
            board.shot(unit, board.spot_of(unit), t)
            for c in options
            if isinstance(c, Fire) and (t := board.unit(c.target)) is not None
        ]
        near = min((distance(unit.centre, e.centre) for e in board.enemies), default=99.0)
        return (0 if assault else 1, -max(shots, default=0.0), near, unit.id)

    def _c_continue(self, view: PlayerView, board: InsurgentBoard, world: _LazyWorld) -> Command:
        unit = board.unit(str(board.context.get("unit", "")))
        end = [c for c in view.legal if isinstance(c, EndActivation)]
        if unit is None:
            return end[0] if end else view.legal[0]
        focus = Focus(board, world, unit, list(view.legal), [])
        fire = FireCandidate()
        if fire.evaluate(focus) != NOTHING and fire.plan is not None:
            self._say(board, f"{unit.name} fires after its move: {fire.why}")
            return fire.plan
        return end[0] if end else view.legal[0]

    # -- weighing a spot ------------------------------------------------------------------------
    def place_value(
        self, focus: Focus, spot: Spot, *, moving: bool, rapid: bool = False
    ) -> tuple[float, float, str]:
        """(worth of standing at `spot` without the shot, the best shot from there, reason)."""
        board, unit = focus.board, focus.unit
        solid, exposed = board.cover(spot)
        danger = board.threat(unit, spot, stationary=not moving, rapid=rapid)
        target, shot = board.best_target(unit, spot)
        hold = objective_value(focus.goals, spot.centre)
        value = W_SOLID * solid + W_UNEXPOSED * (not exposed) - W_LOSS * danger + hold
        isolated = board.isolated()
        if target is not None and isolated is not None and target.id == isolated.id:
            shot *= 1 + W_ISOLATED
        why = (
            f"{'Solid Cover' if solid else 'Exposed' if exposed else 'cover'}, danger "
            f"E={danger:.2f}, objective {hold:.2f}"
            + (f", shot at {target.name} E={shot:.2f}" if target is not None else ", no shot")
        )
        return value, shot, why


class FireCandidate(CandidateAction[Focus, Command]):
    """Fire at the best expected casualties, where the unit stands (with `ai`, the worth of
    staying there is added, so it weighs against moving)."""

    name = "fire"
    priority = 30

    def __init__(self, ai: CommanderAI | None = None) -> None:
        super().__init__()
        self.ai = ai

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        spot = board.spot_of(unit)
        isolated = board.isolated()
        chosen: tuple[float, Fire, UnitState] | None = None
        for c in focus.options:
            if not isinstance(c, Fire) or c.split:
                continue
            target = board.unit(c.target)
            if target is None:
                continue
            e = board.fire_value(unit, spot, target)
            if isolated is not None and target.id == isolated.id:
                e *= 1 + W_ISOLATED
            if chosen is None or e > chosen[0]:
                chosen = (e, c, target)
        if chosen is None or chosen[0] < MIN_SHOT:
            return NOTHING
        e, command, target = chosen
        stay = 0.0
        if self.ai is not None:
            stay, _, _ = self.ai.place_value(focus, spot, moving=False)
        note = stake_words(board, target)  # round 5: a vehicle or a mission's unit (R350, R351)
        why = f"at {target.name}, E={e:.2f} casualties" + (f" ({note})" if note else "")
        return self.propose(command, why, W_HIT * e + stay)


class AssaultCandidate(CandidateAction[Focus, Command]):
    """Close Assault on a Pinned or wounded unit the charge outnumbers (captives count 5 VP
    where the scenario scores them)."""

    name = "close assault"
    priority = 40

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        ours = len(unit.effective_figures)
        chosen: tuple[float, CloseAssault, str] | None = None
        for c in focus.options:
            if not isinstance(c, CloseAssault):
                continue
            target = board.unit(c.target)
            if target is None or not board.weak(target):
                continue
            theirs = len(target.effective_figures)
            if ours < theirs + 1:
                continue
            back = board.fire_value(target, board.spot_of(target), unit)
            score = W_HIT * theirs * min(1.0, ours / (2.0 * max(1, theirs))) - W_LOSS * back
            state = "Pinned" if target.pinned_turn == board.turn else "wounded"
            why = f"{target.name} is {state}, {ours} against {theirs}, its fire E={back:.2f}"
            if chosen is None or score > chosen[0]:
                chosen = (score, c, why)
        if chosen is None or chosen[0] <= 0:
            return NOTHING
        return self.propose(chosen[1], chosen[2], chosen[0])


class HoldCandidate(CandidateAction[Focus, Command]):
    name = "hold in cover"
    priority = 10

    def __init__(self, ai: CommanderAI) -> None:
        super().__init__()
        self.ai = ai

    def evaluate(self, focus: Focus) -> float:
        hold = [c for c in focus.options if isinstance(c, EndActivation)]
        if not hold:
            return NOTHING
        value, shot, why = self.ai.place_value(focus, focus.board.spot_of(focus.unit), moving=False)
        # holding earns In Cover where the unit stands: a move must do better than that
        value += W_HIT * shot * 0.5 + HOLD_BONUS
        return self.propose(hold[0], f"stays put: {why}", value)


class MoveCandidate(CandidateAction[Focus, Command]):
    """The best spot within reach: cover, an ambush shot, little danger, an objective held."""

    name = "move"
    priority = 20
    prune = True  # spots `cannot_beat` rules out are not weighed (issue 17 §5; the same pick)

    def __init__(self, ai: CommanderAI, *, shoot_after: bool = True) -> None:
        super().__init__()
        self.ai = ai
        self.shoot_after = shoot_after

    def evaluate(self, focus: Focus) -> float:
        board, unit, ai = focus.board, focus.unit, self.ai
        moves = [
            c
            for c in focus.options
            if isinstance(c, MoveUnit) and c.rate != MoveRate.OUT_OF_CONTACT
        ]
        if not moves:
            return NOTHING
        goal = min(focus.goals, key=lambda p: distance(unit.centre, p), default=None)
        pool = list(dict.fromkeys(moves + ai._extra_moves(focus.world, unit, moves, goal)))
        reaches: dict[str, float] = {MoveRate.CAUTIOUS: CAUTIOUS, MoveRate.RAPID: RAPID}
        chosen: tuple[float, MoveUnit, str] | None = None
        for c in pool:
            reach = reaches.get(c.rate, OUT_OF_CONTACT_SAMPLE)
            path = truncate(ai.terrain.path(unit.leader_point, c.to), reach)
            end = walk(path, reach)
            spot = board.ghost(unit, end)
            rapid = c.rate == MoveRate.RAPID
            # a shot after the move is taken now (Fire after a move) or kept as an ambush
            share = 0.8 if self.shoot_after and not rapid else 0.5
            if self.prune and chosen is not None and cannot_beat(focus, spot, share, chosen[0]):
                continue  # its sight lines are never traced
            value, shot, why = ai.place_value(focus, spot, moving=True, rapid=rapid)
            value += W_HIT * shot * share
            if chosen is None or value > chosen[0] + 1e-9:
                chosen = (value, c, f"{c.rate} to ({end[0]:.1f}, {end[1]:.1f}): {why}")
        assert chosen is not None
        return self.propose(chosen[1], chosen[2], chosen[0])


# --- speed (issue 17 §5, helper "solo") ---
CEILING_MARGIN = 1e-6
"""Room left for rounding between the ceiling and the worth it bounds (sums taken in another
order)."""


def cannot_beat(focus: Focus, spot: Spot, share: float, best: float) -> bool:
    """Whether a move to `spot` surely cannot beat a move worth `best` in
    `MoveCandidate.evaluate` (worth more than `best` + 1e-9), told without a line of sight:
    `place_value` with no danger (the Regulars' expected fire is never below zero) and the best
    shot as if every Regular unit were in sight is its ceiling; its cover is read only when the
    ceiling with the best cover does not already settle it. Such a spot could not be picked,
    so it is passed over: the same pick, fewer sight lines."""
    board = focus.board
    centre = spot.centre
    top = objective_value(focus.goals, centre) + W_HIT * _shot_ceiling(focus, spot, centre) * share
    limit = best + 1e-9 - CEILING_MARGIN
    if top + W_SOLID + W_UNEXPOSED <= limit:
        return True
    solid, exposed = board.cover(spot)
    return top + W_SOLID * solid + W_UNEXPOSED * (not exposed) <= limit


def _shot_ceiling(focus: Focus, spot: Spot, centre: Point) -> float:
    """The best of `InsurgentBoard.best_target`'s shots from `spot` as if every Regular unit
    were in sight. A shot's worth depends on the spot only through the Optimum Range die (the
    board's Firepower is kept per firer, in range or not, and conditions), so it is worked out
    once per Regular unit and range for the decision (`Focus.shots`)."""
    board, unit = focus.board, focus.unit
    if focus.optimum is None:
        focus.optimum = (optimum_range(board.rules_unit(unit), night=board.state.night),)
    (optimum,) = focus.optimum
    isolated = board.isolated()
    best = 0.0
    for enemy in board.enemies:
        in_range = optimum is None or distance(centre, board.spot_of(enemy).centre) <= optimum
        key = (enemy.id, in_range)
        e = focus.shots.get(key)
        if e is None:
            e = board.fire_value(unit, spot, enemy)
            if isolated is not None and enemy.id == isolated.id:
                e *= 1 + W_ISOLATED
            focus.shots[key] = e
        best = max(best, e)
    return best
