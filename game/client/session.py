"""A game being played on the desktop: the engine, the seats at the table and the AI players.

Solo, hot-seat, co-op and watching two AIs are the same `GameSession` with different seats:

- solo: one human seat for the Regulars, the Insurgent AI (Solo and Co-Op Gaming);
- hot-seat: two human seats, one per side;
- co-op: 2-4 human Regular seats, each owning some fireteams (only the owner commands them);
- watch: an AI on each side.

The session never draws anything (no pygame here); the play screen asks it who must answer
(`current_seat`), lets AI seats answer one decision at a time (`step_ai`, so the screen can
pace the playback) and passes the humans' commands to the engine (`apply`, which raises the
engine's `IllegalCommand` with the state untouched). Both go through the match driver
(`game/engine/driver.py`) with the `report` policy: an AI that fails gives the player one line
(`alerts`) and its seat passes to a person; no move is ever made up in its place. A loaded
game's AIs recall the turn so far, so it plays on as if it had never stopped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from game.client.words import side_ai, side_label, side_player
from game.engine.commands import Command
from game.engine.controllers import Controller
from game.engine.driver import Driver, Question, Step, Thought
from game.engine.engine import Engine
from game.engine.lazy_options import LazyOptions
from game.engine.protocol import DecisionKind
from game.engine.state import INSURGENT, REGULAR
from game.i18n import _, retell
from game.save import Autosaver, keep_unfinished, new_game, resolve_map

Mode = Literal["solo", "hotseat", "coop", "watch"]
PACES = ("instant", "normal", "slow")


@dataclass(frozen=True)
class Seat:
    """One player at the table: a person or an AI, playing a side (or some of its units)."""

    name: str
    kind: Literal["human", "ai"]
    side: str
    units: frozenset[str] | None = None  # co-op ownership; None: every unit of the side

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def owns(self, unit_id: str) -> bool:
        return self.units is None or unit_id in self.units


@dataclass(frozen=True)
class SessionConfig:
    """What the set-up screen decides: the table, the dice seed, the seats and the pace."""

    mode: Mode = "solo"
    table: str = "contracting-trouble"  # a scenario id or a .tmx path
    seed: int = 1
    seats: tuple[Seat, ...] = ()
    pace: str = "normal"  # instant | normal | slow
    autosave: bool = True
    autosave_dir: Path | None = None
    turn_limit: int | None = None
    force: tuple[tuple[str, Any], ...] = ()
    """The player's choice of Regular force and ratings where the scenario allows it
    (docs/SCENARIOS.md), as (key, value) pairs: `formation`, `quality`, `morale`."""
    difficulty: str = "book"  # book | hard | brutal (R132-R134)
    optional_rules: tuple[str, ...] = ()  # house clearing (issue 21): switched on (R246)
    # --- Commander Insurgent AI (issue 17 §2) ---
    insurgent_ai: str = "ai"  # ai (the solo rules) | commander; a loaded game keeps its own

    def with_default_seats(self) -> SessionConfig:
        """The seats a mode implies when none were given."""
        if self.seats:
            return self
        seats = {
            "solo": (Seat(_("You"), "human", REGULAR), Seat(side_ai(INSURGENT), "ai", INSURGENT)),
            "hotseat": (
                Seat(side_player(REGULAR), "human", REGULAR),
                Seat(side_player(INSURGENT), "human", INSURGENT),
            ),
            "coop": (
                Seat(_("Regular player {n}").format(n=1), "human", REGULAR),
                Seat(_("Regular player {n}").format(n=2), "human", REGULAR),
                Seat(side_ai(INSURGENT), "ai", INSURGENT),
            ),
            "watch": (
                Seat(side_ai(REGULAR), "ai", REGULAR),
                Seat(side_ai(INSURGENT), "ai", INSURGENT),
            ),
        }[self.mode]
        return replace(self, seats=seats)


def check_config(config: SessionConfig) -> str:
    """Why these seats cannot play (one line), or '' when they can."""
    for side in (REGULAR, INSURGENT):
        if not any(s.side == side for s in config.seats):
            return _("nobody plays the {side}").format(side=side_label(side))
    ai_sides = [s.side for s in config.seats if not s.human]
    if len(ai_sides) != len(set(ai_sides)):
        return _("one AI per side is enough")
    for side in (REGULAR, INSURGENT):
        seats = [s for s in config.seats if s.side == side]
        if any(not s.human for s in seats) and len(seats) > 1:
            return _("the {side} are played either by the AI or by people, not both").format(
                side=side_label(side)
            )
    if config.pace not in PACES:
        return _("pace {pace}: choose one of {paces}").format(
            pace=repr(config.pace), paces=", ".join(PACES)
        )
    return ""


def split_units(unit_ids: list[str], seats: int) -> list[frozenset[str]]:
    """Deal fireteams to co-op seats in turn (1st, 3rd… to seat 1; 2nd, 4th… to seat 2)."""
    return [frozenset(unit_ids[i::seats]) for i in range(seats)]


class GameSession:
    """The engine, the seats and the AI controllers of one game."""

    def __init__(self, config: SessionConfig, engine: Engine | None = None) -> None:
        config = config.with_default_seats()
        problem = check_config(config)
        if problem:
            raise ValueError(f"cannot start this game: {problem}")
        if engine is None:
            map_path, scenario_id = resolve_map(config.table)
            engine = new_game(
                map_path,
                scenario_id,
                config.seed,
                turn_limit=config.turn_limit,
                force=dict(config.force),
                difficulty=config.difficulty,
                optional_rules=config.optional_rules,  # house clearing (issue 21)
                lazy_samples=True,  # issue 23 §5: the first frame reads no sample command
            )
            # Only the first decision's options are built when read (the window's opening);
            # every later one is built whole, as the AI worker's views need (lazy_options.py).
            engine.lazy_samples = False
        if not engine.state.insurgent_ai:  # a new game, or a save from before it was kept
            engine.state.insurgent_ai = config.insurgent_ai
        self.engine = engine
        self.config = self._deal_coop_units(config)
        self.ai_log: list[str] = []
        self.alerts: list[str] = []  # one line each for the status line: an AI that failed
        self.driver = Driver(
            engine,
            {seat.side: self._make_ai(seat.side) for seat in self.config.seats if not seat.human},
            policy="report",
        )
        self.driver.recall()  # a loaded game: the AIs remember this turn's checks and plans
        self.driver.hooks.append(self._after)
        self.autosaver: Callable[[], None] | None = None
        if self.config.autosave:
            autosaver = Autosaver(engine, self.config.autosave_dir)
            kept = keep_unfinished(autosaver.path, engine)  # Continue's game is never lost
            if kept:
                self.ai_log.append(kept)
            self.autosaver = autosaver
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self._holder: dict[str, int] = {}  # side -> index of the co-op seat holding the phase
        self.holder_listeners: list[Callable[[], None]] = []  # the holder changed (a save keeps it)
        self._thinking: tuple[Question, dict[str, Thought], threading.Thread] | None = None

    @property
    def controllers(self) -> dict[str, Controller]:
        """The AI controllers, by side (a side whose AI failed has none: people play it)."""
        return self.driver.controllers

    def _deal_coop_units(self, config: SessionConfig) -> SessionConfig:
        """Co-op seats given without units share the side's fireteams out between them."""
        regular_humans = [s for s in config.seats if s.side == REGULAR and s.human]
        if len(regular_humans) < 2 or any(s.units is not None for s in regular_humans):
            return config
        ids = [u.id for u in self.engine.state.units.values() if u.side == REGULAR]
        shares = iter(split_units(ids, len(regular_humans)))
        seats = tuple(
            Seat(s.name, s.kind, s.side, next(shares)) if s in regular_humans else s
            for s in config.seats
        )
        return replace(config, seats=seats)

    def _make_ai(self, side: str) -> Controller:
        if side == INSURGENT:  # the solo-rules AI or the Commander (R262)
            from game.opponents import make_controller

            name = self.engine.state.insurgent_ai or "ai"
            return make_controller(INSURGENT, name, self.engine.battlefield, self.engine.state.seed)
        from game.ai.regular import RegularAI

        return RegularAI(self.engine.battlefield)

    # -- who answers -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.engine.over or self.engine.pending is None

    def seats_of(self, side: str) -> list[Seat]:
        return [s for s in self.config.seats if s.side == side]

    def current_seat(self) -> Seat | None:
        """The seat that must answer the pending decision (None when the game is over)."""
        pending = self.engine.pending
        if pending is None:
            return None
        seats = self.seats_of(pending.side)
        if len(seats) == 1:
            return seats[0]
        unit = str(pending.context.get("unit") or pending.context.get("regular") or "")
        if not unit and self.engine.act is not None:
            unit = self.engine.act.unit
        if unit:
            owner = next((s for s in seats if s.owns(unit)), None)
            if owner is not None:
                return owner
        if pending.kind == DecisionKind.ACTIVATE:
            # Co-op: the players whose fireteams still wait take turns choosing an activation.
            state = self.engine.state
            waiting = [u.id for u in state.units_of(pending.side) if u.activated_turn != state.turn]
            eligible = [s for s in seats if any(s.owns(u) for u in waiting)] or seats
            done = sum(1 for u in state.units_of(pending.side) if u.activated_turn == state.turn)
            return eligible[(done + self._holder.get(pending.side, 0)) % len(eligible)]
        return seats[self._holder.get(pending.side, 0) % len(seats)]

    def pass_to_next_seat(self) -> Seat | None:
        """Co-op: the next player of the same side takes over choosing which unit activates."""
        pending = self.engine.pending
        if pending is None:
            return None
        seats = self.seats_of(pending.side)
        self._holder[pending.side] = (self._holder.get(pending.side, 0) + 1) % len(seats)
        for listener in self.holder_listeners:
            listener()
        return self.current_seat()

    @property
    def holders(self) -> dict[str, int]:
        """Co-op: which seat of each side holds the choice of activation (a save keeps it)."""
        return dict(self._holder)

    def restore_holders(self, data: object) -> None:
        """The holders a save recorded; anything damaged (not a side, not a seat) is ignored."""
        if not isinstance(data, dict):
            return
        for side, index in data.items():
            seats = self.seats_of(side) if isinstance(side, str) else []
            if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(seats):
                self._holder[side] = index

    def may_command(self, seat: Seat, unit_id: str) -> str:
        """'' when `seat` may give orders to `unit_id` now, else the reason in one line."""
        unit = self.engine.state.units.get(unit_id)
        if unit is None:
            return _("there is no unit {id}").format(id=unit_id)
        if unit.side != seat.side:
            return _("{unit} is an enemy unit").format(unit=retell(unit.name))
        if not seat.owns(unit_id):
            owner = next((s.name for s in self.seats_of(seat.side) if s.owns(unit_id)), None)
            if owner is None:
                return _("{unit} belongs to another player").format(unit=retell(unit.name))
            return _("{unit} belongs to {owner}").format(unit=retell(unit.name), owner=owner)
        return ""

    @property
    def ai_to_move(self) -> bool:
        seat = self.current_seat()
        return seat is not None and not seat.human

    # -- answering ---------------------------------------------------------------------------
    def apply(self, command: Command) -> list[dict[str, Any]]:
        """A human's command: the events it caused; IllegalCommand leaves everything as it was."""
        seat = self.current_seat()
        if seat is not None and seat.units is not None:
            unit = getattr(command, "unit", "")
            if unit and not seat.owns(unit):
                from game.engine.commands import IllegalCommand

                raise IllegalCommand(self.may_command(seat, unit))
        return self.driver.apply(command).events

    def step_ai(self) -> list[dict[str, Any]]:
        """Let the AI whose turn it is answer one decision; its events ([] if a human's turn,
        or if the AI failed: then `alerts` says so and a person takes its seat)."""
        seat = self.current_seat()
        if seat is None or seat.human:
            return []
        return self._settled(self.driver.step())

    # -- thinking in the background (the window stays responsive) -----------------------------
    def start_ai_step(self) -> bool:
        """Let the AI to answer think in a worker thread on a copy of its view; False if no AI
        is to answer or it is already thinking. `finish_ai_step` applies its answer."""
        seat = self.current_seat()
        if seat is None or seat.human or self._thinking is not None:
            return False
        options = self.engine.pending.options if self.engine.pending is not None else ()
        if isinstance(options, LazyOptions):  # the first decision (issue 23 §5): built here,
            options.everything()  # in this thread, before the worker reads them
        question = self.driver.question()  # its view is a copy: the thread never reads the engine
        if question is None:
            return False
        outcome: dict[str, Thought] = {}

        def think() -> None:
            outcome["thought"] = question.think()  # a failure is kept for finish_ai_step

        worker = threading.Thread(target=think, name="ai-thinking", daemon=True)
        self._thinking = (question, outcome, worker)
        worker.start()
        return True

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def finish_ai_step(self) -> list[dict[str, Any]] | None:
        """The events of the AI's answer once it has thought (None while it still thinks); a
        failure of the AI is settled as in `step_ai`."""
        if self._thinking is None:
            return None
        question, outcome, worker = self._thinking
        if worker.is_alive():
            return None
        self._thinking = None
        return self._settled(self.driver.settle(question, outcome["thought"]))

    def run_ai_until_human(self, limit: int = 5000) -> list[dict[str, Any]]:
        """Let the AIs play until a human must answer or the game ends."""
        events: list[dict[str, Any]] = []
        for _step in range(limit):
            if not self.ai_to_move:
                break
            events += self.step_ai()
        return events

    def hand_over(self, side: str, why: str) -> None:
        """The AI of `side` stops (it failed): a person plays its seat from now on, told why."""
        self.driver.controllers.pop(side, None)
        player = side_player(side)  # as a hot-seat's seat
        seats = tuple(
            replace(s, name=player, kind="human") if s.side == side and not s.human else s
            for s in self.config.seats
        )
        self.config = replace(self.config, seats=seats)
        line = _("{why}. You play the {side} from here").format(why=why, side=side_label(side))
        self.alerts.append(line)
        self.ai_log.append(line)

    def _settled(self, step: Step | None) -> list[dict[str, Any]]:
        if step is None:
            return []
        if step.failure:
            seat = next((s for s in self.seats_of(step.side) if not s.human), None)
            name = seat.name if seat is not None else side_ai(step.side)
            self.hand_over(
                step.side,
                _("{name} could not answer ({problem})").format(name=name, problem=step.failure),
            )
            return []
        return step.events

    def _after(self, step: Step) -> None:
        if self.autosaver is not None:
            try:
                self.autosaver()
            except Exception as exc:  # a full disk must not stop the game; say it once
                self.autosaver = None
                self.ai_log.append(_("Autosave turned off: {problem}").format(problem=exc))
        for event in step.events:
            for listener in self.listeners:
                listener(event)

    # -- reading -----------------------------------------------------------------------------
    @property
    def events(self) -> list[dict[str, Any]]:
        return self.engine.state.events

    def score(self) -> tuple[int, int, list[str]]:
        """Victory points so far: (Regulars, Insurgents, itemised lines)."""
        return self.engine.scenario.score(self.engine.state)
