"""Vehicle Rules, section by section, with the rulebook's examples (R74, R210-R219)."""

import pytest

from game.rules.dice import Die, ScriptedDice
from game.rules.firepower import FireConditions
from game.rules.quality import Morale, Quality
from game.rules.units import Figure, Side, Unit, Weapon
from game.rules.vehicle_damage import (
    Breakdown,
    CrewRisk,
    VehicleDamage,
    apply_breakdown,
    breakdown_result,
    crew_checks,
    damage_check,
    damage_checks,
    random_index,
)
from game.rules.vehicle_movement import (
    boarding_problem,
    check_vehicle_move,
    facing_after,
    passenger_rate_allowed,
)
from game.rules.vehicle_types import (
    CRUISING_SPEED,
    PATROL_SPEED,
    VEHICLES,
    VehicleType,
    VehicleWeapon,
    vehicle_defense,
    vehicle_type,
)
from game.rules.vehicles import (
    Penetration,
    against_vehicle,
    attack_vehicle,
    infantry_vs_vehicle,
    penetrating_dice,
    penetration,
    vehicle_weapon_firepower,
    weapon_class,
)

STRYKER = VEHICLES["stryker"]
LVTP = VEHICLES["lvtp"]


def insurgents(*weapons: Weapon) -> Unit:
    figures = tuple(Figure(f"i{n}", weapon=w) for n, w in enumerate(weapons))
    return Unit("ins", Side.INSURGENT, Quality.UNTRAINED, Morale.GOOD, figures)


def softskin(up_armored: bool = False) -> VehicleType:
    return VehicleType(
        "car", "civilian car", 0, (), crew=1, capacity=3, up_armored_softskin=up_armored
    )


# --- Vehicle Weapon Dice / Vehicle Firepower ---


def test_vehicle_weapon_dice_by_class() -> None:
    lvtp_mg = LVTP.weapons[0]
    assert (lvtp_mg.weapon_class, lvtp_mg.dice) == (1, 2)
    bradley = VEHICLES["bradley"]
    assert [(w.weapon_class, w.dice) for w in bradley.weapons] == [(3, 4), (2, 3), (1, 2)]


def test_vehicle_firepower_weapon_classes_of_infantry_weapons() -> None:
    assert weapon_class(Figure("a")) == 0
    assert weapon_class(Figure("a", weapon=Weapon.LIGHT_SUPPORT)) == 0
    assert weapon_class(Figure("a", weapon=Weapon.MEDIUM_SUPPORT)) == 0
    assert weapon_class(Figure("a", weapon=Weapon.MEDIUM_SUPPORT, emplaced=True)) == 1
    assert weapon_class(Figure("a", weapon=Weapon.RPG)) == 1
    assert weapon_class(Figure("a", weapon=Weapon.AT_RPG)) == 2
    assert weapon_class(Figure("a", weapon=Weapon.HEAVY_SUPPORT)) == 3


def test_r212_vehicle_weapon_fires_class_dice_of_crew_quality_plus_optimum_range() -> None:
    intact = VehicleDamage.intact(LVTP)
    fire = vehicle_weapon_firepower(LVTP.weapons[0], Quality.TRAINED, intact)
    assert (fire.dice, fire.die) == (3, Die.D8)  # 2 dice + always in Optimum Range
    exposed = vehicle_weapon_firepower(
        LVTP.weapons[0], Quality.TRAINED, intact, FireConditions(target_exposed=True)
    )
    assert exposed.dice == 4


def test_effects_of_armament_breakdowns_first_costs_a_die_second_silences() -> None:
    weapon = LVTP.weapons[0]
    once = VehicleDamage(Die.D8, armament_failures=1)
    twice = VehicleDamage(Die.D8, armament_failures=2)
    assert vehicle_weapon_firepower(weapon, Quality.TRAINED, once).dice == 2
    silenced = vehicle_weapon_firepower(weapon, Quality.TRAINED, twice)
    assert silenced.dice == 0 and not silenced.can_fire


def test_fire_or_move_weapon_cannot_fire_after_moving() -> None:
    tow = VEHICLES["bradley"].weapons[0]
    intact = VehicleDamage.intact(VEHICLES["bradley"])
    assert vehicle_weapon_firepower(tow, Quality.VETERAN, intact).dice == 5
    assert not vehicle_weapon_firepower(tow, Quality.VETERAN, intact, moved=True).can_fire
    chain_gun = VEHICLES["bradley"].weapons[1]
    assert vehicle_weapon_firepower(chain_gun, Quality.VETERAN, intact, moved=True).dice == 4


# --- Vehicle Defense Dice ---


