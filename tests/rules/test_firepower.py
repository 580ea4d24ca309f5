"""Firepower and Defense, with the rulebook's worked examples (Fire Combat; R16-R19)."""

import pytest

from game.rules.dice import Die
from game.rules.firepower import (
    FireConditions,
    FirePortion,
    IllegalFire,
    defense,
    firepower,
    in_optimum_range,
    optimum_range,
    split_fire,
)
from game.rules.quality import Morale, Quality
from game.rules.units import (
    DependantKind,
    Designation,
    Figure,
    FigureStatus,
    Side,
    Unit,
    Weapon,
)

NO_RANGE = FireConditions()  # distance not measured: no Optimum Range die


def riflemen(count: int, prefix: str = "f") -> list[Figure]:
    return [Figure(f"{prefix}{i}") for i in range(count)]


def regulars(figures: list[Figure], quality: Quality = Quality.TRAINED, **kw: object) -> Unit:
    return Unit("reg", Side.REGULAR, quality, Morale.GOOD, tuple(figures), **kw)  # type: ignore[arg-type]


def insurgents(figures: list[Figure], quality: Quality = Quality.UNTRAINED) -> Unit:
    return Unit("ins", Side.INSURGENT, quality, Morale.AVERAGE, tuple(figures))


def ranger_fireteam() -> Unit:
    return regulars([*riflemen(3), Figure("saw", weapon=Weapon.LIGHT_SUPPORT, weapon_name="SAW")])


# --- Examples of Defenses ---


def test_examples_of_defenses_1_rangers_in_the_street() -> None:
    rangers = regulars(riflemen(5), body_armour=True)
    result = defense(rangers)
    assert (result.dice, result.die) == (6, Die.D8)
    assert result.items == (("5 figures", 5), ("body armour", 1))


def test_examples_of_defenses_2_rangers_in_a_building() -> None:
    rangers = regulars(riflemen(5), body_armour=True)
    assert defense(rangers, solid_cover=True).label == "7d8"


def test_examples_of_defenses_3_insurgents_in_the_open() -> None:
    assert defense(insurgents(riflemen(6))).label == "6d6"


def test_examples_of_defenses_4_defense_cap() -> None:
    result = defense(insurgents(riflemen(11)), solid_cover=True)
    assert result.dice == 10
    assert result.items[-1] == ("Defense cap 10", -2)


def test_r18_defense_excludes_casualties_and_dependants_and_never_drops_below_one() -> None:
    unit = regulars([Figure("a"), Figure("b", status=FigureStatus.CASUALTY)]).with_dependants(
        DependantKind.CONTRACTOR, 2
    )
    assert defense(unit).dice == 1
    charging = defense(unit, charging=True)
    assert charging.dice == 1 and charging.items[-1] == ("at least 1 die", 1)


def test_r39_charge_penalty_comes_off_before_the_defense_cap() -> None:
    mob = insurgents(riflemen(11))
    assert defense(mob, in_cover=True, solid_cover=True, charging=True).dice == 10
    assert defense(insurgents(riflemen(9)), charging=True).dice == 8


# --- Examples of Firepower ---


def test_examples_of_firepower_1_ranger_fireteam_with_saw() -> None:
    result = firepower(ranger_fireteam(), NO_RANGE)
    assert result.label == "5d8"
    assert result.items == (("4 figures", 4), ("SAW", 1))


def test_examples_of_firepower_2_interrupted_twice_r37() -> None:
    # Twice interrupted, then its own fire: two dice lost. R37: own fire after N interruptions
    # passes N + 1 and loses N dice, as reaction fire to the k-th interruption loses k − 1.
    result = firepower(ranger_fireteam(), FireConditions(interruptions=3))
    assert result.dice == 3
    assert result.items[-1] == ("interrupted (R37)", -2)
    # Resolving Chains of Interruptions: reacting to the 4th interruption costs three dice.
    assert firepower(ranger_fireteam(), FireConditions(interruptions=4)).dice == 2
    assert firepower(ranger_fireteam(), FireConditions(interruptions=1)).dice == 5


def test_the_firepower_cap_example_penalties_come_off_the_cap() -> None:
    big = insurgents(
        [*riflemen(13), Figure("s1", weapon=Weapon.LIGHT_SUPPORT), Figure("r", weapon=Weapon.RPG)]
    )
    capped = firepower(big, NO_RANGE)
    assert capped.dice == 10 and ("Firepower cap 10", -8) in capped.items
    assault = firepower(big, FireConditions(vs_close_assault=True))
    assert assault.dice == 9
    assert assault.items[-2:] == (("Firepower cap 10", -8), ("defensive fire vs Close Assault", -1))


