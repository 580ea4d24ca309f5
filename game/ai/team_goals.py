"""The team Regular AI's reading of the scenario's objectives (issue 17 §4, helper team).

`TeamBoard` is the Regular AI's `Board` with the team AI's own judgements about where each unit
goes; `regular.RegularAI(style="ai")` reads the view through it, `style="basic"` through the
plain `Board`, so a paired comparison measures the change.

- A hot spot still in reach before the end outranks the exit edge (R322): neutralizing one is
  worth its points to the Regulars and the same points less to the Insurgents, while leaving by
  the exit scores only once every Regular still standing has gone.
- The unit carrying the Person of Interest weighs the fire it would draw four times over
  (R324): a volley that hits it may kill him, which loses the game's biggest award to the
  Insurgents and ends the game.
"""

from __future__ import annotations

import math

from game.ai.regular_board import Board, Goal, Spot
from game.engine.protocol import FigureStatus
from game.engine.state import HotSpotState, UnitState
from game.engine.terrain import distance
from game.rules.movement import CAUTIOUS, HOT_SPOT_CONTACT

NEUTRALIZE_TURNS = 2
"""Rulebook: Hot Spots (R28, R64): the activation that starts a neutralization is all the unit
does that turn, and it completes only at the unit's next activation, a turn later."""
HOT_SPOT_GOAL = (20.0, 1.5)
"""The arrival bonus and urgency the Regular AI gives a hot spot (as `Board._assign_goals`)."""


def turns_to_neutralize(board: Board, unit: UnitState, spot: HotSpotState) -> int:
    """The turns this unit needs to walk to `spot` at Cautious speed and neutralize it (R28):
    the walk's turns, then the turn it starts and the turn it completes."""
    point = (spot.x, spot.y)
    if min(distance(f.pos, point) for f in unit.effective_figures) <= HOT_SPOT_CONTACT:
        walk_turns = 0
    else:
        walk_turns = math.ceil(board.path_distance(unit.leader_point, point) / CAUTIOUS)
    return walk_turns + NEUTRALIZE_TURNS


POI = "poi"
"""The Person of Interest as a Dependant (Hornet's Nest; R237)."""
POI_DANGER = 4.0
"""Not a rule (R324): how many times over the unit carrying the POI counts the casualties a
spot would cost it. A volley that causes a casualty while the Defense roll shows more failures
than successes kills him (Fire at Units with Dependants & Casualties; R40, R237): about one
volley in three that the danger figure counts as a casualty, and his death swings the margin
by 20 VP and ends the game, where a casualty costs one or two."""


class TeamBoard(Board):
    """The Regular AI's board with the team AI's goals (R322) and its care of the POI (R324)."""

    def threat(
        self,
        unit: UnitState,
        spot: Spot,
        *,
        stationary: bool,
        rapid: bool = False,
        ignore: str = "",
    ) -> float:
        """`Board.threat`, counted `POI_DANGER` times over for the unit carrying the POI (R324):
        every candidate that weighs danger (moves, cover, the wounded's way to safety, the
        cover reaction, fire and movement's suppression) then guards him."""
        danger = super().threat(unit, spot, stationary=stationary, rapid=rapid, ignore=ignore)
        return danger * POI_DANGER if POI in unit.dependants else danger

    def _assign_goals(self) -> dict[str, Goal | None]:
        goals = super()._assign_goals()
        if self.contractor_mission() or self.objective("hold_objectives"):
            return goals
        if self.objective("fire_mission"):
            return goals
        return self._hot_spots_before_the_exit(goals)

    def _hot_spots_before_the_exit(self, goals: dict[str, Goal | None]) -> dict[str, Goal | None]:
        """R322: a unit sent to the exit edge while a hot spot it can still neutralize before
        the turn limit is left goes for that hot spot instead: the nearest one no other unit is
        going for, else the nearest. A unit carrying hit figures must tend them first (R27),
        so it keeps the exit."""
        pending = {u.neutralizing for u in self.regulars if u.neutralizing}
        active = [
            h
            for h in sorted(self.state.hot_spots.values(), key=lambda h: h.number)
            if not h.neutralized and h.number not in pending
        ]
        if not active:
            return goals
        turns_left = self.state.turn_limit - self.turn + 1
        out = dict(goals)
        for unit in self.regulars:
            goal = out.get(unit.id)
            if goal is None or goal.label != "the exit edge" or not unit.effective_figures:
                continue
            if any(f.status == FigureStatus.HIT for f in unit.figures):
                continue
            claimed = {g.point for uid, g in out.items() if g is not None and uid != unit.id}
            in_time = [h for h in active if turns_to_neutralize(self, unit, h) <= turns_left]
            if not in_time:
                continue
            chosen = min(
                in_time,
                key=lambda h: (
                    (h.x, h.y) in claimed,
                    self.path_distance(unit.leader_point, (h.x, h.y)),
                    h.number,
                ),
            )
            bonus, urgency = HOT_SPOT_GOAL
            out[unit.id] = Goal(
                (chosen.x, chosen.y), f"hot spot {chosen.number}", bonus, urgency=urgency
            )
        return out