@pytest.mark.parametrize(
    ("armour", "dice", "die"),
    [(0, 1, Die.D6), (1, 2, Die.D8), (2, 3, Die.D10), (3, 4, Die.D12)],
)
def test_vehicle_defense_dice_by_class(armour: int, dice: int, die: Die) -> None:
    card = VehicleType("v", "v", armour, (), crew=1, capacity=0)
    shield = vehicle_defense(card)
    assert (shield.dice, shield.die) == (dice, die)


def test_vehicle_defense_example_civilian_1d6_and_lav_2d8() -> None:
    assert vehicle_defense(softskin()).label == "1d6"
    assert vehicle_defense(VEHICLES["lav25"]).label == "2d8"


def test_up_armored_softskin_is_2d6_and_up_armored_afv_adds_a_die() -> None:
    assert vehicle_defense(VEHICLES["humvee"]).label == "2d6"
    slat = VehicleType("slat", "Stryker, slat armour", 1, (), 2, 9, up_armored_afv=True)
    assert vehicle_defense(slat).label == "3d8"


# --- Vehicle Defense vs. Weapon Class: every row ---


@pytest.mark.parametrize(
    ("weapon", "armour", "expected"),
    [
        # Weapon Class < Armor: ineffective
        (0, 1, Penetration.NONE),
        (0, 3, Penetration.NONE),
        (1, 2, Penetration.NONE),
        (2, 3, Penetration.NONE),
        # Weapon Class = Armor: halved
        (1, 1, Penetration.HALF),
        (2, 2, Penetration.HALF),
        (3, 3, Penetration.HALF),
        # Weapon Class > Armor: full
        (1, 0, Penetration.FULL),
        (2, 1, Penetration.FULL),
        (3, 2, Penetration.FULL),
        (3, 1, Penetration.FULL),
        # Class 0 vehicles: every weapon at full Firepower, small arms too
        (0, 0, Penetration.FULL),
    ],
)
def test_vehicle_defense_vs_weapon_class_rows(
    weapon: int, armour: int, expected: Penetration
) -> None:
    assert penetration(weapon, armour) is expected


def test_halved_firepower_rounds_down_and_below_one_is_ineffective() -> None:
    assert penetrating_dice(5, Penetration.HALF) == 2
    assert penetrating_dice(1, Penetration.HALF) == 0
    assert penetrating_dice(5, Penetration.NONE) == 0
    assert penetrating_dice(5, Penetration.FULL) == 5


def test_up_armored_softskin_halves_small_arms_only() -> None:
    assert penetration(0, 0, up_armored_softskin=True) is Penetration.HALF
    assert penetration(1, 0, up_armored_softskin=True) is Penetration.FULL


def test_anti_armor_is_not_halved_against_its_own_class() -> None:
    assert penetration(2, 2, anti_armor=True) is Penetration.FULL
    assert penetration(1, 2, anti_armor=True) is Penetration.NONE


def test_vehicle_defense_vs_weapon_class_example_three_units_fire_at_a_stryker() -> None:
    """The rulebook's example: small arms, an RPG and an AT RPG against the Stryker."""
    near = FireConditions(distance=4.0)
    rifles, _ = infantry_vs_vehicle(insurgents(Weapon.STANDARD, Weapon.STANDARD), STRYKER, near)
    assert not rifles.can_fire
    rpg, how = infantry_vs_vehicle(insurgents(Weapon.STANDARD, Weapon.RPG), STRYKER, near)
    # the RPG figure alone fires: 1 figure + 2 (Medium) + 1 Optimum Range = 4, halved to 2
    assert how is Penetration.HALF and rpg.dice == 2
    at_rpg, how = infantry_vs_vehicle(insurgents(Weapon.STANDARD, Weapon.AT_RPG), STRYKER, near)
    assert how is Penetration.FULL and at_rpg.dice == 4


def test_r217_small_arms_unit_fires_whole_at_a_softskin() -> None:
    unit = insurgents(Weapon.STANDARD, Weapon.STANDARD, Weapon.RPG)
    fire, how = infantry_vs_vehicle(unit, softskin(), FireConditions())
    assert how is Penetration.FULL and fire.dice == 3 + 2  # three figures + the RPG's two dice


def test_r217_choosing_only_the_better_weapon_avoids_the_halving() -> None:
    unit = insurgents(Weapon.RPG, Weapon.AT_RPG)
    both, how = infantry_vs_vehicle(unit, STRYKER, FireConditions())
    assert how is Penetration.HALF and both.dice == (2 + 2 * 2) // 2
    alone, how = infantry_vs_vehicle(unit, STRYKER, FireConditions(), figure_ids=["i1"])
    assert how is Penetration.FULL and alone.dice == 3


def test_against_vehicle_records_the_halving_in_the_breakdown() -> None:
    fire = vehicle_weapon_firepower(LVTP.weapons[0], Quality.TRAINED, VehicleDamage(Die.D8))
    halved, how = against_vehicle(fire, 1, LVTP)
    assert how is Penetration.HALF and halved.dice == 1
    assert "halved" in halved.reason


