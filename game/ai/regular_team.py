"""The Regular AI that fights as a team (issue 17 §4): its candidate actions beside the basic ones.

`team_candidates()` is the basic list (`regular_candidates.default_candidates`) with the team's
additions; `regular.RegularAI(style="ai")` plays it, `style="basic"` keeps the earlier list for
comparison. Added here: Close Assault when the rules core's own procedure says it pays (R270,
R271).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.assault_odds import assault_odds
from game.ai.rca import NOTHING, CandidateAction, Pick
from game.ai.regular_board import ESCORTED, W_CIVILIAN, W_FIRE, W_THREAT, Board, Spot
from game.ai.regular_candidates import (
    CoverMoveCandidate,
    FireCandidate,
    Focus,
    NeutralizeCandidate,
    OverwatchCandidate,
    _describe,
    car_shot_penalty,
    default_candidates,
)
from game.ai.team_exposure import DrawnFireCandidate  # round 6, team2 (R381)
from game.battlefield.model import Point, UnitPosition
from game.engine.commands import CloseAssault, Command, Fire, MoveUnit, Overwatch
from game.engine.protocol import MoveRate
from game.engine.state import UnitState
from game.engine.terrain import distance, walk
from game.rules.movement import CAUTIOUS, RAPID

ASSAULT_WIN = 0.5
"""Not a rule (R271): a charge is worth making when the chargers win at least this often..."""
ASSAULT_TRADE = 2.0
"""...and take out at least this many enemy figures for each figure of their own they lose."""
OWN_LOSS = 1.5
"""Not a rule: a Regular figure lost weighs this many Insurgent figures (VP and the mission)."""
MIN_CHARGE = 10.0
"""Not a rule (R271): a charge is never made for a marginal gain."""
GOOD_SHOT = 1.0
"""Not a rule (R271): a charge is weighed only at a group the unit's fire would hit less."""
RUN_AND_STAND = 1.5
"""Not a rule: the danger of the charge's spot counts for the run there and the stand after."""


class CloseAssaultCandidate(CandidateAction[Focus, Command]):
    """Charge an Insurgent unit within reach when the odds favour it (Rulebook: Close Assault;
    R270, R271)."""

    name = "close assault"
    priority = 65

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        best_score = NOTHING
        for c in focus.options:
            if not isinstance(c, CloseAssault):
                continue  # the engine offers a charge only where it is legal
            target = board.unit(c.target)
            if target is None:
                continue
            if Fire(side=c.side, unit=unit.id, target=target.id) in focus.options:
                shot = board.fire_value(unit, board.spot_of(unit), target)
                if shot >= GOOD_SHOT:
                    continue  # fire does at least as well, without the run (R271)
            odds = assault_odds(
                unit, target, distance=distance(unit.centre, target.centre), turn=board.turn
            )
            if odds.win < ASSAULT_WIN or odds.enemy_lost < ASSAULT_TRADE * odds.own_lost:
                continue
            after = board.ghost(unit, target.leader_point)
            # the run (Rapid) and standing where the enemy stood, in sight of every other group
            danger = board.threat(unit, after, stationary=False, rapid=True, ignore=target.id)
            score = (
                10.0
                + W_FIRE * (odds.enemy_lost - OWN_LOSS * odds.own_lost)
                + 10.0 * odds.win
                - RUN_AND_STAND * W_THREAT * danger
            )
            if score >= MIN_CHARGE and score > best_score:
                best_score = self.propose(
                    c,
                    f"{unit.name} charges {target.name}: {odds.describe()} "
                    f"(danger there E={danger:.2f}; R270, R271)",
                    score,
                )
        return best_score