def test_making_the_attack_roll_example_pools() -> None:
    # Veteran Marines: 3 rifles, SAW, RGL -> 7d10; Trained Fedayeen x3 behind a mud wall -> 4d8.
    marines = regulars(
        [
            *riflemen(3),
            Figure("saw", weapon=Weapon.LIGHT_SUPPORT, weapon_name="SAW"),
            Figure("rgl", weapon=Weapon.LIGHT_SUPPORT, weapon_name="Rifle GL"),
        ],
        quality=Quality.VETERAN,
    )
    fedayeen = insurgents(riflemen(3), quality=Quality.TRAINED)
    assert firepower(marines, NO_RANGE).label == "7d10"
    assert defense(fedayeen, solid_cover=True).label == "4d8"


def test_r16_bonuses_and_penalties_in_order() -> None:
    conditions = FireConditions(
        distance=7.0,
        target_exposed=True,
        target_moved_rapidly=True,
        interruptions=2,
        firer_moved_rapidly=True,
    )
    result = firepower(ranger_fireteam(), conditions)
    assert result.items == (
        ("4 figures", 4),
        ("SAW", 1),
        ("Optimum Range", 1),
        ("target Exposed", 1),  # Exposed and Rapid give one die, not two
        ("interrupted (R37)", -1),
        ("moved Rapidly", -1),
    )
    assert result.dice == 5


def test_r16_dependants_cost_a_die_and_zero_cannot_fire() -> None:
    # Rulebook: Dependants (units with Dependants lose one die of Firepower).
    lone = regulars([Figure("a")]).with_dependants(DependantKind.PRISONER, 1)
    result = firepower(lone, NO_RANGE)
    assert result.dice == 0 and not result.can_fire and result.label == "cannot fire"
    assert result.items[-1] == ("Dependants", -1)
    pinned_down = firepower(regulars(riflemen(2)), FireConditions(interruptions=5))
    assert pinned_down.dice == 0 and not pinned_down.can_fire


# --- Optimum Range (R17) and Night Fighting ---


def test_r17_optimum_range_by_quality_and_support_weapons() -> None:
    rifles = regulars(riflemen(4), quality=Quality.VETERAN)
    assert optimum_range(rifles) == 10.0
    assert in_optimum_range(rifles, 10.0) and not in_optimum_range(rifles, 10.5)
    assert optimum_range(ranger_fireteam()) == 16.0  # any weapon in range: the SAW doubles
    assert not in_optimum_range(ranger_fireteam(), None)


def test_r17_mixed_unit_range_uses_lowest_quality() -> None:
    mixed = regulars(
        [Figure("a", quality=Quality.ELITE), Figure("b", quality=Quality.ELITE), Figure("c")]
    )
    assert optimum_range(mixed) == 8.0
    assert optimum_range(mixed, figure_ids=["a", "b"]) == 12.0  # a portion of Elites only


def test_r17_snipers_and_emplaced_support_weapons_are_always_in_range() -> None:
    snipers = regulars(
        [Figure("s", weapon=Weapon.SNIPER_RIFLE), Figure("spot")],
        quality=Quality.VETERAN,
        designation=Designation.SNIPER_TEAM,
    )
    assert optimum_range(snipers) is None and in_optimum_range(snipers, 40.0)
    dshk = insurgents([Figure("g", weapon=Weapon.MEDIUM_SUPPORT, emplaced=True), Figure("a")])
    assert in_optimum_range(dshk, 48.0)
    assert not in_optimum_range(dshk, 48.0, figure_ids=["a"])


def test_night_fighting_example() -> None:
    # Untrained Insurgents, Firepower 6, no night vision: Firepower 5 and Optimum Range 3".
    mob = insurgents(riflemen(6))
    result = firepower(mob, FireConditions(night=True))
    assert result.dice == 5 and result.items[-1] == ("night without night vision", -1)
    assert optimum_range(mob, night=True) == 3.0
    assert not in_optimum_range(mob, 4.0, night=True) and in_optimum_range(mob, 3.0, night=True)
    assert firepower(regulars(riflemen(6)), FireConditions(night=True)).dice == 6  # Regulars: NV


# --- Special Weapon Teams and Sniper Teams ---


def test_special_weapon_teams_example_trained_mg_team() -> None:
    team = regulars(
        [Figure("gunner", weapon=Weapon.LIGHT_SUPPORT, weapon_name="MG"), Figure("assistant")],
        designation=Designation.SPECIAL_WEAPON_TEAM,
    )
    result = firepower(team, NO_RANGE)
    assert result.label == "5d8"
    assert result.items == (("2 figures", 2), ("MG", 1), ("Special Weapon Team", 2))


def test_special_weapon_teams_example_untrained_insurgents_get_no_bonus() -> None:
    team = Unit(
        "mg",
        Side.INSURGENT,
        Quality.UNTRAINED,
        Morale.AVERAGE,
        (Figure("g", weapon=Weapon.LIGHT_SUPPORT), Figure("a")),
        designation=Designation.SPECIAL_WEAPON_TEAM,
    )
    assert firepower(team, NO_RANGE).dice == 3


