"""How a Close Assault would likely go, for the Regular AI, from the rules core's own procedure.

`assault_odds` plays the rules core's whole Close Assault (`game.rules.close_assault.
resolve_close_assault`: the charge's Quality Check, the defender's check and answer, defensive
fire, the rounds of combat, morale and capture) `SAMPLES` times on private seeded dice and
counts what happened (R270). Nothing is mirrored: a change to the rules core changes the odds.
The dice are the AI's own (seeded by the two units and the turn), never the game's, so the same
view always gives the same odds and no game die is touched or predicted.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

from game.engine import rulesbridge as rb
from game.engine.state import UnitState
from game.rules import close_assault as ca
from game.rules.dice import SeededDice
from game.rules.firepower import FireConditions
from game.rules.units import Unit

SAMPLES = 200
"""Not a rule: how many times the Close Assault is played out to estimate its odds (R270)."""


@dataclass(frozen=True)
class AssaultOdds:
    """What a Close Assault is expected to bring: the chance the chargers win it and the
    expected figures each side loses (hit, killed or taken)."""

    win: float
    enemy_lost: float
    own_lost: float
    samples: int

    def describe(self) -> str:
        return (
            f"wins {100 * self.win:.0f}% of {self.samples} plays of the rules' Close Assault, "
            f"takes out {self.enemy_lost:.1f} figures for {self.own_lost:.1f} of ours"
        )


def _fight_back(passed: bool, may_flee: bool) -> ca.DefenderResponse:
    """The defender answers as a fighting unit would: fire if it may, else stand, else flee."""
    allowed = ca.defender_responses(passed, may_flee)
    for wanted in (ca.DefenderResponse.FIRE, ca.DefenderResponse.STAND):
        if wanted in allowed:
            return wanted
    return allowed[0]


def _take_prisoners(_unit: Unit) -> bool:
    return True  # the worst case for the Regulars: every Regular left standing is taken


def _lost(before: Unit, after: Unit | None) -> int:
    return before.effective_count - (after.effective_count if after is not None else 0)


@lru_cache(maxsize=512)
def _play(
    attacker: Unit,
    defender: Unit,
    distance: float,
    attacker_pinned: bool,
    defender_pinned: bool,
    seed: int,
) -> AssaultOdds:
    wins = enemy = own = 0
    conditions = FireConditions(distance=distance, target_moved_rapidly=True)
    for k in range(SAMPLES):
        result = ca.resolve_close_assault(
            attacker,
            defender,
            SeededDice(seed * 7919 + k),
            defender_choice=_fight_back,
            insurgents_take_prisoners=_take_prisoners,
            defensive_fire=conditions,
            attacker_pinned=attacker_pinned,
            defender_pinned=defender_pinned,
        )
        outcome = result.outcome
        wins += outcome is ca.CloseAssaultOutcome.ATTACKER_WON
        enemy += _lost(defender, result.defender)
        own += _lost(attacker, result.attacker)
    return AssaultOdds(wins / SAMPLES, enemy / SAMPLES, own / SAMPLES, SAMPLES)


def assault_odds(
    attacker: UnitState, defender: UnitState, *, distance: float, turn: int
) -> AssaultOdds:
    """The odds of `attacker` charging `defender` now (R270)."""
    seed = zlib.crc32(f"{attacker.id}>{defender.id}@{turn}".encode())
    return _play(
        rb.rules_unit(attacker),
        rb.rules_unit(defender),
        round(distance, 1),
        attacker.pinned_turn == turn,
        defender.pinned_turn == turn,
        seed,
    )