# -- Overwatch where the Insurgents will act (R273) ----------------------------------------------
LANE_STEP = 5.0
"""Not a rule (R273): how far along its way to the nearest Regular an Insurgent group is looked
for (its lane), from where it stands now."""
WATCH_WORTH = 0.5
"""Not a rule (R273): the share of a watched shot counted now (the group may not act in sight,
and may win the Reaction Test)."""
MIN_WATCH = 0.35
"""Not a rule (R273): below this the watch is not worth the unit's activation."""
HOT_SPOT_SHOT = 0.3
"""Not a rule (R273): the casualties a watch over an active hot spot (or a friend sweeping one)
is worth: Insurgents arrive and gather there."""


def escorting(unit: UnitState) -> bool:
    """The unit carries the mission's people (contractors, the POI) toward the exit (R275,
    R276): its activations and its moves are theirs."""
    return any(d in ESCORTED for d in unit.dependants)


def _probe(point: Point) -> UnitPosition:
    return UnitPosition("probe", (point,))


def friends_in_the_way(
    board: Board, unit: UnitState, here: UnitPosition, there: UnitPosition
) -> bool:
    """A friendly unit stands in the line of fire from `here` to `there`: Regulars never fire
    through their own (Rulebook: Line of Fire; R6, R91: the geometry's own line-of-fire query,
    as the engine asks it), so a watch over that group would give no shot (R278)."""
    friends = [board.position(f) for f in board.regulars if f.id != unit.id]
    return bool(friends) and bool(board.terrain.units_in_line_of_fire(here, there, friends))


def _toward(start: Point, goal: Point, step: float) -> Point:
    d = distance(start, goal)
    if d <= step:
        return goal
    return (start[0] + (goal[0] - start[0]) * step / d, start[1] + (goal[1] - start[1]) * step / d)


LANE_REACH = 9.0
"""Not a rule (R323): how far along its walk toward the Regulars a hidden group is followed
(a Cautious move and a half: where it will show itself this turn or the next)."""
LANE_SAMPLE = 1.5
"""Not a rule (R323): the step, in inches, at which that walk is sampled."""
LANE_STOP = 1.0
"""Not a rule (R323): the walk is followed no nearer than this to a Regular unit's middle."""
LANE_NEAR = 18.0
"""Not a rule (R323): hidden groups farther than this from the watching unit are not followed
(the basic AI's 'Insurgents near' distance)."""


def first_seen_on_its_way(
    board: Board, unit: UnitState, here: UnitPosition, ins: UnitState, goal: Point
) -> Point | None:
    """R323: where a hidden group walking toward `goal` (the nearest Regular unit) first comes
    into the line of fire from `here` with no friend in the way: the walking path (the
    geometry's own) sampled every 1.5" up to 9", stopping 1" short of a Regular unit's middle
    (a group coming on fires before it walks into them). None when it never shows itself."""
    if distance(unit.centre, ins.centre) > LANE_NEAR:
        return None
    route = board.path(ins.centre, goal)
    friends = [r.centre for r in board.regulars]
    step = LANE_SAMPLE
    while step <= LANE_REACH + 1e-9:
        point = walk(route, step)
        step += LANE_SAMPLE
        if any(distance(point, f) < LANE_STOP for f in friends):
            break  # at the Regulars already: it fires from before here
        probe = _probe(point)
        if board.los(here, probe) and not friends_in_the_way(board, unit, here, probe):
            return point
    return None


