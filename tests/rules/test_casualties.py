"""Rulebook: Casualties and Casualty Evacuation; Dependants & Casualties; Sniper Teams;
quick reference "Who Got Hit!"."""

import pytest

from game.rules.casualties import (
    WHO_GOT_HIT_TABLE,
    FirstAidOutcome,
    HitBand,
    HitCategory,
    abandon_casualties,
    abandoned_casualty_captured,
    apply_hits,
    casualty_penalties,
    faster_than_cautious_check,
    first_aid_outcome,
    pick_casualties,
    pick_unit_casualties,
    regular_hit_matters,
    return_to_action,
    roll_abandoned_casualties_captured,
    roll_first_aid,
    special_weapon_pickup_check,
    split_casualties_with_dependants,
    treated_by_medic,
    unit_first_aid,
    unit_hit_categories,
    who_got_hit_row,
)
from game.rules.combat import pair_attack
from game.rules.dice import Die, ScriptedDice
from game.rules.quality import Morale, Quality
from game.rules.units import DependantKind, Figure, FigureStatus, Role, Side, Unit, Weapon

L, S, OT = HitCategory.LEADER, HitCategory.SPECIAL, HitCategory.OTHER
LSO, SO, ONLY_O = HitBand.LEADER_SPECIAL_OTHER, HitBand.SPECIAL_OTHER, HitBand.OTHER


def bands(*spans: tuple[int, int, HitBand]) -> dict[int, HitBand]:
    return {face: band for low, high, band in spans for face in range(low, high + 1)}


# The quick reference table, written out face by face.
EXPECTED_BANDS: dict[int, tuple[Die, dict[int, HitBand]]] = {
    2: (Die.D6, bands((1, 3, LSO), (4, 6, SO))),
    3: (Die.D6, bands((1, 2, LSO), (3, 4, SO), (5, 6, ONLY_O))),
    4: (Die.D8, bands((1, 2, LSO), (3, 4, SO), (5, 8, ONLY_O))),
    5: (Die.D10, bands((1, 2, LSO), (3, 4, SO), (5, 10, ONLY_O))),
    6: (Die.D6, bands((1, 1, LSO), (2, 2, SO), (3, 6, ONLY_O))),
    7: (Die.D8, bands((1, 1, LSO), (2, 2, SO), (3, 8, ONLY_O))),
    8: (Die.D8, bands((1, 1, LSO), (2, 2, SO), (3, 8, ONLY_O))),
    9: (Die.D10, bands((1, 1, LSO), (2, 2, SO), (3, 10, ONLY_O))),
    14: (Die.D10, bands((1, 1, LSO), (2, 2, SO), (3, 10, ONLY_O))),
}
BAND_HITS = {LSO: L, SO: S, ONLY_O: OT}
WHO_GOT_HIT_CASES = [
    (size, face, band)
    for size, (_, faces) in EXPECTED_BANDS.items()
    for face, band in faces.items()
]


def test_who_got_hit_table_has_the_seven_rows_of_the_quick_reference() -> None:
    assert [row.sizes for row in WHO_GOT_HIT_TABLE] == ["2", "3", "4", "5", "6", "7-8", "9+"]
    for size, (die, _) in EXPECTED_BANDS.items():
        assert who_got_hit_row(size).die is die


@pytest.mark.parametrize(("size", "face", "band"), WHO_GOT_HIT_CASES)
def test_who_got_hit_row_by_size_and_face(size: int, face: int, band: HitBand) -> None:
    die = EXPECTED_BANDS[size][0]
    assert who_got_hit_row(size).band(face) is band
    # A full unit: leader first, gunner second, riflemen after; the band picks its category.
    categories = [L, S] + [OT] * (size - 2)
    result = pick_casualties(categories, 1, ScriptedDice([(die, face)]))
    assert result.picks[0].category is BAND_HITS[band]
    assert result.picks[0].roll is not None and result.picks[0].roll.band is band


def test_who_got_hit_refuses_a_single_figure_row() -> None:
    with pytest.raises(ValueError, match="a unit of 1 figure"):
        who_got_hit_row(1)


def test_r41_leader_band_falls_through_to_the_gunner_when_no_leader() -> None:
    result = pick_casualties([OT, S, OT, OT], 1, ScriptedDice([(Die.D8, 1)]))
    assert result.indices == (1,)


def test_r41_leader_band_falls_through_to_anyone_when_no_leader_or_gunner() -> None:
    # a leaderless, gunless regular unit needs no roll at all
    dice = ScriptedDice([])
    result = pick_casualties([OT, OT, OT, OT], 2, dice)
    assert result.indices == (0, 1) and all(pick.roll is None for pick in result.picks)


