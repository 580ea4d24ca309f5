"""The after-action report of a game: what the end screen shows and "save report" writes.

Pure data (no pygame): the victory points item by item, casualties suffered and inflicted by
each unit, the scenario's objectives, the victory points turn by turn, the luck ledger and the
full log. Everything is read from the game's events and state; nothing here is a rule:

- the luck ledger compares, for every fire combat (shooting, interrupts, reactions and hand to
  hand), the expected number of hits from the exact odds of the rules core
  (`game.rules.odds.casualty_odds`: Making the Attack Roll, R15) with the hits the dice rolled
  (`game.rules.combat.casualties_from_rolls` on the faces in the Fire event). Both count hits
  before they are capped by the figures left in the target (R170), so luck is luck and not the
  size of the target;
- the turn-by-turn victory points are the scenario's own score (`Scenario.score`) taken at the
  end of each turn, as if the game had ended there (R171): the log is replayed on a fresh
  engine to read the state as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from game.engine.engine import Engine
from game.engine.narration import narrate_event
from game.engine.protocol import EventKind
from game.engine.state import INSURGENT, REGULAR, side_name
from game.i18n import N_, narr, retell
from game.rules.combat import casualties_from_rolls
from game.rules.dice import Die
from game.rules.odds import casualty_odds

SIDES = (REGULAR, INSURGENT)


@dataclass(frozen=True)
class FireLuck:
    """One fire combat in the luck ledger: who fired at whom and expected vs rolled hits."""

    seq: int
    turn: int
    firer: str
    target: str
    target_side: str
    attack: str  # e.g. "6d8"
    defense: str
    expected: Fraction
    rolled: int


@dataclass(frozen=True)
class LuckRow:
    """A side's hits taken in one turn (or in total): expected from the odds, and rolled."""

    turn: int  # 0: the whole game
    side: str
    fires: int
    expected: Fraction
    rolled: int

    @property
    def luck(self) -> float:
        """Rolled minus expected hits taken: above 0 the side was unlucky."""
        return self.rolled - float(self.expected)


@dataclass
class UnitLine:
    """A unit's part in the game: hits it took, hits it scored, and how it ended."""

    unit: str
    name: str
    side: str
    figures: int = 0
    hits_taken: int = 0
    hits_scored: int = 0
    status: str = "active"


@dataclass(frozen=True)
class VpPoint:
    turn: int
    regular: int
    insurgent: int


@dataclass
class AfterAction:
    title: str
    headline: str
    reason: str
    turns: int
    vp_regular: int
    vp_insurgent: int
    margin: str
    winner: str
    items: tuple[str, ...]
    objectives: tuple[str, ...]
    units: list[UnitLine]
    vp_by_turn: list[VpPoint]
    fires: list[FireLuck]
    luck: list[LuckRow] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def luck_total(self, side: str) -> LuckRow:
        return next(r for r in self.luck if r.turn == 0 and r.side == side)


WINNERS = {
    "regular": N_("Regular victory"),
    "insurgent": N_("Insurgent victory"),
    "none": N_("Nobody wins"),
}


def fire_luck(event: Mapping[str, Any], sides: Mapping[str, str]) -> FireLuck:
    """The ledger line of one Fire event (its pools, dice and faces; R170)."""
    data = event["data"]
    attack_die, defense_die = Die.parse(data["firepower_die"]), Die.parse(data["defense_die"])
    odds = casualty_odds(int(data["firepower"]), attack_die, int(data["defense"]), defense_die)
    rolled = casualties_from_rolls(data["firepower_faces"], data["defense_faces"])
    return FireLuck(
        seq=int(event.get("seq", 0)),
        turn=int(event.get("turn", 0)),
        firer=str(data.get("firer_name", data.get("firer", ""))),
        target=str(data.get("target_name", data.get("target", ""))),
        target_side=sides.get(str(data.get("target", "")), ""),
        attack=odds.attack_label,
        defense=odds.defense_label,
        expected=odds.expected_exact,
        rolled=rolled,
    )


def luck_rows(fires: Iterable[FireLuck], turns: int) -> list[LuckRow]:
    """Per turn (1..turns) and in total (turn 0), each side's expected vs rolled hits taken."""
    fires = list(fires)
    rows: list[LuckRow] = []
    for turn in [*range(1, turns + 1), 0]:
        for side in SIDES:
            these = [f for f in fires if f.target_side == side and turn in (0, f.turn)]
            rows.append(
                LuckRow(
                    turn=turn,
                    side=side,
                    fires=len(these),
                    expected=sum((f.expected for f in these), Fraction(0)),
                    rolled=sum(f.rolled for f in these),
                )
            )
    return rows


