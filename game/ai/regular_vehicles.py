"""The Regular AI's vehicles and the sniper team's fire mission (issue 20): simple and explained.

- **APC as transport.** A vehicle carrying passengers drives (Patrol speed, the offered drive
  that ends nearest) toward where its passengers are wanted: the target building while the fire
  mission is not done, the exit edge once it is. Within 8" of the target building it lets its
  passengers out, the sniper team first, on the spot nearest the building. Once the mission is
  done, a unit within reach of a friendly vehicle boards it, and the vehicle waits for the
  sniper team before it drives for the exit.
- **APC as fire support.** An empty vehicle, or one waiting, fires at the best odds like any
  unit (the ordinary fire candidate); it never walks (the engine offers it no walk).
- **The fire mission.** The sniper team inside the target building holds (fires at nothing on
  the table, which would cost the turn, R226) until the mission is done.

Each choice is a candidate with its reason, as the other candidates are (`regular_candidates`).
"""

from __future__ import annotations

from game.ai.rca import NOTHING, CandidateAction
from game.ai.regular_board import Board
from game.ai.regular_candidates import Focus, _describe
from game.battlefield.model import Point
from game.engine.commands import Command, Dismount, Drive, EndActivation, Mount
from game.engine.state import UnitState
from game.engine.terrain import distance

DROP_REACH = 8.0  # how near the target building the APC lets its passengers out


def target_point(board: Board) -> Point | None:
    marks = [m.position for m in board.terrain.battlefield.markers if m.kind == "Objective"]
    return marks[0] if marks else None


def mission_on(board: Board) -> bool:
    return bool(board.objective("fire_mission"))


def mission_done(board: Board) -> bool:
    return bool(board.state.tally.get("fire_mission_done"))


def is_vehicle(board: Board, unit: UnitState) -> bool:
    raw = board.state.vehicles.get(unit.id)
    return raw is not None and bool(raw.get("damage", {}).get("reliability", 1))


def is_sniper_team(unit: UnitState) -> bool:
    return any(f.kind == "sniper" for f in unit.figures)


def in_target(board: Board, unit: UnitState) -> bool:
    point = target_point(board)
    building = board.terrain.building_at(point) if point is not None else None
    return building is not None and any(
        board.terrain.building_at(f.pos) is building for f in unit.effective_figures
    )


def _exit_point(board: Board, start: Point) -> Point:
    return (start[0], board.height - 0.3)


class TransportCandidate(CandidateAction[Focus, Command]):
    name = "APC transport"
    priority = 95

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if not is_vehicle(board, unit):
            return NOTHING
        raw = board.state.vehicles[unit.id]
        aboard = [board.state.units[p] for p in raw.get("passengers", []) if p in board.state.units]
        centre = (float(raw["x"]), float(raw["y"]))
        target = target_point(board)
        done = not mission_on(board) or mission_done(board)
        if aboard and not done and target is not None:
            if distance(centre, target) <= DROP_REACH:
                return self._drop(focus, aboard, target)
            return self._drive(focus, centre, target, "the target building")
        if aboard and done:
            snipers_out = [
                u for u in board.regulars if is_sniper_team(u) and u.on_table and u.id != unit.id
            ]
            if snipers_out:
                return NOTHING  # wait for the sniper team to board
            return self._drive(focus, centre, _exit_point(board, centre), "the exit edge")
        return NOTHING

    def _drop(self, focus: Focus, aboard: list[UnitState], target: Point) -> float:
        order = sorted(aboard, key=lambda u: (not is_sniper_team(u), u.id))
        for rider in order:
            outs = [c for c in focus.options if isinstance(c, Dismount) and c.passenger == rider.id]
            if outs:
                best = min(outs, key=lambda c: distance((c.to[0], c.to[1]), target))
                return self.propose(
                    best,
                    f"{focus.unit.name} is by the target building: {rider.name} gets out at "
                    f"{_describe((best.to[0], best.to[1]))}",
                    120.0,
                )
        return NOTHING

    def _drive(self, focus: Focus, centre: Point, goal: Point, label: str) -> float:
        drives = [c for c in focus.options if isinstance(c, Drive)]
        here = distance(centre, goal)
        best: tuple[float, Drive] | None = None
        for c in drives:
            end = (c.path[-1][0], c.path[-1][1])
            left = distance(end, goal)
            if here - left < 1.0:
                continue
            if best is None or left < best[0] - 1e-9:
                best = (left, c)
        if best is None:
            return NOTHING
        end = (best[1].path[-1][0], best[1].path[-1][1])
        return self.propose(
            best[1],
            f"{focus.unit.name} drives its passengers toward {label}: {best[1].speed} to "
            f'{_describe(end)}, {here - best[0]:.1f}" closer',
            110.0 + (here - best[0]),
        )


class BoardCandidate(CandidateAction[Focus, Command]):
    name = "board the APC"
    priority = 94

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if not mission_on(board) or not mission_done(board) or is_vehicle(board, unit):
            return NOTHING
        for c in focus.options:
            if isinstance(c, Mount):
                return self.propose(
                    c, f"the fire mission is done: {unit.name} boards for the ride out", 115.0
                )
        return NOTHING


class FireMissionCandidate(CandidateAction[Focus, Command]):
    name = "fire mission"
    priority = 96

    def evaluate(self, focus: Focus) -> float:
        board, unit = focus.board, focus.unit
        if not mission_on(board) or mission_done(board) or not is_sniper_team(unit):
            return NOTHING
        if not in_target(board, unit):
            return NOTHING  # the objective candidate walks it there
        turns = board.state.tally.get("fire_mission_turns", 0)
        for c in focus.options:
            if isinstance(c, EndActivation):
                return self.propose(
                    c,
                    f"{unit.name} works on targets off the table from the target building "
                    f"(turn {turns + 1} of the fire mission): it fires at nothing here (R226)",
                    200.0,
                )
        return NOTHING


def vehicle_candidates() -> list[CandidateAction[Focus, Command]]:
    from game.ai.vehicle_support import SupportDriveCandidate  # vehicles entering play (R307)

    return [FireMissionCandidate(), TransportCandidate(), BoardCandidate(), SupportDriveCandidate()]
