"""How a Close Assault would likely go, for the Regular AI, from the rules core's own procedure.

`assault_odds` plays the rules core's whole Close Assault (`game.rules.close_assault.
resolve_close_assault`: the charge's Quality Check, the defender's check and answer, defensive
fire, the rounds of combat, morale and capture) `SAMPLES` times on private seeded dice and
counts what happened (R270). Nothing is mirrored: a change to the rules core changes the odds.
The dice are the AI's own (seeded by the two units), never the game's, so the same
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

SAMPLES = 80
"""Not a rule: how many times the Close Assault is played out to estimate its odds (R270)."""
FIRST_LOOK = 20
"""Not a rule: after this many plays a charge that has won under `HOPELESS` of them is judged
without the rest (R270: the AI never charges below half)."""
HOPELESS = 0.3


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
    plays = 0
    for k in range(SAMPLES):
        if k == FIRST_LOOK and wins < HOPELESS * k:
            break
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
        plays += 1
    return AssaultOdds(wins / plays, enemy / plays, own / plays, plays)


def assault_odds(
    attacker: UnitState, defender: UnitState, *, distance: float, turn: int
) -> AssaultOdds:
    """The odds of `attacker` charging `defender` now (R270). The private dice are seeded by
    the two units alone, so the same two units as they stand give the same odds all game."""
    seed = zlib.crc32(f"{attacker.id}>{defender.id}".encode())
    return _play(
        rb.rules_unit(attacker),
        rb.rules_unit(defender),
        float(round(distance)),
        attacker.pinned_turn == turn,
        defender.pinned_turn == turn,
        seed,
    )