def unit_lines(engine: Engine) -> list[UnitLine]:
    """Every unit that was on the table, with the hits it took and scored (from the events)."""
    lines = {
        u.id: UnitLine(u.id, u.name, u.side, len(u.figures), status=str(u.status))
        for u in engine.state.units.values()
    }
    for event in engine.state.events:
        data = event.get("data", {}) or {}
        if event["kind"] == EventKind.FIRE:
            if data.get("firer") in lines:
                lines[data["firer"]].hits_scored += int(data.get("casualties", 0))
        elif event["kind"] == EventKind.CASUALTY and data.get("unit") in lines:
            lines[data["unit"]].hits_taken += 1
    return sorted(
        lines.values(),
        key=lambda u: (SIDES.index(u.side) if u.side in SIDES else 2, natural_key(u.name)),
    )


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """`name` sorted as a reader counts: "Insurgent group 2" before "Insurgent group 10" (found
    in play, polish round 7: the end screen listed groups 1, 10, 11, 2)."""
    parts = re.split(r"(\d+)", name)
    return tuple((1, int(p)) if p.isdigit() else (0, p) for p in parts if p)


def objective_lines(
    objectives: Mapping[str, Any], tally: Mapping[str, int], *, poi: bool = False
) -> tuple[str, ...]:
    """The scenario's published objectives in words, with how far they got; `poi`: the one to
    escort is Hornet's Nest's Person of Interest, not contractors."""
    out: list[str] = []
    if objectives.get("contractors"):
        out.append(
            f"Regulars: {ESCORT_POI}"
            if poi
            else "Regulars: reach the contractors and escort them off the table"
        )
    if objectives.get("hot_spots"):
        out.append(
            f"Regulars: neutralize hot spots ({tally.get('hot_spots_neutralized', 0)} neutralized)"
        )
    needed = int(objectives.get("exit_after_hot_spots", 0) or 0)
    if needed:
        out.append(f"Regulars: leave by an exit edge once {needed} hot spots are neutralized")
    out += _more_objectives(objectives, tally)
    out.append("Insurgents: inflict casualties and take prisoners")
    return tuple(out)


# --- polish round 7: the objectives of Turkey Shoot, Midnight at the Alamo and Hornet's Nest,
# which the briefing and the end screen left out (Turkey Shoot listed only the Insurgents') ---
ESCORT_POI = N_("escort the Person of Interest off the table")
FIRE_MISSION = N_(
    "bring the snipers to the target building (T) for their fire mission, "
    "then escort them off the table"
)
FIRE_MISSION_DONE = N_("fire mission done: escort the snipers off the table")
HOLD = N_("hold the buildings marked Objective")
LEAVE_FROM = N_("leave by an exit edge from turn {turn} on")


# --- polish round 7: a counted item told label first, "Marines wounded 1 × 1 VP", not "1 Marines
# wounded x1" (its noun's number never agreed with the count, in English or in French); the
# GameEnd event keeps the engine's words, so the golden games do not move ---
COUNTED_ITEM = N_("{label} {count} × {points} VP")
_COUNTED = re.compile(r"^(?:(Regulars|Insurgents): )?(\d+) (.+) x(-?\d+)$")


def item_words(item: str) -> str:
    """One item of a victory-point line (the engine's "Insurgents: 1 Marines wounded x1"), in
    the language in use, with its count after its label."""
    found = _COUNTED.match(item)
    if found is None:
        return retell(item)
    side, count, label, points = found.groups()
    words = narr(COUNTED_ITEM).format(label=retell(label), count=count, points=points)
    if not side:
        return words
    if side == "Regulars":
        return narr("Regulars: {condition}").format(condition=words)
    return narr("Insurgents: {condition}").format(condition=words)


def objective_lines_of(state: Any) -> tuple[str, ...]:
    """`objective_lines` of a game's state (the briefing's and the end screen's)."""
    poi = any(c.kind == "poi" for c in state.contractors)
    return objective_lines(state.objectives, state.tally, poi=poi)


def _more_objectives(objectives: Mapping[str, Any], tally: Mapping[str, int]) -> list[str]:
    out = []
    if objectives.get("fire_mission"):
        done = tally.get("fire_mission_done", 0)  # game.engine.fire_mission.DONE
        out.append(f"Regulars: {FIRE_MISSION_DONE if done else FIRE_MISSION}")
    if objectives.get("hold_objectives"):
        out.append(f"Regulars: {HOLD}")
    turn = int(objectives.get("exit_from_turn", 0) or 0)
    if turn:
        out.append("Regulars: " + LEAVE_FROM.format(turn=turn))
    return out


def vp_by_turn(engine: Engine) -> list[VpPoint]:
    """The scenario's score at the end of every turn, replaying the log on a fresh engine (R171)."""
    fresh = engine.fresh()  # its difficulty and optional rules too (R134, R246)
    points: list[VpPoint] = []

    def listen(event: dict[str, Any]) -> None:
        if event["kind"] == EventKind.TURN_END:
            reg, ins, _ = fresh.scenario.score(fresh.state)
            points.append(VpPoint(int(event["turn"]), reg, ins))

    fresh.listeners.append(listen)
    for command in engine.log:
        fresh.apply(command)
    result = engine.state.result or {}
    if result and (not points or points[-1].turn != int(result.get("turns", 0))):
        points.append(
            VpPoint(
                int(result.get("turns", 0)),
                int(result.get("vp_regular", 0)),
                int(result.get("vp_insurgent", 0)),
            )
        )
    return points