# --- Determining Vehicle Damage / Vehicle Breakdown ---


def test_determining_vehicle_damage_4_plus_is_no_damage() -> None:
    step = damage_check(VehicleDamage(Die.D8), ScriptedDice([(Die.D8, 4)]))
    assert not step.damaged and step.after == step.before


@pytest.mark.parametrize(
    ("face", "kind"),
    [
        (1, Breakdown.MOBILITY),
        (2, Breakdown.MOBILITY),
        (3, Breakdown.ARMAMENT),
        (4, Breakdown.ARMAMENT),
        (5, Breakdown.RELIABILITY),
        (6, Breakdown.RELIABILITY),
    ],
)
def test_vehicle_breakdown_table(face: int, kind: Breakdown) -> None:
    assert breakdown_result(face) is kind


def test_effects_of_mobility_breakdowns_first_slows_by_d6() -> None:
    dice = ScriptedDice([(Die.D8, 3), (Die.D6, 2), (Die.D6, 4)])
    step = damage_check(VehicleDamage(Die.D8), dice)
    assert step.breakdown is Breakdown.MOBILITY and step.speed_face == 4
    assert step.after.speed("patrol") == PATROL_SPEED - 4
    assert step.after.speed("cruising") == CRUISING_SPEED - 4
    assert step.crew_risk is CrewRisk.NONE and not step.after.immobilized


def test_effects_of_mobility_breakdowns_second_immobilizes_and_risks_one() -> None:
    dice = ScriptedDice([(Die.D8, 1), (Die.D6, 1)])
    step = damage_check(VehicleDamage(Die.D8, mobility_failures=1, speed_loss=3), dice)
    assert step.after.immobilized and step.after.speed("patrol") == 0
    assert step.crew_risk is CrewRisk.ONE


def test_r214_third_mobility_or_armament_breakdown_does_nothing_more() -> None:
    stuck = VehicleDamage(Die.D8, mobility_failures=2, speed_loss=3)
    assert apply_breakdown(stuck, Breakdown.MOBILITY) == (stuck, CrewRisk.NONE)
    silent = VehicleDamage(Die.D8, armament_failures=2)
    assert apply_breakdown(silent, Breakdown.ARMAMENT) == (silent, CrewRisk.NONE)


def test_effects_of_armament_breakdowns_risk_only_on_the_second() -> None:
    once, risk = apply_breakdown(VehicleDamage(Die.D8), Breakdown.ARMAMENT)
    assert once.armament_failures == 1 and risk is CrewRisk.NONE
    twice, risk = apply_breakdown(once, Breakdown.ARMAMENT)
    assert twice.weapons_out and risk is CrewRisk.ONE


def test_effects_of_reliability_breakdowns_lower_the_die_and_risk_one() -> None:
    after, risk = apply_breakdown(VehicleDamage(Die.D10), Breakdown.RELIABILITY)
    assert after.reliability is Die.D8 and risk is CrewRisk.ONE and not after.destroyed


def test_effects_of_reliability_breakdowns_below_d6_destroys_and_risks_each() -> None:
    after, risk = apply_breakdown(VehicleDamage(Die.D6), Breakdown.RELIABILITY)
    assert after.destroyed and after.immobilized and after.weapons_out
    assert risk is CrewRisk.EACH


def test_damage_checks_stop_once_destroyed() -> None:
    dice = ScriptedDice([(Die.D6, 1), (Die.D6, 6)])
    steps = damage_checks(VehicleDamage(Die.D6), 3, dice)
    assert len(steps) == 1 and steps[0].after.destroyed
    assert dice.remaining == ()


def test_damage_state_saves_exactly() -> None:
    for damage in (
        VehicleDamage(Die.D8, 1, 2, 5),
        VehicleDamage(None, 2, 0, 3),
    ):
        assert VehicleDamage.from_json(damage.to_json()) == damage


def test_r216_crew_checks_fail_under_4_and_random_pick_rerolls_high_faces() -> None:
    checks = crew_checks([Quality.TRAINED, Quality.UNTRAINED], ScriptedDice([3, 4]))
    assert checks == ((3, True), (4, False))
    index, faces = random_index(5, ScriptedDice([(Die.D6, 6), (Die.D6, 2)]))
    assert index == 1 and faces == (6, 2)
    assert random_index(1, ScriptedDice([])) == (0, ())


