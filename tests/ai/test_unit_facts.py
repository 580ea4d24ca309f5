"""Reading the tables' facts from a rules-core Unit (Insurgent Action Checks; R33, R73, R74)."""

from __future__ import annotations

import math

import pytest

from game.ai.situation import UnitKind
from game.ai.unit_facts import (
    can_harm_vehicle,
    situation_kind,
    table_firepower,
    table_optimum_range,
    vehicle_weapon_class,
)
from game.rules.quality import Morale, Quality
from game.rules.units import Designation, Figure, FigureStatus, Role, Side, Unit, Weapon


def insurgents(*figures: Figure, quality: Quality = Quality.UNTRAINED, **kw: object) -> Unit:
    return Unit(
        id="i1",
        side=Side.INSURGENT,
        base_quality=quality,
        base_morale=Morale.AVERAGE,
        figures=figures,
        **kw,  # type: ignore[arg-type]
    )


def riflemen(n: int) -> tuple[Figure, ...]:
    return tuple(Figure(id=f"r{i}") for i in range(n))


def test_which_table_a_unit_uses() -> None:
    leader = Figure(id="L", role=Role.INSURGENT_LEADER)
    assert situation_kind(insurgents(leader, *riflemen(3))) is UnitKind.WITH_LEADER
    assert situation_kind(insurgents(*riflemen(3))) is UnitKind.LEADERLESS
    assert situation_kind(insurgents(leader)) is UnitKind.LEADER_ALONE
    fallen = Figure(id="L", role=Role.INSURGENT_LEADER, status=FigureStatus.CASUALTY)
    assert situation_kind(insurgents(fallen, *riflemen(2))) is UnitKind.LEADERLESS


def test_r73_table_firepower_is_figures_plus_support_dice_plus_team_bonus_capped() -> None:
    assert table_firepower(insurgents(*riflemen(5))) == 5
    rpg = Figure(id="g", weapon=Weapon.RPG)
    assert table_firepower(insurgents(*riflemen(4), rpg)) == 5 + 2
    team = insurgents(
        Figure(id="m", weapon=Weapon.MEDIUM_SUPPORT),
        Figure(id="a"),
        quality=Quality.TRAINED,
        designation=Designation.SPECIAL_WEAPON_TEAM,
    )
    assert table_firepower(team) == 2 + 2 + 2
    untrained_team = insurgents(
        Figure(id="m", weapon=Weapon.MEDIUM_SUPPORT),
        Figure(id="a"),
        designation=Designation.SPECIAL_WEAPON_TEAM,
    )
    assert table_firepower(untrained_team) == 4  # the bonus needs Trained or better
    assert table_firepower(insurgents(*riflemen(12))) == 10


def test_table_optimum_range_doubles_with_support_weapon_and_is_infinite_when_emplaced() -> None:
    assert table_optimum_range(insurgents(*riflemen(3))) == 6.0
    with_saw = insurgents(*riflemen(3), Figure(id="s", weapon=Weapon.LIGHT_SUPPORT))
    assert table_optimum_range(with_saw) == 12.0
    assert table_optimum_range(insurgents(*riflemen(3)), night=True) == 3.0
    emplaced = insurgents(Figure(id="d", weapon=Weapon.MEDIUM_SUPPORT, emplaced=True))
    assert table_optimum_range(emplaced) == math.inf


@pytest.mark.parametrize(
    ("figure", "weapon_class"),
    [
        (Figure(id="x", weapon=Weapon.LIGHT_SUPPORT), 0),
        (Figure(id="x", weapon=Weapon.MEDIUM_SUPPORT), 0),
        (Figure(id="x", weapon=Weapon.MEDIUM_SUPPORT, emplaced=True), 1),
        (Figure(id="x", weapon=Weapon.RPG), 1),
        (Figure(id="x", weapon=Weapon.AT_RPG), 2),
        (Figure(id="x", weapon=Weapon.HEAVY_SUPPORT), 3),
    ],
)
def test_r74_vehicle_weapon_classes(figure: Figure, weapon_class: int) -> None:
    assert vehicle_weapon_class(figure) == weapon_class


def test_r74_a_support_weapon_of_the_armour_class_or_better_can_harm() -> None:
    rpg_team = insurgents(*riflemen(3), Figure(id="g", weapon=Weapon.RPG))
    assert can_harm_vehicle(rpg_team, 0)
    assert can_harm_vehicle(rpg_team, 1)  # equal class: halved, but it still hurts
    assert not can_harm_vehicle(rpg_team, 2)
    assert not can_harm_vehicle(insurgents(*riflemen(6)), 0)  # the row needs a Support Weapon
    dead_gunner = Figure(id="g", weapon=Weapon.AT_RPG, status=FigureStatus.CASUALTY)
    assert not can_harm_vehicle(insurgents(*riflemen(3), dead_gunner), 1)
    with pytest.raises(ValueError, match="armour class must be 0 to 3"):
        can_harm_vehicle(rpg_team, 4)
