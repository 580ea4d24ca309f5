"""The interrupt-risk preview of a planned move (issue 22): who could interrupt where, and the odds.

While the player plans a move, the path is walked in 1" steps with the unit's figures carried
along. At each step, every Insurgent unit that may still interrupt this turn (the engine's own
`may_interrupt`) and would see the unit there (the engine's line of sight) is a possible
interrupter (Rulebook: Interruptions; R22). For each, two exact chances from the rules core:

- it acts first: it wins the Reaction Test against the mover's stance (Cautious +1, Rapid −1;
  R14), from `rules.odds.reaction_odds`;
- it hits: at least one casualty from its fire at the nearest point of the path it sees, with the
  Firepower and Defense the rules give a moving unit there (no In Cover die while moving; solid
  cover and exposure where it would stand; the Rapid bonus to the firer), from `casualty_odds`.

The headline is the chance that the move costs casualties before the unit can answer:
1 − Π(1 − first·hit) over the interrupters, as if each fired once and independently. It leaves out
what happens after the Regulars win a test (they may fire first or take cover) and later links
of a chain, so it reads as "before you can react". No pygame here; the play screen draws it.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game.battlefield.model import Point, UnitPosition
from game.engine import fire
from game.engine.interruptions import may_interrupt
from game.engine.protocol import MoveRate
from game.engine.state import INSURGENT, UnitState
from game.i18n import _, ngettext, number, percent, retell
from game.rules.odds import casualty_odds, reaction_odds
from game.rules.quality import Quality, ReactionStance

if TYPE_CHECKING:
    from game.engine.engine import Engine

STEP_INCHES = 1.0


@dataclass(frozen=True)
class Threat:
    """One Insurgent unit that could interrupt the planned move."""

    unit_id: str
    name: str
    first: Fraction  # it wins the Reaction Test
    hit: Fraction  # at least one casualty from its fire at `at`
    at: Point  # the nearest point of the path it sees
    seen_from: float  # inches along the path where it first sees the unit
    seen_to: float  # ... and last

    @property
    def chance(self) -> Fraction:
        return self.first * self.hit


@dataclass(frozen=True)
class RiskPreview:
    samples: tuple[Point, ...]  # the path every inch, start and end included
    watchers: tuple[tuple[str, ...], ...]  # per sample: the units that would see the unit there
    threats: tuple[Threat, ...]  # by chance, highest first

    @property
    def casualty_chance(self) -> Fraction:
        spared = Fraction(1)
        for threat in self.threats:
            spared *= 1 - threat.chance
        return 1 - spared

    def segment_watchers(self) -> list[int]:
        """For each step of the path, how many units see either of its ends."""
        return [
            len(set(self.watchers[i]) | set(self.watchers[i + 1]))
            for i in range(len(self.samples) - 1)
        ]

    @property
    def label(self) -> str:
        if not self.threats:
            return _("no Insurgent unit that may interrupt sees this path")
        parts = [
            _sees(t).format(
                unit=retell(t.name),  # the unit name in the language in use (found in play)
                start=number(t.seen_from, 0),
                end=number(t.seen_to, 0),
                first=percent(float(t.first)),
                hits=percent(float(t.hit)),
            )
            for t in self.threats[:3]
        ]
        more = (
            " "
            + ngettext("+{n} more", "+{n} more", len(self.threats) - 3).format(
                n=len(self.threats) - 3
            )
            if len(self.threats) > 3
            else ""
        )
        return (
            _("Risk {chance} of casualties before you can react: {threats}").format(
                chance=percent(float(self.casualty_chance)), threats=", ".join(parts)
            )
            + more
        )


def walk_samples(path: tuple[Point, ...] | list[Point], step: float = STEP_INCHES) -> list[Point]:
    """Points every `step` inches along the path, its start and end included."""
    if not path:
        return []
    out = [path[0]]
    carried = 0.0
    for a, b in itertools.pairwise(path):
        length = math.dist(a, b)
        at = step - carried
        while at < length - 1e-9:
            t = at / length
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            at += step
        carried = (carried + length) % step
    if math.dist(out[-1], path[-1]) > 1e-9:
        out.append(path[-1])
    return out


def carried_to(unit: UnitState, point: Point) -> UnitPosition:
    """The unit's live figures moved so that its leader (or centre) stands on `point`."""
    here = unit.position()
    anchor = here.leader or here.centre
    dx, dy = point[0] - anchor[0], point[1] - anchor[1]
    return UnitPosition(
        id=here.id,
        figures=tuple((x + dx, y + dy) for x, y in here.figures),
        elevation=here.elevation,
        leader=(anchor[0] + dx, anchor[1] + dy),
    )


