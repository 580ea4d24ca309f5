"""Rulebook: Victory Points — Margin of Victory Table."""

import pytest

from game.rules.units import Side
from game.rules.victory import (
    Margin,
    VictoryPoints,
    VictoryTally,
    margin_of_victory,
    winning_side,
)


@pytest.mark.parametrize(
    ("difference", "margin"),
    [
        (0, Margin.INDECISIVE),
        (4, Margin.INDECISIVE),
        (5, Margin.MARGINAL),
        (9, Margin.MARGINAL),
        (10, Margin.DECISIVE),
        (14, Margin.DECISIVE),
        (15, Margin.TOTAL),
        (40, Margin.TOTAL),
        (-4, Margin.INDECISIVE),
        (-5, Margin.MARGINAL),
        (-15, Margin.TOTAL),
    ],
)
def test_margin_of_victory_boundaries(difference: int, margin: Margin) -> None:
    assert margin_of_victory(difference) is margin


def contracting_trouble_score() -> VictoryTally:
    # Scenario 1: Contracting Trouble! — both contractors out, one Marine wounded, one killed
    return VictoryTally.of(
        [
            VictoryPoints("contractor escorted off the table", 5, Side.REGULAR),
            VictoryPoints("contractor escorted off the table", 5, Side.REGULAR),
            VictoryPoints("Marine wounded", 1, Side.INSURGENT),
            VictoryPoints("Marine killed", 2, Side.INSURGENT),
        ]
    )


def test_tally_totals_itemises_and_reads_the_margin() -> None:
    tally = contracting_trouble_score()
    assert (tally.total(Side.REGULAR), tally.total(Side.INSURGENT)) == (10, 3)
    assert tally.difference == 7 and tally.margin is Margin.MARGINAL
    assert tally.winner is Side.REGULAR
    assert [item.label for item in tally.items_for(Side.INSURGENT)] == [
        "Marine wounded",
        "Marine killed",
    ]
    assert tally.describe() == "Regulars 10 - Insurgents 3: Marginal Regular victory"


def test_r44_indecisive_margin_has_no_winner() -> None:
    tally = VictoryTally.of(
        [VictoryPoints("hot spot neutralized", 5, Side.REGULAR)]
        + [VictoryPoints("Marine killed", 2, Side.INSURGENT)] * 2
    )
    assert tally.difference == 1 and tally.winner is None
    assert tally.describe().endswith("Indecisive, nobody wins")


def test_insurgent_total_victory() -> None:
    tally = VictoryTally.of([VictoryPoints("captive held", 5, Side.INSURGENT)] * 3)
    assert tally.winner is Side.INSURGENT and tally.margin is Margin.TOTAL


def test_victory_item_needs_a_label() -> None:
    with pytest.raises(ValueError, match="needs a label"):
        VictoryPoints("  ", 3, Side.REGULAR)


@pytest.mark.parametrize(
    ("difference", "winner"),
    [(4, None), (5, Side.REGULAR), (-4, None), (-5, Side.INSURGENT), (0, None)],
)
def test_r44_the_engine_names_the_winner_the_rules_core_names(
    difference: int, winner: Side | None
) -> None:
    """One threshold: a side wins from a Marginal margin (5 points) up, in the rules core and in
    the engine's GameEnd alike."""
    from game.engine import rulesbridge as rb

    assert winning_side(difference) is winner
    expected = {None: "none", Side.REGULAR: "regular", Side.INSURGENT: "insurgent"}[winner]
    assert rb.victory_winner(difference) == expected
