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
- Round 5 (R360-R366): that care reads the carrier's whole walk (R360) and gives way when time
  runs short (R361); a spot's danger is capped at its figures (R364); escorts go ahead of the
  carrier, not onto it (R363); a spot behind a friend offers no shot (R366).
- Round 6 (R371): the unit carrying contractors hurries to the exit (`team_escort`).
"""

from __future__ import annotations

import math

from game.ai import team_breakout, team_escort, team_escort_off, team_walk
from game.ai.regular_board import ESCORTED, Board, Goal, Spot
from game.engine.protocol import FigureStatus
from game.engine.state import HotSpotState, UnitState
from game.engine.terrain import distance, path_length, walk
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


def surely_late(unit: UnitState, spot: HotSpotState, turns_left: int) -> bool:
    """`turns_to_neutralize` is surely more than `turns_left`, told without searching the walk
    (speed only, issue 23 §5): a walk is never shorter than the straight line (a millionth of
    an inch allowed for rounding), so the straight line's Cautious turns are a lower bound."""
    point = (spot.x, spot.y)
    if min(distance(f.pos, point) for f in unit.effective_figures) <= HOT_SPOT_CONTACT:
        return False
    straight = distance(unit.leader_point, point) - 1e-6
    return math.ceil(straight / CAUTIOUS) + NEUTRALIZE_TURNS > turns_left


POI = "poi"
"""The Person of Interest as a Dependant (Hornet's Nest; R237)."""
POI_DANGER = 4.0
"""Not a rule (R324): how many times over the unit carrying the POI counts the casualties a
spot would cost it. A volley that causes a casualty while the Defense roll shows more failures
than successes kills him (Fire at Units with Dependants & Casualties; R40, R237): about one
volley in three that the danger figure counts as a casualty, and his death swings the margin
by 20 VP and ends the game, where a casualty costs one or two."""


POI_SPARE_TURNS = 2
"""Not a rule (R361): the turns to spare, beyond its Cautious walk to the exit, that let the
unit carrying the POI wait for a safer moment; with fewer it walks him out."""