def test_sniper_team_bonus_and_range_but_a_lone_sniper_only_adds_his_die() -> None:
    # Rulebook: Sniper Teams; R36 (the sniper rifle adds no support die).
    team = regulars(
        [Figure("s", weapon=Weapon.SNIPER_RIFLE), Figure("spot")],
        quality=Quality.VETERAN,
        designation=Designation.SNIPER_TEAM,
    )
    result = firepower(team, FireConditions(distance=30.0))
    assert result.items == (("2 figures", 2), ("Sniper Team", 2), ("Optimum Range", 1))
    squad = regulars([*riflemen(3), Figure("s", weapon=Weapon.SNIPER_RIFLE)])
    assert firepower(squad, NO_RANGE).dice == 4


# --- Splitting Fire (R19) ---


def split_team() -> Unit:
    return regulars(
        [
            Figure("r1"),
            Figure("r2"),
            Figure("saw", weapon=Weapon.LIGHT_SUPPORT, weapon_name="SAW"),
            Figure("rgl", weapon=Weapon.LIGHT_SUPPORT, weapon_name="RGL"),
        ]
    )


def test_splitting_fire_example_trained_unit_splits_six_into_three_and_three() -> None:
    unit = split_team()
    assert firepower(unit, NO_RANGE).dice == 6
    west, east = split_fire(
        unit,
        [
            FirePortion("west", ("r1", "saw"), NO_RANGE),
            FirePortion("east", ("r2", "rgl"), NO_RANGE),
        ],
    )
    assert (west.dice, east.dice) == (3, 3)
    assert west.items == (("2 figures", 2), ("SAW", 1))


def test_r19_each_portion_gets_its_own_optimum_range_die() -> None:
    near, far = split_fire(
        split_team(),
        [
            FirePortion("near", ("r1", "r2"), FireConditions(distance=7.0)),
            FirePortion("far", ("saw", "rgl"), FireConditions(distance=14.0)),
        ],
    )
    assert ("Optimum Range", 1) in near.items and ("Optimum Range", 1) in far.items
    _, too_far = split_fire(
        split_team(),
        [
            FirePortion("near", ("saw", "rgl"), FireConditions(distance=7.0)),
            FirePortion("far", ("r1", "r2"), FireConditions(distance=14.0)),
        ],
    )
    assert ("Optimum Range", 1) not in too_far.items


def test_r19_too_many_targets_and_double_assignments_are_refused() -> None:
    unit = split_team()
    three = [FirePortion(t, (f,), NO_RANGE) for t, f in (("a", "r1"), ("b", "r2"), ("c", "saw"))]
    with pytest.raises(IllegalFire, match="Trained troops engage at most 2 targets, 3 declared"):
        split_fire(unit, three)
    with pytest.raises(IllegalFire, match="figure 'saw' fires at both 'a' and 'b'"):
        split_fire(
            unit, [FirePortion("a", ("saw",), NO_RANGE), FirePortion("b", ("saw",), NO_RANGE)]
        )
    with pytest.raises(IllegalFire, match="no figure 'zz'"):
        split_fire(unit, [FirePortion("a", ("zz",), NO_RANGE)])
    with pytest.raises(IllegalFire, match="engage at most 1 target,"):
        split_fire(
            insurgents(riflemen(4)),
            [FirePortion("a", ("f0",), NO_RANGE), FirePortion("b", ("f1",), NO_RANGE)],
        )


def test_r19_support_weapons_at_a_vehicle_do_not_count_as_a_split() -> None:
    mob = insurgents([*riflemen(3), Figure("rpg", weapon=Weapon.RPG)])
    small_arms, rocket = split_fire(
        mob,
        [
            FirePortion("infantry", ("f0", "f1", "f2"), NO_RANGE),
            FirePortion("humvee", ("rpg",), NO_RANGE, target_is_vehicle=True),
        ],
    )
    assert (small_arms.dice, rocket.dice) == (3, 3)


def test_r39_special_weapon_team_bonus_goes_with_the_support_weapon_portion() -> None:
    team = regulars(
        [Figure("a"), Figure("g", weapon=Weapon.MEDIUM_SUPPORT)],
        designation=Designation.SPECIAL_WEAPON_TEAM,
    )
    rifle, gun = split_fire(
        team, [FirePortion("x", ("a",), NO_RANGE), FirePortion("y", ("g",), NO_RANGE)]
    )
    assert (rifle.dice, gun.dice) == (1, 5)


def test_casualty_figures_cannot_be_named_as_firers() -> None:
    unit = regulars([Figure("a"), Figure("b", status=FigureStatus.CASUALTY)])
    assert firepower(unit, NO_RANGE).dice == 1
    with pytest.raises(IllegalFire, match="'b' is a casualty"):
        firepower(unit, NO_RANGE, figure_ids=["b"])
