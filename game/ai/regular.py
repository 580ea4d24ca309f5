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
view always gives the same command, and nothing that decides is remembered between decisions
(a loaded game plays on exactly; only lines of sight, which depend on positions alone, are
kept, and each unit's last weighing with everything it read, reused only while all of that is
unchanged: `reweigh.py`, the same picks). A failure is raised, never papered over with a first
legal answer: the match driver's policy (`game/engine/driver.py`) decides what the player sees.

This module holds the controller and its answers to interruptions, Overwatch, Seek Cover and
Close Assault; the board reading is `regular_board.py`, the candidate actions
`regular_candidates.py` (their names are re-exported here).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable
from typing import Any

from game.ai.board_memo import WALK_MEMORY
from game.ai.cards import choose_card  # --- cards (issue 19)
from game.ai.rca import Pick, best
from game.ai.regular_board import (
    W_FIRE,
    W_SOLID,
    W_THREAT,
    W_UNEXPOSED,
    Board,
    Goal,
    expected_casualties,
    state_from_view,
)
from game.ai.regular_candidates import (
    FireCandidate,
    Focus,
    _describe,
    _point_of,
    default_candidates,
)
from game.ai.regular_team import (
    escorting,
    fire_and_movement,
    net_shot,
    team_best,
    team_candidates,
    team_scored,
)
from game.ai.regular_vehicles import vehicle_candidates
from game.ai.reweigh import Reweigh
from game.ai.team_escort_off import careful_boarding, helper_barred  # round 7, team
from game.ai.team_goals import TeamBoard
from game.ai.team_mission import (  # round 6, team2
    mission_last,
    team_vehicle_candidates,
    without_mission_unit,
)
from game.battlefield.model import Battlefield, Point
from game.engine.commands import Answer, Command, EndActivation, EndPhase, Overwatch
from game.engine.protocol import DecisionKind, UnitStatus
from game.engine.sight_memory import TwoGenerations
from game.engine.state import REGULAR, UnitState
from game.engine.terrain import Terrain, distance
from game.engine.view import PlayerView
from game.rules.movement import RAPID

LOG = logging.getLogger("game.ai.regular")

REGULAR_STYLES = ("ai", "basic")
GROUND_KEPT = 2.0
"""Not a rule (R277): the team AI's cover reaction may fall back this many inches from its
objective, no more."""
"""The Regular AIs: `ai` fights as a team (issue 17 §4: Close Assault, fire and movement,
Overwatch where the Insurgents will act); `basic` is the earlier AI that scores units alone,
kept for comparison (`--regulars basic`)."""


