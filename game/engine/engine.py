"""The turn engine: commands in, events out, pending decisions any controller answers.

The sequence of play (Rulebook: Sequence of Play, steps 8-13) runs as one Python generator. It
yields a `Decision` whenever a side must choose (which unit to activate and what it does, which
Insurgents interrupt, how a Regular reacts, where a Pinned unit seeks cover...) and receives the
answering command. `Engine.apply` validates a command against the pending decision *before*
anything changes, so an illegal command raises `IllegalCommand` and leaves the state untouched.
Everything else (dice, geometry, the scenario's rules) is reached through small adapters.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from game.battlefield.model import Battlefield, Building, Point
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Answer,
    ChangeLevel,
    CloseAssault,
    Command,
    DeclareInterrupts,
    EndActivation,
    EndPhase,
    Fire,
    FirstAid,
    IllegalCommand,
    JoinUnit,
    Merge,
    MoveUnit,
    NeutralizeHotSpot,
    Overwatch,
)
from game.engine.decisions import Decision
from game.engine.events import events_sha256, make_event
from game.engine.state import (
    INSURGENT,
    REGULAR,
    SUPPORT_DICE,
    FigureState,
    GameState,
    UnitState,
    side_name,
)
from game.engine.terrain import Terrain, distance, path_length, truncate, walk
from game.rules.dice import DiceSource, Die, SeededDice
from game.rules.movement import (
    ARRIVAL_RADIUS,
    CAUTIOUS,
    COHESION_REACH,
    CONTACT,
    EDGE_REACH,
    HOT_SPOT_CONTACT,
    PULL_BACK,
    RAPID,
    allowance,
    charge_reach,
)
from game.rules.wording import counted
from game.scenarios.base import Scenario, edge_distance

Flow = Generator[Decision, Command, Any]

STEP = 1.0  # inches between sight checks along a move
DIRECTIONS = [(math.cos(a * math.pi / 4), math.sin(a * math.pi / 4)) for a in range(8)]


@dataclass
class Activation:
    """The Regular unit being activated and what it has done so far (Rulebook: Interruptions)."""

    unit: str
    moved: float = 0.0
    fired: bool = False
    acted: bool = False
    interruptions: int = 0
    window_done: bool = False
    tending: bool = False  # the unit began this activation with wounded to tend (R27)
    rate: str = ""
    path: list[Point] = field(default_factory=list)
    travelled: float = 0.0
    sighted: list[str] = field(default_factory=list)
    action: str = ""  # what the unit is doing now: "move", "fire" or "close_assault"
    targets: list[str] = field(default_factory=list)  # the units it fires at or assaults

    @property
    def penalty(self) -> int:
        """−1" per interruption after the first (R24), and −1 Firepower die for each one after
        the first when the unit fires back at an interruption (R16, R37)."""
        return max(0, self.interruptions - 1)

    @property
    def own_fire_penalty(self) -> int:
        """The Firepower dice the unit's own fire loses: one per interruption before it (R37,
        Examples of Firepower, example 2: interrupted twice, then it fires, two dice fewer)."""
        return self.interruptions


class GameOver(Exception):
    pass


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
            fog_of_war=scenario.fog_of_war,
            entry_edges=[e.value for e in battlefield.entry_edges],
            exit_edges=[e.value for e in battlefield.exit_edges],
        )
        self.log: list[Command] = []
        # What the controllers said of their choices ("AI: ..." lines), each with the number of
        # events logged before it: commentary kept with the save, never part of the game state.
        self.notes: list[tuple[int, str]] = []
        self.pending: Decision | None = None
        self.act: Activation | None = None
        self._los_cache: dict[tuple[Any, ...], bool] = {}
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self._flow = self._game()
        self._advance(None)

    # == the public surface ===================================================================
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

    # == the machinery =======================================================================
    def _advance(self, command: Command | None) -> None:
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

    def emit(self, kind: str, text: str, **data: Any) -> None:
        event = make_event(len(self.state.events), self.state.turn, kind, text, data)
        self.state.events.append(event)
        for listener in self.listeners:
            listener(event)

    def ask(
        self,
        side: str,
        kind: str,
        prompt: str,
        options: list[Command],
        accepts: Callable[[Command], None] | None = None,
        **context: Any,
    ) -> Flow:
        """Stop with a decision; return the validated answer."""
        self.state.decisions_asked += 1
        decision_id = self.state.decisions_asked
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
            decision_id, side, kind, prompt, options, accepts or in_options, context
        )
        answer = yield decision
        return answer

    def choose(self, side: str, kind: str, prompt: str, choices: list[Any], **context: Any) -> Flow:
        """Ask a side to pick one of `choices` (JSON values); return the choice."""
        options: list[Command] = [Answer(side=side, choice=c) for c in choices]
        answer = yield from self.ask(side, kind, prompt, options, **context)
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
        fa = tuple([(f.x, f.y) for f in a.figures if f.status == "ok"])
        fb = tuple([(f.x, f.y) for f in b.figures if f.status == "ok"])
        if not fa or not fb:
            return False
        key = (fa, a.elevation, fb, b.elevation)
        cached = self._los_cache.get(key)
        if cached is None:
            cached = self.terrain.line_of_sight(a.position(), b.position())
            if len(self._los_cache) > 50000:
                self._los_cache.clear()
            self._los_cache[key] = cached
        return cached

    def enemies(self, unit: UnitState) -> list[UnitState]:
        other = INSURGENT if unit.side == REGULAR else REGULAR
        return self.state.units_of(other)

    def nearest_distance(self, unit: UnitState, others: list[UnitState]) -> float:
        return min((distance(unit.centre, o.centre) for o in others), default=1e9)

    def update_sightings(self) -> None:
        """An Insurgent unit any Regular unit has seen is fixed (Out of Contact Movement)."""
        regulars = self.state.units_of(REGULAR)
        for ins in self.state.units_of(INSURGENT):
            if not ins.seen and any(self.los(r, ins) for r in regulars):
                ins.seen = True
                self.emit(
                    "Fixed", f"{ins.name} has been seen and can no longer move out of contact"
                )

    def place_unit(
        self, unit: UnitState, leader_to: Point, *, real: bool = True, exact: bool = True
    ) -> None:
        """Move the leader to a point and keep the others in formation around it (R3).

        `exact=False` only shifts the formation (the steps of a move, what-if positions); the
        figures are placed properly in cohesion when the unit stops (`settle`)."""
        start = unit.leader_point
        if real and unit.neutralizing and distance(start, leader_to) > 1e-6:
            self.emit(
                "NeutralizeAbandoned",
                f"{unit.name} moves off hot spot {unit.neutralizing}: the neutralization is "
                "abandoned (R28)",
                unit=unit.id,
            )
            unit.neutralizing = 0
        if real and distance(start, leader_to) > 1e-6:
            unit.in_cover_turn = 0  # In Cover is lost by moving (Rulebook: Cover Dice)
        live = unit.effective_figures
        if live and exact:
            occupied = [
                f.pos
                for other in self.state.units.values()
                if other.on_table and other.id != unit.id
                for f in other.effective_figures
            ]
            spots = self.terrain.place(leader_to, len(live), occupied=occupied)
            if spots is not None:
                cx, cy = unit.centre
                # R3: the leader moves, or the figure nearest the centre for a leaderless unit
                live.sort(key=lambda f: (f.kind != "leader", (f.x - cx) ** 2 + (f.y - cy) ** 2))
                for f, p in zip(live, spots, strict=True):
                    f.x, f.y = round(p[0], 3), round(p[1], 3)
                for f in unit.figures:
                    if not f.effective:
                        f.x, f.y = round(leader_to[0], 3), round(leader_to[1], 3)
                return
        dx, dy = leader_to[0] - start[0], leader_to[1] - start[1]
        width, height = self.battlefield.width, self.battlefield.height
        for f in unit.figures:
            target = (min(max(f.x + dx, 0.0), width), min(max(f.y + dy, 0.0), height))
            if exact and self.terrain.blocked_point(target):
                target = leader_to
            f.x, f.y = round(target[0], 3), round(target[1], 3)

    def settle(self, unit: UnitState) -> None:
        """Place a unit's figures properly in cohesion where its leader stands (R2, R3)."""
        if unit.on_table and unit.effective_figures:
            self.place_unit(unit, unit.leader_point, real=False, exact=True)
            if unit.elevation and self.roof_building(unit) is None:
                unit.elevation = 0  # R83: forced off the roof (seek cover, Pull Back, flight)

    def roof_building(self, unit: UnitState) -> Building | None:
        """The building with roof access every figure of `unit` stands in, else None (R83)."""
        spots = [f.pos for f in unit.effective_figures]
        building = self.terrain.building_at(spots[0]) if spots else None
        if building is None or not building.roof_access:
            return None
        if any(self.terrain.building_at(p) is not building for p in spots[1:]):
            return None
        return building

    def hypothetical(self, unit: UnitState, leader_to: Point, *, exact: bool = False) -> UnitState:
        """A copy of the unit moved to `leader_to` (a what-if; the real unit stays put)."""
        copy = UnitState(
            **{**unit.__dict__, "figures": [FigureState(**f.__dict__) for f in unit.figures]}
        )
        self.place_unit(copy, leader_to, real=False, exact=exact)
        return copy

    # == the sequence of play ================================================================
    def _game(self) -> Flow:
        self.scenario.setup(self.state, self.battlefield, self.terrain)
        self.emit(
            "Setup",
            f"{self.scenario.title.rstrip(':')}"
            f"{' —' if self.scenario.title[-1:] in '!?.' else ':'} "
            f"{len(self.state.units_of(REGULAR))} Regular and "
            f"{len(self.state.units_of(INSURGENT))} Insurgent units on the table, "
            f"{len(self.state.hot_spots)} hot spots (Rulebook: Sequence of Play, steps 1-7)",
            units=sorted(self.state.units),
        )
        if self.state.fog_of_war:
            self.emit(
                "FogOfWar",
                "A Fog of War card is drawn at the start of the game "
                "(the card decks are not in the engine yet; no effect applied)",
            )
        self.update_sightings()
        reason: str | None = None
        while True:
            self.state.turn += 1
            self.emit("TurnStart", f"Turn {self.state.turn} begins")
            self._start_of_turn()
            if self.state.turn > 1:
                yield from self._reinforcements()
            self.state.phase = "regular"
            yield from self._regular_phase()
            reason = self.scenario.finished(self.state)
            if reason:
                break
            self.state.phase = "insurgent"
            yield from self._insurgent_phase()
            self._end_of_turn()
            reason = self.scenario.finished(self.state)
            if reason:
                break
            if self.state.turn >= self.state.turn_limit:
                reason = f"the turn limit ({self.state.turn_limit}) is reached (R31)"
                break
        self._finish(reason)

    def _finish(self, reason: str) -> None:
        self.state.phase = "over"
        for unit in self.state.units_of(REGULAR):
            waiting = [f for f in unit.figures if f.status == "hit"]
            if waiting:
                self.state.count("regular_wia", len(waiting))
                self.emit(
                    "WoundedAtEnd",
                    f"{unit.name}: {counted(len(waiting), 'hit figure')} still awaiting First Aid "
                    f"{'counts' if len(waiting) == 1 else 'count'} as wounded (R69)",
                    unit=unit.id,
                )
        vp_reg, vp_ins, lines = self.scenario.score(self.state)
        margin = rb.victory_margin(vp_reg - vp_ins)
        if vp_reg - vp_ins >= 5:
            winner = REGULAR
        elif vp_ins - vp_reg >= 5:
            winner = INSURGENT
        else:
            winner = "none"
        sides = {REGULAR: "the Regulars", INSURGENT: "the Insurgents"}
        verdict = (
            f"a {margin} victory for {sides[winner]}"
            if winner in sides
            else f"{margin}, no side wins"
        )
        self.emit(
            "GameEnd",
            f"Game over after turn {self.state.turn}: {reason}. Regulars {vp_reg} VP, "
            f"Insurgents {vp_ins} VP: {verdict} (Rulebook: Victory Points, Margin of Victory)",
            vp_regular=vp_reg,
            vp_insurgent=vp_ins,
            margin=margin,
            winner=winner,
            breakdown=lines,
        )
        self.state.result = {
            "scenario": self.state.scenario_id,
            "seed": self.state.seed,
            "turns": self.state.turn,
            "vp_regular": vp_reg,
            "vp_insurgent": vp_ins,
            "margin": margin,
            "winner": winner,
            "reason": reason,
        }

    def _start_of_turn(self) -> None:
        self._merge_declared_units()
        for unit in self.state.units.values():
            unit.pins_this_turn = 0
            for f in unit.figures:
                if f.status == "returning":
                    f.status = "ok"
                    self.emit(
                        "ReturnsToAction",
                        f"{unit.name}: {f.id} returns to action (Rulebook: First Aid Checks)",
                        unit=unit.id,
                    )

    def _end_of_turn(self) -> None:
        turn = self.state.turn
        for unit in self.state.units.values():
            if unit.on_table and unit.pinned_turn == turn:
                self.emit("Unpinned", f"{unit.name} is no longer Pinned (Rulebook: Pinned)")
            if unit.on_table and unit.regroup_turn == turn:
                self.emit("Regrouped", f"{unit.name} has regrouped (Rulebook: Pull Back)")
        self.emit("TurnEnd", f"Turn {turn} ends")

    # -- step 8: reinforcements ------------------------------------------------------------
    def _reinforcements(self) -> Flow:
        """Step 8: the Insurgency Level roll, the table, the hot spots (R20)."""
        turn = self.state.turn
        unavailable = {n for n in range(1, 6) if str(n) not in self.state.hot_spots} | {
            int(k) for k, h in self.state.hot_spots.items() if h.neutralized
        }
        head, arrivals = rb.roll_reinforcements(self.state.insurgency_level, self.dice, unavailable)
        self.emit(
            "InsurgencyLevel",
            f"T{turn} {head} (Rulebook: Arrival of Insurgent Reinforcements, R20)",
            groups=len(arrivals),
        )
        for arrival in arrivals:
            self.emit("ReinforcementRoll", f"T{turn} Reinforcement table {arrival.description}")
            face = arrival.hot_spot_face
            number = arrival.hot_spot
            if arrival.insurgent_chooses:
                active = sorted(
                    int(k) for k, h in self.state.hot_spots.items() if not h.neutralized
                )
                number = yield from self.choose(
                    INSURGENT,
                    "hot_spot",
                    "Hot spot roll of 6: choose the hot spot where the reinforcements arrive",
                    active,
                )
            spot = self.state.hot_spots.get(str(number)) if number is not None else None
            # a 6 is the Insurgent player's pick of the hot spots still active
            roll = f"Hot spot d6={face}" + (" (Insurgents' choice)" if face == 6 else "")
            if arrival.lost or spot is None or spot.neutralized:
                why = "neutralized" if str(face) in self.state.hot_spots else "not on the table"
                lost = f"hot spot {face} is {why}"
                if face == 6:
                    lost = "no hot spot is left"
                self.emit(
                    "ReinforcementsLost",
                    f"{roll}: {lost}; the group is lost "
                    "(Rulebook: Arrival of Insurgent Reinforcements)",
                    face=face,
                )
                continue
            unit = self._new_insurgent_unit(
                arrival.figures, (spot.x, spot.y), leader_weapon=arrival.leader_weapon
            )
            self.emit(
                "ReinforcementsArrive",
                f"{roll}: {unit.name} ({counted(len(unit.figures), 'figure')}"
                f"{', with a leader' if unit.has_leader else ', leaderless'}) arrives at hot "
                f"spot {number} (Rulebook: Arrival of Insurgent Reinforcements)",
                unit=unit.id,
                hot_spot=number,
                face=face,
            )
        self.update_sightings()

    def _new_insurgent_unit(
        self, kinds: tuple[str, ...], at: Point, leader_weapon: str = ""
    ) -> UnitState:
        number = self.state.next_unit_number
        self.state.next_unit_number += 1
        unit_id = f"I{number}"
        occupied = [
            f.pos for u in self.state.units.values() if u.on_table for f in u.effective_figures
        ]
        spots = self.terrain.place(at, len(kinds), occupied=occupied, nudge=ARRIVAL_RADIUS - 1.0)
        if spots is None or any(distance(p, at) > ARRIVAL_RADIUS for p in spots):
            spots = []
            for i in range(len(kinds)):
                ring = 0 if i == 0 else 1.0 + 0.9 * ((i - 1) // 8)
                dx, dy = DIRECTIONS[(i - 1) % 8] if i else (0.0, 0.0)
                p = (at[0] + ring * dx, at[1] + ring * dy)
                spots.append(at if self.terrain.blocked_point(p) else p)
        figures = []
        for i, (kind, p) in enumerate(zip(kinds, spots, strict=True)):
            q, m = self.scenario.insurgent_profile(kind)
            x, y = round(p[0], 3), round(p[1], 3)
            weapon = leader_weapon if kind == "leader" else ""
            figures.append(FigureState(f"{unit_id}.{i + 1}", kind, x, y, q, m, weapon=weapon))
        unit = UnitState(unit_id, f"Insurgent group {number}", INSURGENT, figures)
        unit.placed_turn = self.state.turn
        self.state.units[unit_id] = unit
        return unit

    # -- steps 9-11: Regular activations ---------------------------------------------------
    def _regular_phase(self) -> Flow:
        while True:
            waiting = [
                u for u in self.state.units_of(REGULAR) if u.activated_turn != self.state.turn
            ]
            if not waiting or self.scenario.finished(self.state):
                return
            options = self._activation_options(waiting)
            command = yield from self.ask(
                REGULAR,
                "activate",
                "Activate a Regular unit (or end the phase: the rest hold)",
                options,
                self._accept_activation,
            )
            if isinstance(command, EndPhase):
                for u in waiting:
                    u.activated_turn = self.state.turn
                self.emit("PhaseEnd", "The Regulars end their activations; the rest hold")
                return
            yield from self._activation(command)

    def _accept_activation(self, command: Command) -> None:
        if isinstance(command, EndPhase):
            return
        unit_id = getattr(command, "unit", "")
        unit = self.unit(unit_id)
        if unit.side != REGULAR or not unit.on_table:
            raise IllegalCommand(f"{unit.name} is not a Regular unit on the table")
        if unit.activated_turn == self.state.turn:
            raise IllegalCommand(f"{unit.name} has already been activated this turn")
        self._check_regular_action(unit, command, Activation(unit.id))

    def _activation_options(self, waiting: list[UnitState]) -> list[Command]:
        options: list[Command] = [EndPhase(side=REGULAR)]
        for unit in waiting:
            options.extend(self._unit_action_options(unit, Activation(unit.id)))
        return options

    def _unit_action_options(self, unit: UnitState, act: Activation) -> list[Command]:
        side = unit.side
        candidates: list[Command] = [EndActivation(side=side, unit=unit.id)]
        if side == REGULAR and not act.acted:
            candidates += [
                Overwatch(side=side, unit=unit.id),
                FirstAid(side=side, unit=unit.id),
            ]
            for spot in self.state.hot_spots.values():
                candidates.append(NeutralizeHotSpot(side=side, unit=unit.id, hot_spot=spot.number))
        foes = self.enemies(unit)
        for enemy in foes:
            candidates.append(Fire(side=side, unit=unit.id, target=enemy.id))
            if not act.acted:
                candidates.append(CloseAssault(side=side, unit=unit.id, target=enemy.id))
        candidates += self._move_samples(unit, act)
        candidates.append(ChangeLevel(side=side, unit=unit.id, up=not unit.elevation))
        live = [f.id for f in unit.effective_figures]
        if len(live) >= 2 and unit.quality_die() > Die.D6 and not act.fired:
            near = sorted(foes, key=lambda e: distance(e.centre, unit.centre))[:2]
            if len(near) == 2:
                half = len(live) // 2
                split = ((near[0].id, tuple(live[:half])), (near[1].id, tuple(live[half:])))
                candidates.append(Fire(side=side, unit=unit.id, target=near[0].id, split=split))
        legal: list[Command] = []
        for c in candidates:
            try:
                self._check_action(unit, c, act)
            except IllegalCommand:
                continue
            legal.append(c)
        return legal

    def _move_samples(self, unit: UnitState, act: Activation) -> list[Command]:
        start = unit.leader_point
        out: list[Command] = []
        rates = ["cautious", "rapid"]
        if unit.side == INSURGENT and self._may_move_out_of_contact(unit):
            rates.append("out_of_contact")
        for rate in rates:
            reach = {"cautious": CAUTIOUS, "rapid": RAPID, "out_of_contact": 18.0}[rate]
            for dx, dy in DIRECTIONS:
                to = (round(start[0] + dx * reach, 2), round(start[1] + dy * reach, 2))
                out.append(MoveUnit(side=unit.side, unit=unit.id, to=to, rate=rate))
        goals = self.scenario_goals(unit)
        for goal in goals:
            out.append(MoveUnit(side=unit.side, unit=unit.id, to=goal, rate="cautious"))
            out.append(MoveUnit(side=unit.side, unit=unit.id, to=goal, rate="rapid"))
        return out

    def scenario_goals(self, unit: UnitState) -> list[Point]:
        """Useful destinations to sample: contractors, hot spots, exit edges, the enemy."""
        goals: list[Point] = []
        if unit.side == REGULAR:
            goals += [(c.x, c.y) for c in self.state.contractors if c.status == "waiting"]
            goals += [(h.x, h.y) for h in self.state.hot_spots.values() if not h.neutralized]
            x, y = unit.leader_point
            w, h = self.battlefield.width, self.battlefield.height
            for edge in self.state.exit_edges:
                goals.append(
                    {
                        "north": (x, 0.2),
                        "south": (x, h - 0.2),
                        "west": (0.2, y),
                        "east": (w - 0.2, y),
                    }[edge]
                )
        foes = sorted(self.enemies(unit), key=lambda e: distance(e.centre, unit.centre))[:2]
        goals += [e.centre for e in foes]
        return [(round(g[0], 2), round(g[1], 2)) for g in goals]

    # -- checking a unit's action ---------------------------------------------------------
    def _validator(
        self, unit: UnitState, act: Activation, *, moves_only: bool = False, assault: bool = True
    ) -> Callable[[Command], None]:
        def accepts(command: Command) -> None:
            if moves_only and not isinstance(command, MoveUnit):
                raise IllegalCommand(f"{unit.name} interrupts by moving: choose a destination")
            if not assault and isinstance(command, CloseAssault):
                raise IllegalCommand(f"{unit.name} cannot charge now")
            self._check_action(unit, command, act)

        return accepts

    def _check_regular_action(self, unit: UnitState, command: Command, act: Activation) -> None:
        self._check_action(unit, command, act)

    def _check_action(self, unit: UnitState, command: Command, act: Activation) -> None:
        """Raise IllegalCommand unless `unit` may do `command` now (pure: changes nothing)."""
        name = unit.name
        turn = self.state.turn
        if getattr(command, "unit", unit.id) != unit.id:
            raise IllegalCommand(f"{name} is the unit acting now")
        wounded = any(f.status == "hit" for f in unit.figures)
        # R27: an activation that began with wounded to tend is spent tending them, even once
        # First Aid has sorted them out: the unit may only react (First Aid Checks for Regulars)
        tending = unit.side == REGULAR and (wounded or act.tending)
        if isinstance(command, EndActivation):
            return
        if (
            isinstance(command, (MoveUnit, JoinUnit, CloseAssault, ChangeLevel))
            and unit.joined_turn == turn
        ):
            raise IllegalCommand(
                f"{name} was joined by a leader this turn: that was its move, it may only fire "
                "(Rulebook: Leaders Joining a Unit)"
            )
        if (
            isinstance(command, (Overwatch, NeutralizeHotSpot, FirstAid, CloseAssault))
            and act.acted
        ):
            raise IllegalCommand(f"{name} has already acted; that takes a whole activation (R21)")
        if isinstance(command, Overwatch):
            if unit.side != REGULAR:
                raise IllegalCommand("only Regulars can use Overwatch (Rulebook: Overwatch)")
            if wounded:
                raise IllegalCommand(f"{name} must tend its wounded first (R27)")
            return
        if isinstance(command, FirstAid):
            if not wounded:
                raise IllegalCommand(f"{name} has no wounded figures to tend")
            if not self._safe_for_first_aid(unit):
                raise IllegalCommand(
                    f"{name} must reach Solid Cover or get out of Insurgent sight first (R27)"
                )
            return
        if isinstance(command, NeutralizeHotSpot):
            spot = self.state.hot_spots.get(str(command.hot_spot))
            if spot is None or spot.neutralized:
                raise IllegalCommand(f"there is no active hot spot {command.hot_spot}")
            if wounded:
                raise IllegalCommand(f"{name} must tend its wounded first (R27)")
            if min(distance(f.pos, (spot.x, spot.y)) for f in unit.effective_figures) > (
                HOT_SPOT_CONTACT
            ):
                raise IllegalCommand(f'{name} has no figure within 1" of hot spot {spot.number}')
            return
        if isinstance(command, Fire):
            if act.fired:
                raise IllegalCommand(f"{name} has already fired this activation")
            if tending:
                raise IllegalCommand(f"{name} is tending its wounded and may only react (R27)")
            if unit.side == INSURGENT and unit.shaken_turn == turn - 1 > 0:
                raise IllegalCommand(f"{name} is Shaken and may take no aggressive action")
            self._check_declared_fire(unit, command, act.own_fire_penalty)
            return
        if isinstance(command, CloseAssault):
            target = self.unit(command.target)
            if target.side == unit.side or not target.on_table:
                raise IllegalCommand(f"{target.name} is not an enemy unit on the table")
            if tending:
                raise IllegalCommand(f"{name} is tending its wounded and may only react (R27)")
            if unit.side == INSURGENT and unit.shaken_turn == turn - 1 > 0:
                raise IllegalCommand(f"{name} is Shaken and may take no aggressive action")
            if unit.pinned_turn == turn or unit.regroup_turn == turn:
                raise IllegalCommand(f"{name} is Pinned or regrouping and cannot charge")
            if self._blocked_contractor_assault(unit, target):
                raise IllegalCommand("the Insurgents may not go for the contractors yet")
            reach = charge_reach(bool(unit.dependants))
            gap = min(
                distance(a.pos, b.pos)
                for a in unit.effective_figures
                for b in target.effective_figures
            )
            if gap > reach:
                raise IllegalCommand(
                    f'{target.name} is {gap:.1f}" away, beyond the charge reach of '
                    f'{name} ({reach:.0f}")'
                )
            return
        if isinstance(command, JoinUnit):
            self._check_join(unit, command, act)
            return
        if isinstance(command, ChangeLevel):
            self._check_change_level(unit, command, act)
            return
        if isinstance(command, MoveUnit):
            if unit.elevation:
                raise IllegalCommand(f"{name} is on a roof: it must come down first (R83)")
            self._check_move(unit, command, act)
            return
        raise IllegalCommand(f"{command.kind} is not something {name} can do now")

    def _portions(self, unit: UnitState, command: Fire) -> list[tuple[str, tuple[str, ...] | None]]:
        if not command.split:
            return [(command.target, None)]
        return [(target, tuple(ids)) for target, ids in command.split]

    def _check_declared_fire(self, unit: UnitState, command: Fire, penalty: int) -> None:
        """A Fire command, whole or split (R19), is legal now (pure)."""
        if command.split:
            if command.target != command.split[0][0]:
                raise IllegalCommand("split fire: the target must be the first portion's target")
            why = rb.check_split(unit, command.split)
            if why:
                raise IllegalCommand(f"{unit.name} cannot split its fire that way: {why}")
        for i, (target_id, ids) in enumerate(self._portions(unit, command)):
            target = self.unit(target_id)
            self._check_fire(unit, target, penalty)
            if ids is not None:
                fp = self.firepower(
                    unit, target, interruption_penalty=penalty, figure_ids=ids, team_bonus=i == 0
                )
                if fp.total <= 0:
                    raise IllegalCommand(
                        f"{unit.name}'s portion at {target.name} has no Firepower ({fp.describe()})"
                    )

    def resolve_declared_fire(
        self, unit: UnitState, command: Fire, penalty: int, why: str = "fires"
    ) -> Flow:
        """Resolve a Fire command, portion by portion when split (R19)."""
        for i, (target_id, ids) in enumerate(self._portions(unit, command)):
            target = self.state.units.get(target_id)
            if target is None or not target.on_table or not unit.on_table:
                self.emit("FireCancelled", f"{unit.name}'s target {target_id} is gone")
                continue
            try:
                self._check_fire(unit, target, penalty)
            except IllegalCommand as reason:
                self.emit("FireCancelled", f"{unit.name} can no longer fire: {reason}")
                continue
            if ids is not None:
                ids = tuple(f.id for f in unit.effective_figures if f.id in ids)
                if not ids:
                    continue
            label = why if ids is None else f"{why} (split fire, {counted(len(ids), 'figure')})"
            yield from self.fire(
                unit, target, penalty=penalty, why=label, figure_ids=ids, team_bonus=i == 0
            )

    def _check_fire(self, unit: UnitState, target: UnitState, penalty: int) -> None:
        if target.side == unit.side or not target.on_table:
            raise IllegalCommand(f"{target.name} is not an enemy unit on the table")
        if not unit.effective_figures:
            raise IllegalCommand(f"{unit.name} has no one left able to fire")
        if not self.los(unit, target):
            raise IllegalCommand(f"{unit.name} has no line of sight to {target.name} (R4)")
        blockers = self._fire_blockers(unit, target)
        if blockers:
            raise IllegalCommand(
                f"{unit.name} cannot fire at {target.name}: {blockers} in the line of fire (R6)"
            )
        fp = self.firepower(unit, target, interruption_penalty=penalty)
        if fp.total <= 0:
            raise IllegalCommand(f"{unit.name} has no Firepower left ({fp.describe()})")

    def _fire_blockers(self, unit: UnitState, target: UnitState) -> str:
        others = [
            u for u in self.state.units.values() if u.on_table and u.id not in (unit.id, target.id)
        ]
        in_line = self.terrain.units_in_line_of_fire(
            unit.position(), target.position(), [o.position() for o in others]
        )
        names = []
        a, b = unit.centre, target.centre
        for oid in in_line:
            other = self.state.units[oid]
            straight = (
                any(_crosses_base(f.pos, a, b) for f in other.effective_figures)
                and other.elevation == unit.elevation
            )
            if (unit.side == REGULAR and other.side == REGULAR) or straight:
                names.append(other.name)
        return ", ".join(names)

    def _check_move(self, unit: UnitState, command: MoveUnit, act: Activation) -> None:
        name = unit.name
        turn = self.state.turn
        if command.rate not in ("cautious", "rapid", "out_of_contact"):
            raise IllegalCommand(f"unknown movement rate {command.rate!r}")
        if act.moved > 0 or act.rate:
            raise IllegalCommand(f"{name} has already moved this activation")
        if not unit.effective_figures:
            raise IllegalCommand(f"{name} has no one able to move")
        if unit.regroup_turn == turn:
            raise IllegalCommand(f"{name} is regrouping after a Pull Back and may not move")
        if unit.pinned_turn == turn:
            raise IllegalCommand(f"{name} is Pinned and may only seek cover")
        if command.rate == "rapid":
            if act.fired:
                raise IllegalCommand(f"{name} has fired and may only move Cautiously (R21)")
            if unit.dependants:
                raise IllegalCommand(f"{name} has Dependants and may not move Rapidly")
        if command.rate == "out_of_contact" and not self._may_move_out_of_contact(unit):
            raise IllegalCommand(f"{name} cannot use Out of Contact movement")
        x, y = command.to
        if not (math.isfinite(x) and math.isfinite(y)):
            raise IllegalCommand("the destination is not a point on the table")
        path = self.terrain.path(unit.leader_point, (float(x), float(y)))
        if path_length(path) < 0.25:
            raise IllegalCommand(f"{name} cannot move that way")
        if unit.side == INSURGENT:
            if unit.shaken_turn == turn - 1 > 0:
                end = walk(path, self._allowance(unit, command.rate, act))
                if self.nearest_distance(self.hypothetical(unit, end), self.enemies(unit)) < (
                    self.nearest_distance(unit, self.enemies(unit))
                ):
                    raise IllegalCommand(f"{name} is Shaken and may only move away from the enemy")
            if self._blocked_contractor_move(
                unit, walk(path, self._allowance(unit, command.rate, act))
            ):
                raise IllegalCommand(
                    "the Insurgents may not go for the contractors before the Marines reach them"
                )
        if unit.side == REGULAR and any(f.status == "hit" for f in unit.figures):
            return  # moving toward a safe place to tend the wounded is allowed (R27)

    def _allowance(self, unit: UnitState, rate: str, act: Activation) -> float:
        return max(0.0, allowance(rate) - act.moved - act.penalty)

    def _may_move_out_of_contact(self, unit: UnitState) -> bool:
        return unit.side == INSURGENT and not unit.seen and unit.placed_turn < self.state.turn

    def _blocked_contractor_move(self, unit: UnitState, end: Point) -> bool:
        if not self.scenario.contractors:
            return False
        return any(
            c.status == "waiting" and distance(end, (c.x, c.y)) < 2.0
            for c in self.state.contractors
        )

    def _blocked_contractor_assault(self, unit: UnitState, target: UnitState) -> bool:
        return False

    def _safe_for_first_aid(self, unit: UnitState) -> bool:
        if self.terrain.in_solid_cover(unit.position()):
            return True
        return not any(self.los(i, unit) for i in self.state.units_of(INSURGENT))

    # -- one Regular activation ------------------------------------------------------------
    def _activation(self, first: Command) -> Flow:
        unit = self.unit(getattr(first, "unit", ""))
        turn = self.state.turn
        unit.activated_turn = turn
        act = Activation(unit.id)
        act.tending = any(f.status == "hit" for f in unit.figures)
        self.act = act
        self.state.activation = {"unit": unit.id}
        self.emit("Activate", f"T{turn} {unit.name} activates", unit=unit.id)
        if unit.overwatch:
            unit.overwatch = False
            unit.overwatch_shots = 0
            self.emit("OverwatchEnds", f"{unit.name} leaves Overwatch (R23)")
        self._complete_neutralization(unit)
        command = first
        while True:
            if isinstance(command, EndActivation):
                if not act.acted:
                    self.emit("Hold", f"{unit.name} holds its position", unit=unit.id)
                break
            yield from self._regular_action(unit, act, command)
            act.acted = True
            if not unit.on_table or self.scenario.finished(self.state):
                break
            if isinstance(command, (Overwatch, NeutralizeHotSpot, FirstAid, CloseAssault)):
                break
            if act.fired and act.rate:
                break
            options = self._unit_action_options(unit, act)
            command = yield from self.ask(
                REGULAR,
                "continue",
                f"{unit.name}: fire, move or end the activation",
                options,
                self._validator(unit, act),
                unit=unit.id,
            )
        self.act = None
        self.state.activation = {}

    def _complete_neutralization(self, unit: UnitState) -> None:
        if not unit.neutralizing:
            return
        spot = self.state.hot_spots.get(str(unit.neutralizing))
        unit_near = spot is not None and any(
            distance(f.pos, (spot.x, spot.y)) <= HOT_SPOT_CONTACT for f in unit.effective_figures
        )
        if spot is not None and not spot.neutralized and unit_near:
            spot.neutralized = True
            self.state.count("hot_spots_neutralized")
            self.emit(
                "HotSpotNeutralized",
                f"{unit.name} stayed by hot spot {spot.number} for a full turn: it is "
                "neutralized and removed (R28)",
                hot_spot=spot.number,
                unit=unit.id,
            )
        unit.neutralizing = 0

    def _regular_action(self, unit: UnitState, act: Activation, command: Command) -> Flow:
        turn = self.state.turn
        if isinstance(command, Overwatch):
            unit.overwatch = True
            unit.overwatch_shots = 0
            self.emit(
                "Overwatch", f"{unit.name} goes on Overwatch (Rulebook: Overwatch)", unit=unit.id
            )
            return
        if isinstance(command, NeutralizeHotSpot):
            unit.neutralizing = command.hot_spot
            unit.neutralize_turn = turn
            self.emit(
                "NeutralizeStarted",
                f"{unit.name} starts neutralizing hot spot {command.hot_spot}; it must stay "
                "put until its next activation (R28)",
                unit=unit.id,
                hot_spot=command.hot_spot,
            )
            return
        if isinstance(command, FirstAid):
            self._first_aid(unit)
            return
        if isinstance(command, Fire):
            act.action = "fire"
            act.targets = [target for target, _ in self._portions(unit, command)]
            if not act.window_done:
                act.window_done = True
                yield from self._interruption_window(unit, act)
            act.fired = True
            if not unit.on_table:
                return
            yield from self.resolve_declared_fire(unit, command, act.own_fire_penalty)
            return
        if isinstance(command, MoveUnit):
            yield from self._regular_move(unit, act, command)
            return
        if isinstance(command, ChangeLevel):
            act.action = "move"
            act.targets = []
            if not act.window_done:
                act.window_done = True
                yield from self._interruption_window(unit, act)
            if unit.on_table:
                self.change_level(unit, act, command)
            return
        if isinstance(command, CloseAssault):
            act.action = "close_assault"
            act.targets = [command.target]
            if not act.window_done:
                act.window_done = True
                yield from self._interruption_window(unit, act)
            target = self.state.units.get(command.target)
            if unit.on_table and target is not None and target.on_table:
                yield from self.close_assault(unit, target)
            return

    def _regular_move(self, unit: UnitState, act: Activation, command: MoveUnit) -> Flow:
        turn = self.state.turn
        rate = command.rate
        if rate == "rapid" and unit.ever_casualties:
            test = rb.quality_test(unit.quality_die(), self.dice, pinned=unit.pinned_turn == turn)
            ok = test.passed
            self.emit(
                "QualityCheck",
                f"T{turn} Casualties Quality Check to move Rapidly (Rulebook: Casualties): "
                f"{unit.name} {test.shown()} → {'may move Rapidly' if ok else 'moves Cautiously'}",
                unit=unit.id,
                face=test.face,
            )
            if not ok:
                rate = "cautious"
        act.rate = rate
        act.action = "move"
        act.targets = []
        unit.move_rate = rate
        unit.move_rate_turn = turn
        path = self.terrain.path(unit.leader_point, command.to)
        act.path = truncate(path, self._allowance(unit, rate, act))
        act.travelled = 0.0
        act.sighted = [i.id for i in self.state.units_of(INSURGENT) if self.los(i, unit)]
        self.emit(
            "MoveStart",
            f"{unit.name} moves {rate} toward ({command.to[0]:.1f}, {command.to[1]:.1f}), "
            f'{path_length(act.path):.1f}" (Rulebook: Movement)',
            unit=unit.id,
            rate=rate,
        )
        if not act.window_done:
            act.window_done = True
            yield from self._interruption_window(unit, act)
        yield from self._continue_move(unit, act)

    def _continue_move(self, unit: UnitState, act: Activation) -> Flow:
        """Walk the rest of the planned path in steps, watching for new sightings and contacts."""
        turn = self.state.turn
        if not act.path:
            return
        while unit.on_table and act.path:
            total = path_length(act.path)
            limit = min(
                total,
                max(
                    0.0,
                    self._allowance(unit, act.rate or "cautious", act) + act.travelled,
                ),
            )
            if (
                unit.pinned_turn == turn
                or unit.regroup_turn == turn
                or act.travelled >= limit - 1e-6
            ):
                break
            step_to = min(limit, act.travelled + STEP)
            point = walk(act.path, step_to)
            self.place_unit(unit, point, exact=False)
            act.moved += step_to - act.travelled
            act.travelled = step_to
            unit.last_moved_turn = turn
            self._contractor_contact(unit)
            if self._try_exit(unit):
                return
            newly = [
                i
                for i in self.state.units_of(INSURGENT)
                if i.id not in act.sighted and self.los(i, unit)
            ]
            if newly:
                # the figures stand properly around the leader before anyone is offered an
                # interruption: sight is judged from where they will be when it is resolved
                self.settle(unit)
                newly = [i for i in newly if self.los(i, unit)]
            for i in newly:
                act.sighted.append(i.id)
            self.update_sightings()
            fresh = [i for i in newly if self._may_interrupt(i)]
            if fresh:
                yield from self._interruption_window(unit, act, only=fresh)
        if not act.path:
            return  # a reaction inside that window finished the move (and said so)
        if unit.on_table:
            self.settle(unit)
            self.emit(
                "MoveEnd",
                f"{unit.name} ends its move at ({unit.leader_point[0]:.1f}, "
                f'{unit.leader_point[1]:.1f}) after {act.moved:.1f}"',
                unit=unit.id,
                moved=round(act.moved, 3),
            )
            self._handoff_dependants(unit)
            if act.tending and self._safe_for_first_aid(unit):
                self._first_aid(unit)  # R27: the move that brought the wounded to safety
        act.path = []

    # -- contractors, edges ---------------------------------------------------------------
    def _contractor_contact(self, unit: UnitState) -> None:
        if unit.side != REGULAR:
            return
        for c in self.state.contractors:
            if c.status == "waiting" and any(
                distance(f.pos, (c.x, c.y)) <= CONTACT for f in unit.effective_figures
            ):
                c.status = "held"
                c.holder = unit.id
                unit.dependants.append("contractor")
                self.emit(
                    "ContractorJoins",
                    f"{unit.name} reaches contractor {c.id}: the contractor joins as a Dependant "
                    "(Contracting Trouble: Moving the Contractors)",
                    unit=unit.id,
                    contractor=c.id,
                )

    def _at_edge(self, unit: UnitState, edges: list[str]) -> str:
        w, h = self.battlefield.width, self.battlefield.height
        for edge in edges:
            if edge_distance(unit.leader_point, edge, w, h) <= EDGE_REACH:
                return edge
        return ""

    def _try_exit(self, unit: UnitState) -> bool:
        if unit.side != REGULAR:
            return False
        edge = self._at_edge(unit, self.state.exit_edges)
        if not edge or not self.scenario.exit_allowed(self.state, unit):
            return False
        unit.status = "exited"
        self.state.count("units_exited")
        for c in self.state.contractors:
            if c.holder == unit.id and c.status == "held":
                c.status = "escorted"
                self.state.count("contractors_escorted")
        self.emit(
            "UnitExits",
            f"{unit.name} leaves the table by the {edge} edge"
            + (f" with {counted(len(unit.dependants), 'Dependant')}" if unit.dependants else ""),
            unit=unit.id,
            edge=edge,
        )
        return True

    def _handoff_dependants(self, unit: UnitState) -> None:
        if unit.side != REGULAR:
            return
        if not self._at_edge(unit, self.state.entry_edges + self.state.exit_edges):
            return
        handed = [d for d in unit.dependants if d in ("casualty", "pow")]
        if handed:
            unit.dependants = [d for d in unit.dependants if d not in ("casualty", "pow")]
            self.state.count("casualties_evacuated", handed.count("casualty"))
            self.emit(
                "DependantsHandedOff",
                f"{unit.name} hands {counted(len(handed), 'Dependant')} off at the friendly edge "
                "(Rulebook: Disposing of Dependants & Casualties)",
            )

    # -- interruptions ---------------------------------------------------------------------
    @staticmethod
    def activity_context(act: Activation) -> dict[str, Any]:
        """What the activated Regular is doing, for the Insurgents' Action Checks (solo rules:
        the rows for units fired on by Regulars and for Regulars moving in sight)."""
        firing = act.action == "fire"
        return {
            "action": act.action,
            "moving": bool(act.path),
            "rate": act.rate if act.path else "",
            "target": act.targets[0] if firing and act.targets else "",
            "targets": list(act.targets) if firing else [],
            "assault_target": act.targets[0] if act.action == "close_assault" else "",
        }

    def _may_interrupt(self, ins: UnitState) -> bool:
        turn = self.state.turn
        return (
            ins.on_table
            and ins.interrupted_turn != turn
            and ins.finished_turn != turn
            and not (ins.shaken_turn == turn - 1 > 0)
            and bool(ins.effective_figures)
        )

    def _interruption_window(
        self, regular: UnitState, act: Activation, only: list[UnitState] | None = None
    ) -> Flow:
        """Insurgents in LOS may declare interruptions (R22)."""
        pool = (
            only
            if only is not None
            else [
                i
                for i in self.state.units_of(INSURGENT)
                if self._may_interrupt(i) and self.los(i, regular)
            ]
        )
        if not pool:
            return
        eligible = sorted(i.id for i in pool)
        remaining = max(0.0, path_length(act.path) - act.travelled) if act.path else 0.0
        ats = [0.0] if remaining <= 0 or only is not None else [0.0, round(remaining / 2, 2)]
        options: list[Command] = [DeclareInterrupts(side=INSURGENT, declarations=())]
        for at in ats:
            if len(eligible) > 1:  # with one group this is its own "fire" option below
                options.append(
                    DeclareInterrupts(
                        side=INSURGENT, declarations=tuple((i, "fire") for i in eligible), at=at
                    )
                )
            for i in eligible:
                for mode in ("fire", "move"):
                    if mode == "move" and self.unit(i).joined_turn == self.state.turn:
                        continue  # R80: the leader's joining was its move
                    options.append(
                        DeclareInterrupts(side=INSURGENT, declarations=((i, mode),), at=at)
                    )

        def accepts(command: Command) -> None:
            if not isinstance(command, DeclareInterrupts):
                raise IllegalCommand("the Insurgents must declare their interruptions (or none)")
            seen: set[str] = set()
            for entry in command.declarations:
                if len(entry) != 2:
                    raise IllegalCommand("each interruption names a unit and 'fire' or 'move'")
                uid, mode = entry
                if uid not in eligible:
                    raise IllegalCommand(f"{uid} cannot interrupt {regular.name} now (R22)")
                if uid in seen:
                    raise IllegalCommand(f"{uid} may interrupt only once per turn (R22)")
                if mode not in ("fire", "move"):
                    raise IllegalCommand("an interruption is by 'fire' or by 'move'")
                if mode == "move" and self.unit(uid).joined_turn == self.state.turn:
                    raise IllegalCommand(
                        f"{uid} was joined by a leader this turn and may only fire (R80)"
                    )
                seen.add(uid)
            if not 0.0 <= command.at <= remaining + 1e-6:
                raise IllegalCommand(
                    f'the interruption point must lie on the move (0-{remaining:.1f}")'
                )

        answer = yield from self.ask(
            INSURGENT,
            "interrupts",
            f"{regular.name} is {'moving' if act.path else 'acting'} in sight of "
            f"{', '.join(self.unit(i).name for i in eligible)}: declare interruptions",
            options,
            accepts,
            regular=regular.id,
            eligible=eligible,
            **self.activity_context(act),
        )
        assert isinstance(answer, DeclareInterrupts)
        if not answer.declarations:
            return
        if answer.at > 0 and act.path:
            target_len = act.travelled + answer.at
            while act.travelled < target_len - 1e-6 and regular.on_table:
                step_to = min(target_len, act.travelled + STEP)
                self.place_unit(regular, walk(act.path, step_to), exact=False)
                act.moved += step_to - act.travelled
                act.travelled = step_to
                regular.last_moved_turn = self.state.turn
                self._contractor_contact(regular)
                if self._try_exit(regular):
                    return
        self.settle(regular)
        yield from self.resolve_chain(regular, act, list(answer.declarations))

    def resolve_chain(
        self, regular: UnitState, act: Activation, declarations: list[tuple[str, str]]
    ) -> Flow:
        """Resolving Chains of Interruptions (R22-R24): tests nearest first, lost ones first."""
        turn = self.state.turn
        modes = dict(declarations)
        interrupters = sorted(
            (self.state.units[u] for u, _ in declarations),
            key=lambda u: (distance(u.centre, regular.centre), u.id),
        )
        for ins in interrupters:
            ins.interrupted_turn = turn
            self.emit(
                "InterruptDeclared",
                f"T{turn} {ins.name} declares an interruption by {modes[ins.id]} against "
                f"{regular.name} (Rulebook: Resolving Chains of Interruptions)",
                unit=ins.id,
                target=regular.id,
                mode=modes[ins.id],
            )
        active: list[UnitState] = []
        for ins in interrupters:
            if ins.has_leader:
                active.append(ins)
                continue
            test = rb.quality_test(ins.quality_die(), self.dice, pinned=ins.pinned_turn == turn)
            self.emit(
                "InterruptCheck",
                f"T{turn} Insurgent Interrupt Check (Rulebook: Insurgent Interrupt Check): "
                f"leaderless {ins.name} {test.shown()} → "
                f"{'may interrupt' if test.passed else 'fails and does nothing'}",
                unit=ins.id,
                face=test.face,
                passed=test.passed,
            )
            if test.passed:
                active.append(ins)
        # Overwatch reacts before the interrupted unit's own Reaction Test (R23).
        early: dict[str, list[str]] = {}
        late: dict[str, list[str]] = {}
        for ins in active:
            first, after = yield from self._overwatch_reactions(ins, exclude=regular.id)
            early[ins.id], late[ins.id] = first, after
            h_first, h_after = yield from self._helper_reactions(regular, ins)
            early[ins.id] += h_first
            late[ins.id] += h_after
        results: list[tuple[UnitState, bool]] = []
        for ins in active:
            if not ins.on_table:
                continue
            stance = self._stance(regular, act)
            roll = self._reaction_test(ins, regular, stance[1])
            winner = (
                "Insurgents act first" if roll.insurgent_first else f"{regular.name} reacts first"
            )
            self.emit(
                "ReactionTest",
                f"T{turn} Reaction Test (Rulebook: The Reaction Test): {ins.name} "
                f"{roll.insurgent.shown()} vs {regular.name} {roll.regular.shown()} "
                f"({stance[0]}) → {winner}",
                insurgent=ins.id,
                regular=regular.id,
                insurgent_face=roll.insurgent.face,
                regular_face=roll.regular.face,
                modifier=roll.regular.modifier,
                insurgent_first=roll.insurgent_first,
            )
            self._fog_of_war(roll.fog_of_war, regular)
            results.append((ins, roll.insurgent_first))
        lost = [i for i, first in results if first]
        won = [i for i, first in results if not first]
        for ins in lost:
            act.interruptions += 1
            yield from self._reactors_fire(early[ins.id], ins)
            yield from self._insurgent_interruption(ins, regular, modes[ins.id])
            yield from self._reactors_fire(late[ins.id], ins)
            yield from self._regular_reaction(regular, act, ins, won_test=False)
        for ins in won:
            act.interruptions += 1
            yield from self._reactors_fire(early[ins.id], ins)
            yield from self._regular_reaction(regular, act, ins, won_test=True)
            yield from self._insurgent_interruption(ins, regular, modes[ins.id])
            yield from self._reactors_fire(late[ins.id], ins)

    def _reaction_test(self, ins: UnitState, regular: UnitState, stance: str) -> rb.ReactionRoll:
        """One Reaction Test between an interrupting Insurgent unit and a Regular unit, each
        throwing one die type lower while Pinned this turn (R12, R13, R14)."""
        turn = self.state.turn
        return rb.reaction_test(
            ins.quality_die(),
            regular.quality_die(),
            stance,
            self.dice,
            insurgent_pinned=ins.pinned_turn == turn,
            regular_pinned=regular.pinned_turn == turn,
        )

    def _stance(self, regular: UnitState, act: Activation | None) -> tuple[str, str]:
        """R14: +1 Overwatch or stationary or Cautious, −1 Rapid; never stacked."""
        turn = self.state.turn
        if regular.overwatch:
            return ("on Overwatch +1", "overwatch")
        moving_now = act is not None and act.unit == regular.id and act.rate
        rate = (
            act.rate
            if moving_now and act
            else (regular.move_rate if regular.move_rate_turn == turn else "")
        )
        if rate == "rapid":
            return ("moving Rapidly -1", "rapid")
        if rate == "cautious":
            return ("moving Cautiously +1", "cautious")
        return ("stationary +1", "stationary")

    def _fog_of_war(self, natural_one: bool, regular: UnitState) -> None:
        if natural_one and self.state.fog_of_war:
            self.emit(
                "FogOfWar",
                f"{regular.name} rolled a natural 1 on a Reaction Test: a Fog of War card is drawn "
                "(Rulebook: Reaction Tests and Fog of War; the deck is not in the engine yet)",
                unit=regular.id,
            )

    def _overwatch_reactions(self, ins: UnitState, exclude: str = "") -> Flow:
        """Overwatch units in sight may interrupt an Insurgent action (Rulebook: Overwatch, R23)."""
        turn = self.state.turn
        watchers = [
            r
            for r in self.state.units_of(REGULAR)
            if r.overwatch
            and r.id != exclude
            and self.los(r, ins)
            and self.firepower(r, ins, interruption_penalty=r.overwatch_shots).total > 0
            and not self._fire_blockers(r, ins)
        ]
        if not watchers:
            return [], []
        ids = [w.id for w in watchers]
        choices: list[Any] = [[]] + [[w] for w in ids] + ([ids] if len(ids) > 1 else [])
        chosen = yield from self.choose(
            REGULAR,
            "overwatch",
            f"{ins.name} acts in sight of Overwatch units {', '.join(ids)}: which fire?",
            choices,
            insurgent=ins.id,
        )
        first: list[str] = []
        after: list[str] = []
        holding = [self.state.units[w].name for w in ids if w not in chosen]
        if holding:
            self.emit(
                "OverwatchHolds",
                f"{', '.join(holding)} on Overwatch {'holds' if len(holding) == 1 else 'hold'} "
                f"fire at {ins.name} (Rulebook: Overwatch)",
                insurgent=ins.id,
            )
        for wid in chosen:
            w = self.state.units[wid]
            w.overwatch_shots += 1
            roll = self._reaction_test(ins, w, "overwatch")
            self.emit(
                "ReactionTest",
                f"T{turn} Overwatch Reaction Test (Rulebook: Overwatch): {ins.name} "
                f"{roll.insurgent.shown()} vs {w.name} {roll.regular.shown()} (on Overwatch +1) → "
                f"{'Overwatch fires after' if roll.insurgent_first else 'Overwatch fires first'}",
                insurgent=ins.id,
                regular=w.id,
                insurgent_face=roll.insurgent.face,
                regular_face=roll.regular.face,
                overwatch=True,
            )
            self._fog_of_war(roll.fog_of_war, w)
            (after if roll.insurgent_first else first).append(wid)
        return first, after

    def _helper_reactions(self, regular: UnitState, ins: UnitState) -> Flow:
        """Unactivated Regulars in sight may react for a friend, spending their activation."""
        turn = self.state.turn
        helpers = [
            r
            for r in self.state.units_of(REGULAR)
            if r.id != regular.id
            and r.activated_turn != turn
            and not r.overwatch
            and self.los(r, regular)
            and self.los(r, ins)
            and not any(f.status == "hit" for f in r.figures)
            and self.firepower(r, ins).total > 0
            and not self._fire_blockers(r, ins)
        ]
        if not helpers:
            return [], []
        ids = [h.id for h in helpers]
        choices: list[Any] = [[]] + [[h] for h in ids]
        chosen = yield from self.choose(
            REGULAR,
            "helpers",
            f"{ins.name} interrupts {regular.name}: which unactivated units react for it "
            "(spending their activation)?",
            choices,
            insurgent=ins.id,
        )
        first: list[str] = []
        after: list[str] = []
        for hid in chosen:
            h = self.state.units[hid]
            h.activated_turn = turn
            stance = self._stance(h, None)
            roll = self._reaction_test(ins, h, stance[1])
            self.emit(
                "ReactionTest",
                f"T{turn} Reaction Test for a friend "
                "(Rulebook: Regular Reaction to Interruptions): "
                f"{ins.name} {roll.insurgent.shown()} vs {h.name} {roll.regular.shown()} "
                f"({stance[0]}) → {'fires after' if roll.insurgent_first else 'fires first'}; "
                f"{h.name} spends its activation",
                insurgent=ins.id,
                regular=h.id,
                insurgent_face=roll.insurgent.face,
                regular_face=roll.regular.face,
            )
            self._fog_of_war(roll.fog_of_war, h)
            (after if roll.insurgent_first else first).append(hid)
        return first, after

    def _reactors_fire(self, reactor_ids: list[str], ins: UnitState) -> Flow:
        for rid in reactor_ids:
            r = self.state.units[rid]
            if not (r.on_table and ins.on_table):
                continue
            penalty = max(0, r.overwatch_shots - 1) if r.overwatch else 0
            try:
                self._check_fire(r, ins, penalty)
            except IllegalCommand as why:
                self.emit("FireCancelled", f"{r.name} cannot react: {why}")
                continue
            yield from self.fire(r, ins, penalty=penalty, why="reacts with fire")

    def _insurgent_interruption(self, ins: UnitState, regular: UnitState, mode: str) -> Flow:
        if not ins.on_table or not ins.effective_figures:
            return
        if mode == "fire":
            if not regular.on_table:
                return
            try:
                self._check_fire(ins, regular, 0)
            except IllegalCommand as why:
                self.emit("FireCancelled", f"{ins.name}'s interruption fizzles: {why}")
                return
            yield from self.fire(ins, regular, why="interrupts with fire")
            return
        act = Activation(ins.id)
        options = [
            c
            for c in self._move_samples(ins, act)
            if isinstance(c, MoveUnit) and c.rate != "out_of_contact"
        ]
        legal: list[Command] = []
        for c in options:
            try:
                self._check_action(ins, c, act)
            except IllegalCommand:
                continue
            legal.append(c)
        if not legal:
            self.emit("InterruptFizzles", f"{ins.name} has nowhere to move")
            return
        move = yield from self.ask(
            INSURGENT,
            "interrupt_move",
            f"{ins.name} interrupts by moving: choose where",
            legal,
            self._validator(ins, act, moves_only=True),
            unit=ins.id,
            regular=regular.id,
            **(self.activity_context(self.act) if self.act is not None else {}),
        )
        assert isinstance(move, MoveUnit)
        yield from self.insurgent_move(ins, act, move)

    def _regular_reaction(
        self, regular: UnitState, act: Activation, ins: UnitState, *, won_test: bool
    ) -> Flow:
        """The interrupted unit returns fire (or, having won, finishes its move first) (R24)."""
        turn = self.state.turn
        if not regular.on_table or not ins.on_table or regular.pinned_turn == turn:
            return
        choices: list[Any] = ["none"]
        try:
            self._check_fire(regular, ins, act.penalty)
            choices.append("fire")
        except IllegalCommand:
            pass
        remaining = path_length(act.path) - act.travelled if act.path else 0.0
        if won_test and remaining > 0.25 and act.unit == regular.id:
            choices.append("move")
        if won_test and act.unit == regular.id and not act.fired:
            # Interruptions by Fire: having won, it may instead move into cover or out of the
            # interrupter's sight, within what is left of its movement.
            reach = self._allowance(regular, act.rate or "cautious", act)
            if reach > 0.5:
                for spot in self._cover_spots(regular, ins, reach, need_solid=False, limit=3):
                    choices.append(["cover", spot[0], spot[1]])
        if choices == ["none"]:
            return
        choice = yield from self.choose(
            REGULAR,
            "react",
            f"{regular.name} may react to {ins.name}: "
            + ("fire first, finish the move or take cover first" if won_test else "return fire"),
            choices,
            regular=regular.id,
            insurgent=ins.id,
        )
        if choice == "fire":
            yield from self.fire(regular, ins, penalty=act.penalty, why="reacts with fire")
        elif choice == "move":
            self.emit(
                "ReactMove",
                f"{regular.name} finishes its move before {ins.name} acts (R24)",
                unit=regular.id,
            )
            yield from self._continue_move(regular, act)
        elif choice == "none":
            self.emit("NoReaction", f"{regular.name} does not react to {ins.name}", unit=regular.id)
        elif isinstance(choice, list) and choice[0] == "cover":
            to = (float(choice[1]), float(choice[2]))
            moved = path_length(self.terrain.path(regular.leader_point, to))
            self.place_unit(regular, to)
            regular.last_moved_turn = turn
            act.moved += moved
            act.path = []
            act.rate = act.rate or "cautious"
            regular.move_rate, regular.move_rate_turn = act.rate, turn
            self.emit(
                "TakeCover",
                f'{regular.name} reacts by moving {moved:.1f}" into cover at '
                f"({to[0]:.1f}, {to[1]:.1f}) (Rulebook: Interruptions by Fire)",
                unit=regular.id,
            )
            self.update_sightings()

    # -- fire combat -----------------------------------------------------------------------
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
        """Firepower with its breakdown (R16, R17); `figure_ids` for one portion of split fire."""
        turn = self.state.turn
        exposed = bool(target.effective_figures) and self.terrain.is_exposed(target.position())
        live = bool(unit.effective_figures and target.effective_figures)
        return rb.firepower(
            unit,
            distance=distance(unit.centre, target.centre) if live else 1e9,
            target_exposed=exposed,
            target_moved_rapidly=target.move_rate_turn == turn and target.move_rate == "rapid",
            interruption_penalty=interruption_penalty,
            vs_close_assault=close_assault_defence,
            firer_moved_rapidly=unit.move_rate_turn == turn and unit.move_rate == "rapid",
            figure_ids=figure_ids,
            team_bonus=team_bonus,
        )

    def defense(
        self, unit: UnitState, *, charging: bool = False, melee: bool = False
    ) -> rb.Breakdown:
        """Defense with its breakdown (R18); no cover dice in a Close Assault."""
        turn = self.state.turn
        pos = unit.position()
        in_cover = solid = False
        if not melee and pos.figures:
            stationary = unit.last_moved_turn != turn
            exposed = self.terrain.is_exposed(pos)
            in_cover = unit.in_cover_turn >= turn or (
                unit.side == REGULAR and stationary and not exposed
            )
            solid = self.terrain.in_solid_cover(pos)
        return rb.defense(unit, in_cover=in_cover, solid_cover=solid, charging=charging)

    def fire(
        self,
        firer: UnitState,
        target: UnitState,
        *,
        penalty: int = 0,
        why: str = "fires",
        close_assault_defence: bool = False,
        target_charging: bool = False,
        melee: bool = False,
        figure_ids: tuple[str, ...] | None = None,
        team_bonus: bool = True,
    ) -> Flow:
        """One fire combat, Firepower to morale (Rulebook: Fire Combat; Making the Attack Roll)."""
        turn = self.state.turn
        fp = self.firepower(
            firer,
            target,
            interruption_penalty=penalty,
            close_assault_defence=close_assault_defence,
            figure_ids=figure_ids,
            team_bonus=team_bonus,
        )
        if melee:
            fp = rb.firepower(  # in contact: Optimum Range, nothing else (no cover either)
                firer,
                distance=0.0,
                target_exposed=False,
                target_moved_rapidly=False,
                interruption_penalty=0,
                vs_close_assault=False,
                firer_moved_rapidly=False,
            )
        df = self.defense(target, charging=target_charging, melee=melee)
        firer.fired_turn = turn
        if fp.total <= 0:
            self.emit("FireCancelled", f"{firer.name} has no Firepower left ({fp.describe()})")
            return 0
        fire_die, def_die = firer.quality_die(), target.quality_die()
        leaderless_before = not target.has_leader
        roll = rb.attack_roll(fire_die, fp.total, def_die, df.total, self.dice)
        casualties = min(roll.casualties, len(target.effective_figures))
        self.emit(
            "Fire",
            f"T{turn} {firer.name} {why} at {target.name} (Rulebook: Making the Attack Roll): "
            f"Firepower {fp.describe()} → {fp.total}{fire_die.label} {list(roll.firepower_faces)}; "
            f"Defense {df.describe()} → {df.total}{def_die.label} {list(roll.defense_faces)}; "
            f"{counted(casualties, 'casualty', 'casualties')}",
            firer=firer.id,
            target=target.id,
            firepower=fp.total,
            defense=df.total,
            firepower_faces=list(roll.firepower_faces),
            defense_faces=list(roll.defense_faces),
            casualties=casualties,
        )
        target.last_attacker = firer.id
        if casualties:
            self._apply_casualties(
                target,
                casualties,
                roll.defense_failures > len(roll.defense_faces) - roll.defense_failures,
                captor=firer if melee else None,
            )
        if not target.on_table:
            return casualties
        if target.side == INSURGENT and (casualties or leaderless_before):
            yield from self.morale(target, firer, melee=melee)
        elif target.side == REGULAR and casualties and not melee:
            yield from self.morale(target, firer)
        return casualties

    def _apply_casualties(
        self, unit: UnitState, count: int, dependant_hit: bool, captor: UnitState | None = None
    ) -> None:
        """Who got hit; Insurgent casualties leave, Regular ones await First Aid (R27)."""
        if unit.side == REGULAR and dependant_hit and "casualty" in unit.dependants:
            unit.dependants.remove("casualty")
            self.state.count("regular_kia")
            self.state.count("regular_wia", -1)
            count -= 1
            self.emit(
                "DependantHit",
                f"{unit.name}: more Defense failures than successes, so one hit falls on a carried "
                "casualty, who dies (Rulebook: Fire at Units with Dependants & Casualties)",
            )
        hits = rb.who_got_hit(unit, count, self.dice)  # Rulebook: Who Got Hit? (R41)
        by_id = {f.id: f for f in unit.figures}
        for hit in (by_id[fid] for fid in hits):
            if unit.side == INSURGENT:
                unit.last_x, unit.last_y = hit.x, hit.y
                unit.figures.remove(hit)
                if not unit.figures:
                    unit.status = "removed"
                self.state.count("insurgents_killed")
                text = (
                    f"{unit.name}: {hit.id} ({rb.figure_words(hit.kind, hit.weapon)}) "
                    "is a casualty and is removed"
                )
                if hit.kind == "leader" and unit.figures and not unit.has_leader:
                    text += "; the unit is now leaderless"
                if hit.arms in SUPPORT_DICE and unit.figures:
                    text += self._take_up_weapon(unit, hit.arms)
                self.emit(
                    "Casualty", text + " (Rulebook: Who Got Hit?)", unit=unit.id, figure=hit.id
                )
            else:
                hit.status = "hit"
                unit.ever_casualties = True
                self.emit(
                    "Casualty",
                    f"{unit.name}: {hit.id} is hit and stops counting until First Aid (R27)",
                    unit=unit.id,
                    figure=hit.id,
                )
        if not unit.effective_figures:
            self._unit_wiped(unit, captor)

    def _unit_wiped(self, unit: UnitState, captor: UnitState | None = None) -> None:
        """A unit with no one left able to fight leaves the table (R58); in a Close Assault the
        victor takes custody of its Dependants (Close Assaults against Units with Dependants)."""
        if unit.side == INSURGENT:
            unit.status = "removed"
            self.state.count("insurgent_units_destroyed")
            self._release_contractors(unit, captor)
            self.emit("UnitDestroyed", f"{unit.name} is wiped out", unit=unit.id)
            return
        unit.status = "removed"
        if captor is None:  # out of action under fire: the wounded are left on the field (R58)
            for f in [f for f in unit.figures if f.status == "hit"]:
                face = self.dice.roll(Die.D6)
                result = rb.first_aid(face, any(g.kind == "medic" for g in unit.figures))
                key = "regular_kia" if result == "kia" else "regular_wia"
                self.state.count(key)
                self.state.count("casualties_left_behind")
                self.emit(
                    "FirstAid",
                    f"{unit.name} is out of action: {f.id} left on the field, d6={face} → "
                    f"{'KIA' if key == 'regular_kia' else 'WIA'} (R27; R58)",
                )
        self._release_contractors(unit, captor)
        self.emit("UnitDestroyed", f"{unit.name} has no one left able to fight", unit=unit.id)

    def _release_contractors(self, unit: UnitState, captor: UnitState | None) -> None:
        for c in self.state.contractors:
            if c.holder != unit.id or c.status not in ("held", "captive"):
                continue
            if captor is not None:
                c.holder = captor.id
                c.status = "captive" if captor.side == INSURGENT else "held"
                captor.dependants.append("contractor")
                verb = "seizes" if captor.side == INSURGENT else "frees"
                self.emit("ContractorTaken", f"{captor.name} {verb} contractor {c.id}")
            else:
                c.status = "waiting"
                c.holder = ""
                c.x, c.y = unit.leader_point
                self.emit("ContractorLeft", f"Contractor {c.id} is left where {unit.name} fell")

    # -- morale ----------------------------------------------------------------------------
    def morale(self, unit: UnitState, attacker: UnitState, *, melee: bool = False) -> Flow:
        """One Morale Check and its effects (Rulebook: Morale; R25, R26)."""
        turn = self.state.turn
        die = unit.morale_die()
        if die is None or not unit.effective_figures:
            return
        bonus = unit.morale_bonus if unit.has_leader else 0  # the squad leader must stand
        check = rb.morale_check(die, len(unit.effective_figures), bonus, self.dice)
        section = "Regular Morale Effects" if unit.side == REGULAR else "Insurgent Morale Effects"
        base = (
            f"T{turn} Morale Check ({section}): {unit.name} {len(check.faces)}{die.label}"
            f"{f'+{bonus}' if bonus else ''} {list(check.faces)}: "
            f"{counted(check.successes, 'success', 'successes')}, "
            f"{counted(check.failures, 'failure')}"
        )
        if unit.side == INSURGENT:
            effect = rb.insurgent_morale(unit, check)
            gone = [f for f in unit.figures if f.id in effect.shrink]
            for f in gone:
                unit.last_x, unit.last_y = f.x, f.y
                unit.figures.remove(f)
            outcome = "Shaken" if effect.shaken else "Stand"
            text = base + f" → {outcome}"
            if gone:
                text += f", {len(gone)} {'shrinks' if len(gone) == 1 else 'shrink'} away"
            broken = ""
            if effect.shaken:
                unit.morale_shift += 1
                unit.shaken_turn = turn
                if effect.broken:
                    unit.status = "captured" if melee else "broken"
                    broken = (
                        f"{unit.name}'s Morale falls below d6: it breaks and leaves the table (R11)"
                    )
            if not broken and not unit.effective_figures:
                unit.status = "broken"
                broken = f"{unit.name} has melted away"
            self.emit("Morale", text, unit=unit.id, faces=list(check.faces), result=outcome)
            if broken:
                self.state.count("insurgent_units_broken")
                self.emit("Broken", broken, unit=unit.id)
                if not melee:
                    self._release_contractors(unit, None)
                return
            if effect.shaken and not melee:
                yield from self.seek_cover(unit, attacker)
            return
        pinned_before = unit.pinned_turn == turn  # by an earlier check, or fleeing (R82)
        in_solid_cover = (
            pinned_before and not check.passed and self.terrain.in_solid_cover(unit.position())
        )
        result = rb.regular_morale(
            check, pinned_this_turn=pinned_before, in_solid_cover=in_solid_cover
        )
        if result == "stand":
            self.emit(
                "Morale", base + " → Stand", unit=unit.id, faces=list(check.faces), result="Stand"
            )
            return
        unit.pins_this_turn += 1
        if pinned_before:
            if result == "pinned":
                self.emit(
                    "Morale",
                    base
                    + " → Pinned again, but it holds a defensible position and stays Pinned (R26)",
                    unit=unit.id,
                    faces=list(check.faces),
                    result="Pinned",
                )
                return
            self.emit(
                "Morale",
                base + " → Pinned again: Pull Back (R26)",
                unit=unit.id,
                result="PullBack",
                faces=list(check.faces),
            )
            self.pull_back(unit, attacker)
            return
        unit.pinned_turn = turn
        self.emit(
            "Morale",
            base + " → Pinned (Rulebook: Pinned)",
            unit=unit.id,
            result="Pinned",
            faces=list(check.faces),
        )
        yield from self.seek_cover(unit, attacker)

    def _movement_left(self, unit: UnitState) -> float:
        turn = self.state.turn
        if self.act is not None and self.act.unit == unit.id:
            return max(0.0, CAUTIOUS - self.act.moved)
        if unit.last_moved_turn == turn:
            return 0.0
        return CAUTIOUS

    def _cover_spots(
        self,
        unit: UnitState,
        away_from: UnitState,
        reach: float,
        need_solid: bool,
        *,
        limit: int = 4,
    ) -> list[Point]:
        """Up to `limit` covered spots within `reach`, nearest first, at least 0.75" apart."""
        start = unit.leader_point
        here = distance(unit.centre, away_from.centre)
        ends: list[tuple[float, Point, Point]] = []
        for dist in (reach / 3, 2 * reach / 3, reach):
            if dist < 0.5:
                continue
            for dx, dy in DIRECTIONS:
                goal = (start[0] + dx * dist, start[1] + dy * dist)
                path = self.terrain.path(start, goal)
                end = walk(path, reach)
                if distance(end, start) < 0.5:
                    continue
                ends.append((distance(end, start), (round(end[0], 2), round(end[1], 2)), end))
        # nearest first (ties in the order found); each is weighed only when it could still be
        # among the first `limit`: the quick guess, then the real placement
        ends.sort(key=lambda e: (e[0], e[1]))
        unique: list[Point] = []
        for _, p, end in ends:
            if len(unique) == limit:
                break
            if (
                self._covered_spot(unit, away_from, end, here, need_solid, exact=False)
                and all(distance(p, q) > 0.75 for q in unique)
                and self._covered_spot(unit, away_from, p, here, need_solid, exact=True)
            ):
                unique.append(p)
        return unique

    def _covered_spot(
        self,
        unit: UnitState,
        away_from: UnitState,
        end: Point,
        here: float,
        need_solid: bool,
        *,
        exact: bool,
    ) -> bool:
        """Would the unit at `end` be in Solid Cover (or out of sight) and no nearer the enemy?"""
        ghost = self.hypothetical(unit, end, exact=exact)
        if distance(ghost.centre, away_from.centre) < here - 1e-6:
            return False
        if self.terrain.in_solid_cover(ghost.position()):
            return True
        return not need_solid and not self.los(away_from, ghost)

    def seek_cover(self, unit: UnitState, attacker: UnitState) -> Flow:
        """Pinned/Shaken units move to cover without nearing the enemy, or try to Get In Cover."""
        turn = self.state.turn
        if not unit.on_table:
            return
        reach = self._movement_left(unit)
        if self.terrain.in_solid_cover(unit.position()):
            return
        spots = self._cover_spots(unit, attacker, reach, need_solid=False) if reach > 0.5 else []
        choices: list[Any] = ["stay"] + [list(p) for p in spots]
        choice = yield from self.choose(
            unit.side,
            "seek_cover",
            f"{unit.name} must seek cover: choose a covered spot (not toward the enemy) or stay "
            "and try to Get In Cover",
            choices,
            unit=unit.id,
        )
        if choice == "stay":
            test = rb.quality_test(unit.quality_die(), self.dice, pinned=True)
            if test.passed:
                unit.in_cover_turn = turn
            self.emit(
                "GetInCover",
                f"T{turn} {unit.name} tries to Get In Cover (Rulebook: Pinned; Cover Dice): "
                f"{test.shown()} → {'In Cover' if test.passed else 'fails'}",
                unit=unit.id,
                face=test.face,
            )
            return
        to = (float(choice[0]), float(choice[1]))
        self.place_unit(unit, to)
        unit.last_moved_turn = turn
        if self.act is not None and self.act.unit == unit.id:
            self.act.path = []
        self.emit(
            "SeekCover", f"{unit.name} moves to cover at ({to[0]:.1f}, {to[1]:.1f})", unit=unit.id
        )
        self.update_sightings()

    def pull_back(self, unit: UnitState, attacker: UnitState) -> None:
        """Pull Back: up to 6" away from the last attacker to the nearest cover, then regroup."""
        turn = self.state.turn
        spots = self._cover_spots(unit, attacker, PULL_BACK, need_solid=True, limit=1)
        if spots:
            to = spots[0]
        else:
            ux, uy = unit.leader_point
            ax, ay = attacker.centre
            d = max(distance((ux, uy), (ax, ay)), 1e-6)
            goal = (ux + (ux - ax) / d * PULL_BACK, uy + (uy - ay) / d * PULL_BACK)
            to = walk(self.terrain.path((ux, uy), goal), PULL_BACK)
        self.place_unit(unit, to)
        unit.last_moved_turn = turn
        unit.pinned_turn = turn
        unit.regroup_turn = turn + 1
        if self.act is not None and self.act.unit == unit.id:
            self.act.path = []
        self.emit(
            "PullBack",
            f"{unit.name} pulls back to ({to[0]:.1f}, {to[1]:.1f}) and must regroup next turn "
            "(Rulebook: Pull Back)",
            unit=unit.id,
        )
        self.update_sightings()

    # -- first aid -------------------------------------------------------------------------
    def _take_up_weapon(self, unit: UnitState, weapon: str) -> str:
        """Who Got Hit? (R41): a fallen Insurgent gunner's weapon is taken up on a passed
        Quality Check by a rifleman, or by a leader when no rifleman is left; with nobody able
        to carry it, no check is rolled and it is lost. Returns the words for the log."""
        carriers = [f for f in unit.effective_figures if f.kind in ("small_arms", "rifle")]
        carriers = carriers or [
            f for f in unit.effective_figures if f.kind == "leader" and not f.weapon
        ]
        name = rb.weapon_words(weapon)
        if not carriers:
            return f"; nobody left can take up the {name}: it is lost"
        test = rb.quality_test(
            unit.quality_die(), self.dice, pinned=unit.pinned_turn == self.state.turn
        )
        if not test.passed:
            return f"; Quality Check {test.shown()}: failed, the {name} is lost"
        carrier = carriers[0]
        if carrier.kind == "leader":
            carrier.weapon = weapon
            return f"; Quality Check {test.shown()}: the leader {carrier.id} takes up the {name}"
        carrier.kind = weapon
        return f"; Quality Check {test.shown()}: {carrier.id} takes up the {name}"

    def _first_aid(self, unit: UnitState) -> None:
        medic = any(f.kind == "medic" and f.effective for f in unit.figures)
        for f in list(unit.figures):
            if f.status != "hit":
                continue
            face = self.dice.roll(Die.D6)
            result = rb.first_aid(face, medic)
            table = "Medic First Aid Table" if medic else "Standard First Aid Table"
            if result == "slight":
                f.status = "returning"
                verdict = "slight wound, back next turn"
            else:
                unit.figures.remove(f)
                unit.dependants.append("casualty")
                self.state.count("regular_kia" if result == "kia" else "regular_wia")
                verdict = f"{result.upper()}: removed, carried as a Dependant"
            self.emit(
                "FirstAid",
                f"T{self.state.turn} First Aid ({table}): {unit.name} {f.id} d6={face} → {verdict}",
                unit=unit.id,
                figure=f.id,
                face=face,
                result=result,
            )
        if not unit.figures:
            unit.status = "removed"
            self.emit("UnitDestroyed", f"{unit.name} has no one left", unit=unit.id)

    # -- close assault ---------------------------------------------------------------------
    def close_assault(self, attacker: UnitState, defender: UnitState) -> Flow:
        """Close Assault: quality checks, defensive fire or flight, then fight to the finish."""
        turn = self.state.turn
        test = rb.quality_test(
            attacker.quality_die(), self.dice, pinned=attacker.pinned_turn == turn
        )
        self.emit(
            "CloseAssaultCheck",
            f"T{turn} {attacker.name} charges {defender.name}: Close Assault Quality Check "
            f"{test.shown()} → {'goes in' if test.passed else 'balks and forfeits the activation'} "
            "(Rulebook: Close Assault Quality Checks)",
            unit=attacker.id,
            target=defender.id,
            face=test.face,
        )
        if not test.passed:
            return
        dtest = rb.quality_test(
            defender.quality_die(), self.dice, pinned=defender.pinned_turn == turn
        )
        choices: list[Any] = ["fire", "flee"] if dtest.passed else ["stand", "flee"]
        if defender.dependants:
            choices.remove("flee")
        self.emit(
            "CloseAssaultCheck",
            f"T{turn} {defender.name} Quality Check against the charge {dtest.shown()} → "
            f"{'may fire or flee' if dtest.passed else 'may stand without firing or flee'}",
            unit=defender.id,
            face=dtest.face,
        )
        choice = yield from self.choose(
            defender.side,
            "assaulted",
            f"{defender.name} is charged: {' or '.join(choices)}?",
            choices,
            unit=defender.id,
        )
        if choice == "stand":
            self.emit("StandGround", f"{defender.name} stands its ground without firing")
        if choice == "flee":
            ax, ay = attacker.centre
            dx, dy = defender.leader_point
            d = max(distance((dx, dy), (ax, ay)), 1e-6)
            goal = (dx + (dx - ax) / d * RAPID, dy + (dy - ay) / d * RAPID)
            to = walk(self.terrain.path((dx, dy), goal), RAPID)
            self.place_unit(defender, to)
            defender.last_moved_turn = turn
            if not dtest.passed:
                defender.pinned_turn = turn
            self.emit(
                "Flee",
                f"{defender.name} flees to ({to[0]:.1f}, {to[1]:.1f})"
                + (" and is Pinned" if not dtest.passed else ""),
                unit=defender.id,
            )
            self.update_sightings()
            return
        if choice == "fire" and self.los(defender, attacker):
            start = [(f.x, f.y) for f in attacker.figures]
            casualties = yield from self.fire(
                defender,
                attacker,
                why="fires at the charge",
                close_assault_defence=True,
                target_charging=True,
            )
            if not attacker.on_table:
                return
            aborted = (attacker.side == REGULAR and attacker.pinned_turn == turn) or (
                attacker.side == INSURGENT and attacker.shaken_turn == turn
            )
            if casualties and aborted:
                for f, p in zip(attacker.figures, start, strict=False):
                    f.x, f.y = p
                self.emit("AssaultAborted", f"{attacker.name}'s charge breaks under fire")
                return
        # contact: the attackers close in, then the fight goes on until one side is gone
        self.place_unit(attacker, _toward(attacker.leader_point, defender.leader_point, 1.0))
        attacker.last_moved_turn = turn
        striker, other = attacker, defender
        for _ in range(40):
            if not (
                striker.on_table
                and other.on_table
                and striker.effective_figures
                and other.effective_figures
            ):
                break
            yield from self.fire(striker, other, why="fights hand to hand", melee=True)
            if other.on_table and not other.effective_figures:
                break
            striker, other = other, striker

        def fighting(u: UnitState) -> bool:
            return u.on_table and bool(u.effective_figures)

        if fighting(attacker) and fighting(defender):
            self.emit("CloseAssaultEnd", "The close assault breaks off with both sides standing")
            return
        loser = defender if fighting(attacker) else attacker
        winner = attacker if loser is defender else defender
        if loser.on_table:
            self._unit_wiped(loser, captor=winner)
        if loser.side == REGULAR and winner.side == INSURGENT:
            yield from self._regulars_taken(loser, winner)
        elif loser.side == INSURGENT and loser.status == "captured":
            survivors = len(loser.figures)
            self._release_contractors(loser, winner)
            if survivors:
                winner.dependants.append("pow")
                self.state.count("insurgent_pows", survivors)
                self.emit(
                    "Prisoners", f"{winner.name} takes {survivors} prisoners (Rulebook: POWs)"
                )
        self.emit("CloseAssaultEnd", f"The close assault ends: {winner.name} holds the ground")

    def _regulars_taken(self, loser: UnitState, winner: UnitState) -> Flow:
        """A Regular unit wiped out in a Close Assault: a d6 per figure, 1 is captured if the
        Insurgents take prisoners; the others are killed (Rulebook: Close Assault; R58)."""
        faces = [self.dice.roll(Die.D6) for _ in loser.figures]
        captured = sum(1 for f in faces if f == 1)
        take = False
        if captured:
            take = yield from self.choose(
                INSURGENT,
                "prisoners",
                f"{captured} Regulars of {loser.name} can be taken prisoner: take them?",
                [True, False],
            )
        if take:
            self.state.count("regular_pows", captured)
            winner.dependants.append("pow")
        self.state.count("regular_kia", len(faces) - (captured if take else 0))
        self.emit(
            "Prisoners",
            f"Fate of {loser.name}'s figures d6={faces} (1 = captured): "
            f"{captured if take else 0} taken prisoner, the rest killed (Rulebook: Close Assault)",
        )

    # -- step 12: the Insurgent phase ------------------------------------------------------
    def _insurgent_phase(self) -> Flow:
        turn = self.state.turn
        done: set[str] = set()
        while True:
            waiting = [
                u
                for u in self.state.units_of(INSURGENT)
                if u.interrupted_turn != turn
                and u.finished_turn != turn
                and u.id not in done
                and u.effective_figures
            ]
            if not waiting or not self.state.units_of(REGULAR):
                break
            options: list[Command] = [EndPhase(side=INSURGENT)]
            for u in waiting:
                options += [
                    c
                    for c in self._unit_action_options(u, Activation(u.id))
                    if not isinstance(c, EndActivation)
                ]
                options.append(EndActivation(side=INSURGENT, unit=u.id))
            options += self._join_and_merge_options(waiting)
            ids = {u.id for u in waiting}

            def accepts(c: Command, ids: set[str] = ids) -> None:
                if isinstance(c, EndPhase):
                    return
                if isinstance(c, Merge):
                    self._check_merge(c)
                    return
                uid = getattr(c, "unit", "")
                if uid not in ids:
                    raise IllegalCommand(
                        f"{uid or 'that unit'} cannot act in the Insurgent phase now"
                    )
                self._check_action(self.unit(uid), c, Activation(uid))

            command = yield from self.ask(
                INSURGENT,
                "insurgent_action",
                "Move or fire an Insurgent unit that did not interrupt",
                options,
                accepts,
            )
            if isinstance(command, EndPhase):
                break
            if isinstance(command, Merge):
                self._declare_merge(command)
                continue
            unit = self.unit(getattr(command, "unit", ""))
            done.add(unit.id)
            yield from self._insurgent_activation(unit, command)
            if self.scenario.finished(self.state):
                break
        self.emit("PhaseEnd", "The Insurgent phase ends")

    def _insurgent_activation(self, unit: UnitState, first: Command) -> Flow:
        turn = self.state.turn
        unit.acted_turn = turn  # activated, whatever it does (Rulebook: Leaders Joining a Unit)
        if isinstance(first, EndActivation):
            if unit.last_moved_turn == turn:
                self.emit("Hold", f"{unit.name} stays put", unit=unit.id)
                return
            test = rb.quality_test(unit.quality_die(), self.dice, pinned=unit.pinned_turn == turn)
            if test.passed:
                unit.in_cover_turn = turn + 1  # until it moves, through the next turn (R68)
            self.emit(
                "InCover",
                f"T{turn} {unit.name} stays put and tries to get In Cover (Rulebook: Cover "
                f"Dice): Quality Check {test.shown()} → {'In Cover' if test.passed else 'fails'}",
                unit=unit.id,
                face=test.face,
                passed=test.passed,
            )
            return
        if not unit.has_leader:
            test = rb.quality_test(unit.quality_die(), self.dice, pinned=unit.pinned_turn == turn)
            self.emit(
                "QualityCheck",
                f"T{turn} leaderless {unit.name} Quality Check to act "
                "(Rulebook: Move Any Remaining "
                f"Insurgent Units): {test.shown()} → {'acts' if test.passed else 'does nothing'}",
                unit=unit.id,
                face=test.face,
            )
            if not test.passed:
                return
        act = Activation(unit.id)
        command = first
        while unit.on_table:
            if isinstance(command, EndActivation):
                break
            if isinstance(command, (ChangeLevel, JoinUnit, MoveUnit, Fire)):
                if isinstance(command, Fire):
                    act.fired = True
                step = functools.partial(self._insurgent_step, unit, act, command)
                yield from self._overwatch_then(unit, step)
            elif isinstance(command, CloseAssault):
                target = self.state.units.get(command.target)
                if target is not None and target.on_table:
                    yield from self.close_assault(unit, target)
                break
            act.acted = True
            if (act.fired and act.rate) or not unit.on_table or self.scenario.finished(self.state):
                break
            options = [
                c for c in self._unit_action_options(unit, act) if not isinstance(c, CloseAssault)
            ]
            command = yield from self.ask(
                INSURGENT,
                "continue",
                f"{unit.name}: fire, move or stop",
                options,
                self._validator(unit, act, assault=False),
                unit=unit.id,
            )

    def _insurgent_step(self, unit: UnitState, act: Activation, command: Command) -> Flow:
        """One action of an Insurgent activation, once any Overwatch has had its say."""
        if not unit.on_table:
            return
        if isinstance(command, ChangeLevel):
            self.change_level(unit, act, command)
        elif isinstance(command, JoinUnit):
            move = self._join_move(unit, command)
            yield from self.insurgent_move(unit, act, move, join=command.target)
        elif isinstance(command, MoveUnit):
            yield from self.insurgent_move(unit, act, command)
        elif isinstance(command, Fire):
            yield from self.resolve_declared_fire(unit, command, 0)

    def _overwatch_then(self, unit: UnitState, action: Callable[[], Flow]) -> Flow:
        first, after = yield from self._overwatch_reactions(unit)
        yield from self._reactors_fire(first, unit)
        if unit.on_table:
            yield from action()
        yield from self._reactors_fire(after, unit)

    def insurgent_move(
        self, unit: UnitState, act: Activation, command: MoveUnit, *, join: str = ""
    ) -> Flow:
        """An Insurgent move; Out of Contact moves stop on entering Regular sight. A lone leader
        that ends it in cohesion with a friendly unit joins it (`join` names the one it
        wants, else the nearest; Rulebook: Leaders Joining a Unit, R80)."""
        turn = self.state.turn
        act.rate = command.rate
        unit.move_rate = command.rate
        unit.move_rate_turn = turn
        regulars = self.state.units_of(REGULAR)
        route: list[Point] | None = None
        if command.rate == "out_of_contact":  # a route no Regular sees, when there is one
            route = self.terrain.unseen_path(
                unit.leader_point, command.to, [r.position() for r in regulars]
            )
        path = truncate(
            route or self.terrain.path(unit.leader_point, command.to),
            self._allowance(unit, command.rate, act),
        )
        total = path_length(path)
        travelled = 0.0
        stopped = False
        while travelled < total - 1e-6:
            travelled = min(total, travelled + STEP)
            self.place_unit(unit, walk(path, travelled), exact=False)
            if command.rate == "out_of_contact" and any(self.los(r, unit) for r in regulars):
                stopped = True
                break
        act.moved = travelled
        unit.last_moved_turn = turn
        if stopped:
            unit.seen = True  # it was in a Regular's sight where it stopped: fixed for good
            if any(self.terrain.blocked_point(f.pos) for f in unit.figures):
                self.settle(unit)
        else:
            self.settle(unit)
        self.emit(
            "Move",
            f'{unit.name} moves {command.rate.replace("_", " ")} {travelled:.1f}" to '
            f"({unit.leader_point[0]:.1f}, {unit.leader_point[1]:.1f})"
            + (
                " and is spotted: the move ends (Rulebook: Out of Contact Movement)"
                if stopped
                else ""
            ),
            unit=unit.id,
            rate=command.rate,
            moved=round(travelled, 3),
        )
        self.update_sightings()
        if unit.lone_leader:
            self._leader_joins(unit, join)
        yield from ()

    # -- roofs (R10, R50, R83) ---------------------------------------------------------------
    def _check_change_level(self, unit: UnitState, command: ChangeLevel, act: Activation) -> None:
        name = unit.name
        turn = self.state.turn
        if act.moved > 0 or act.rate:
            raise IllegalCommand(f"{name} has already moved this activation")
        if act.fired:
            raise IllegalCommand(f"{name} has fired: climbing takes its whole move first (R83)")
        if unit.regroup_turn == turn or unit.pinned_turn == turn:
            raise IllegalCommand(f"{name} is Pinned or regrouping and may not move")
        if unit.side == INSURGENT and unit.shaken_turn == turn - 1 > 0:
            raise IllegalCommand(f"{name} is Shaken and may only move away from the enemy")
        if command.up and unit.elevation:
            raise IllegalCommand(f"{name} is already on the roof")
        if not command.up and not unit.elevation:
            raise IllegalCommand(f"{name} is already at street level")
        if command.up and self.roof_building(unit) is None:
            raise IllegalCommand(
                f"{name} must stand wholly inside a building with roof access to go up (R83)"
            )

    def change_level(self, unit: UnitState, act: Activation, command: ChangeLevel) -> None:
        """R83: up to the roof (elevation = the building's storeys) or down to the street; it
        is the unit's move for the activation, made at the Cautious rate."""
        turn = self.state.turn
        building = self.roof_building(unit)
        unit.elevation = building.storeys if command.up and building is not None else 0
        act.rate = "cautious"
        act.moved = CAUTIOUS
        unit.move_rate, unit.move_rate_turn = "cautious", turn
        unit.last_moved_turn = turn
        unit.in_cover_turn = 0
        where = (
            f"up onto the roof of {building.label or building.name} (elevation {unit.elevation})"
            if command.up and building is not None
            else "down to street level"
        )
        self.emit(
            "ChangeLevel",
            f"T{turn} {unit.name} goes {where}; that is its move (R10, R83)",
            unit=unit.id,
            elevation=unit.elevation,
        )
        self.update_sightings()

    # -- leaders joining units, merging (Rulebook: Leaders Joining a Unit; Merging Units) ----
    def in_cohesion(self, a: UnitState, b: UnitState) -> bool:
        """Some figure of `a` within 1" (base edge to edge) of some figure of `b` (R2)."""
        theirs = [(g.x, g.y) for g in b.figures if g.status == "ok"]
        return any(
            distance((f.x, f.y), p) <= COHESION_REACH + 1e-6
            for f in a.figures
            if f.status == "ok"
            for p in theirs
        )

    def _friends_in_cohesion(self, unit: UnitState) -> list[UnitState]:
        friends = [
            u
            for u in self.state.units_of(unit.side)
            if u.id != unit.id and u.effective_figures and self.in_cohesion(unit, u)
        ]
        return sorted(friends, key=lambda u: (self.nearest_distance(unit, [u]), u.id))

    def _join_move(self, leader: UnitState, command: JoinUnit) -> MoveUnit:
        """The move a JoinUnit makes: toward the target's nearest figure."""
        target = self.unit(command.target)
        here = leader.leader_point
        spot = min((f.pos for f in target.effective_figures), key=lambda p: distance(p, here))
        return MoveUnit(side=command.side, unit=leader.id, to=spot, rate=command.rate)

    def _check_join(self, unit: UnitState, command: JoinUnit, act: Activation) -> None:
        target = self.state.units.get(command.target)
        if unit.side != INSURGENT or not unit.lone_leader:
            raise IllegalCommand(
                f"only a lone Insurgent leader joins a unit (Rulebook: Leaders Joining a Unit); "
                f"{unit.name} is not one"
            )
        if target is None or target.side != unit.side or not target.on_table or target is unit:
            raise IllegalCommand(f"{command.target or 'that'} is not a friendly unit on the table")
        if not target.effective_figures:
            raise IllegalCommand(f"{target.name} has no one left to lead")
        if not self.in_cohesion(unit, target):
            move = self._join_move(unit, command)
            self._check_move(unit, move, act)
            path = self.terrain.path(unit.leader_point, move.to)
            reach = self._allowance(unit, move.rate, act) + COHESION_REACH
            if path_length(path) > reach + 1e-6:
                raise IllegalCommand(
                    f'{target.name} is {path_length(path):.1f}" away: {unit.name} cannot reach '
                    f'cohesion with it this move ({reach:.1f}")'
                )

    def _leader_joins(self, leader: UnitState, wanted: str = "") -> None:
        """R80: a lone leader ending a move in cohesion with friends joins the one it was sent
        to, else the nearest. The joined unit's activation is limited (Rulebook: Leaders
        Joining a Unit): finished if it already acted this turn, else it may only fire."""
        friends = self._friends_in_cohesion(leader)
        if not friends:
            return
        target = next((u for u in friends if u.id == wanted), friends[0])
        turn = self.state.turn
        already = target.interrupted_turn == turn or target.acted_turn == turn
        self._absorb(target, leader)
        if already:
            target.finished_turn = turn
            limit = "it had already acted this turn, so both are finished for the turn"
        else:
            target.joined_turn = turn
            limit = "it may still act this turn, but only fire: the join was its move"
        self.emit(
            "LeaderJoins",
            f"T{turn} {leader.name} joins {target.name} (Rulebook: Leaders Joining a Unit); "
            + limit,
            unit=target.id,
            leader=leader.id,
            finished=already,
        )

    def _absorb(self, keeper: UnitState, other: UnitState) -> None:
        """`other`'s figures and Dependants become `keeper`'s; `other` leaves as "merged"."""
        keeper.figures.extend(other.figures)
        keeper.dependants.extend(other.dependants)
        for c in self.state.contractors:
            if c.holder == other.id:
                c.holder = keeper.id
        keeper.ever_casualties = keeper.ever_casualties or other.ever_casualties
        other.figures = []
        other.dependants = []
        other.last_x, other.last_y = keeper.leader_point
        other.status = "merged"
        other.merged_into = keeper.id
        other.merge_with = ""
        other.overwatch = False

    def _join_and_merge_options(self, waiting: list[UnitState]) -> list[Command]:
        options: list[Command] = []
        for unit in waiting:
            if not unit.lone_leader:
                continue
            for friend in self.state.units_of(unit.side):
                command = JoinUnit(side=unit.side, unit=unit.id, target=friend.id)
                try:
                    self._check_action(unit, command, Activation(unit.id))
                except IllegalCommand:
                    continue
                options.append(command)
        for unit in self.state.units_of(INSURGENT):
            for friend in self._friends_in_cohesion(unit):
                merge = Merge(side=INSURGENT, unit=unit.id, target=friend.id)
                try:
                    self._check_merge(merge)
                except IllegalCommand:
                    continue
                options.append(merge)
        return options

    def _check_merge(self, command: Merge) -> None:
        unit = self.state.units.get(command.unit)
        target = self.state.units.get(command.target)
        if unit is None or not unit.on_table or unit.side != command.side:
            raise IllegalCommand(f"{command.unit or 'that'} is not one of your units on the table")
        if target is None or not target.on_table or target.side != unit.side or target is unit:
            raise IllegalCommand(f"{command.target or 'that'} is not a friendly unit to merge with")
        if unit.merge_with or target.merge_with:
            raise IllegalCommand(f"{unit.name} or {target.name} has already chosen a merge")
        if not self.in_cohesion(unit, target):
            raise IllegalCommand(
                f'{unit.name} must be in cohesion (1") with {target.name} to merge (R2)'
            )

    def _declare_merge(self, command: Merge) -> None:
        unit, target = self.unit(command.unit), self.unit(command.target)
        unit.merge_with = target.id
        self.emit(
            "MergeDeclared",
            f"{unit.name} will merge with {target.name} at the start of the next turn if they "
            "are still in cohesion (Rulebook: Merging Units)",
            unit=unit.id,
            target=target.id,
        )

    def _merge_declared_units(self) -> None:
        """Units that chose to merge and are still in cohesion become one (Rulebook: Merging
        Units; the merged unit rates as a mixed unit: Mixed Units, R81)."""
        for unit in list(self.state.units.values()):
            if not unit.merge_with:
                continue
            target = self.state.units.get(unit.merge_with)
            unit.merge_with = ""
            if target is None or not (unit.on_table and target.on_table):
                continue
            if not self.in_cohesion(unit, target):
                self.emit(
                    "MergeCancelled",
                    f"{unit.name} is no longer in cohesion with {target.name}: no merge",
                    unit=unit.id,
                    target=target.id,
                )
                continue
            merged = rb.merged_ratings(target, unit)
            target.morale_shift = max(target.morale_shift, unit.morale_shift)
            target.pinned_turn = max(target.pinned_turn, unit.pinned_turn)
            target.regroup_turn = max(target.regroup_turn, unit.regroup_turn)
            target.shaken_turn = max(target.shaken_turn, unit.shaken_turn)
            target.seen = target.seen or unit.seen
            target.in_cover_turn = min(target.in_cover_turn, unit.in_cover_turn)
            self._absorb(target, unit)
            self.emit(
                "Merged",
                f"T{self.state.turn} {unit.name} merges into {target.name}: "
                f"{counted(len(target.effective_figures), 'figure')}, "
                f"Troop Quality {merged.quality}, "
                f"Morale {merged.morale} (Rulebook: Merging Units; Mixed Units)",
                unit=target.id,
                merged=unit.id,
                quality=merged.quality,
                morale=merged.morale,
            )


def _toward(a: Point, b: Point, stop_short: float) -> Point:
    d = distance(a, b)
    if d <= stop_short:
        return a
    t = (d - stop_short) / d
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _crosses_base(p: Point, a: Point, b: Point) -> bool:
    from game.engine.terrain import point_segment_distance

    return point_segment_distance(p, a, b) <= 0.375