def test_r41_special_band_without_gunner_hits_another_figure() -> None:
    result = pick_casualties([L, OT, OT], 1, ScriptedDice([(Die.D6, 3)]))
    assert result.picks[0].category is OT


def test_r41_other_band_with_only_leader_and_gunner_left_climbs_to_the_gunner() -> None:
    result = pick_casualties([L, S, S], 1, ScriptedDice([(Die.D6, 6)]))
    assert result.picks[0].category is S and result.indices == (1,)


def test_r41_each_casualty_rolls_on_the_row_of_the_figures_still_standing() -> None:
    # 6 figures: first roll a d6 (OT), then 5 standing: a d10 where 1 hits the leader
    dice = ScriptedDice([(Die.D6, 4), (Die.D10, 1)])
    result = pick_casualties([L, S, OT, OT, OT, OT], 2, dice)
    assert [pick.category for pick in result.picks] == [OT, L]
    assert [pick.roll.size for pick in result.picks if pick.roll] == [6, 5]


def test_every_figure_hit_needs_no_roll() -> None:
    result = pick_casualties([L, S, OT], 5, ScriptedDice([]))
    assert sorted(result.indices) == [0, 1, 2]


def test_sniper_teams_example_leader_removed_automatically() -> None:
    # Rulebook: Sniper Teams example — three casualties, the leader goes without a roll.
    # then 5 stand (d10: 9 is OT), then 4 stand (d8: 7 is OT)
    dice = ScriptedDice([(Die.D10, 9), (Die.D8, 7)])
    result = pick_casualties([OT, OT, L, S, OT, OT], 3, dice, sniper=True)
    assert result.picks[0].index == 2 and result.picks[0].by_sniper
    assert result.picks[0].roll is None
    assert result.indices == (2, 0, 1)
    assert result.count(L) == 1 and len(result.picks) == 3


def test_sniper_kills_only_one_of_two_leaders() -> None:
    # after the sniper's leader, the second leader is spared: the L band hits the gunner
    dice = ScriptedDice([(Die.D6, 1)])
    result = pick_casualties([L, L, S, OT, OT, OT, OT], 2, dice, sniper=True)
    assert [pick.category for pick in result.picks] == [L, S]


def test_regular_hit_matters_only_with_higher_leader_or_medic() -> None:
    assert not regular_hit_matters([OT, OT, OT, OT])
    assert regular_hit_matters([OT, OT, S, OT])


def marine_fireteam(*, squad_leader: bool = False, medic: bool = False) -> Unit:
    figures = [
        Figure("ftl", role=Role.FIRETEAM_LEADER),
        Figure("saw", weapon=Weapon.LIGHT_SUPPORT),
        Figure("rgl", weapon=Weapon.LIGHT_SUPPORT),
        Figure("rifle"),
    ]
    if squad_leader:
        figures.append(Figure("sql", role=Role.LEADER))
    if medic:
        figures.append(Figure("doc", role=Role.MEDIC))
    return Unit("m1", Side.REGULAR, Quality.TRAINED, Morale.GOOD, tuple(figures))


def test_regular_categories_ignore_fireteam_leader_and_gunners() -> None:
    unit = marine_fireteam(squad_leader=True, medic=True)
    assert unit_hit_categories(unit) == (OT, OT, OT, OT, L, S)


def test_insurgent_categories_mark_leader_and_support_gunners() -> None:
    unit = Unit(
        "i1",
        Side.INSURGENT,
        Quality.UNTRAINED,
        Morale.GOOD,
        (Figure("a"), Figure("rpg", weapon=Weapon.RPG), Figure("ldr", role=Role.INSURGENT_LEADER)),
    )
    assert unit_hit_categories(unit) == (OT, S, L)
    # size 3, face 1: L/S/OT band -> the leader
    assert pick_unit_casualties(unit, 1, ScriptedDice([(Die.D6, 1)])) == ("ldr",)


def test_pick_unit_casualties_skips_figures_already_hit() -> None:
    unit = marine_fireteam(squad_leader=True).with_figure_status("ftl", FigureStatus.CASUALTY)
    # 4 effective: d8 face 1 is the L/S/OT band -> the squad leader
    assert pick_unit_casualties(unit, 1, ScriptedDice([(Die.D8, 1)])) == ("sql",)


