"""The Regular AI's candidate actions for one unit's activation (`game.ai.rca`).

A `Focus` is one unit on one `Board`; each candidate proposes its best command with a reason and
a score: First Aid, carrying the wounded to safety, neutralizing a hot spot, fire at the best
odds, pursuing the objective, a better covered position, Overwatch, hold. `regular.py` runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_board import (
    ESCORTED,
    W_CIVILIAN,
    W_FIRE,
    W_PROGRESS,
    W_SHOT,
    W_SOLID,
    W_THREAT,
    W_UNEXPOSED,
    Board,
    Destination,
    Goal,
)
from game.battlefield.model import Point
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Command,
    DisperseMob,
    EndActivation,
    Fire,
    FirstAid,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
)
from game.engine.protocol import DecisionKind, FigureStatus, MoveRate
from game.engine.state import REGULAR, UnitState
from game.engine.terrain import distance, path_length, walk
from game.rules import civilians as civ
from game.rules.movement import CAUTIOUS, EDGE_REACH


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
        # the engine offers the moves a tending unit may make (R27, R122): weigh those only
        for dest in self._legal_moves(focus):
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

    @staticmethod
    def _legal_moves(focus: Focus) -> list[Destination]:
        board, unit = focus.board, focus.unit
        out: list[Destination] = []
        for c in focus.options:
            if isinstance(c, MoveUnit) and c.rate == MoveRate.CAUTIOUS:
                end = walk(board.path(unit.leader_point, c.to), CAUTIOUS)
                out.append(Destination(c.to, end, c.rate, board.ghost(unit, end)))
        return out


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


def car_shot_penalty(board: Board, target: UnitState) -> float:  # --- vehicles entering play
    from game.ai.vehicle_support import car_shot_penalty as penalty

    return penalty(board, target)


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
            risk = board.civilian_risk(unit, spot, target)  # civilians (issue 21, R239)
            score -= W_CIVILIAN * risk
            score -= car_shot_penalty(board, target)  # --- Cross-Town Traffic's car (R309)
            if score > best_score:
                civilians = f", civilians at risk E={risk:.2f}" if risk else ""
                best_score = self.propose(
                    c, f"{unit.name} → {target.name} (E={e:.2f} casualties{civilians})", score
                )
        return best_score


# --- civilians (issue 21) ---
class DisperseCandidate(CandidateAction[Focus, Command]):
    """Reason with a civilian mob within 6" (Regulars and Civilian Mobs): 5 VP on success and
    the way cleared; the unit escorting the POI keeps walking unless a mob bars its way (R239)."""

    name = "disperse a civilian mob"
    priority = 55

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if focus.wounded:
            return NOTHING
        level = civ.level_for_civilians(board.state.insurgency_level)
        die = int(unit.quality_die())
        chance = max(0, die - level) / die
        escorting = any(d in ESCORTED for d in unit.dependants)
        goal = board.goal_for(unit)
        best_score = NOTHING
        for c in focus.options:
            if not isinstance(c, DisperseMob):
                continue
            mob = next(m for m in board.state.mobs if m.id == c.mob)
            blocking = goal is not None and civ.path_through_mob(
                board.path(unit.leader_point, goal.point), mob.pos
            )
            if escorting and not blocking:
                continue
            score = 20.0 + 40.0 * chance + (15.0 if blocking else 0.0)
            if score > best_score:
                best_score = self.propose(
                    c,
                    f"{unit.name} reasons with civilian mob {mob.id} (succeeds {chance:.0%} at "
                    f"Insurgency Level {level}{'; it bars the way' if blocking else ''})",
                    score,
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
            left = board.walk_left(dest.end, goal.point)
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
            if not board.clear_of_mobs(unit, to, MoveRate.CAUTIOUS):  # civilians (R232)
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
        if focus.wounded:
            return NOTHING  # the wounded move only to safety (R27, R122): the candidate above
        goal = board.goal_for(unit)
        stay = _stay_value(focus, with_shot=False)  # better shots are the fire candidate's
        here = board.path_distance(unit.leader_point, goal.point) if goal else 0.0
        best_score = NOTHING
        for dest in board.destinations(unit, goal):
            if dest.rate != MoveRate.CAUTIOUS:
                continue
            value, why = _place_value(focus, dest, goal, with_shot=False)
            if goal is not None:
                progress = here - board.walk_left(dest.end, goal.point)
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
    from game.ai.regular_assets import AssetCandidate  # support assets (issue 19)
    from game.ai.regular_clearing import ClearBuildingCandidate  # house clearing (issue 21)

    return [
        AssetCandidate(),  # support assets (issue 19): offered only when assets are held
        FirstAidCandidate(),
        WoundedToSafetyCandidate(),
        NeutralizeCandidate(),
        FireCandidate(),
        DisperseCandidate(),  # civilians (issue 21)
        ObjectiveCandidate(),
        CoverMoveCandidate(),
        OverwatchCandidate(),
        HoldCandidate(),
        ClearBuildingCandidate(),  # house clearing (issue 21): only with the optional rule
    ]
