"""The Regular AI's weighings kept between activations (the scale game, issue 23 §5; speed only).

At each activation the team Regular AI weighs every waiting unit (`regular_team.team_best`).
Most of those weighings are the same as at the activation before: one unit acted somewhere else
on the table. A unit's weighing by every candidate but the watch (`team_scored`) reads only:

- the decision's kind and the state's setting: everything in the view but the units, the event
  log, the pending decision, the dice, the count of decisions and the fallen, and of the tally
  only the keys the AI reads (`TALLY_READ`); the hulls' version;
- the unit itself, its legal commands and its goal (`Board.goal_for`), and which hot spots the
  other Regular units are neutralizing;
- the units it asks `Board.unit` about (its targets) and the Insurgent units in sight of a spot
  it weighs (`Board.insurgents_seeing`): their whole state;
- and, for every other Insurgent unit, only that it sees none of the spots weighed.

So the previous weighing is reused when all of those are as they were: an Insurgent unit that
moved, lost figures or arrived since is asked, through the same sight memory, whether it now
sees one of the spots weighed; if it does (or it was read before) the unit is weighed afresh.
The watch (`WatchCandidate`, which reads every friend's position) is always weighed afresh, told
the reused best score. The decisions are the same with and without (`RegularAI(reuse=False)`;
`check=True` weighs afresh as well and raises on any difference, for the tests).

Not reused at all (weighed afresh every time): the basic AI (`style="basic"`, whose Overwatch
counts its moving friends), a game with vehicles (their hulls, passengers and escorts), and a
unit that may call a support asset (that weighing runs the basic candidates). Cards in play are
part of the setting (the paths they close, the cover Swiss Cheese takes away); only Cross-Town
Traffic's car, shot at by how near the Regulars stand, turns the reuse off while it is there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.battlefield.model import UnitPosition
from game.engine.commands import CallAsset, Command
from game.engine.protocol import DecisionKind

if TYPE_CHECKING:
    from game.ai.rca import Pick
    from game.ai.regular_board import Board, Goal
    from game.engine.state import UnitState

Scored = list[tuple[tuple[float, int, int], "Pick[Command]"]]

SETTING_LEFT_OUT = ("units", "events", "pending", "dice", "decisions_asked", "fallen", "tally")
"""What of the view's state no weighing reads (the units are compared one by one)."""
TALLY_READ = ("hot_spots_neutralized", "fire_mission_done", "fire_mission_turns")
"""The tally's keys the Regular AI reads (`Board.neutralized_count`, `exit_allowed`, the fire
mission's goals and vehicles)."""


@dataclass
class Reading:
    """What one weighing read, recorded by the Board while it runs (`Board.reading`)."""

    units: set[str] = field(default_factory=set)
    spots: dict[int, UnitPosition] = field(default_factory=dict)  # by id: each spot once
    # --- the team AI, round 5 (R366): lines of fire asked whether a friend stands in them ---
    lines: list[tuple[UnitPosition, UnitPosition]] = field(default_factory=list)

    def spot(self, position: UnitPosition) -> None:
        self.spots.setdefault(id(position), position)


@dataclass
class Weighed:
    """One unit's last weighing and everything it depended on."""

    setting: str
    unit: UnitState
    options: list[Command]
    goal: Goal | None
    claimed: tuple[tuple[str, int], ...]
    read: dict[str, UnitState | None]
    spots: list[UnitPosition]
    insurgents: dict[str, int]  # each Insurgent unit's sight name when weighed
    scored: Scored
    # --- the team AI, round 5 (R366): the lines asked about and the friends then ---
    lines: list[tuple[UnitPosition, UnitPosition]] = field(default_factory=list)
    friends: dict[str, UnitState] = field(default_factory=dict)


def setting_of(board: Board) -> str:
    """The decision's kind and the state's setting, as one string to compare."""
    state = board.view.state
    data = {k: v for k, v in state.items() if k not in SETTING_LEFT_OUT}
    tally = state.get("tally") or {}
    data["tally"] = {k: tally.get(k) for k in TALLY_READ}
    data["kind"] = board.kind
    data["hulls"] = board.terrain.hull_version
    return json.dumps(data, sort_keys=True, default=str)


