"""Support assets (Rulebook: UAVs; Special Weapon Teams; Sniper Teams; Medics & Special Forces
Units; the Asset cards and the IED cards; R190-R199)."""

from fractions import Fraction

import pytest

from game.rules.casualties import FirstAidOutcome, first_aid_outcome
from game.rules.dice import Die, ScriptedDice
from game.rules.firepower import defense
from game.rules.odds import casualty_odds
from game.rules.quality import Morale, Quality
from game.rules.support import (
    CALL_TABLES,
    AssetId,
    CallResult,
    asset_firepower,
    attached_team_ratings,
    call_odds,
    call_row,
    ied_firepower,
    out_of_contact_allowed,
    parse_asset,
    roll_call,
    thermobaric_defense,
)
from game.rules.units import Figure, Side, Unit


def insurgents(count: int) -> Unit:
    figures = tuple(Figure(f"i{n}") for n in range(count))
    return Unit("ins", Side.INSURGENT, Quality.UNTRAINED, Morale.AVERAGE, figures)


@pytest.mark.parametrize("asset", sorted(CALL_TABLES))
def test_asset_cards_every_call_table_covers_each_d6_face_once(asset: AssetId) -> None:
    rows = CALL_TABLES[asset]
    faces = [f for row in rows for f in range(row.low, row.high + 1)]
    assert faces == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("asset", "face", "result", "dice", "die"),
    [
        (AssetId.LIGHT_MORTAR, 1, CallResult.NO_FIRE, 0, Die.D10),
        (AssetId.LIGHT_MORTAR, 3, CallResult.FIRE, 4, Die.D8),
        (AssetId.LIGHT_MORTAR, 4, CallResult.FIRE, 6, Die.D8),
        (AssetId.LIGHT_MORTAR, 6, CallResult.FIRE_THEN_LOST, 6, Die.D8),
        (AssetId.HEAVY_MORTAR, 2, CallResult.FIRE, 4, Die.D10),
        (AssetId.HEAVY_MORTAR, 5, CallResult.FIRE, 6, Die.D10),
        (AssetId.HEAVY_MORTAR, 6, CallResult.FIRE_THEN_LOST, 6, Die.D10),
        (AssetId.AIR_SUPPORT, 3, CallResult.FIRE, 4, Die.D10),
        (AssetId.AIR_SUPPORT, 6, CallResult.FIRE_THEN_LOST, 6, Die.D8),  # R193: as printed
        (AssetId.OFF_BOARD_SNIPER, 2, CallResult.FIRE, 5, Die.D10),
        (AssetId.OFF_BOARD_SNIPER, 6, CallResult.LOST, 0, Die.D10),
    ],
)
def test_off_board_support_call_tables(
    asset: AssetId, face: int, result: CallResult, dice: int, die: Die
) -> None:
    row = call_row(asset, face)
    assert (row.result, row.dice if row.fires else 0) == (result, dice)
    if row.fires:
        assert row.die is die


def test_off_board_sniper_team_only_4_5_may_designate_leaders_r192() -> None:
    picks = {face: call_row(AssetId.OFF_BOARD_SNIPER, face).leaders for face in range(1, 7)}
    assert picks == {1: False, 2: False, 3: False, 4: True, 5: True, 6: False}


def test_armed_predator_hellfire_is_6d10_without_a_call_roll_and_expends_the_uav() -> None:
    dice = ScriptedDice([])  # no die may be rolled for the call
    face, row = roll_call(AssetId.ARMED_PREDATOR, dice)
    assert face == 0
    assert (row.dice, row.die, row.result) == (6, Die.D10, CallResult.FIRE_THEN_LOST)


def test_call_roll_reads_the_d6_face() -> None:
    face, row = roll_call(AssetId.HEAVY_MORTAR, ScriptedDice([(Die.D6, 4)]))
    assert face == 4 and row.dice == 6 and row.words == "spot on"