def _hit_chance(
    engine: Engine, ins: UnitState, mover: UnitState, at: UnitPosition, rate: str
) -> Fraction:
    """At least one casualty from `ins`'s fire at `mover` standing at `at` in the middle of its
    move: the engine's own Firepower and Defense, asked of the unit as it would stand there."""
    fp = fire.firepower(
        engine, ins, mover, target_at=at, target_moving_rapidly=rate == MoveRate.RAPID
    )
    df = fire.defense(engine, mover, at=at, moving=True)
    if fp.total <= 0:
        return Fraction(0)
    try:
        odds = casualty_odds(fp.total, ins.quality_die(), df.total, mover.quality_die())
    except ValueError:  # a pool beyond the odds tables (never in the rules' caps)
        return Fraction(0)
    return Fraction(odds.at_least(1))


def risk_preview(
    engine: Engine, unit: UnitState, path: tuple[Point, ...] | list[Point], rate: str
) -> RiskPreview:
    """Who could interrupt `unit` walking `path` at `rate`, where, and the exact chances."""
    samples = walk_samples(path)
    turn = engine.state.turn
    insurgents = [u for u in engine.state.units_of(INSURGENT) if may_interrupt(engine, u)]
    positions = [carried_to(unit, p) for p in samples]
    walked = [0.0]
    for a, b in itertools.pairwise(samples):
        walked.append(walked[-1] + math.dist(a, b))
    watchers: list[list[str]] = [[] for _ in samples]
    stance = ReactionStance.RAPID if rate == MoveRate.RAPID else ReactionStance.CAUTIOUS
    threats = []
    for ins in insurgents:
        seen = [
            i
            for i, pos in enumerate(positions)
            if pos.figures and engine.terrain.line_of_sight(ins.position(), pos)
        ]
        if not seen:
            continue
        for i in seen:
            watchers[i].append(ins.id)
        nearest = min(seen, key=lambda i: math.dist(ins.centre, positions[i].centre))
        first = reaction_odds(
            Quality.from_die(ins.quality_die()),
            Quality.from_die(unit.quality_die()),
            stance=stance,
            insurgent_pinned=ins.pinned_turn == turn,
            regular_pinned=unit.pinned_turn == turn,
        )
        threats.append(
            Threat(
                ins.id,
                ins.name,
                first,
                _hit_chance(engine, ins, unit, positions[nearest], rate),
                samples[nearest],
                walked[seen[0]],
                walked[seen[-1]],
            )
        )
    threats.sort(key=lambda t: (-t.chance, t.name))
    return RiskPreview(tuple(samples), tuple(tuple(w) for w in watchers), tuple(threats))


def _sees(threat: Threat) -> str:
    """The words of one interrupter: where along the path it sees the unit, a span, or one
    point when the span rounds to it (found in play, polish round 7: "sees 0–0\"")."""
    if number(threat.seen_from, 0) == number(threat.seen_to, 0):
        return _('{unit} (sees it at {start}": first {first}, hits {hits})')
    return _('{unit} (sees {start}–{end}": first {first}, hits {hits})')
