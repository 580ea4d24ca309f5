"""The turn engine: commands in, events out, pending decisions any controller answers.

The sequence of play (Rulebook: Sequence of Play, steps 8-13) runs as one Python generator,
`flow.sequence_of_play`, built from procedure modules named after the rulebook's headings
(activation, movement, fire, interruptions, overwatch, morale, casualties, close_assault,
reinforcements, insurgent_phase, leaders, hot_spots, contractors, victory; `checks` validates a
unit's action and `samples` lists sample legal ones). It yields a `Decision` whenever a side must
choose and receives the answering command. `Engine.apply` validates a command against the pending
decision *before* anything changes, so an illegal command raises `IllegalCommand` and leaves the
state untouched. This class is the facade the rest of the game talks to, and the context every
procedure receives as `g`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.battlefield.model import Battlefield, UnitPosition
from game.engine import fire, flow
from game.engine import rulesbridge as rb
from game.engine.commands import Answer, Command, IllegalCommand
from game.engine.decisions import Decision, DecisionContext
from game.engine.difficulty import parse_difficulty
from game.engine.events import events_sha256, make_event
from game.engine.lazy_options import LazyOptions
from game.engine.narration import narrate
from game.engine.optional_rules import check_rules
from game.engine.procedure import Activation, Flow
from game.engine.protocol import DecisionKind, EventKind
from game.engine.sample_memo import SampleMemo
from game.engine.scenario import Scenario
from game.engine.sight_memory import TwoGenerations
from game.engine.state import FIGURE_OK, INSURGENT, REGULAR, GameState, UnitState, side_name
from game.engine.terrain import Terrain
from game.rules.dice import DiceSource, SeededDice

__all__ = ["Activation", "Engine", "Flow"]


class Engine:
    """One game: the state, the dice, the battlefield and the running sequence of play."""

    def __init__(
        self,
        scenario: Scenario,
        battlefield: Battlefield,
        seed: int,
        *,
        dice: DiceSource | None = None,
        map_sha256: str = "",
        difficulty: str = "book",
        optional_rules: tuple[str, ...] | list[str] = (),  # house clearing (issue 21, R246)
        lazy_samples: bool = False,  # the first decision's options built when read (issue 23)
    ) -> None:
        self.scenario = scenario
        self.battlefield = battlefield
        self.terrain = Terrain(battlefield)
        self.dice: DiceSource = dice if dice is not None else SeededDice(seed)
        self.map_sha256 = map_sha256
        self.state = GameState(
            scenario_id=scenario.id,
            title=scenario.title,
            map_path=battlefield.path,
            seed=seed,
            turn_limit=scenario.turn_limit,
            insurgency_level=scenario.insurgency_level,
            difficulty=parse_difficulty(difficulty),
            fog_of_war=scenario.fog_of_war,
            entry_edges=[e.value for e in battlefield.entry_edges],
            exit_edges=[e.value for e in battlefield.exit_edges],
            objectives=scenario.objectives.to_dict(),
            optional_rules=check_rules(optional_rules),  # house clearing (issue 21, R246)
            # --- night (issue 19) ---
            night=scenario.night,
            night_vision=dict(scenario.night_vision),
        )
        self.log: list[Command] = []
        # What the controllers said of their choices ("AI: ..." lines), each with the number of
        # events logged before it: commentary kept with the save, never part of the game state.
        self.notes: list[tuple[int, str]] = []
        # what loading a save had to say (e.g. made by another version), for the player
        self.load_notice = ""
        self.pending: Decision | None = None
        self._los_cache: TwoGenerations[tuple[Any, ...], bool] = TwoGenerations(50_000)
        # --- vehicles (issue 20): the hulls of this game's vehicles are terrain (R290) ---
        self.terrain.follow(self.state)
        self._los_hulls = self.terrain.hull_version
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        # --- lazy sample commands (issue 23 §5): a phase decision's options built when read
        # (game/engine/lazy_options.py); on for the headless driver, off for the window but
        # for its first decision (the first frame reads none of them: GameSession) ---
        self.lazy_samples = lazy_samples
        # --- positions remembered while sample commands are built (position_memo.py) ---
        self.position_memo: dict[str, UnitPosition] | None = None
        # --- the checks of Regular sample commands kept between activations (sample_memo.py) ---
        self.sample_memo = SampleMemo()
        self._flow = flow.sequence_of_play(self)
        self._advance(None)

    # == the public surface ===================================================================
    @property
    def act(self) -> Activation | None:
        """The Regular activation under way (kept in the state: `state.activation`)."""
        return self.state.activation

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def apply(self, command: Command) -> list[dict[str, Any]]:
        """Apply one command: the events it caused, or IllegalCommand with the state untouched."""
        if self.pending is None:
            raise IllegalCommand("the game is over")
        decision = self.pending
        if command.side != decision.side:
            raise IllegalCommand(
                f"the {side_name(decision.side)} must answer now: {decision.prompt}"
            )
        try:
            decision.accepts(command)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise IllegalCommand(f"that {command.kind} command is malformed ({exc})") from None
        mark = len(self.state.events)
        self.log.append(command)
        self._advance(command)
        return self.state.events[mark:]

    def legal_commands(self, side: str) -> list[Command]:
        """Sample legal commands for a side now (empty when the other side must answer)."""
        if self.pending is None or self.pending.side != side:
            return []
        return list(self.pending.options)

    def events_sha256(self) -> str:
        return events_sha256(self.state.events)

    def fresh(self) -> Engine:
        """A new engine of the same game at its start: scenario, map, seed, difficulty and
        optional rules (a replay of its log reproduces it; R134, R246)."""
        return Engine(
            self.scenario,
            self.battlefield,
            self.state.seed,
            map_sha256=self.map_sha256,
            difficulty=self.state.difficulty,
            optional_rules=self.state.optional_rules,
        )

    # == the machinery =======================================================================
    def _advance(self, command: Command | None) -> None:
        if self.pending is not None and isinstance(self.pending.options, LazyOptions):
            self.pending.options.seal()  # lazy sample commands: good until the game moves on
        try:
            decision = next(self._flow) if command is None else self._flow.send(command)
        except StopIteration:
            self.pending = None
            self.state.pending = None
            self._sync_dice()
            return
        self.pending = decision
        self.state.pending = decision.to_json()
        self._sync_dice()

    def _sync_dice(self) -> None:
        if isinstance(self.dice, SeededDice):
            self.state.dice = self.dice.get_state()

    def emit(self, kind: EventKind, **data: Any) -> None:
        """Log an event: its kind and data, narrated once here (`game.engine.narration`)."""
        turn = self.state.turn
        event = make_event(len(self.state.events), turn, str(kind), data, narrate(kind, data, turn))
        self.state.events.append(event)
        for listener in self.listeners:
            listener(event)

    def ask(
        self,
        side: str,
        kind: DecisionKind,
        prompt: str,
        options: list[Command] | LazyOptions,
        accepts: Callable[[Command], None] | None = None,
        *,
        context: DecisionContext | None = None,
    ) -> Flow:
        """Stop with a decision; return the validated answer. `context` is the kind's typed
        context (`game.engine.decisions.CONTEXTS`)."""
        self.state.decisions_asked += 1
        decision_id = self.state.decisions_asked
        if isinstance(options, LazyOptions):  # lazy sample commands: a phase decision
            assert accepts is not None, "lazy options are checked by a validator"
            context_data = dict(context or {})
            answer = yield Decision(decision_id, side, kind, prompt, options, accepts, context_data)
            return answer
        options = [
            Answer(side=o.side, decision=decision_id, choice=o.choice)
            if isinstance(o, Answer)
            else o
            for o in options
        ]

        def in_options(command: Command) -> None:
            if isinstance(command, Answer) and command.decision != decision_id:
                raise IllegalCommand(f"that answers decision {command.decision}, not {decision_id}")
            if command not in options:
                raise IllegalCommand(f"not one of the choices for: {prompt}")

        decision = Decision(
            decision_id, side, kind, prompt, options, accepts or in_options, dict(context or {})
        )
        answer = yield decision
        return answer

    def choose(
        self,
        side: str,
        kind: DecisionKind,
        prompt: str,
        choices: list[Any],
        *,
        context: DecisionContext | None = None,
    ) -> Flow:
        """Ask a side to pick one of `choices` (JSON values); return the choice."""
        options: list[Command] = [Answer(side=side, choice=c) for c in choices]
        answer = yield from self.ask(side, kind, prompt, options, context=context)
        assert isinstance(answer, Answer)
        return answer.choice

    # == geometry helpers ====================================================================
    def unit(self, unit_id: str) -> UnitState:
        try:
            return self.state.units[unit_id]
        except KeyError:
            raise IllegalCommand(f"there is no unit {unit_id!r}") from None

    def los(self, a: UnitState, b: UnitState) -> bool:
        # the key is `position().figures` of each, built without the rest of the positions:
        # most questions are answered from the cache
        fa = tuple([(f.x, f.y) for f in a.figures if f.status == FIGURE_OK])
        fb = tuple([(f.x, f.y) for f in b.figures if f.status == FIGURE_OK])
        if not fa or not fb:
            return False
        key = (fa, a.elevation, fb, b.elevation)
        self.terrain.sync_hulls()  # vehicles (issue 20): a hull moved, sight changed (R290)
        if self._los_hulls != self.terrain.hull_version:
            self._los_cache.clear()
            self._los_hulls = self.terrain.hull_version
        cached = self._los_cache.get(key)
        if cached is None:  # a bounded memory of two generations (sight_memory.py)
            cached = self.terrain.line_of_sight(a.position(), b.position())
            self._los_cache.put(key, cached)
        return cached

    def enemies(self, unit: UnitState) -> list[UnitState]:
        other = INSURGENT if unit.side == REGULAR else REGULAR
        return self.state.units_of(other)

    # == questions the client and the AIs ask (the same functions the procedures use) ========
    def firepower(
        self,
        unit: UnitState,
        target: UnitState,
        *,
        interruption_penalty: int = 0,
        close_assault_defence: bool = False,
        figure_ids: tuple[str, ...] | None = None,
        team_bonus: bool = True,
    ) -> rb.Breakdown:
        """Firepower of `unit` at `target` now, with its breakdown (`fire.firepower`)."""
        return fire.firepower(
            self,
            unit,
            target,
            interruption_penalty=interruption_penalty,
            close_assault_defence=close_assault_defence,
            figure_ids=figure_ids,
            team_bonus=team_bonus,
        )

    def defense(
        self,
        unit: UnitState,
        *,
        charging: bool = False,
        melee: bool = False,
        thermobaric: bool = False,
    ) -> rb.Breakdown:
        """Defense of `unit` now, with its breakdown (`fire.defense`); `thermobaric` against a
        SMAW (R194)."""
        return fire.defense(self, unit, charging=charging, melee=melee, thermobaric=thermobaric)