@pytest.mark.parametrize(("face", "passed"), [(3, False), (4, True)])
def test_gunner_hit_quality_check_to_pick_up_the_weapon(face: int, passed: bool) -> None:
    result = special_weapon_pickup_check(Quality.UNTRAINED, ScriptedDice([(Die.D6, face)]))
    assert result.passed is passed


@pytest.mark.parametrize(
    ("face", "standard", "medic"),
    [
        (1, FirstAidOutcome.KIA, FirstAidOutcome.KIA),
        (2, FirstAidOutcome.WIA, FirstAidOutcome.WIA),
        (3, FirstAidOutcome.WIA, FirstAidOutcome.WIA),
        (4, FirstAidOutcome.WIA, FirstAidOutcome.RETURNS),
        (5, FirstAidOutcome.RETURNS, FirstAidOutcome.RETURNS),
        (6, FirstAidOutcome.RETURNS, FirstAidOutcome.RETURNS),
    ],
)
def test_first_aid_tables_standard_and_medic(
    face: int, standard: FirstAidOutcome, medic: FirstAidOutcome
) -> None:
    assert first_aid_outcome(face, medic=False) is standard
    assert first_aid_outcome(face, medic=True) is medic


def test_roll_first_aid_one_d6_per_casualty() -> None:
    rolls = roll_first_aid(3, ScriptedDice([(Die.D6, 1), (Die.D6, 4), (Die.D6, 5)]), medic=False)
    assert [r.outcome for r in rolls] == [
        FirstAidOutcome.KIA,
        FirstAidOutcome.WIA,
        FirstAidOutcome.RETURNS,
    ]
    assert [r.outcome.removed for r in rolls] == [True, True, False]


def test_medic_treats_only_while_unhurt_and_special_forces_always() -> None:
    unit = marine_fireteam(medic=True)
    assert treated_by_medic(unit)
    assert not treated_by_medic(unit.with_figure_status("doc", FigureStatus.CASUALTY))
    assert treated_by_medic(marine_fireteam(), special_forces=True)


def test_casualty_penalties_with_dependants_and_lost_figures() -> None:
    penalties = casualty_penalties(
        has_dependants=True, has_lost_figures=True, awaiting_first_aid=False
    )
    assert penalties.firepower_modifier == -1
    assert not penalties.rapid_movement_allowed
    assert penalties.quality_check_to_move_faster_than_cautious
    assert not penalties.tending_wounded


def test_r27_wounded_in_the_open_must_move_to_safety_before_first_aid() -> None:
    exposed = casualty_penalties(
        has_dependants=False, has_lost_figures=False, awaiting_first_aid=True
    )
    assert exposed.must_move_to_safety and not exposed.may_make_first_aid
    assert exposed.fires_only_in_reaction and exposed.firepower_modifier == 0
    in_cover = casualty_penalties(
        has_dependants=False, has_lost_figures=False, awaiting_first_aid=True, in_solid_cover=True
    )
    assert in_cover.may_make_first_aid and not in_cover.must_move_to_safety
    out_of_sight = casualty_penalties(
        has_dependants=False,
        has_lost_figures=False,
        awaiting_first_aid=True,
        in_insurgent_los=False,
    )
    assert out_of_sight.may_make_first_aid


def test_r40_fire_at_units_with_dependants_example() -> None:
    # Rulebook: Fire at Units with Dependants & Casualties. The Marines' Defense is the 4d8
    # (1, 2, 3, 4); the Insurgents' Firepower is the 4d6 (2, 3, 5, 6). The 2 and 3 are
    # discarded, the lone Defense success (4) cannot equal the 5 or the 6: two casualties.
    firepower, defense = (2, 3, 5, 6), (1, 2, 3, 4)
    pairing = pair_attack(firepower, defense)
    assert pairing.casualties == 2
    split = split_casualties_with_dependants(pairing.casualties, defense, dependants=2)
    assert (split.on_figures, split.on_dependants) == (1, 1)
    assert (split.defense_failures, split.defense_successes) == (3, 1)
    # The wording (the 4d8 as Firepower against a 4d6 Defense) would give no casualty
    # at all, so it cannot be the book's example: R40 follows the book.
    assert pair_attack(defense, firepower).casualties == 0


def test_dependants_spared_when_failures_do_not_outnumber_successes() -> None:
    split = split_casualties_with_dependants(2, (1, 2, 5, 6), dependants=2)
    assert (split.on_figures, split.on_dependants) == (2, 0)


