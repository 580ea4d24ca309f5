"""The team Regular AI's escort of the mission's people to the exit, round 6 (issue 17 §4,
helper team; R371).

The unit carrying contractors walks Cautiously only (Rulebook: Dependants: no Rapid movement),
so its walk to the exit edge takes turns, and every turn it stays on the table brings fresh
Insurgent groups (Arrival of Insurgent Reinforcements) and ends in a turn limit that scores
nothing for the contractors still on the table (Scenario 1: Contracting Trouble!, Victory
Conditions). The basic weighing lets a shot outscore the walk (a 6" step is worth 25 + 3 x 6
points, a good shot 50 or more), so carriers stood and fired for turns within a few inches of
the edge and the turn limit came (seeds 240, 301: one contractor left on the table, 5 VP).

R371: the unit carrying contractors counts each inch of its walk to the exit
`CARRIER_URGENCY` times over, from the moment it takes them on: a Cautious step then outweighs
any shot, and the escort leaves the table turns earlier. Measured (Contracting Trouble, seeds
201-400, the team AI against the basic AI, 200 paired seeds each): hurrying only when the walk
needs all but two of the turns left gave +2.02 VP margin, hurrying always +2.89, always at four
times over +2.57.
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.regular_board import Board, Goal

CARRIER_URGENCY = 2.5
"""Not a rule (R371): how many times over the carrier counts each inch towards the exit: a full
Cautious step (6") is then worth 25 + 3 x 2.5 x 6 = 70 points, more than a good shot (50-60)."""

CONTRACTOR = "contractor"
"""A contractor as a Dependant. The Person of Interest, escorted the same way (R237), keeps R324
and R361's care instead: his death ends the game and swings it by 20 VP, where a contractor
cannot be hit by fire (R60)."""
HURRIED = "the exit edge with the contractors, without delay (R371)"
"""The hurried goal's name in the reason lines (`reason_words`)."""


def carriers_hurry(board: Board, goals: dict[str, Goal | None]) -> dict[str, Goal | None]:
    """R371: the exit goal of each unit carrying contractors, hurried."""
    out = dict(goals)
    for unit in board.regulars:
        goal = out.get(unit.id)
        if goal is None or CONTRACTOR not in unit.dependants:
            continue
        if goal.urgency < CARRIER_URGENCY:
            out[unit.id] = replace(goal, label=HURRIED, urgency=CARRIER_URGENCY)
    return out
