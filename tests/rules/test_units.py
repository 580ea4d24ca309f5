"""Units and figures: mixed units, leaders, merging and splitting (Basic Unit Definitions)."""

import pytest

from game.rules.quality import Morale, Quality
from game.rules.units import (
    DependantKind,
    Designation,
    Figure,
    FigureStatus,
    Role,
    Side,
    SupportClass,
    Unit,
    Weapon,
    merge_units,
    split_unit,
)


def make_unit(
    figures: list[Figure],
    quality: Quality = Quality.TRAINED,
    morale: Morale = Morale.AVERAGE,
    side: Side = Side.REGULAR,
    uid: str = "u1",
) -> Unit:
    return Unit(id=uid, side=side, base_quality=quality, base_morale=morale, figures=tuple(figures))


def test_r36_support_weapon_dice_by_class() -> None:
    # Rulebook: Support Weapon Dice; R36 (sniper rifle adds nothing; RPG and AT RPG are Medium).
    assert {w: w.support_dice for w in Weapon} == {
        Weapon.STANDARD: 0,
        Weapon.SNIPER_RIFLE: 0,
        Weapon.LIGHT_SUPPORT: 1,
        Weapon.MEDIUM_SUPPORT: 2,
        Weapon.HEAVY_SUPPORT: 3,
        Weapon.RPG: 2,
        Weapon.AT_RPG: 2,
    }
    assert Weapon.RPG.support_class is SupportClass.MEDIUM
    assert not Weapon.SNIPER_RIFLE.is_support


def test_casualties_stop_counting_and_support_dice_follow_effective_figures() -> None:
    unit = make_unit(
        [
            Figure("a", role=Role.FIRETEAM_LEADER),
            Figure("b", weapon=Weapon.LIGHT_SUPPORT, weapon_name="SAW"),
            Figure("c", weapon=Weapon.LIGHT_SUPPORT, status=FigureStatus.CASUALTY),
            Figure("d"),
        ]
    )
    assert [f.id for f in unit.effective_figures] == ["a", "b", "d"]
    assert [f.id for f in unit.casualty_figures] == ["c"]
    assert unit.support_weapon_dice == 1
    assert unit.figure("b").weapon_label == "SAW"
    healed = unit.with_figure_status("c", FigureStatus.EFFECTIVE)
    assert healed.support_weapon_dice == 2 and unit.support_weapon_dice == 1


def test_leaders_medics_and_morale_bonus() -> None:
    # Rulebook: Leaders (only leaders above fireteam leader give +1 Morale).
    fireteam = make_unit([Figure("a", role=Role.FIRETEAM_LEADER), Figure("b")])
    assert fireteam.leader_present and not fireteam.higher_leader_present
    assert fireteam.morale_bonus == 0
    squad = make_unit([Figure("s", role=Role.LEADER), Figure("m", role=Role.MEDIC)])
    assert squad.morale_bonus == 1 and squad.has_medic
    hit = squad.with_figure_status("s", FigureStatus.CASUALTY)
    assert hit.morale_bonus == 0 and not hit.leader_present
    mob = make_unit([Figure("x"), Figure("y")], side=Side.INSURGENT)
    assert not mob.leader_present
    led = mob.with_figures([*mob.figures, Figure("l", role=Role.INSURGENT_LEADER)])
    assert led.leader_present and led.morale_bonus == 0


def test_mixed_unit_troop_quality_majority_wins() -> None:
    # Rulebook: Mixed Unit Troop Quality.
    unit = make_unit(
        [Figure("a", quality=Quality.VETERAN), Figure("b", quality=Quality.VETERAN), Figure("c")]
    )
    assert unit.quality is Quality.VETERAN


def test_r38_mixed_unit_troop_quality_even_split_takes_lowest() -> None:
    unit = make_unit([Figure("a", quality=Quality.ELITE), Figure("b", quality=Quality.TRAINED)])
    assert unit.quality is Quality.TRAINED
    three_way = make_unit(
        [
            Figure("a", quality=Quality.ELITE),
            Figure("b", quality=Quality.ELITE),
            Figure("c", quality=Quality.VETERAN),
            Figure("d", quality=Quality.VETERAN),
            Figure("e", quality=Quality.TRAINED),
        ]
    )
    assert three_way.quality is Quality.TRAINED  # R38: a tie takes the lowest in the unit


def test_mixed_unit_range_uses_lowest_quality() -> None:
    # Rulebook: Mixed Unit Range.
    unit = make_unit(
        [Figure("a", quality=Quality.ELITE), Figure("b", quality=Quality.ELITE), Figure("c")],
    )
    assert unit.quality is Quality.ELITE and unit.range_quality is Quality.TRAINED


