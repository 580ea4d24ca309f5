"""Close Assault as one procedure, from the charge's Quality Check to the last round of combat.

Rulebook: Close Assault; Close Assault Quality Checks; Resolving an Infantry vs Infantry Close
Assault; POWs; Close Assaults against Units with Dependants & Casualties. Rulings R15, R16, R18,
R25, R27, R42.

The engine supplies the two units, the defensive fire's conditions and the decisions (does the
defender fire, flee or stand? do the Insurgents take prisoners?) as callbacks, so a human, the AI
or a test can answer them. The result carries both units afterwards and every roll in order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from game.rules.casualties import (
    apply_hits,
    pick_unit_casualties,
    split_casualties_with_dependants,
)
from game.rules.combat import resolve_fire
from game.rules.dice import DiceSource, Die
from game.rules.firepower import FireConditions, defense, firepower
from game.rules.morale import (
    InsurgentMoraleOutcome,
    RegularMoraleEffect,
    check_unit_morale,
    insurgent_morale_triggers,
)
from game.rules.movement import RAPID
from game.rules.quality import Morale, quality_test
from game.rules.units import DependantKind, Side, Unit

MAX_COMBAT_ROUNDS = 200
"""A guard only: every round can cause casualties, so combat ends long before this."""


class DefenderResponse(Enum):
    """What the defender does once the charge is declared (Close Assault Quality Checks)."""

    FIRE = "defensive fire"
    """Only after passing its Quality Check."""
    FLEE = "flee"
    """A full Rapid move away; Pinned too after a failed check. Never with Dependants."""
    STAND = "stand and fight"
    """Only after failing its Quality Check: no defensive fire."""


DefenderChoice = Callable[[bool, bool], DefenderResponse]
"""Called with (passed its Quality Check, may flee); returns the defender's response."""

PrisonerChoice = Callable[[Unit], bool]
"""Called with the wiped-out Regular unit; True when the Insurgents take prisoners."""


CAPTURE_FACE = 1
"""A wiped-out Regular figure whose fate die shows this is captured (Resolving an Infantry vs
Infantry Close Assault)."""


# --- steps: the engine drives these one by one; `resolve_close_assault` runs them in a row ---


def defender_responses(passed_check: bool, may_flee: bool) -> tuple[DefenderResponse, ...]:
    """What a charged unit may do (Close Assault Quality Checks): fire at the chargers after
    passing its check, else stand without firing; flee either way, unless it has Dependants
    (Close Assaults against Units with Dependants & Casualties)."""
    first = DefenderResponse.FIRE if passed_check else DefenderResponse.STAND
    return (first, DefenderResponse.FLEE) if may_flee else (first,)


@dataclass(frozen=True)
class Flight:
    """Where a fleeing defender runs to, and whether it ends Pinned (Close Assault Quality
    Checks): one full Rapid move straight away from the chargers, Pinned after a failed check."""

    goal: tuple[float, float]
    reach: float
    pinned: bool


def flight(
    defender_at: tuple[float, float], chargers_at: tuple[float, float], *, passed_check: bool
) -> Flight:
    """Rulebook: Close Assault Quality Checks — the defender flees one full Rapid move away from
    the assaulting unit (`goal` is the point that far along the line from the chargers through
    the defender; the engine walks the real path toward it); a defender that failed its check
    is Pinned as well."""
    (dx, dy), (ax, ay) = defender_at, chargers_at
    gap = max(math.hypot(dx - ax, dy - ay), 1e-6)
    goal = (dx + (dx - ax) / gap * RAPID, dy + (dy - ay) / gap * RAPID)
    return Flight(goal, RAPID, pinned=not passed_check)


def charge_broken(*, casualties: int, pinned: bool, shaken: bool) -> bool:
    """Rulebook: Close Assault Quality Checks — defensive fire breaks the charge only when it
    caused casualties and the chargers' Morale Check left them Pinned (Regulars; a Pull Back
    pins too) or Shaken (Insurgents); the chargers then go back to where they started."""
    return casualties > 0 and (pinned or shaken)


def assault_winner(attacker_fighting: bool, defender_fighting: bool) -> str:
    """The side left with combat-effective figures ("attacker" or "defender") once the rounds
    end (Resolving an Infantry vs Infantry Close Assault: until one side is wiped out or
    captured)."""
    if attacker_fighting == defender_fighting:
        raise ValueError("close assault: exactly one side must be left fighting")
    return "attacker" if attacker_fighting else "defender"


def captor_may_refuse_prisoners(captor: Side) -> bool:
    """Rulebook: Resolving an Infantry vs Infantry Close Assault — Insurgents may finish off the
    Regulars their fate dice capture; Regulars must take broken Insurgents prisoner."""
    return captor is Side.INSURGENT