CROWD_WEIGHT = 5.0
"""Not a rule (R368): how many times over the team AI counts the civilians a shot puts at risk
(the basic AI's 60 points each, so 300: more than any shot is worth)."""
ESCORT_LEAD = (5.0, 4.0)
"""Not a rule (R363): how far ahead of the carrier, along its walk to the exit, the first escort
goes, and how much farther each next one."""


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
        walking = not stationary and spot.leader != unit.leader_point
        if walking and POI in unit.dependants:
            # R360, R373: the POI carrier's walk there, read from its first step (R373 as
            # amended at the merge: for the POI carrier only, see docs/RULINGS.md)
            danger = self.threat_on_the_way(unit, spot, rapid=rapid, ignore=ignore)
        else:
            danger = super().threat(unit, spot, stationary=stationary, rapid=rapid, ignore=ignore)
        if POI in unit.dependants:
            danger = min(danger, float(len(spot.figures)))  # R364
            return danger * self.poi_care(unit)
        if team_escort_off.to_be_escorted_off(self, unit):  # --- round 7: R375 ---
            danger = min(danger, float(len(spot.figures)))  # R364
            care = self.poi_care(unit)
            return danger * (team_escort_off.ESCORT_OFF_CARE if care > 1.0 else 1.0)
        return min(danger, float(len(spot.figures)))  # R364

    # --- the team AI, round 5 (R360-R368) ---
    def civilian_risk(self, firer: UnitState, spot: Spot, target: UnitState) -> float:
        """R368: `Board.civilian_risk` counted `CROWD_WEIGHT` times over, so that the team AI
        takes no shot past a crowd (its fire candidate, fire and movement, and its answers to
        interruptions all read this figure)."""
        return CROWD_WEIGHT * super().civilian_risk(firer, spot, target)

    def best_shot(self, unit: UnitState, spot: Spot, *, rapid: bool = False) -> float:
        """R366: `Board.best_shot`, but a group with a friendly unit in the line of fire from
        `spot` gives no shot: Regulars never fire through their own (Rulebook: Line of Fire;
        R6, R278). A spot behind a friend is not worth walking to for a shot it will not get,
        and fireteams no longer bunch in each other's way."""
        here = spot.position()
        best_e = 0.0
        for ins in self.insurgents_seeing(here, looking=True):
            e = self.fire_value(unit, spot, ins, rapid=rapid)
            if e <= best_e:
                continue
            if self.friend_in_line(unit, here, self.position(ins)):  # (board_memo)
                continue
            best_e = e
        return best_e

    def threat_on_the_way(
        self, unit: UnitState, spot: Spot, *, rapid: bool = False, ignore: str = ""
    ) -> float:
        """R360, R373: the danger of a move to `spot`, read along the walk from its first step
        (`team_walk.danger_on_the_walk`): for every unit since round 7, the POI carrier's
        alone before."""
        return team_walk.danger_on_the_walk(self, unit, spot, rapid=rapid, ignore=ignore)

    def poi_care(self, unit: UnitState) -> float:
        """R361: R324's care of the POI while there is time to wait; once the walk to the exit
        needs every turn left but one, the escort must go, and its danger counts once."""
        exit_at = self.exit_point(unit.leader_point)
        if exit_at is None:
            return POI_DANGER
        turns_left = self.state.turn_limit - self.turn + 1
        needed = math.ceil(self.path_distance(unit.leader_point, exit_at) / CAUTIOUS)
        return POI_DANGER if turns_left - needed >= POI_SPARE_TURNS else 1.0

    def exit_allowed(self) -> bool:
        if self.objective("hold_objectives"):  # round 7, team2: the breakout's exit (R385)
            return team_breakout.breakout_open(self)
        return super().exit_allowed()

    def _assign_goals(self) -> dict[str, Goal | None]:
        goals = super()._assign_goals()
        if self.contractor_mission():  # R371: the carriers hurry (round 6)
            return team_escort.carriers_hurry(self, self._escorts_ahead(goals))
        if self.objective("hold_objectives"):  # round 7, team2: the breakout (R384)
            return team_breakout.breakout_goals(self, goals)
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
            in_time = [
                h
                for h in active
                if not surely_late(unit, h, turns_left)  # speed only: no walk searched
                and turns_to_neutralize(self, unit, h) <= turns_left
            ]
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

    def _escorts_ahead(self, goals: dict[str, Goal | None]) -> dict[str, Goal | None]:
        """R363: a unit told to escort the one carrying the mission's people goes to a point on
        that unit's walk to the exit, a few inches ahead of it, each escort at its own
        distance (the first 5", the next 9"...), not onto the carrier: three fireteams on one
        spot stand in each other's line of fire (R6, R278) and show the Insurgents one target,
        while escorts ahead see the groups that would interrupt the carrier's walk and can fire
        at them first (R272)."""
        out = dict(goals)
        rank: dict[str, int] = {}
        for unit in sorted(self.regulars, key=lambda u: u.id):
            goal = out.get(unit.id)
            if goal is None or not goal.label.startswith("escort "):
                continue
            carrier = next(
                (
                    c
                    for c in self.regulars
                    if c.leader_point == goal.point and any(d in ESCORTED for d in c.dependants)
                ),
                None,
            )
            if carrier is None:
                continue
            exit_at = self.exit_point(carrier.leader_point)
            if exit_at is None:
                continue
            n = rank.get(carrier.id, 0)
            rank[carrier.id] = n + 1
            route = self.path(carrier.leader_point, exit_at)
            lead = min(ESCORT_LEAD[0] + ESCORT_LEAD[1] * n, path_length(route))
            out[unit.id] = Goal(
                walk(route, lead), f"the way ahead of {carrier.name}", 0.0, goal.reach
            )
        return out