def _claimed(board: Board) -> tuple[tuple[str, int], ...]:
    return tuple((u.id, u.neutralizing) for u in board.regulars if u.neutralizing)


class Reweigh:
    """The weighings of one RegularAI, kept from one activation to the next."""

    def __init__(self, *, check: bool = False) -> None:
        self.check = check
        self._kept: dict[str, Weighed] = {}
        self._board_id = 0
        self._board_facts: tuple[str, dict[str, int], tuple[tuple[str, int], ...]] | None = None
        self.reused = 0
        self.weighed = 0

    def applies(self, board: Board, unit: UnitState) -> bool:
        if board.kind != DecisionKind.ACTIVATE or board.state.vehicles:
            return False
        if (board.state.cards.get("effects") or {}).get("cars"):
            return False  # Cross-Town Traffic's car: fired at by how near the Regulars are
        return not any(isinstance(c, CallAsset) for c in board.options_for(unit.id))

    def _facts(self, board: Board) -> tuple[str, dict[str, int], tuple[tuple[str, int], ...]]:
        """The board's setting, its Insurgents' sight names and the claimed hot spots, worked
        out once per board."""
        if self._board_facts is None or self._board_id != id(board):
            names = {i.id: board.sight_name_of(board.position(i)) for i in board.insurgents}
            self._board_facts = (setting_of(board), names, _claimed(board))
            self._board_id = id(board)
        return self._board_facts

    def scored(self, board: Board, unit: UnitState, weigh: Callable[[], Scored]) -> Scored:
        """The unit's weighing by every candidate but the watch: the kept one when nothing it
        depended on changed, else `weigh()` (recorded)."""
        if not self.applies(board, unit):
            self._kept.pop(unit.id, None)
            return weigh()
        setting, names, claimed = self._facts(board)
        kept = self._kept.get(unit.id)
        if kept is not None and self._still_good(kept, board, unit, setting, names, claimed):
            self.reused += 1
            if self.check:
                fresh = weigh()
                if fresh != kept.scored:
                    raise AssertionError(
                        f"reused weighing of {unit.id} differs: {kept.scored} != {fresh}"
                    )
            return kept.scored
        self.weighed += 1
        reading = Reading()
        board.reading = reading
        try:
            result = weigh()
            goal = board.goal_for(unit)
        finally:
            board.reading = None
        read = {uid: board.state.units.get(uid) for uid in reading.units}
        self._kept[unit.id] = Weighed(
            setting,
            unit,
            board.options_for(unit.id),
            goal,
            claimed,
            read,
            list(reading.spots.values()),
            names,
            result,
            reading.lines,
            {u.id: u for u in board.regulars if u.id != unit.id} if reading.lines else {},
        )
        return result

    def _still_good(
        self,
        kept: Weighed,
        board: Board,
        unit: UnitState,
        setting: str,
        names: dict[str, int],
        claimed: tuple[tuple[str, int], ...],
    ) -> bool:
        if kept.setting != setting or kept.claimed != claimed or kept.unit != unit:
            return False
        if kept.options != board.options_for(unit.id) or kept.goal != board.goal_for(unit):
            return False
        units = board.state.units
        if any(units.get(uid) != old for uid, old in kept.read.items()):
            return False
        for ins in board.insurgents:
            if kept.insurgents.get(ins.id) == names[ins.id]:
                continue  # where it stood: it saw none of the spots (else it was read)
            if board.sees_any(ins, kept.spots):
                return False
        return not kept.lines or not _friend_crossed(kept, board)


def _friend_crossed(kept: Weighed, board: Board) -> bool:
    """R366 (the team AI): a friend that moved since the weighing stood, or now stands, in one
    of the lines of fire it asked about (so the shot it found, or found blocked, may differ)."""
    units = board.state.units
    now = {u.id for u in board.regulars}
    if any(uid not in kept.friends for uid in now if uid != kept.unit.id):
        return True  # a friend more: it may stand in a line
    for uid, old in kept.friends.items():
        new = units.get(uid)
        if new == old:
            continue
        places = [s.position() for s in (old, new) if s is not None]
        for here, there in kept.lines:
            if board.terrain.units_in_line_of_fire(here, there, places):
                return True
    return False
