"""Movement and the distances the rules measure (Rulebook: Movement, Cautious Movement, Rapid
Movement, Out of Contact Movement, Unit Cohesion, Pull Back, Hot Spots, Arrival of Insurgent
Reinforcements). Every distance the engine and the AIs measure against lives here, once.

All distances are in inches on a 15 mm table (R1, R2).
"""

from __future__ import annotations

CAUTIOUS = 6.0  # Rulebook: Cautious Movement
RAPID = 12.0  # Rulebook: Rapid Movement
OUT_OF_CONTACT = 200.0  # Out of Contact Movement: any distance while unseen (R66)
OUT_OF_CONTACT_SAMPLE = 18.0  # not a rule: how far the offered Out of Contact moves reach
HOT_SPOT_CONTACT = 1.0  # a figure within 1" of a hot spot may neutralize it (R28)
ARRIVAL_RADIUS = 4.0  # Rulebook: Arrival of Insurgent Reinforcements
CONTACT = 1.0  # a figure within 1" of a contractor touches it
EDGE_REACH = 1.0  # a leader within 1" of an edge may leave by it
CONTRACTOR_KEEP_OFF = 2.0  # Contracting Trouble!: no Insurgent move ends this near one (R60)
PULL_BACK = 6.0  # Rulebook: Pull Back
BASE_DIAMETER = 0.75  # R2: 3/4" round bases
COHESION_GAP = 1.0  # R2: 1" edge to edge
COHESION_REACH = COHESION_GAP + BASE_DIAMETER  # centre to centre, 1.75"

RATES = ("cautious", "rapid", "out_of_contact")


def allowance(rate: str) -> float:
    """How far a unit may go at a movement rate before penalties (Rulebook: Movement)."""
    return {"cautious": CAUTIOUS, "rapid": RAPID, "out_of_contact": OUT_OF_CONTACT}[rate]


def charge_reach(has_dependants: bool) -> float:
    """How far a charge reaches: a Rapid move, or a Cautious one with Dependants (Close Assault,
    Dependants)."""
    return CAUTIOUS if has_dependants else RAPID