def test_mixed_unit_morale_leader_then_majority_then_lowest() -> None:
    # Rulebook: Mixed Unit Morale.
    led = make_unit(
        [
            Figure("l1", role=Role.FIRETEAM_LEADER, morale=Morale.GOOD),
            Figure("l2", role=Role.LEADER, morale=Morale.HIGH),
            Figure("a", morale=Morale.LOW),
            Figure("b", morale=Morale.LOW),
        ]
    )
    assert led.morale is Morale.HIGH  # highest leader
    majority = make_unit(
        [Figure("a", morale=Morale.GOOD), Figure("b", morale=Morale.GOOD), Figure("c")]
    )
    assert majority.morale is Morale.GOOD
    even = make_unit([Figure("a", morale=Morale.HIGH), Figure("b", morale=Morale.LOW)])
    assert even.morale is Morale.LOW


def test_ratings_ignore_casualties_while_anyone_fights() -> None:
    unit = make_unit(
        [
            Figure("a", quality=Quality.ELITE, status=FigureStatus.CASUALTY),
            Figure("b", quality=Quality.ELITE, status=FigureStatus.CASUALTY),
            Figure("c"),
        ]
    )
    assert unit.quality is Quality.TRAINED


def test_night_vision_defaults_by_side() -> None:
    # Rulebook: Night Fighting.
    assert make_unit([Figure("a")]).has_night_vision
    assert not make_unit([Figure("a")], side=Side.INSURGENT).has_night_vision
    equipped = Unit(
        "i", Side.INSURGENT, Quality.UNTRAINED, Morale.LOW, (Figure("a"),), night_vision=True
    )
    assert equipped.has_night_vision


def test_dependants_are_counted_and_handed_off() -> None:
    # Rulebook: Dependants & Casualties.
    unit = make_unit([Figure("a")]).with_dependants(DependantKind.CONTRACTOR, 2)
    unit = unit.with_dependants(DependantKind.CASUALTY, 1)
    assert unit.has_dependants and unit.dependant_count == 3
    assert unit.dependants_of(DependantKind.CONTRACTOR) == 2
    fewer = unit.with_dependants(DependantKind.CONTRACTOR, -2)
    assert fewer.dependant_count == 1
    with pytest.raises(ValueError, match="cannot hand off 3"):
        unit.with_dependants(DependantKind.CONTRACTOR, -3)
    assert not unit.without_dependants().has_dependants


def test_duplicate_figure_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="figure ids used twice: a"):
        make_unit([Figure("a"), Figure("a")])
    with pytest.raises(KeyError, match="no figure 'z'"):
        make_unit([Figure("a")]).figure("z")


def test_merging_units_makes_a_mixed_unit() -> None:
    # Rulebook: Merging Units; Mixed Units.
    veterans = Unit(
        "v",
        Side.REGULAR,
        Quality.VETERAN,
        Morale.GOOD,
        (Figure("v1"), Figure("v2")),
        body_armour=True,
    ).with_dependants(DependantKind.CASUALTY, 1)
    trained = Unit(
        "t",
        Side.REGULAR,
        Quality.TRAINED,
        Morale.AVERAGE,
        (Figure("t1"), Figure("t2"), Figure("t3")),
        body_armour=True,
    ).with_dependants(DependantKind.CASUALTY, 2)
    merged = merge_units(veterans, trained, new_id="m")
    assert merged.id == "m" and merged.effective_count == 5
    assert merged.quality is Quality.TRAINED and merged.morale is Morale.AVERAGE
    assert merged.range_quality is Quality.TRAINED
    assert merged.body_armour and merged.dependants_of(DependantKind.CASUALTY) == 3
    assert merged.figure("v1").quality is Quality.VETERAN


def test_merging_refuses_mixed_sides_and_drops_team_designation() -> None:
    regular = make_unit([Figure("a")])
    insurgent = make_unit([Figure("b")], side=Side.INSURGENT, uid="i")
    with pytest.raises(ValueError, match="Insurgents never join a Regular unit"):
        merge_units(regular, insurgent)
    team = Unit(
        "mg",
        Side.REGULAR,
        Quality.TRAINED,
        Morale.AVERAGE,
        (Figure("g"),),
        designation=Designation.SPECIAL_WEAPON_TEAM,
    )
    assert merge_units(team, regular).designation is Designation.NONE


