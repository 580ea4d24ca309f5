"""Rulebook: Close Assault; Close Assault Quality Checks; Resolving an Infantry vs Infantry Close
Assault; POWs; Close Assaults against Units with Dependants & Casualties."""

import pytest

from game.rules.close_assault import (
    CloseAssaultOutcome,
    CloseAssaultResult,
    DefenderChoice,
    DefenderResponse,
    StepKind,
    resolve_close_assault,
)
from game.rules.dice import Die, ScriptedDice, SeededDice
from game.rules.morale import RegularMoraleEffect
from game.rules.quality import Morale, Quality
from game.rules.units import DependantKind, Dependants, Figure, FigureStatus, Role, Side, Unit

D6, D8, D10 = Die.D6, Die.D8, Die.D10


def marines(count: int = 4, *, dependants: tuple[Dependants, ...] = ()) -> Unit:
    figures = tuple(Figure(f"m{i}") for i in range(count))
    return Unit(
        "marines", Side.REGULAR, Quality.TRAINED, Morale.GOOD, figures, dependants=dependants
    )


def insurgents(count: int = 3, *, morale: Morale = Morale.LOW, leader: bool = True) -> Unit:
    figures = [Figure(f"i{i}") for i in range(count - 1 if leader else count)]
    if leader:
        figures.insert(0, Figure("boss", role=Role.INSURGENT_LEADER))
    return Unit("gunmen", Side.INSURGENT, Quality.UNTRAINED, morale, tuple(figures))


def always(response: DefenderResponse) -> DefenderChoice:
    def choose(passed: bool, may_flee: bool) -> DefenderResponse:
        return response

    return choose


def take_prisoners(_: Unit) -> bool:
    return True


def no_prisoners(_: Unit) -> bool:
    return False


def d(die: Die, *faces: int) -> list[int | tuple[Die, int]]:
    return [(die, face) for face in faces]