CUSTODY_SWAP = {
    DependantKind.PRISONER: DependantKind.RESCUED,
    DependantKind.RESCUED: DependantKind.PRISONER,
}
"""The loser's prisoners are the winner's own men, freed (POWs: rescued POWs become Dependants
of the unit that rescues them); the winner's men it had rescued are prisoners again (R114)."""


def custody(
    loser_dependants: Sequence[DependantKind], earlier_casualties: int
) -> tuple[DependantKind, ...]:
    """Rulebook: Close Assaults against Units with Dependants & Casualties — the unit that wins
    takes custody of the loser's Dependants and of its figures that were already casualties
    before this assault (they become prisoners: only the figures that fell in the assault roll
    the fate die, R42, R113). Returns the winner's new Dependants, one entry each."""
    taken = tuple(CUSTODY_SWAP.get(kind, kind) for kind in loser_dependants)
    return taken + (DependantKind.PRISONER,) * earlier_casualties


def combat_rounds() -> range:
    """The rounds of a Close Assault: no limit in the rulebook, which has the fight go on until
    one side is wiped out or captured (R95); `MAX_COMBAT_ROUNDS` only guards against a bug."""
    return range(1, MAX_COMBAT_ROUNDS + 1)


def fate_rolls(dice: DiceSource, figures: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The fate of a wiped-out Regular unit's figures: a d6 each, in order (Resolving an Infantry
    vs Infantry Close Assault). Returns the faces and the indices of the figures captured."""
    faces = dice.roll_many(Die.D6, figures)
    return faces, tuple(i for i, face in enumerate(faces) if face == CAPTURE_FACE)


class CloseAssaultOutcome(Enum):
    """How a Close Assault ended (Rulebook: Close Assault Quality Checks; Resolving ...).

    After ASSAULT_FAILED the assaulting unit has spent its activation (it may still take cover,
    tend its wounded and react). Once the defender has answered the charge, whatever it chose,
    it has no other action this turn. After ASSAULT_ABORTED the chargers go back to where they
    started, Pinned (Regulars) or Shaken (Insurgents).
    """

    ASSAULT_FAILED = "the assaulting unit failed its Quality Check and stays put"
    DEFENDER_FLED = "the defender fled"
    ASSAULT_ABORTED = "defensive fire broke the charge"
    ATTACKER_WON = "the assaulting unit won"
    DEFENDER_WON = "the defending unit won"


class StepKind(Enum):
    QUALITY_CHECK = "quality check"
    DEFENSIVE_FIRE = "defensive fire"
    ATTACK = "attack"
    CASUALTIES = "casualties"
    WEAPON_PICKUP = "weapon pickup"
    MORALE = "morale"
    FATE = "fate of a wiped-out Regular"
    NOTE = "note"


@dataclass(frozen=True)
class AssaultStep:
    """One thing that happened, with its dice, for narration and the event log."""

    kind: StepKind
    unit_id: str
    text: str
    die: Die | None = None
    faces: tuple[int, ...] = ()
    other_die: Die | None = None
    other_faces: tuple[int, ...] = ()


@dataclass(frozen=True)
class CloseAssaultResult:
    """The whole Close Assault: outcome, both units afterwards (None: gone), every step.

    `prisoners` are the ids of figures the winner took as POWs (they are also added to the
    winner's Dependants); `custody` is how many Dependants/Casualties the winner took over from
    the loser. `attacker_effect` is the morale result that aborted a charge (Pinned / Pull Back
    for Regulars; for Insurgents see `attacker_shaken`). `defender_pinned` is set when the
    defender fled after failing its check.
    """

    outcome: CloseAssaultOutcome
    attacker: Unit | None
    defender: Unit | None
    steps: tuple[AssaultStep, ...]
    response: DefenderResponse | None = None
    defender_pinned: bool = False
    attacker_effect: RegularMoraleEffect | None = None
    attacker_shaken: bool = False
    prisoners: tuple[str, ...] = ()
    killed: tuple[str, ...] = ()
    custody: int = 0
    rounds: int = 0


def _with_morale(unit: Unit, morale: Morale) -> Unit:
    """A Shaken unit's Morale is the unit's, whatever its figures had before."""
    figures = tuple(replace(figure, morale=None) for figure in unit.figures)
    return replace(unit, base_morale=morale, figures=figures)


def _add_dependants(unit: Unit, kind: DependantKind, count: int) -> Unit:
    return unit.with_dependants(kind, count) if count else unit


class _Assault:
    """The running state of one Close Assault; `run` returns the result."""

    def __init__(self, attacker: Unit, defender: Unit, dice: DiceSource) -> None:
        self.units = {"attacker": attacker, "defender": defender}
        self.dice = dice
        self.steps: list[AssaultStep] = []
        self.fallen: dict[str, list[str]] = {"attacker": [], "defender": []}
        self.killed: list[str] = []

    def note(
        self,
        kind: StepKind,
        role: str,
        text: str,
        die: Die | None = None,
        faces: tuple[int, ...] = (),
        other_die: Die | None = None,
        other_faces: tuple[int, ...] = (),
    ) -> None:
        unit_id = self.units[role].id
        self.steps.append(AssaultStep(kind, unit_id, text, die, faces, other_die, other_faces))

    # --- one volley ---------------------------------------------------------------------------

    def volley(
        self, firer_role: str, target_role: str, conditions: FireConditions, *, charging: bool
    ) -> int:
        """Roll Firepower against Defense (no cover in a Close Assault) and apply the hits."""
        firer, target = self.units[firer_role], self.units[target_role]
        power = firepower(firer, conditions)
        guard = defense(target, charging=charging)
        kind = StepKind.DEFENSIVE_FIRE if conditions.vs_close_assault else StepKind.ATTACK
        fire = resolve_fire(power, guard, self.dice)
        casualties = fire.casualties
        self.note(
            kind,
            firer_role,
            f"{power.reason}; {guard.reason}; {fire.reason}",
            fire.attack_die,
            fire.attack_faces,
            fire.defense_die,
            fire.defense_faces,
        )
        split = split_casualties_with_dependants(
            casualties, fire.defense_faces, dependants=target.dependant_count
        )
        if split.on_dependants:
            kind_hit = next(group.kind for group in target.dependants if group.count)
            self.units[target_role] = target.with_dependants(kind_hit, -1)
            self.note(StepKind.CASUALTIES, target_role, f"a {kind_hit.value} Dependant is hit")
        self._hit_figures(target_role, split.on_figures)
        return casualties

    def _hit_figures(self, role: str, count: int) -> None:
        if count <= 0:
            return
        unit = self.units[role]
        hit_ids = pick_unit_casualties(unit, count, self.dice)
        self.fallen[role].extend(hit_ids)
        self.note(StepKind.CASUALTIES, role, f"hit: {', '.join(hit_ids)}")
        applied = apply_hits(unit, hit_ids, self.dice)
        for check in applied.pickup_checks:
            self.note(StepKind.WEAPON_PICKUP, role, check.reason, check.die, (check.face,))
        self.killed.extend(applied.removed_ids)
        self.units[role] = applied.unit

    # --- morale ---------------------------------------------------------------------------------

    def insurgent_morale(
        self, role: str, *, had_leader: bool, casualties: int
    ) -> InsurgentMoraleOutcome | None:
        """Check an Insurgent unit's morale after it was attacked (None: no check was due).

        Shrinkage and a Shaken die are applied here; a broken unit is left for the caller.
        """
        unit = self.units[role]
        triggers = insurgent_morale_triggers(
            has_leader=had_leader, fired_upon=True, took_casualties=casualties > 0
        )
        if not triggers or unit.is_wiped_out:
            return None
        result = check_unit_morale(unit, self.dice)
        outcome = result.insurgent_outcome
        assert outcome is not None
        self.note(
            StepKind.MORALE, role, result.check.describe(), result.check.die, result.check.faces
        )
        if outcome.broken:
            return outcome
        if result.removed_figure_ids:
            self.note(StepKind.MORALE, role, f"shrink: {', '.join(result.removed_figure_ids)}")
            unit = unit.without_figures(result.removed_figure_ids)
        if outcome.shaken and outcome.morale is not None:
            self.note(StepKind.MORALE, role, f"Shaken: Morale falls to {outcome.morale.label}")
            unit = _with_morale(unit, outcome.morale)
        self.units[role] = unit
        return outcome


def resolve_close_assault(
    attacker: Unit,
    defender: Unit,
    dice: DiceSource,
    *,
    defender_choice: DefenderChoice,
    insurgents_take_prisoners: PrisonerChoice,
    defensive_fire: FireConditions | None = None,
    attacker_pinned: bool = False,
    defender_pinned: bool = False,
    attacker_pinned_this_turn: bool = False,
) -> CloseAssaultResult:
    """Rulebook: Close Assault — the whole procedure, from the charge to capture or wipe-out (R42).

    `defensive_fire` are the defender's fire conditions (distance for Optimum Range...); the
    Close Assault penalty is added here. Pinned units throw a lower Quality die (R12).
    """
    if attacker.side is defender.side:
        raise ValueError(
            f"close assault: {attacker.id!r} and {defender.id!r} are both {attacker.side.value}s"
        )
    if attacker.is_wiped_out or defender.is_wiped_out:
        raise ValueError("close assault: both units need combat-effective figures")
    state = _Assault(attacker, defender, dice)

    charge = quality_test(
        attacker.quality, dice, pinned=attacker_pinned, purpose="Close Assault Quality Check"
    )
    state.note(StepKind.QUALITY_CHECK, "attacker", charge.reason, charge.die, (charge.face,))
    if not charge.passed:
        return _result(state, CloseAssaultOutcome.ASSAULT_FAILED)

    nerve = quality_test(
        defender.quality, dice, pinned=defender_pinned, purpose="Quality Check against the charge"
    )
    state.note(StepKind.QUALITY_CHECK, "defender", nerve.reason, nerve.die, (nerve.face,))
    may_flee = not defender.has_dependants
    response = defender_choice(nerve.passed, may_flee)
    allowed = defender_responses(nerve.passed, may_flee)
    if response not in allowed:
        names = " or ".join(sorted(choice.value for choice in allowed))
        raise ValueError(f"close assault: the defender may {names}, not {response.value}")
    if response is DefenderResponse.FLEE:
        return _result(
            state, CloseAssaultOutcome.DEFENDER_FLED, response, defender_pinned=not nerve.passed
        )

    if response is DefenderResponse.FIRE:
        aborted = _defensive_fire(
            state, defensive_fire, attacker_pinned_this_turn=attacker_pinned_this_turn
        )
        if state.units["attacker"].is_wiped_out:
            return _finish(state, "defender", response, insurgents_take_prisoners)
        if aborted is not None:
            effect, shaken = aborted
            return _result(
                state,
                CloseAssaultOutcome.ASSAULT_ABORTED,
                response,
                attacker_effect=effect,
                attacker_shaken=shaken,
            )

    return _combat(state, response, insurgents_take_prisoners)


def _defensive_fire(
    state: _Assault, conditions: FireConditions | None, *, attacker_pinned_this_turn: bool
) -> tuple[RegularMoraleEffect | None, bool] | None:
    """Defensive fire at the chargers; returns (Regular effect, Insurgent shaken) if it aborts.

    Rulebook: Close Assault Quality Checks — −1 Firepower for the defender, −1 Defense for the
    chargers; casualties force the usual morale check and Pinned/Shaken aborts the charge. A
    broken Insurgent unit leaves the table (R42: the check is due only when casualties fall).
    """
    fire = replace(conditions or FireConditions(), vs_close_assault=True)
    had_leader = state.units["attacker"].leader_present
    casualties = state.volley("defender", "attacker", fire, charging=True)
    unit = state.units["attacker"]
    if not casualties or unit.is_wiped_out:
        return None
    if unit.side is Side.REGULAR:
        result = check_unit_morale(unit, state.dice, pinned_this_turn=attacker_pinned_this_turn)
        state.note(
            StepKind.MORALE,
            "attacker",
            result.check.describe(),
            result.check.die,
            result.check.faces,
        )
        effect = result.regular_effect
        stopped = effect is not RegularMoraleEffect.STAND
        broken = charge_broken(casualties=casualties, pinned=stopped, shaken=False)
        return (effect, False) if broken else None
    outcome = state.insurgent_morale("attacker", had_leader=had_leader, casualties=casualties)
    shaken = outcome is not None and not outcome.stands
    if not charge_broken(casualties=casualties, pinned=False, shaken=shaken):
        return None
    assert outcome is not None
    if outcome.broken:
        state.note(StepKind.MORALE, "attacker", "broken: the unit flees the table")
        gone = [figure.id for figure in state.units["attacker"].figures]
        state.units["attacker"] = state.units["attacker"].without_figures(gone)
    return (None, True)


def _combat(
    state: _Assault, response: DefenderResponse, insurgents_take_prisoners: PrisonerChoice
) -> CloseAssaultResult:
    """Rulebook: Resolving an Infantry vs Infantry Close Assault — alternate until one side ends."""
    melee = FireConditions(distance=0.0)
    order = (("attacker", "defender"), ("defender", "attacker"))
    for round_number in combat_rounds():
        for firer, target in order:
            had_leader = state.units[target].leader_present
            casualties = state.volley(firer, target, melee, charging=False)
            if state.units[target].is_wiped_out:
                return _finish(state, firer, response, insurgents_take_prisoners, round_number)
            if state.units[target].side is Side.INSURGENT:
                outcome = state.insurgent_morale(
                    target, had_leader=had_leader, casualties=casualties
                )
                if outcome is not None and outcome.broken:
                    return _capture_insurgents(state, firer, target, response, round_number)
            if state.units[target].is_wiped_out:
                return _finish(state, firer, response, insurgents_take_prisoners, round_number)
    raise RuntimeError(f"close assault: no result after {MAX_COMBAT_ROUNDS} rounds")


def _other(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


def _outcome_for(winner: str) -> CloseAssaultOutcome:
    if winner == "attacker":
        return CloseAssaultOutcome.ATTACKER_WON
    return CloseAssaultOutcome.DEFENDER_WON


def _take_custody(state: _Assault, winner: str, loser: str) -> int:
    """The winner takes over the loser's Dependants and its earlier Casualties (as Dependants)."""
    losing = state.units[loser]
    fallen_now = set(state.fallen[loser])
    earlier_casualties = [f for f in losing.casualty_figures if f.id not in fallen_now]
    kinds = [group.kind for group in losing.dependants for _ in range(group.count)]
    taken = custody(kinds, len(earlier_casualties))
    winning = state.units[winner]
    for kind in taken:
        winning = _add_dependants(winning, kind, 1)
    state.units[winner] = winning
    if taken:
        state.note(StepKind.NOTE, winner, f"takes custody of {len(taken)} Dependants/Casualties")
    return len(taken)


def _finish(
    state: _Assault,
    winner: str,
    response: DefenderResponse,
    insurgents_take_prisoners: PrisonerChoice,
    rounds: int = 0,
) -> CloseAssaultResult:
    """One side has no combat-effective figure left: decide the fate of the fallen."""
    loser = _other(winner)
    losing = state.units[loser]
    prisoners: list[str] = []
    if losing.side is Side.REGULAR:
        fallen = state.fallen[loser]
        faces, captured = fate_rolls(state.dice, len(fallen))
        would_be_captured = [fallen[i] for i in captured]
        take = bool(would_be_captured) and insurgents_take_prisoners(losing)
        state.note(
            StepKind.FATE,
            loser,
            "a 1 is captured"
            + ("" if take or not would_be_captured else " (the Insurgents take no prisoners)"),
            Die.D6,
            faces,
        )
        if take:
            prisoners = would_be_captured
        state.killed.extend(fid for fid in fallen if fid not in prisoners)
    custody = _take_custody(state, winner, loser)
    state.units[winner] = _add_dependants(
        state.units[winner], DependantKind.PRISONER, len(prisoners)
    )
    return _result(
        state,
        _outcome_for(winner),
        response,
        prisoners=tuple(prisoners),
        custody=custody,
        rounds=rounds,
        loser_gone=True,
    )


def _capture_insurgents(
    state: _Assault, winner: str, loser: str, response: DefenderResponse, rounds: int
) -> CloseAssaultResult:
    """Broken Insurgents in a Close Assault are captured; Regulars must take prisoners."""
    captured = tuple(figure.id for figure in state.units[loser].effective_figures)
    state.note(StepKind.MORALE, loser, f"broken and captured: {', '.join(captured)}")
    custody = _take_custody(state, winner, loser)
    state.units[winner] = _add_dependants(
        state.units[winner], DependantKind.PRISONER, len(captured)
    )
    return _result(
        state,
        _outcome_for(winner),
        response,
        prisoners=captured,
        custody=custody,
        rounds=rounds,
        loser_gone=True,
    )


def _result(
    state: _Assault,
    outcome: CloseAssaultOutcome,
    response: DefenderResponse | None = None,
    *,
    defender_pinned: bool = False,
    attacker_effect: RegularMoraleEffect | None = None,
    attacker_shaken: bool = False,
    prisoners: tuple[str, ...] = (),
    custody: int = 0,
    rounds: int = 0,
    loser_gone: bool = False,
) -> CloseAssaultResult:
    attacker: Unit | None = state.units["attacker"]
    defender: Unit | None = state.units["defender"]
    if loser_gone:
        if outcome is CloseAssaultOutcome.ATTACKER_WON:
            defender = None
        else:
            attacker = None
    if attacker is not None and attacker.is_wiped_out and not attacker.casualty_figures:
        attacker = None
    return CloseAssaultResult(
        outcome=outcome,
        attacker=attacker,
        defender=defender,
        steps=tuple(state.steps),
        response=response,
        defender_pinned=defender_pinned,
        attacker_effect=attacker_effect,
        attacker_shaken=attacker_shaken,
        prisoners=prisoners,
        killed=tuple(state.killed),
        custody=custody,
        rounds=rounds,
    )