class WatchCandidate(CandidateAction[Focus, Command]):
    """Overwatch where the Insurgents will act, from the view only (R273): groups in sight now,
    the lanes the others would take toward the Regulars, active hot spots and friends sweeping
    them; nothing in sight that will act, no Overwatch."""

    name = "overwatch where they will act"
    priority = 30
    bar = NOTHING
    """The best score the unit's other candidates offer (`team_best` sets it): a watch that
    cannot reach it is not worked out in full (speed only: the same picks)."""

    def _resolve(
        self,
        board: Board,
        unit: UnitState,
        here: UnitPosition,
        entries: list[tuple[float, str] | tuple[float, UnitState, Point]],
        extra: list[tuple[float, str]],
    ) -> list[tuple[float, str]]:
        """The watched places in the order found; R323's walks are followed only when the
        watch, counting every such lane as found, could still beat `bar` (else they are left
        out: the watch loses either way)."""
        worths = [e[0] for e in entries] + [e[0] for e in extra]
        if not worths:
            return []
        best_case = max(worths) + 0.1 * (len(worths) - 1)
        follow = best_case >= MIN_WATCH and 6.0 + W_FIRE * best_case >= self.bar
        chances: list[tuple[float, str]] = []
        for entry in entries:
            if len(entry) == 2:
                chances.append(entry)
                continue
            e, ins, goal = entry
            if follow and first_seen_on_its_way(board, unit, here, ins, goal) is not None:
                chances.append((e, f"{ins.name}'s lane"))
        return chances + extra

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        command = next((c for c in focus.options if isinstance(c, Overwatch)), None)
        if command is None or escorting(unit):
            return NOTHING  # R275: an escort's activations take the mission's people out
        spot = board.spot_of(unit)
        here = spot.position()
        # (casualties counted now, what is watched); a lane only R323's walk may find is
        # held as (its worth, the group, where it walks to) until the walk is needed
        entries: list[tuple[float, str] | tuple[float, UnitState, Point]] = []
        friends = [r for r in board.regulars if r.id != unit.id]
        near = [r.centre for r in friends] or [unit.centre]  # worked out once, not per enemy
        in_reach = board.within_reach(here)  # --- the thinking budget on big tables (R395) ---
        for ins in board.insurgents:
            if not in_reach(ins):
                continue
            there = board.position(ins)
            if board.los(here, there):
                if not friends_in_the_way(board, unit, here, there):  # R278
                    e = WATCH_WORTH * board.fire_value(unit, spot, ins)
                    entries.append((e, ins.name))
                continue
            centre = ins.centre
            goal = min(near, key=lambda p: distance(p, centre))
            lane = _probe(_toward(centre, goal, LANE_STEP))
            if board.los(here, lane) and not friends_in_the_way(board, unit, here, lane):
                entries.append(
                    (WATCH_WORTH * board.fire_value(unit, spot, ins), f"{ins.name}'s lane")
                )
            elif distance(unit.centre, centre) <= LANE_NEAR:  # R323: followed if it may count
                entries.append((WATCH_WORTH * board.fire_value(unit, spot, ins), ins, goal))
        extra: list[tuple[float, str]] = []
        for h in board.state.hot_spots.values():
            if not h.neutralized and board.los(here, _probe((h.x, h.y))):
                extra.append((HOT_SPOT_SHOT, f"hot spot {h.number}"))
        for friend in friends:
            if friend.neutralizing and board.los(here, board.position(friend)):
                extra.append((HOT_SPOT_SHOT, f"{friend.name} sweeping a hot spot"))
        chances = self._resolve(board, unit, here, entries, extra)
        if not chances:
            return NOTHING
        chances.sort(key=lambda c: -c[0])
        # one shot is what a watch gives at best; more places in sight make it likelier
        value = chances[0][0] + 0.1 * (len(chances) - 1)
        if value < MIN_WATCH:
            return NOTHING
        score = 6.0 + W_FIRE * value
        watched = ", ".join(name for _, name in chances[:4])
        return self.propose(
            command,
            f"{unit.name} watches {watched} (a shot worth E={value:.2f} if they act; R273)",
            score,
        )


# -- escorts: no step back from the exit (R320) -------------------------------------------------
class EscortCoverCandidate(CoverMoveCandidate):
    """A better covered position, except that an escort never takes one farther from its
    goal (R320): every inch back is an inch the mission's people must walk again."""

    def evaluate(self, focus: Focus) -> float:
        score = super().evaluate(focus)
        board, unit = focus.board, focus.unit
        goal = board.goal_for(unit)
        if score == NOTHING or goal is None or not escorting(unit):
            return score
        assert isinstance(self.plan, MoveUnit)
        end = walk(board.path(unit.leader_point, self.plan.to), CAUTIOUS)
        here = board.path_distance(unit.leader_point, goal.point)
        return NOTHING if board.path_distance(end, goal.point) > here + 1e-6 else score