class RegularAI:
    """A controller for the Regular side (the engine's Controller protocol: `choose(view)`).

    `battlefield` is the public map; without it the map is read from the view's `map_path`.
    """

    def __init__(
        self,
        battlefield: Battlefield | None = None,
        *,
        narrate: Callable[[str], None] | None = None,
        style: str = "ai",
        reuse: bool = True,
        check: bool = False,
    ) -> None:
        if style not in REGULAR_STYLES:
            raise ValueError(f"Regular AI style {style!r}: choose {' or '.join(REGULAR_STYLES)}")
        self._battlefield = battlefield
        self._terrain: Terrain | None = None
        self.narrate = narrate
        self.journal: list[str] = []
        self.style = style
        base = default_candidates() if style == "basic" else team_candidates()
        self.candidates = base + vehicle_candidates()  # vehicles: issue 20
        if style != "basic":  # --- round 6, team2: no ride in a vehicle that cannot drive (R382)
            self.candidates = base + team_vehicle_candidates()
            self.candidates = careful_boarding(self.candidates)  # --- round 7, team: R375 ---
        self._sight: dict[tuple[Any, ...], bool] = {}  # lines of sight by positions (Board.los)
        # --- the weighings kept between activations (issue 23 §5): the same picks, sooner ---
        self.reweigh = Reweigh(check=check) if reuse and style == "ai" else None
        self._walks: TwoGenerations[tuple[Point, Point], float] = TwoGenerations(WALK_MEMORY)

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
        board_type = TeamBoard if self.style == "ai" else Board  # the team AI's goals (R322)
        board = board_type(view, self.terrain_for(view), self._sight)
        board.walks = self._walks  # walking distances: the map's alone, kept all game
        handlers: dict[str, Callable[[Board], Command]] = {
            DecisionKind.ACTIVATE: self._activate,
            DecisionKind.CONTINUE: self._continue,
            DecisionKind.OVERWATCH: self._overwatch,
            DecisionKind.HELPERS: self._helpers,
            DecisionKind.REACT: self._react,
            DecisionKind.SEEK_COVER: self._seek_cover,
            DecisionKind.ASSAULTED: self._assaulted,
            DecisionKind.RESUME_MOVE: self._resume_move,
            DecisionKind.CARD_CHOICE: self._card_choice,  # --- cards (issue 19) ---
        }
        handler = handlers.get(board.kind)
        if handler is None:  # a decision the engine grew since: say so (the driver's policy)
            raise ValueError(f"the Regular AI has no rule for the decision {board.kind!r}")
        return handler(board)

    # --- cards (issue 19) ---
    def _card_choice(self, board: Board) -> Command:
        command, reason = choose_card(board.view, board.terrain.battlefield)
        self.note(reason)
        return command

    def _pick_for(self, board: Board, unit: UnitState) -> Pick[Command] | None:
        if self.style == "ai":  # the team AI: the same pick, its watch weighed last (R323)
            return team_best(self.candidates, Focus(board, unit))
        return best(self.candidates, Focus(board, unit))

    def _weigh(self, board: Board, unit: UnitState) -> Pick[Command] | None:
        """`_pick_for` at an activation, reusing the unit's last weighing where nothing it
        read has changed since (reweigh.py)."""
        if self.reweigh is None:
            return self._pick_for(board, unit)
        focus = Focus(board, unit)
        kept = self.reweigh.scored(board, unit, lambda: team_scored(self.candidates, focus))
        return team_best(self.candidates, focus, kept)

    def _activate(self, board: Board) -> Command:
        waiting = [u for u in board.regulars if board.options_for(u.id)]
        picks: list[tuple[float, str, Pick[Command]]] = []
        for unit in waiting:
            pick = self._weigh(board, unit)
            if pick is not None:
                picks.append((pick.score, unit.id, pick))
        picks.sort(key=lambda p: (-p[0], p[1]))
        # --- the team AI (issue 17 §4): units scored together, fire and movement (R272) ---
        if self.style == "ai":
            picks = self._keep_watching(board, picks)  # R279
            picks, note = mission_last(board, picks)  # --- round 6, team2 (R380) ---
            if note:
                self.note(note)
            paired = without_mission_unit(board, {uid: pick for _, uid, pick in picks})  # R383
            plan = fire_and_movement(board, paired)
            if plan is not None:
                self.note(plan.note)
                self._log_pick(plan.pick)
                return plan.pick.plan
        if not picks or picks[0][0] <= 0.0:
            end = next((c for c in board.legal if isinstance(c, EndPhase)), board.legal[0])
            self.note('"hold" every remaining unit holds: nothing is worth doing (score 0)')
            return end
        pick = picks[0][2]
        self._log_pick(pick)
        return pick.plan

    def _keep_watching(
        self, board: Board, picks: list[tuple[float, str, Pick[Command]]]
    ) -> list[tuple[float, str, Pick[Command]]]:
        """R279 (the team AI): a unit already on Overwatch whose best action is to watch again
        is not activated, so it keeps the watch it has (activating it would end that watch only
        to declare the same one)."""
        kept, watching = [], []
        for score, uid, pick in picks:
            unit = board.unit(uid)
            if unit is not None and unit.overwatch and isinstance(pick.plan, Overwatch):
                watching.append(f"{unit.name} stays on Overwatch: {pick.why}")
                continue
            kept.append((score, uid, pick))
        if watching and (not kept or kept[0][0] <= 0.0):  # said once, as the phase ends
            self.note("; ".join(watching) + " (R279)")
        return kept

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
        shots: dict[str, float] = {}  # each watcher's shot, weighed once
        for answer in answers:
            ids = list(answer.choice or [])
            total = 0.0
            for uid in ids:
                watcher = board.unit(uid)
                if watcher is not None:
                    if uid not in shots:
                        shots[uid] = self._shot(board, watcher, ins)
                    total += shots[uid]
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
            if (
                helper is None
                or helper.neutralizing
                or set(helper.dependants) & {"contractor", "poi"}
                or (self.style == "ai" and helper_barred(board, helper))  # round 7, team: R374
            ):
                continue
            # A helper spends its activation: worth it for a good shot, a better one when the
            # helper still has somewhere to go.
            needed = 1.5 if board.goal_for(helper) is not None else 0.8
            e = self._shot(board, helper, ins)
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

    def _shot(self, board: Board, unit: UnitState, target: UnitState) -> float:
        """The expected casualties of `unit`'s shot at `target` in an interruption (Overwatch,
        return fire, a friend's reaction); the team AI takes off the civilians it puts at risk,
        as for any shot it chooses (R367)."""
        e = board.fire_value(unit, board.spot_of(unit), target)
        if self.style != "ai":
            return e
        net, cost = net_shot(board, unit, target, e)
        if cost > 0.0:
            self.note(
                f"{unit.name}'s shot at {target.name} passes near civilians: E={e:.2f} less "
                f"{cost:.2f} for the civilians at risk (R367)"
            )
        return net

    def _named(self, board: Board) -> dict[str, Answer]:
        """The answers whose choice is a word ("fire", "move", "stay", ...)."""
        return {a.choice: a for a in self._answers(board) if isinstance(a.choice, str)}

    def _react(self, board: Board) -> Command:
        answers = self._named(board)
        regular = board.unit(str(board.context.get("regular", "")))
        ins = board.unit(str(board.context.get("insurgent", "")))
        e = 0.0
        if regular is not None and ins is not None and "fire" in answers:
            e = self._shot(board, regular, ins)
        cover = self._best_cover_reaction(board, regular)
        if self.style == "ai" and regular is not None and escorting(regular) and "move" in answers:
            cover = None  # --- the team AI (R276): an escort goes on toward the exit ---
        if "fire" in answers and e >= 1.0:
            self.note(
                f'"return fire" at {ins.name if ins else "?"} (E={e:.2f}) score {W_FIRE * e:.0f}'
            )
            return answers["fire"]
        if cover is not None:
            answer, why = cover
            self.note(f'"take cover first" {why} (the shot: E={e:.2f})')
            return answer
        if self.style == "ai" and e < 0.0 and "fire" in answers and "none" in answers:
            # --- the team AI, round 6 (R372): a shot worth less than it costs is not taken ---
            self.note(
                f'"hold fire" {regular.name if regular else "?"} does not answer '
                f"{ins.name if ins else '?'}: the shot is worth less than it costs "
                f"(E={e:.2f}; R372)"
            )
            return answers["move"] if "move" in answers else answers["none"]
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
        goal = board.goal_for(unit) if self.style == "ai" else None
        ahead = board.path_distance(unit.leader_point, goal.point) if goal else 0.0
        for answer in self._answers(board):
            point = _point_of(answer.choice)
            if point is None:
                continue
            if goal and board.walk_left(point, goal.point) > ahead + GROUND_KEPT:
                continue  # --- the team AI (R277): cover that gives up the ground won ---
            danger = board.threat(unit, board.ghost(unit, point), stationary=False)
            if danger < best_danger - 1e-9:
                best_danger = danger
                best = (
                    answer,
                    f"{unit.name} moves to {_describe(point)}: danger E={here:.2f} → {danger:.2f}",
                )
        return best

    def _resume_move(self, board: Board) -> Command:
        """After an interruption the move goes on as planned (the first option, R105): the
        plan was weighed when the unit was activated, and the chain has been answered."""
        unit = board.unit(str(board.context.get("unit", "")))
        self.note(f'"go on as planned" {unit.name if unit else "?"} keeps its move (R105)')
        return board.legal[0]

    def _seek_cover(self, board: Board) -> Command:
        """The best covered spot offered; the engine asks only when the unit must move (R121)."""
        unit = board.unit(str(board.context.get("unit", "")))
        answers = self._answers(board)
        if unit is None or not answers:
            return board.legal[0]
        best_answer: Answer = answers[0]
        best_value = -math.inf
        where = "stays"
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
    "REGULAR_STYLES",
    "Board",
    "FireCandidate",
    "Focus",
    "Goal",
    "RegularAI",
    "default_candidates",
    "expected_casualties",
    "regular_units",
    "state_from_view",
]