def test_split_then_merge_restores_the_figures() -> None:
    # Rulebook: Split Units ("split elements may merge to reform their unit").
    unit = make_unit(
        [Figure("a", role=Role.FIRETEAM_LEADER), Figure("b", quality=Quality.VETERAN), Figure("c")],
    ).with_dependants(DependantKind.PRISONER, 1)
    remaining, new = split_unit(unit, ["b"], new_id="u1b")
    assert [f.id for f in remaining.figures] == ["a", "c"]
    assert [f.id for f in new.figures] == ["b"] and new.id == "u1b"
    assert new.quality is Quality.VETERAN and remaining.quality is Quality.TRAINED
    assert remaining.dependant_count == 1 and new.dependant_count == 0
    reformed = merge_units(remaining, new, new_id="u1")
    assert sorted(f.id for f in reformed.figures) == ["a", "b", "c"]


def test_split_refuses_empty_or_whole_or_unknown_splits() -> None:
    unit = make_unit([Figure("a"), Figure("b")])
    with pytest.raises(ValueError, match="at least one figure to split off"):
        split_unit(unit, [], new_id="n")
    with pytest.raises(ValueError, match="must stay behind"):
        split_unit(unit, ["a", "b"], new_id="n")
    with pytest.raises(KeyError, match="'z'"):
        split_unit(unit, ["z"], new_id="n")
    _, new = split_unit(unit, ["a"], new_id="n", dependants_go_with_new=True)
    assert new.figures == (Figure("a", quality=Quality.TRAINED, morale=Morale.AVERAGE),)


def test_abandoning_casualties_lowers_both_ratings_and_below_d6_removes_the_unit() -> None:
    # Rulebook: Abandoning Casualties (both ratings one die type down; below d6: out of play).
    unit = make_unit([Figure("a"), Figure("b", quality=Quality.VETERAN)], morale=Morale.GOOD)
    lowered = unit.with_shifted_ratings(quality_steps=-1, morale_steps=-1)
    assert lowered is not None
    assert lowered.quality is Quality.UNTRAINED and lowered.morale is Morale.AVERAGE
    assert lowered.figure("b").quality is Quality.TRAINED
    low = make_unit([Figure("a")], quality=Quality.UNTRAINED, side=Side.INSURGENT)
    assert low.with_shifted_ratings(quality_steps=-1) is None
    raised = make_unit([Figure("a")], morale=Morale.HIGH).with_shifted_ratings(morale_steps=1)
    assert raised is not None and raised.morale is Morale.HIGH  # never above d12


def test_rating_problems_flag_what_troop_quality_forbids_at_set_up() -> None:
    # Rulebook: Troop Quality (Regulars Trained or better; Insurgents at most Veteran).
    assert make_unit([Figure("a")], quality=Quality.UNTRAINED).rating_problems() == (
        "unit 'u1': Regulars are always Trained or better",
    )
    elite_mob = make_unit([Figure("a")], quality=Quality.ELITE, side=Side.INSURGENT)
    assert elite_mob.rating_problems() == ("unit 'u1': Insurgents are never better than Veteran",)
    assert make_unit([Figure("a")]).rating_problems() == ()


def test_a_unit_changed_by_replace_rates_its_new_figures_not_the_old_ones() -> None:
    """Effective figures, Quality and Morale are worked out once per (frozen) Unit: a unit
    made from it with other figures (a casualty, R27; Mixed Units) rates its own figures."""
    from dataclasses import replace

    leader = Figure("l", role=Role.FIRETEAM_LEADER, quality=Quality.VETERAN, morale=Morale.HIGH)
    veterans = [Figure(f"v{i}", quality=Quality.VETERAN) for i in range(2)]
    green = Figure("g", quality=Quality.UNTRAINED)
    unit = make_unit([leader, *veterans, green])
    assert len(unit.effective_figures) == 4
    assert unit.quality is Quality.VETERAN  # three veterans of four
    assert unit.morale is Morale.HIGH  # the leader's
    before = (unit.effective_figures, unit.quality, unit.morale)
    hit = replace(
        unit,
        figures=(
            replace(leader, status=FigureStatus.CASUALTY),
            *(replace(v, status=FigureStatus.CASUALTY) for v in veterans),
            green,
        ),
    )
    assert [f.id for f in hit.effective_figures] == ["g"]
    assert hit.quality is Quality.UNTRAINED  # only the untrained figure still fights
    assert hit.morale is Morale.AVERAGE  # no leader left: the unit's own Morale
    assert (unit.effective_figures, unit.quality, unit.morale) == before  # the first unchanged
    assert unit != hit and hash(unit) != hash(hit)