def test_dependants_spared_when_no_casualties_or_no_dependants() -> None:
    assert split_casualties_with_dependants(0, (1, 1, 1), dependants=2).on_dependants == 0
    assert split_casualties_with_dependants(2, (1, 1, 1), dependants=0).on_dependants == 0
    assert split_casualties_with_dependants(3, (1, 1, 1), dependants=5).on_dependants == 1


def test_abandoning_casualties_drops_quality_and_morale_one_die() -> None:
    result = abandon_casualties(Quality.TRAINED, Morale.GOOD)
    assert (result.quality, result.morale, result.removed) == (
        Quality.UNTRAINED,
        Morale.AVERAGE,
        False,
    )


def test_abandoning_casualties_below_d6_removes_the_unit() -> None:
    assert abandon_casualties(Quality.UNTRAINED, Morale.HIGH).removed
    assert abandon_casualties(Quality.ELITE, Morale.LOW).removed


def test_abandoned_casualties_become_pows_on_4_plus() -> None:
    faces = roll_abandoned_casualties_captured(3, ScriptedDice([(Die.D6, 3), 4, 6]))
    assert [abandoned_casualty_captured(face) for face in faces] == [False, True, True]


def gang_with_rpg() -> Unit:
    figures = (
        Figure("boss", role=Role.INSURGENT_LEADER),
        Figure("rpg", weapon=Weapon.RPG, weapon_name="RPG-7"),
        Figure("a"),
    )
    return Unit("g", Side.INSURGENT, Quality.UNTRAINED, Morale.GOOD, figures)


def test_insurgent_gunner_hit_rifleman_picks_up_the_weapon_on_a_pass() -> None:
    applied = apply_hits(gang_with_rpg(), ["rpg"], ScriptedDice([(Die.D6, 4)]))
    assert applied.removed_ids == ("rpg",)
    assert applied.unit.figure("a").weapon is Weapon.RPG
    assert applied.unit.figure("a").weapon_name == "RPG-7"
    assert applied.unit.figure("boss").weapon is Weapon.STANDARD


def test_insurgent_gunner_hit_weapon_lost_on_a_failed_check() -> None:
    applied = apply_hits(gang_with_rpg(), ["rpg"], ScriptedDice([(Die.D6, 3)]))
    assert applied.unit.support_weapon_dice == 0
    assert [check.passed for check in applied.pickup_checks] == [False]


def test_regular_hits_await_first_aid_instead_of_leaving() -> None:
    applied = apply_hits(marine_fireteam(), ["saw"], ScriptedDice([]))
    assert applied.removed_ids == ()
    assert applied.unit.figure("saw").status is FigureStatus.CASUALTY
    assert applied.unit.effective_count == 3


def test_r27_unit_first_aid_removes_kia_wia_as_dependants_and_keeps_the_slightly_hurt() -> None:
    unit = (
        marine_fireteam(medic=True)
        .with_figure_status("ftl", FigureStatus.CASUALTY)
        .with_figure_status("saw", FigureStatus.CASUALTY)
        .with_figure_status("rifle", FigureStatus.CASUALTY)
    )
    # the unhurt medic treats: 1 KIA, 3 WIA, 4 returns on the medic table
    aid = unit_first_aid(unit, ScriptedDice([(Die.D6, 1), (Die.D6, 3), (Die.D6, 4)]))
    assert (aid.kia, aid.wia) == (1, 1)
    assert aid.removed_ids == ("ftl", "saw") and aid.returning_ids == ("rifle",)
    assert aid.unit.dependants_of(DependantKind.CASUALTY) == 2
    assert aid.unit.figure("rifle").status is FigureStatus.CASUALTY
    back = return_to_action(aid.unit, aid.returning_ids)
    assert back.effective_count == 3  # rgl, doc and the returning rifleman


def test_unit_first_aid_without_medic_uses_the_standard_table() -> None:
    unit = marine_fireteam().with_figure_status("rgl", FigureStatus.CASUALTY)
    aid = unit_first_aid(unit, ScriptedDice([(Die.D6, 4)]))
    assert aid.removed_ids == ("rgl",) and aid.wia == 1


@pytest.mark.parametrize(("face", "passed"), [(3, False), (4, True)])
def test_unit_with_casualties_tests_quality_to_move_faster_than_cautious(
    face: int, passed: bool
) -> None:
    result = faster_than_cautious_check(Quality.TRAINED, ScriptedDice([(Die.D8, face)]))
    assert result.passed is passed
    pinned = faster_than_cautious_check(Quality.TRAINED, ScriptedDice([(Die.D6, 4)]), pinned=True)
    assert pinned.die is Die.D6 and pinned.passed