def test_r190_off_board_firepower_is_the_cards_pool_and_nothing_else() -> None:
    fp = asset_firepower(AssetId.LIGHT_MORTAR, call_row(AssetId.LIGHT_MORTAR, 2))
    assert (fp.dice, fp.die) == (4, Die.D8)
    assert len(fp.items) == 1 and "inaccurate" in fp.items[0][0]


def test_r194_smaw_ignores_solid_cover_and_in_cover_dice() -> None:
    target = insurgents(3)
    usual = defense(target, in_cover=True, solid_cover=True)
    smaw = thermobaric_defense(target)
    assert usual.dice == 5
    assert smaw.dice == 3


def test_ied_detonated_is_a_6d10_attack() -> None:
    fp = ied_firepower()
    assert (fp.dice, fp.die) == (6, Die.D10)


def test_uavs_no_out_of_contact_movement_while_a_uav_is_in_play() -> None:
    assert out_of_contact_allowed(set())
    assert out_of_contact_allowed({"light_mortar", "smaw"})
    assert not out_of_contact_allowed({"uav"})
    assert not out_of_contact_allowed({"armed_predator"})


@pytest.mark.parametrize(
    ("face", "quality", "morale"),
    [
        (1, Quality.TRAINED, Morale.GOOD),
        (5, Quality.TRAINED, Morale.GOOD),
        (6, Quality.VETERAN, Morale.HIGH),
    ],
)
def test_attached_sniper_team_ratings_by_d6(face: int, quality: Quality, morale: Morale) -> None:
    got = attached_team_ratings(face, Quality.TRAINED, Morale.GOOD)
    assert (got.quality, got.morale) == (quality, morale)


def test_attached_team_ratings_never_pass_the_top_of_the_scale() -> None:
    got = attached_team_ratings(6, Quality.ELITE, Morale.HIGH)
    assert (got.quality, got.morale) == (Quality.ELITE, Morale.HIGH)


def test_medics_and_special_forces_units_medic_first_aid_table() -> None:
    # the Attached Medic card sends the unit to the medic table of the core rules
    assert [first_aid_outcome(f, medic=True) for f in range(1, 7)] == [
        FirstAidOutcome.KIA,
        FirstAidOutcome.WIA,
        FirstAidOutcome.WIA,
        FirstAidOutcome.RETURNS,
        FirstAidOutcome.RETURNS,
        FirstAidOutcome.RETURNS,
    ]


def test_call_odds_weigh_the_call_table_and_the_exact_attack_odds() -> None:
    odds = call_odds(AssetId.LIGHT_MORTAR, 3, Die.D6)
    assert sum(odds.exact) == 1
    assert odds.no_fire == Fraction(1, 6)
    assert odds.lost == Fraction(1, 6)
    four = casualty_odds(4, Die.D8, 3, Die.D6).exact
    six = casualty_odds(6, Die.D8, 3, Die.D6).exact
    expected_two = Fraction(2, 6) * four[2] + Fraction(3, 6) * six[2]
    assert odds.exact[2] == expected_two


def test_hellfire_odds_are_the_plain_6d10_attack() -> None:
    odds = call_odds(AssetId.ARMED_PREDATOR, 2, Die.D6)
    assert odds.exact == casualty_odds(6, Die.D10, 2, Die.D6).exact
    assert odds.lost == 1 and odds.no_fire == 0


def test_unknown_asset_is_one_readable_line() -> None:
    with pytest.raises(ValueError, match="unknown asset 'mortar' \\(known: uav"):
        parse_asset("mortar")


def test_r193_air_support_six_is_6d8_as_printed_and_the_card_is_lost() -> None:
    row = call_row(AssetId.AIR_SUPPORT, 6)
    assert (row.dice, row.die, row.loses_asset) == (6, Die.D8, True)
    assert call_row(AssetId.AIR_SUPPORT, 5).die is Die.D10


def test_the_asset_cards_names_for_attached_assets_are_aliases() -> None:
    assert parse_asset("medic") is AssetId.ATTACHED_MEDIC
    assert parse_asset("mg_team") is AssetId.ATTACHED_MG_TEAM
    assert parse_asset("light_mortar") is AssetId.LIGHT_MORTAR