def team_candidates() -> list[CandidateAction[Focus, Command]]:
    """The basic candidates with Close Assault added, Overwatch placed where the Insurgents
    will act (in place of the basic 'cover a moving friend') and escorts that keep the ground
    won toward the exit."""
    swap: dict[type, CandidateAction[Focus, Command]] = {CoverMoveCandidate: EscortCoverCandidate()}
    swap[FireCandidate] = DrawnFireCandidate()  # --- round 6, team2: fire draws fire (R381) ---
    basic = [
        swap.get(type(c), c) for c in default_candidates() if not isinstance(c, OverwatchCandidate)
    ]
    return [CloseAssaultCandidate(), *basic, WatchCandidate()]


# -- fire and movement: units scored together (R272) -------------------------------------------
HOT_SPOT_REACH = 3.0
"""Not a rule (R365): a move that ends this near its hot spot (walking) has all but arrived."""
SUPPRESS_MORALE = 0.25
"""Not a rule (R272): the share of a group's fire that being fired upon takes away besides the
figures hit (its Morale check when fired upon may leave it Shaken or broken)."""


@dataclass(frozen=True)
class TeamPlan:
    """One unit fires at the group that threatens another unit's move this turn."""

    pick: Pick[Command]
    note: str


def _move_end(board: Board, unit: UnitState, move: MoveUnit) -> Spot:
    reach = RAPID if move.rate == MoveRate.RAPID else CAUTIOUS
    return board.ghost(unit, walk(board.path(unit.leader_point, move.to), reach))


def fire_costs(board: Board, shooter: UnitState, group: UnitState) -> float:
    """R362: what a shot costs besides the activation, weighed as the basic fire candidate
    weighs it: the civilians near the line of fire (R232, R239) and Cross-Town Traffic's car
    (R309)."""
    risk = board.civilian_risk(shooter, board.spot_of(shooter), group)
    return W_CIVILIAN * risk + car_shot_penalty(board, group)


def at_its_hot_spot(board: Board, unit: UnitState, own: Pick[Command]) -> bool:
    """R365: the unit's own best action starts a hot spot's neutralization, or walks it to
    within reach of the hot spot it is going for: suppressing fire for a friend would cost a
    turn of the sweep (Hot Spots, R28), worth more than a share of the friend's danger."""
    if own.candidate == NeutralizeCandidate.name:
        return True
    goal = board.goal_for(unit)
    if not isinstance(own.plan, MoveUnit) or goal is None or not goal.label.startswith("hot"):
        return False
    end = _move_end(board, unit, own.plan)
    return board.walk_left(end.leader, goal.point) <= HOT_SPOT_REACH


def net_shot(board: Board, shooter: UnitState, group: UnitState, e: float) -> tuple[float, float]:
    """R367: a shot of `e` expected casualties less its costs (R362) counted in casualties
    (a civilian killed weighs four Insurgent figures): (what the shot is worth, the cost)."""
    cost = fire_costs(board, shooter, group) / W_FIRE
    return e - cost, cost


