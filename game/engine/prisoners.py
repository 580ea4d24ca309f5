"""POWs and custody (Rulebook: POWs; Close Assaults against Units with Dependants & Casualties;
Disposing of Dependants & Casualties; R42, R113, R114): prisoners taken, Dependants changing
hands after a Close Assault, captives freed when their guards are gone.

A unit's `dependants` hold one entry per non-combatant: `pow` (an enemy prisoner), `rescued`
(a friendly POW it freed), `casualty` (a carried Regular casualty) and `contractor`. The tallies
`regular_pows` and `insurgent_pows` count the POWs each side has lost and that are still held
(or were taken off the table), so freeing a captive takes it off its tally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.rules import close_assault as ca
from game.rules.units import DependantKind

if TYPE_CHECKING:
    from game.engine.engine import Engine

POW, RESCUED, CASUALTY, CONTRACTOR = "pow", "rescued", "casualty", "contractor"

KINDS = {
    POW: DependantKind.PRISONER,
    RESCUED: DependantKind.RESCUED,
    CASUALTY: DependantKind.CASUALTY,
    CONTRACTOR: DependantKind.CONTRACTOR,
}
"""The engine's Dependant entries as the rules core's kinds."""
NAMES = {kind: name for name, kind in KINDS.items()}


def pow_tally(side: str) -> str:
    """The tally of the POWs `side` has lost."""
    return "regular_pows" if side == REGULAR else "insurgent_pows"


def other_side(side: str) -> str:
    return INSURGENT if side == REGULAR else REGULAR


def take_prisoners(g: Engine, captor: UnitState, count: int) -> None:
    """`count` enemy figures become POWs escorted by `captor` (Rulebook: POWs)."""
    captor.dependants.extend([POW] * count)
    g.state.count(pow_tally(other_side(captor.side)), count)


def take_custody(g: Engine, winner: UnitState, loser: UnitState, earlier: int) -> None:
    """Rulebook: Close Assaults against Units with Dependants & Casualties — the winner takes
    custody of the loser's Dependants (contractors go by `contractors.release_contractors`) and
    of its `earlier` figures that were casualties before this assault, as prisoners (the rules
    core's `custody`, R113). Prisoners the loser held are the winner's own men: rescued, they no
    longer count as POWs (R114); carried Regular casualties taken by Insurgents are left behind."""
    kinds = [KINDS[d] for d in loser.dependants if d != CONTRACTOR and d in KINDS]
    taken = ca.custody(kinds, earlier)
    loser.dependants = [d for d in loser.dependants if d == CONTRACTOR]
    if not taken:
        return
    for kind in taken:
        winner.dependants.append(NAMES[kind])
    prisoners = taken.count(DependantKind.PRISONER)
    rescued = taken.count(DependantKind.RESCUED)
    casualties = taken.count(DependantKind.CASUALTY)
    for key, amount in (
        (pow_tally(loser.side), prisoners),
        (pow_tally(winner.side), -rescued),
        ("casualties_left_behind", casualties if loser.side == REGULAR else 0),
    ):
        if amount:
            g.state.count(key, amount)
    g.emit(
        E.PRISONERS,
        unit=winner.id,
        unit_name=winner.name,
        count=len(taken),
        prisoners=prisoners,
        rescued=rescued,
        casualties=casualties,
        cause="custody",
    )


def free_captives(g: Engine, unit: UnitState) -> None:
    """Rulebook: POWs (R114) — the POWs a unit escorts are freed when it is wiped out or broken
    by fire or morale (a Close Assault hands them to the winner instead, `take_custody`): they
    go back to their own side, off the table, and no longer count as POWs. Friendly POWs it had
    rescued are left to make their own way back."""
    freed = unit.dependants.count(POW)
    if not freed and RESCUED not in unit.dependants:
        return
    unit.dependants = [d for d in unit.dependants if d not in (POW, RESCUED)]
    if freed:
        g.state.count(pow_tally(other_side(unit.side)), -freed)
        g.emit(E.PRISONERS, unit=unit.id, unit_name=unit.name, count=freed, cause="freed")
