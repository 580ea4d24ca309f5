"""A unit's measuring points, spelled out inline for speed, still follow R3 (effective figures)."""

from __future__ import annotations

from game.engine.state import REGULAR, FigureState, UnitState
from game.rules.dice import Die


def unit(*figures: tuple[str, float, float, str]) -> UnitState:
    return UnitState(
        id="u1",
        name="Alpha",
        side=REGULAR,
        figures=[
            FigureState(id=f"f{i}", kind=kind, x=x, y=y, status=status)
            for i, (kind, x, y, status) in enumerate(figures)
        ],
        last_x=9.0,
        last_y=9.0,
    )


def test_the_first_effective_leader_is_the_leader_point_and_the_position_leader() -> None:
    team = unit(
        ("rifle", 1.0, 1.0, "ok"),
        ("leader", 2.0, 2.0, "hit"),
        ("leader", 3.0, 1.0, "ok"),
        ("leader", 4.0, 1.0, "ok"),
    )
    assert team.leader_point == (3.0, 1.0)
    position = team.position()
    assert position.leader == (3.0, 1.0)
    assert position.figures == ((1.0, 1.0), (3.0, 1.0), (4.0, 1.0))
    assert team.has_leader
    assert [f.id for f in team.effective_figures] == ["f0", "f2", "f3"]


def test_without_a_live_leader_the_most_central_effective_figure_is_measured_from() -> None:
    team = unit(
        ("leader", 5.0, 5.0, "hit"),
        ("rifle", 0.0, 0.0, "ok"),
        ("rifle", 2.0, 0.0, "ok"),
        ("rifle", 4.0, 0.0, "ok"),
        ("rifle", 2.0, 9.0, "returning"),
    )
    assert not team.has_leader
    assert team.leader_point == (2.0, 0.0)
    assert team.position().leader == (2.0, 0.0)
    assert team.centre == (2.0, 0.0)


def test_a_unit_with_no_effective_figure_has_no_position_leader_but_keeps_a_point() -> None:
    team = unit(("leader", 1.0, 1.0, "hit"), ("rifle", 3.0, 1.0, "hit"))
    assert team.effective_figures == []
    assert team.position().figures == ()
    assert team.position().leader is None
    # measured among all its figures while some remain on the table
    assert team.leader_point == (1.0, 1.0)
    assert unit().leader_point == (9.0, 9.0)


def test_quality_die_is_the_majority_of_effective_figures_lowest_on_a_tie() -> None:
    team = unit(("leader", 0.0, 0.0, "ok"), ("rifle", 1.0, 0.0, "ok"), ("rifle", 2.0, 0.0, "hit"))
    team.figures[0].quality, team.figures[1].quality, team.figures[2].quality = 10, 8, 12
    assert team.quality_die() == Die.D8  # 10 and 8 tie: the lowest; the hit d12 does not count
    team.figures[1].quality = 10
    assert team.quality_die() == Die.D10
    team.figures[0].status = team.figures[1].status = "hit"
    assert team.quality_die() == Die.D10  # nobody effective: the majority of all (10, 10, 12)