def fire_and_movement(board: Board, picks: dict[str, Pick[Command]]) -> TeamPlan | None:
    """Units scored together (R272). `picks` is each waiting unit's best action alone. For a
    unit whose best action is a move (the mover), another unit (the suppressor) may fire first
    at a group G that would see the move's end: that fire is worth its expected casualties plus
    G's share of the danger at the move's end times the share of G the fire is expected to
    silence. The pair whose fire is worth most over the suppressor's own best action wins; the
    suppressor fires now, and the mover moves at a later activation of the same turn."""
    units = {u.id: u for u in board.regulars}
    best: TeamPlan | None = None
    best_gain = 0.0
    for mover_id, mover_pick in sorted(picks.items()):
        move = mover_pick.plan
        mover = units.get(mover_id)
        if not isinstance(move, MoveUnit) or mover is None:
            continue
        rapid = move.rate == MoveRate.RAPID
        end = _move_end(board, mover, move)
        danger = board.threat(mover, end, stationary=False, rapid=rapid)
        if danger <= 0.05:
            continue  # nothing to suppress
        for shooter_id, own in sorted(picks.items()):
            shooter = units.get(shooter_id)
            if shooter is None or shooter_id == mover_id or "contractor" in shooter.dependants:
                continue
            if at_its_hot_spot(board, shooter, own):
                continue  # R365: the hot spot first
            for c in board.options_for(shooter_id):
                if not isinstance(c, Fire) or c.split:
                    continue
                group = board.unit(c.target)
                if group is None or not group.effective_figures:
                    continue
                share = danger - board.threat(
                    mover, end, stationary=False, rapid=rapid, ignore=group.id
                )
                if share <= 0.05:
                    continue  # this group does not threaten the move
                e = board.fire_value(shooter, board.spot_of(shooter), group)
                silenced = min(1.0, e / len(group.effective_figures) + SUPPRESS_MORALE)
                score = 10.0 + W_FIRE * e + W_THREAT * share * silenced
                score -= fire_costs(board, shooter, group)  # R362: as any other shot
                gain = score - own.score
                if gain > best_gain + 1e-9:
                    best_gain = gain
                    why = (
                        f"{shooter.name} fires at {group.name} (E={e:.2f} casualties) so that "
                        f"{mover.name} can move to {_describe(end.leader)}: {group.name} "
                        f"threatens that move with E={share:.2f} of its E={danger:.2f}, "
                        f"the fire silences about {100 * silenced:.0f}% of it; better than "
                        f'"{own.candidate}" alone by {gain:.0f} (R272)'
                    )
                    best = TeamPlan(
                        Pick("fire and movement", score, why, c),
                        f"turn plan: {shooter.name} suppresses {group.name}, then "
                        f"{mover.name} moves",
                    )
    return best


def team_best(
    candidates: Sequence[CandidateAction[Focus, Command]],
    focus: Focus,
    scored: list[tuple[tuple[float, int, int], Pick[Command]]] | None = None,
) -> Pick[Command] | None:
    """`rca.best` for the team AI, the same pick: every candidate but the watch is weighed
    first, in its place in the list (`team_scored`, or `scored` when the caller kept that
    weighing: reweigh.py), and the watch last, told the best score so far (its `bar`), so
    that R323's walks are followed only where the watch might still win."""
    scored = list(team_scored(candidates, focus) if scored is None else scored)
    for index, watch in enumerate(candidates):
        if not isinstance(watch, WatchCandidate):
            continue
        watch.bar = max((key[0] for key, _ in scored), default=NOTHING)
        score = watch.evaluate(focus)
        watch.bar = NOTHING
        if score != NOTHING:
            pick = Pick(watch.name, score, watch.why, watch.execute(focus))
            scored.append(((score, watch.priority, -index), pick))
    return max(scored, key=lambda s: s[0])[1] if scored else None


def team_scored(
    candidates: Sequence[CandidateAction[Focus, Command]], focus: Focus
) -> list[tuple[tuple[float, int, int], Pick[Command]]]:
    """Every candidate but the watch weighed, in its place in the list: (score, priority,
    minus the place) and the pick, for each that applies."""
    scored: list[tuple[tuple[float, int, int], Pick[Command]]] = []
    for index, candidate in enumerate(candidates):
        if isinstance(candidate, WatchCandidate):
            continue
        score = candidate.evaluate(focus)
        if score != NOTHING:
            pick = Pick(candidate.name, score, candidate.why, candidate.execute(focus))
            scored.append(((score, candidate.priority, -index), pick))
    return scored