def test_attack_vehicle_pairs_dice_then_checks_each_penetrating_hit() -> None:
    fire = vehicle_weapon_firepower(LVTP.weapons[0], Quality.TRAINED, VehicleDamage(Die.D8))
    # a Class 1 heavy MG at a technical (Class 0, 1d6): three d8s against one d6
    technical = VEHICLES["technical"]
    fire, how = against_vehicle(fire, 1, technical)
    dice = ScriptedDice([7, 5, 2, (Die.D6, 5), (Die.D6, 1), (Die.D6, 2), (Die.D6, 2)])
    attack = attack_vehicle(fire, how, technical, VehicleDamage.intact(technical), dice)
    assert attack.penetrating_hits == 1  # the 5 cancels the 5; the 7 gets through
    # the Reliability check (d6) shows 1, the Breakdown Table 2 (Mobility), the speed lost 2
    assert len(attack.steps) == 1 and attack.steps[0].breakdown is Breakdown.MOBILITY
    assert attack.steps[0].after.speed_loss == 2


# --- Vehicle Movement ---


def test_patrol_speed_up_to_10_with_turns() -> None:
    intact = VehicleDamage(Die.D8)
    dog_leg = [(0.0, 0.0), (6.0, 0.0), (6.0, 4.0)]
    assert check_vehicle_move(dog_leg, 0.0, "patrol", intact) is None
    assert facing_after(dog_leg, 0.0, "patrol") == pytest.approx(90.0)
    too_far = [(0.0, 0.0), (6.0, 0.0), (6.0, 5.0)]
    assert "beyond the Patrol speed" in (check_vehicle_move(too_far, 0.0, "patrol", intact) or "")


def test_cruising_speed_up_to_18_straight_ahead_only() -> None:
    intact = VehicleDamage(Die.D8)
    straight = [(0.0, 0.0), (18.0, 0.0)]
    assert check_vehicle_move(straight, 0.0, "cruising", intact) is None
    assert facing_after(straight, 0.0, "cruising") == 0.0
    turn = [(0.0, 0.0), (8.0, 0.0), (8.0, 4.0)]
    assert "no turns" in (check_vehicle_move(turn, 0.0, "cruising", intact) or "")
    backwards = [(0.0, 0.0), (-5.0, 0.0)]
    assert "no turns" in (check_vehicle_move(backwards, 0.0, "cruising", intact) or "")


def test_moves_after_mobility_breakdowns() -> None:
    slowed = VehicleDamage(Die.D8, mobility_failures=1, speed_loss=5)
    assert check_vehicle_move([(0.0, 0.0), (5.0, 0.0)], 0.0, "patrol", slowed) is None
    assert check_vehicle_move([(0.0, 0.0), (6.0, 0.0)], 0.0, "patrol", slowed) is not None
    stuck = VehicleDamage(Die.D8, mobility_failures=2)
    assert check_vehicle_move([(0.0, 0.0), (1.0, 0.0)], 0.0, "patrol", stuck) == (
        "the vehicle is immobilized"
    )


def test_loading_and_unloading_passengers_vehicle_may_not_move() -> None:
    problem = check_vehicle_move(
        [(0.0, 0.0), (2.0, 0.0)], 0.0, "patrol", VehicleDamage(Die.D8), loaded_this_turn=True
    )
    assert problem == "a vehicle may not move on the turn it loads or unloads passengers"


def test_r218_board_at_rapid_leave_at_cautious_only() -> None:
    assert passenger_rate_allowed("rapid", boarding=True)
    assert passenger_rate_allowed("cautious", boarding=False)
    assert not passenger_rate_allowed("rapid", boarding=False)


def test_crew_passengers_capacity() -> None:
    assert boarding_problem(13, 2, LVTP) is None
    assert "will not fit" in (boarding_problem(20, 2, LVTP) or "")


# --- Sample Vehicles (R219) ---


def test_sample_vehicles_match_the_book_cards() -> None:
    humvee = vehicle_type("humvee")
    assert humvee.up_armored_softskin and humvee.base_reliability is Die.D8
    assert (humvee.crew, humvee.capacity) == (1, 3)
    stryker = vehicle_type("stryker")
    assert (stryker.armour_class, stryker.base_reliability, stryker.capacity) == (1, Die.D8, 9)
    assert stryker.weapons[0].weapon_class == 2
    bradley = vehicle_type("bradley")
    assert vehicle_defense(bradley).label == "3d10" and bradley.base_reliability is Die.D10
    assert bradley.weapons[0].anti_armor and bradley.weapons[0].fire_or_move
    with pytest.raises(KeyError, match="unknown vehicle 'hovercraft'"):
        vehicle_type("hovercraft")


def test_vehicle_cards_refuse_impossible_values() -> None:
    with pytest.raises(ValueError, match="armour class must be 0 to 3"):
        VehicleType("x", "x", 4, (), crew=1, capacity=0)
    with pytest.raises(ValueError, match="only a Class 0 vehicle is a softskin"):
        VehicleType("x", "x", 1, (), crew=1, capacity=0, up_armored_softskin=True)
    with pytest.raises(ValueError, match="at least 1 die"):
        VehicleWeapon("x", 1, 0)
