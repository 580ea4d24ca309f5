"""The view model the battle screen draws, and its stand-in builder from the map."""

from __future__ import annotations

import math
from itertools import combinations

from game.battlefield.model import Battlefield, Side
from game.client.viewmodel import (
    BASE_DIAMETER_IN,
    cluster_positions,
    expand_figure_list,
    view_from_battlefield,
)


def test_figure_lists_expand_counts_as_in_the_map_guide() -> None:
    assert expand_figure_list(("leader", "2 rifle", " saw ", "")) == [
        "leader",
        "rifle",
        "rifle",
        "saw",
    ]


def test_clustered_bases_never_overlap_and_stay_close() -> None:
    positions = cluster_positions((5.0, 5.0), 12)
    assert len(positions) == 12
    assert positions[0] == (5.0, 5.0)
    for a, b in combinations(positions, 2):
        assert math.dist(a, b) >= BASE_DIAMETER_IN - 1e-9  # R2: bases do not overlap
    assert max(math.dist(p, (5.0, 5.0)) for p in positions) <= 2.0 + 1e-9


def test_map_units_become_unit_sprites_with_their_special_figures(
    battlefield: Battlefield,
) -> None:
    view = view_from_battlefield(battlefield)
    alpha = next(u for u in view.units if u.name == "Alpha")
    assert alpha.side is Side.REGULAR
    assert (alpha.quality, alpha.morale) == ("d8", "d10")
    assert [f.kind for f in alpha.figures] == ["leader", "rifle", "rifle", "saw"]
    assert [f.is_leader for f in alpha.figures] == [True, False, False, False]
    assert [f.has_support_weapon for f in alpha.figures] == [False, False, False, True]
    assert alpha.centre == (
        sum(f.position_in[0] for f in alpha.figures) / 4,
        sum(f.position_in[1] for f in alpha.figures) / 4,
    )


def test_start_positions_get_a_placeholder_unit_of_their_side(battlefield: Battlefield) -> None:
    view = view_from_battlefield(battlefield)
    cell = next(u for u in view.units if u.unit_id == "start-22")
    assert cell.side is Side.INSURGENT
    assert len(cell.figures) == 5
    assert any(f.has_support_weapon for f in cell.figures)
    assert {m.kind for m in view.markers} == {"objective", "contractor"}
    assert [h.number for h in view.hot_spots] == [1, 2, 3, 4, 5]


def test_the_hand_built_test_table_is_what_the_loader_reads() -> None:
    """The client tests use a hand-built Battlefield; it must stay true to the map file."""
    from client_support import TEST_MAP, table_battlefield

    from game.battlefield.loader import load_battlefield

    assert load_battlefield(TEST_MAP) == table_battlefield()


def test_the_map_list_reads_maps_with_the_loader_and_says_why_one_cannot_be_played() -> None:
    from pathlib import Path

    from client_support import TEST_MAP

    from game.client.catalogue import describe_map

    good = describe_map(TEST_MAP)
    assert (good.title, good.description, good.problem) == (
        "Test Table",
        "A small table for the client tests.",
        "",
    )
    broken = Path(__file__).resolve().parents[1] / "maps" / "broken" / "hot_spots_too_close.tmx"
    entry = describe_map(broken)
    assert entry.problem.startswith("error: ")
    assert "\n" not in entry.problem