def test_failed_assault_quality_check_stays_put_and_rolls_nothing_else() -> None:
    dice = ScriptedDice(d(D8, 3))
    result = resolve_close_assault(
        marines(),
        insurgents(),
        dice,
        defender_choice=always(DefenderResponse.FIRE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert result.outcome is CloseAssaultOutcome.ASSAULT_FAILED
    assert result.attacker == marines() and result.defender == insurgents()
    assert [step.kind for step in result.steps] == [StepKind.QUALITY_CHECK]


def test_pinned_attacker_rolls_one_die_type_lower() -> None:
    dice = ScriptedDice(d(D6, 3))  # Trained d8 pinned -> d6
    result = resolve_close_assault(
        marines(),
        insurgents(),
        dice,
        attacker_pinned=True,
        defender_choice=always(DefenderResponse.FIRE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert result.outcome is CloseAssaultOutcome.ASSAULT_FAILED


def test_defender_failing_its_check_may_flee_and_is_pinned() -> None:
    seen: list[tuple[bool, bool]] = []

    def flee(passed: bool, may_flee: bool) -> DefenderResponse:
        seen.append((passed, may_flee))
        return DefenderResponse.FLEE

    result = resolve_close_assault(
        marines(),
        insurgents(),
        ScriptedDice([*d(D8, 5), *d(D6, 2)]),
        defender_choice=flee,
        insurgents_take_prisoners=take_prisoners,
    )
    assert seen == [(False, True)]
    assert result.outcome is CloseAssaultOutcome.DEFENDER_FLED and result.defender_pinned


def test_defender_passing_its_check_flees_without_pin() -> None:
    result = resolve_close_assault(
        marines(),
        insurgents(),
        ScriptedDice([*d(D8, 5), *d(D6, 4)]),
        defender_choice=always(DefenderResponse.FLEE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert result.outcome is CloseAssaultOutcome.DEFENDER_FLED and not result.defender_pinned


def test_defender_with_dependants_may_not_flee() -> None:
    escorting = marines(dependants=(Dependants(DependantKind.CONTRACTOR, 2),))
    with pytest.raises(ValueError, match="defender may defensive fire, not flee"):
        resolve_close_assault(
            insurgents(),
            escorting,
            ScriptedDice([*d(D6, 5), *d(D8, 6)]),
            defender_choice=always(DefenderResponse.FLEE),
            insurgents_take_prisoners=take_prisoners,
        )


def test_defender_that_failed_may_not_fire() -> None:
    with pytest.raises(ValueError, match="flee or stand and fight, not defensive fire"):
        resolve_close_assault(
            marines(),
            insurgents(),
            ScriptedDice([*d(D8, 5), *d(D6, 1)]),
            defender_choice=always(DefenderResponse.FIRE),
            insurgents_take_prisoners=take_prisoners,
        )


def test_defensive_fire_pins_regular_chargers_and_aborts_the_assault() -> None:
    script = [
        *d(D8, 6),  # Marines pass the assault check
        *d(D6, 5),  # Insurgents pass and fire
        *d(D6, 6, 6),  # Firepower 3 figures - 1 (defensive fire) = 2d6
        *d(D8, 1, 1, 1),  # Defense 4 figures - 1 (charging) = 3d8: two casualties, no roll needed
        *d(D10, 1, 2),  # the two Marines still fighting check morale: Pinned
    ]
    dice = ScriptedDice(script)
    result = resolve_close_assault(
        marines(),
        insurgents(),
        dice,
        defender_choice=always(DefenderResponse.FIRE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert dice.remaining == ()
    assert result.outcome is CloseAssaultOutcome.ASSAULT_ABORTED
    assert result.attacker_effect is RegularMoraleEffect.PINNED
    assert result.attacker is not None and result.attacker.effective_count == 2
    assert len(result.attacker.casualty_figures) == 2  # R27: awaiting First Aid
    fire = next(step for step in result.steps if step.kind is StepKind.DEFENSIVE_FIRE)
    assert len(fire.faces) == 2 and len(fire.other_faces) == 3


def test_regular_chargers_pinned_twice_pull_back() -> None:
    script = [*d(D8, 6), *d(D6, 5), *d(D6, 6, 6), *d(D8, 1, 1, 1), *d(D10, 1, 2)]
    result = resolve_close_assault(
        marines(),
        insurgents(),
        ScriptedDice(script),
        attacker_pinned_this_turn=False,
        defender_choice=always(DefenderResponse.FIRE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert result.attacker_effect is RegularMoraleEffect.PINNED
    script = [*d(D6, 6), *d(D6, 5), *d(D6, 6, 6), *d(D8, 1, 1, 1), *d(D10, 1, 2)]
    result = resolve_close_assault(
        marines(),
        insurgents(),
        ScriptedDice(script),
        attacker_pinned=True,
        attacker_pinned_this_turn=True,
        defender_choice=always(DefenderResponse.FIRE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert result.attacker_effect is RegularMoraleEffect.PULL_BACK


def test_defensive_fire_shakes_insurgent_chargers_and_aborts() -> None:
    script = [
        *d(D6, 4),  # Insurgents pass the assault check
        *d(D8, 6),  # Marines pass and fire
        *d(D8, 8, 8, 8),  # Firepower 4 - 1 = 3d8
        *d(D6, 1, 1, 1),  # Defense 4 - 1 (charging) = 3d6: three casualties
        *d(D8, 8),  # who got hit, 4 standing (L,O,O,O): O band
        *d(D6, 6),  # 3 standing: O band
        *d(D6, 6),  # 2 standing (L,O): S/O band falls to the rifleman
        *d(D10, 3),  # the leader alone checks morale: failed -> Shaken, d10 -> d8
    ]
    dice = ScriptedDice(script)
    result = resolve_close_assault(
        insurgents(4, morale=Morale.GOOD),
        marines(),
        dice,
        defender_choice=always(DefenderResponse.FIRE),
        insurgents_take_prisoners=take_prisoners,
    )
    assert dice.remaining == ()
    assert result.outcome is CloseAssaultOutcome.ASSAULT_ABORTED and result.attacker_shaken
    assert result.attacker is not None
    assert [f.id for f in result.attacker.figures] == ["boss"]
    assert result.attacker.morale is Morale.AVERAGE
    assert set(result.killed) == {"i0", "i1", "i2"}


def test_regulars_win_and_must_take_broken_insurgents_prisoner() -> None:
    script = [
        *d(D8, 5),  # Marines pass
        *d(D6, 2),  # Insurgents fail and stand
        *d(D8, 8, 8, 1, 1, 1),  # melee: 4 figures + Optimum Range = 5d8
        *d(D6, 1, 1, 1),  # Insurgent Defense 3d6, no cover: two casualties
        *d(D6, 5),  # who got hit, 3 standing: O
        *d(D6, 6),  # 2 standing: S/O -> the other rifleman
        *d(D6, 2),  # the leader's morale check: Shaken, d6 falls below d6: broken
    ]
    dice = ScriptedDice(script)
    result = resolve_close_assault(
        marines(),
        insurgents(),
        dice,
        defender_choice=always(DefenderResponse.STAND),
        insurgents_take_prisoners=no_prisoners,
    )
    assert dice.remaining == ()
    assert result.outcome is CloseAssaultOutcome.ATTACKER_WON and result.defender is None
    assert result.prisoners == ("boss",) and set(result.killed) == {"i0", "i1"}
    assert result.attacker is not None
    assert result.attacker.dependants_of(DependantKind.PRISONER) == 1
    assert result.rounds == 1


def insurgents_wipe_out_marines(
    take: bool, dependants: tuple[Dependants, ...] = (), marine_defense: tuple[int, int] = (4, 1)
) -> CloseAssaultResult:
    script = [
        *d(D6, 4),  # Insurgents pass
        *d(D8, 1),  # Marines fail and stand
        *d(D6, 6, 6, 5, 1),  # melee 3 figures + Optimum Range = 4d6
        *d(D8, *marine_defense),  # 2 Marines' Defense: both hit, no who-got-hit roll needed
        *d(D6, 1, 4),  # fate of each fallen Marine: a 1 is captured
    ]
    dice = ScriptedDice(script)
    result = resolve_close_assault(
        insurgents(3, morale=Morale.GOOD),
        marines(2, dependants=dependants),
        dice,
        defender_choice=always(DefenderResponse.STAND),
        insurgents_take_prisoners=take_prisoners if take else no_prisoners,
    )
    assert dice.remaining == ()
    return result


def test_wiped_out_regulars_roll_d6_each_and_a_1_is_captured() -> None:
    result = insurgents_wipe_out_marines(True)
    assert result.outcome is CloseAssaultOutcome.ATTACKER_WON and result.defender is None
    assert result.prisoners == ("m0",) and result.killed == ("m1",)
    assert result.attacker is not None
    assert result.attacker.dependants_of(DependantKind.PRISONER) == 1
    fate = next(step for step in result.steps if step.kind is StepKind.FATE)
    assert fate.faces == (1, 4)


def test_insurgents_may_finish_off_captured_regulars() -> None:
    result = insurgents_wipe_out_marines(False)
    assert result.prisoners == () and result.killed == ("m0", "m1")
    assert result.attacker is not None and not result.attacker.has_dependants


def test_winner_takes_custody_of_the_losers_dependants() -> None:
    contractors = (Dependants(DependantKind.CONTRACTOR, 2),)
    result = insurgents_wipe_out_marines(True, contractors)
    assert result.custody == 2
    assert result.attacker is not None
    assert result.attacker.dependants_of(DependantKind.CONTRACTOR) == 2


def test_failed_defense_in_close_combat_puts_one_hit_on_a_dependant() -> None:
    # Defense 1, 2: more failures than successes, so one of the three hits is a contractor
    contractors = (Dependants(DependantKind.CONTRACTOR, 2),)
    result = insurgents_wipe_out_marines(True, contractors, marine_defense=(1, 2))
    assert result.custody == 1
    assert any("contractor Dependant is hit" in step.text for step in result.steps)


def test_regulars_never_check_morale_in_close_combat() -> None:
    # round 1: Marines miss; Insurgents hit two Marines; no Marine morale dice are rolled
    script = [
        *d(D8, 5),
        *d(D6, 1),  # Insurgents fail, stand
        *d(D8, 1, 1, 1, 1, 1),  # Marines 5d8 all miss
        *d(D6, 4, 4, 4),  # Insurgent Defense (leader present, no casualties: no morale check)
        *d(D6, 6, 6, 1, 1),  # Insurgents 4d6
        *d(D8, 1, 1, 1, 1),  # Marine Defense 4d8: two casualties
        # round 2: the two Marines left, 2 + 1 = 3d8, kill all three Insurgents
        *d(D8, 8, 8, 8),
        *d(D6, 1, 1, 1),
    ]
    dice = ScriptedDice(script)
    result = resolve_close_assault(
        marines(),
        insurgents(),
        dice,
        defender_choice=always(DefenderResponse.STAND),
        insurgents_take_prisoners=take_prisoners,
    )
    assert dice.remaining == ()
    assert result.outcome is CloseAssaultOutcome.ATTACKER_WON and result.rounds == 2
    assert not any(s.kind is StepKind.MORALE and s.unit_id == "marines" for s in result.steps)
    assert result.attacker is not None
    assert [f.status for f in result.attacker.figures].count(FigureStatus.CASUALTY) == 2


def test_same_side_close_assault_is_refused() -> None:
    with pytest.raises(ValueError, match="both regulars"):
        resolve_close_assault(
            marines(),
            marines(),
            ScriptedDice([]),
            defender_choice=always(DefenderResponse.FIRE),
            insurgents_take_prisoners=take_prisoners,
        )


def test_seeded_close_assaults_always_end_with_one_side_out() -> None:
    seen: set[CloseAssaultOutcome] = set()
    for seed in range(150):
        result = resolve_close_assault(
            insurgents(6, morale=Morale.HIGH),
            marines(4),
            SeededDice(seed),
            defender_choice=lambda passed, _: (
                DefenderResponse.FIRE if passed else DefenderResponse.STAND
            ),
            insurgents_take_prisoners=take_prisoners,
        )
        seen.add(result.outcome)
        if result.outcome is CloseAssaultOutcome.ATTACKER_WON:
            assert result.defender is None and result.attacker is not None
            assert not result.attacker.is_wiped_out
        elif result.outcome is CloseAssaultOutcome.DEFENDER_WON:
            assert result.attacker is None and result.defender is not None
            assert not result.defender.is_wiped_out
    assert seen >= {
        CloseAssaultOutcome.ASSAULT_FAILED,
        CloseAssaultOutcome.ASSAULT_ABORTED,
        CloseAssaultOutcome.ATTACKER_WON,
        CloseAssaultOutcome.DEFENDER_WON,
    }


def test_the_steps_the_engine_drives_answer_as_the_whole_procedure_does() -> None:
    """Close Assault Quality Checks; Resolving an Infantry vs Infantry Close Assault; Close
    Assaults against Units with Dependants & Casualties: the defender fires after a pass, stands
    after a failure, may flee either way unless it has Dependants; a fate die of 1 captures."""
    from game.rules.close_assault import (
        MAX_COMBAT_ROUNDS,
        combat_rounds,
        defender_responses,
        fate_rolls,
    )

    fire, stand, flee = DefenderResponse.FIRE, DefenderResponse.STAND, DefenderResponse.FLEE
    assert defender_responses(True, True) == (fire, flee)
    assert defender_responses(False, True) == (stand, flee)
    assert defender_responses(True, False) == (fire,)
    assert defender_responses(False, False) == (stand,)
    faces, captured = fate_rolls(ScriptedDice([(Die.D6, 1), (Die.D6, 4), (Die.D6, 1)]), 3)
    assert faces == (1, 4, 1) and captured == (0, 2)
    assert len(combat_rounds()) == MAX_COMBAT_ROUNDS and combat_rounds()[0] == 1


def test_flight_charge_breaking_and_the_winner_are_the_rules_cores_steps() -> None:
    """Close Assault Quality Checks: a fleeing defender runs a full Rapid move (12") straight
    away from the chargers and is Pinned only after failing its check; defensive fire breaks the
    charge only when it caused casualties and left the chargers Pinned or Shaken. Resolving an
    Infantry vs Infantry Close Assault: the side left fighting wins; Insurgents may refuse
    prisoners, Regulars may not."""
    from game.rules.close_assault import (
        assault_winner,
        captor_may_refuse_prisoners,
        charge_broken,
        flight,
    )

    run = flight((10.0, 10.0), (10.0, 14.0), passed_check=False)
    assert run.goal == pytest.approx((10.0, -2.0)) and run.reach == 12.0 and run.pinned
    assert not flight((10.0, 10.0), (7.0, 6.0), passed_check=True).pinned
    assert flight((10.0, 10.0), (7.0, 6.0), passed_check=True).goal == pytest.approx(
        (10.0 + 12 * 0.6, 10.0 + 12 * 0.8)
    )
    assert charge_broken(casualties=1, pinned=True, shaken=False)
    assert charge_broken(casualties=2, pinned=False, shaken=True)
    assert not charge_broken(casualties=0, pinned=True, shaken=True)
    assert not charge_broken(casualties=3, pinned=False, shaken=False)
    assert assault_winner(True, False) == "attacker"
    assert assault_winner(False, True) == "defender"
    with pytest.raises(ValueError):
        assault_winner(True, True)
    assert captor_may_refuse_prisoners(Side.INSURGENT)
    assert not captor_may_refuse_prisoners(Side.REGULAR)


def test_custody_takes_the_losers_dependants_and_earlier_casualties_as_prisoners() -> None:
    """Close Assaults against Units with Dependants & Casualties; POWs (R113, R114): the winner
    takes the loser's Dependants, its figures down before the assault become prisoners, the
    loser's prisoners (the winner's own men) are rescued and men it had rescued are captives
    again."""
    from game.rules.close_assault import custody

    kinds = [DependantKind.CASUALTY, DependantKind.PRISONER, DependantKind.RESCUED]
    assert custody(kinds, 2) == (
        DependantKind.CASUALTY,
        DependantKind.RESCUED,
        DependantKind.PRISONER,
        DependantKind.PRISONER,
        DependantKind.PRISONER,
    )
    assert custody([], 0) == ()