def _headline(margin: str, winner: str) -> str:
    """ "Marginal — Regular victory" in the language in use."""
    told = retell(margin)
    return narr("{margin} — {winner}").format(
        margin=told[:1].upper() + told[1:],
        winner=narr(WINNERS[winner]) if winner in WINNERS else winner,
    )


def after_action(engine: Engine, *, with_vp_chart: bool = True) -> AfterAction:
    """The after-action report of a (usually finished) game."""
    state = engine.state
    events = state.events
    sides = {u.id: u.side for u in state.units.values()}
    fires = [fire_luck(e, sides) for e in events if e["kind"] == EventKind.FIRE]
    end = next((e for e in reversed(events) if e["kind"] == EventKind.GAME_END), None)
    data = (end or {}).get("data", {}) or {}
    result = state.result or {}
    turns = int(result.get("turns", state.turn))
    winner = str(result.get("winner", data.get("winner", "none")))
    margin = str(result.get("margin", data.get("margin", "")))
    return AfterAction(
        # --- French (issue 24): the report's words in the language in use ---
        title=retell(state.title),
        headline=_headline(margin, winner) if result else narr("Game in progress"),
        reason=retell(str(result.get("reason", ""))),
        turns=turns,
        vp_regular=int(result.get("vp_regular", 0)),
        vp_insurgent=int(result.get("vp_insurgent", 0)),
        margin=margin,
        winner=winner,
        # a breakdown line lists its items: "Insurgents: 2 killed x2, 1 captives x5"
        items=tuple(
            ", ".join(item_words(item) for item in str(line).split(", "))
            for line in data.get("breakdown", ())
        ),
        objectives=tuple(retell(line) for line in objective_lines_of(state)),
        units=unit_lines(engine),
        vp_by_turn=vp_by_turn(engine) if with_vp_chart else [],
        fires=fires,
        luck=luck_rows(fires, turns),
        log=[narrate_event(e) for e in events],
    )


def report_text(report: AfterAction, notes: Iterable[tuple[int, str]] = ()) -> str:
    """The report as plain text (what "Save report" writes), the full log at the end."""
    out = [narr("AFTER-ACTION REPORT — {title}").format(title=report.title), report.headline]
    if report.reason:
        out.append(
            narr("Game over after turn {turn}: {reason}.").format(
                turn=report.turns, reason=report.reason
            )
        )
    out += ["", narr("VICTORY POINTS"), *(f"  {item}" for item in report.items)]
    out.append(
        narr("  Regulars {regular} VP, Insurgents {insurgent} VP").format(
            regular=report.vp_regular, insurgent=report.vp_insurgent
        )
    )
    out += ["", narr("OBJECTIVES"), *(f"  {line}" for line in report.objectives)]
    out += ["", narr("VICTORY POINTS BY TURN (as if the game ended then)")]
    by_turn = narr("  turn {turn:2}: Regulars {regular:3}  Insurgents {insurgent:3}")
    out += [
        by_turn.format(turn=p.turn, regular=p.regular, insurgent=p.insurgent)
        for p in report.vp_by_turn
    ]
    out += ["", narr("UNITS (figures, hits taken, hits scored, how it ended)")]
    unit_row = narr(
        "  {side:10} {name:28} {figures:2} figs  took {taken:2}  scored {scored:2}  {status}"
    )
    for u in report.units:
        out.append(
            unit_row.format(
                side=retell(side_name(u.side)),
                name=retell(u.name),
                figures=u.figures,
                taken=u.hits_taken,
                scored=u.hits_scored,
                status=retell(u.status),
            )
        )
    out += ["", narr("LUCK LEDGER (hits taken: expected from the exact odds vs rolled)")]
    luck_row = narr(
        "  {when:8} {side:10} {fires:3} fires  expected {expected:5.2f}  rolled {rolled:3}  "
        "({luck:+.2f})"
    )
    for row in report.luck:
        when = narr("total") if row.turn == 0 else narr("turn {turn}").format(turn=row.turn)
        if row.fires or row.turn == 0:
            out.append(
                luck_row.format(
                    when=when,
                    side=retell(side_name(row.side)),
                    fires=row.fires,
                    expected=float(row.expected),
                    rolled=row.rolled,
                    luck=row.luck,
                )
            )
    by_seq: dict[int, list[str]] = {}
    for at, text in notes:
        by_seq.setdefault(at, []).append(text)
    out += ["", narr("FULL LOG")]
    for i, line in enumerate(report.log):
        out.extend(f"    {n}" for n in by_seq.get(i, ()))
        out.append(f"  {line}")
    return "\n".join(out) + "\n"
