"""Interruptions (Rulebook: Interruptions, Resolving Chains of Interruptions, Reaction
Tests; R22-R24, R37): who may interrupt, the declaration window, the chain resolved nearest
first, and the interrupted Regular's reaction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import (
    activation,
    cards,
    checks,
    contractors,
    fire,
    morale,
    movement,
    overwatch,
    placement,
    samples,
    vehicles,
)
from game.engine import rulesbridge as rb
from game.engine.commands import (
    Command,
    DeclareInterrupts,
    IllegalCommand,
    MoveUnit,
)
from game.engine.decisions import InterruptMoveContext, InterruptsContext, ReactContext
from game.engine.procedure import (
    STEP,
    Activation,
    Flow,
)
from game.engine.protocol import DecisionKind, MoveRate
from game.engine.protocol import EventKind as E
from game.engine.state import (
    INSURGENT,
    REGULAR,
    UnitState,
)
from game.engine.terrain import distance, path_length, walk
from game.i18n import N_

if TYPE_CHECKING:
    from game.engine.engine import Engine


def may_interrupt(g: Engine, ins: UnitState) -> bool:
    turn = g.state.turn
    return (
        ins.on_table
        and ins.interrupted_turn != turn
        and ins.finished_turn != turn
        and not ins.recovering(turn)
        and bool(ins.effective_figures)
        and not (g.state.cards and _is_car(g, ins))  # a car never interrupts (R308)
    )


def _is_car(g: Engine, unit: UnitState) -> bool:  # --- vehicles entering play (R308) ---
    from game.engine.cross_town import is_car

    return is_car(g, unit)


def interruption_window(
    g: Engine,
    regular: UnitState,
    act: Activation,
    only: list[UnitState] | None = None,
    *,
    pinned: bool = False,
) -> Flow:
    """Insurgents in LOS may declare interruptions (R22). With `only`, just those units, at
    this point; `pinned`: the Regular unit is Pinned and the Insurgents may only fire at it,
    giving up their interruption (Rulebook: Insurgent Interruptions; R104)."""
    pool = (
        only
        if only is not None
        else [i for i in g.state.units_of(INSURGENT) if may_interrupt(g, i) and g.los(i, regular)]
    )
    if not pool:
        return
    eligible = sorted(i.id for i in pool)
    remaining = max(0.0, path_length(act.path) - act.travelled) if act.path else 0.0
    if only is not None:
        remaining = 0.0
    ats = [0.0] if remaining <= 0 else [0.0, round(remaining / 2, 2)]
    modes = ("fire",) if pinned else ("fire", "move")
    options: list[Command] = [DeclareInterrupts(side=INSURGENT, declarations=())]
    for at in ats:
        if len(eligible) > 1:  # with one group this is its own "fire" option below
            options.append(
                DeclareInterrupts(
                    side=INSURGENT, declarations=tuple((i, "fire") for i in eligible), at=at
                )
            )
        for i in eligible:
            for mode in modes:
                if mode == "move" and g.unit(i).joined_turn == g.state.turn:
                    continue  # R80: the leader's joining was its move
                options.append(DeclareInterrupts(side=INSURGENT, declarations=((i, mode),), at=at))

    def accepts(command: Command) -> None:
        if not isinstance(command, DeclareInterrupts):
            raise IllegalCommand("the Insurgents must declare their interruptions (or none)")
        seen: set[str] = set()
        for entry in command.declarations:
            if len(entry) != 2:
                raise IllegalCommand("each interruption names a unit and 'fire' or 'move'")
            uid, mode = entry
            if uid not in eligible:
                raise IllegalCommand(f"{uid} cannot interrupt {regular.name} now (R22)")
            if uid in seen:
                raise IllegalCommand(f"{uid} may interrupt only once per turn (R22)")
            if mode not in modes:
                raise IllegalCommand(
                    f"{regular.name} is Pinned: the Insurgents may only fire at it (R104)"
                    if pinned
                    else "an interruption is by 'fire' or by 'move'"
                )
            if mode == "move" and g.unit(uid).joined_turn == g.state.turn:
                raise IllegalCommand(
                    f"{uid} was joined by a leader this turn and may only fire (R80)"
                )
            seen.add(uid)
        if not 0.0 <= command.at <= remaining + 1e-6:
            raise IllegalCommand(
                f'the interruption point must lie on the move (0-{remaining:.1f}")'
            )

    answer = yield from g.ask(
        INSURGENT,
        DecisionKind.INTERRUPTS,
        (
            f"{regular.name} is Pinned in sight of {', '.join(g.unit(i).name for i in eligible)}"
            ": fire at it, giving up the interruption?"
            if pinned
            else f"{regular.name} is {'moving' if act.path else 'acting'} in sight of "
            f"{', '.join(g.unit(i).name for i in eligible)}: declare interruptions"
        ),
        options,
        accepts,
        context=InterruptsContext(
            regular=regular.id, eligible=eligible, **activation.activity_context(act)
        ),
    )
    assert isinstance(answer, DeclareInterrupts)
    if not answer.declarations:
        return
    if answer.at > 0 and act.path:
        target_len = act.travelled + answer.at
        while act.travelled < target_len - 1e-6 and regular.on_table:
            step_to = min(target_len, act.travelled + STEP)
            placement.place_unit(g, regular, walk(act.path, step_to), exact=False)
            act.moved += step_to - act.travelled
            act.travelled = step_to
            regular.last_moved_turn = g.state.turn
            contractors.contractor_contact(g, regular)
            if contractors.try_exit(g, regular):
                return
    placement.settle(g, regular)
    yield from resolve_chain(g, regular, act, list(answer.declarations), tested=not pinned)
    if regular.on_table and act.action == "move":
        yield from movement.regular_resume(g, regular, act)


def resolve_chain(
    g: Engine,
    regular: UnitState,
    act: Activation,
    declarations: list[tuple[str, str]],
    *,
    tested: bool = True,
) -> Flow:
    """Resolving Chains of Interruptions (R22-R24): tests nearest first, lost ones first.
    `tested=False`: fire at a Pinned unit that is neither moving nor firing, so it makes no
    Reaction Test and cannot react first (R104); Overwatch and friends still may."""
    turn = g.state.turn
    modes = dict(declarations)
    interrupters = sorted(
        (g.state.units[u] for u, _ in declarations),
        key=lambda u: (distance(u.centre, regular.centre), u.id),
    )
    for ins in interrupters:
        ins.interrupted_turn = turn
        g.emit(
            E.INTERRUPT_DECLARED,
            unit=ins.id,
            target=regular.id,
            mode=modes[ins.id],
            unit_name=ins.name,
            target_name=regular.name,
        )
    active: list[UnitState] = []
    for ins in interrupters:
        if ins.has_leader:
            active.append(ins)
            continue
        test = rb.quality_test(ins.quality_die(), g.dice, pinned=ins.pinned_turn == turn)
        g.emit(E.INTERRUPT_CHECK, unit=ins.id, unit_name=ins.name, **test.to_data())
        if test.passed:
            active.append(ins)
    # Overwatch reacts before the interrupted unit's own Reaction Test (Rulebook: Overwatch;
    # R23): a watcher that wins its test fires now, and an interrupter it wipes out forces no
    # test and costs the Regulars nothing (R100). Losers fire after the interrupter acts.
    late: dict[str, list[str]] = {}
    for ins in active:
        first, late[ins.id] = yield from overwatch.overwatch_reactions(g, ins, exclude=regular.id)
        yield from overwatch.reactors_fire(g, first, ins)
    active = [i for i in active if i.on_table and i.effective_figures]
    early: dict[str, list[str]] = {}
    after: dict[str, list[str]] = {}
    for ins in active:
        early[ins.id], after[ins.id] = yield from overwatch.helper_reactions(g, regular, ins)
    results: list[tuple[UnitState, bool]] = []
    for ins in active:
        if not ins.on_table:
            continue
        if not tested:
            results.append((ins, True))
            continue
        stance = stance_of(g, regular, act)
        roll = reaction_test(g, ins, regular, stance)
        g.emit(
            E.REACTION_TEST,
            insurgent=ins.id,
            regular=regular.id,
            insurgent_face=roll.insurgent.face,
            regular_face=roll.regular.face,
            modifier=roll.regular.modifier,
            insurgent_first=roll.insurgent_first,
            **reaction_data(ins, regular, roll, stance, "chain"),
        )
        fog_of_war(g, roll.fog_of_war, regular)
        results.append((ins, roll.insurgent_first))
    lost = [i for i, first in results if first]
    won = [i for i, first in results if not first]
    for ins in lost:
        act.interruptions += 1
        yield from friends_fire(g, early[ins.id], ins)
        yield from insurgent_interruption(g, ins, regular, modes[ins.id])
        yield from overwatch.reactors_fire(g, late[ins.id], ins)
        yield from friends_fire(g, after[ins.id], ins)
        yield from regular_reaction(g, regular, act, ins, won_test=False)
    for ins in won:
        act.interruptions += 1
        yield from friends_fire(g, early[ins.id], ins)
        yield from regular_reaction(g, regular, act, ins, won_test=True)
        yield from insurgent_interruption(g, ins, regular, modes[ins.id])
        yield from overwatch.reactors_fire(g, late[ins.id], ins)
        yield from friends_fire(g, after[ins.id], ins)


def friends_fire(g: Engine, friend_ids: list[str], ins: UnitState) -> Flow:
    """Unactivated friends fire in reaction to `ins` (their activation, R57). A reaction is a
    Regular unit firing, so the Insurgents in its sight that still have their interruption may
    interrupt it, as at an activation (Rulebook: Insurgent Interruptions of Regular's
    Movement/Fire; R103); its fire then loses a die per interruption (R37)."""
    for fid in friend_ids:
        friend = g.state.units[fid]
        if not (friend.on_table and ins.on_table):
            continue
        react = Activation(fid, fired=True, action="fire", targets=[ins.id])
        yield from interruption_window(g, friend, react)
        if not (friend.on_table and ins.on_table):
            continue
        try:
            checks.check_fire(g, friend, ins, react.own_fire_penalty)
        except IllegalCommand as why:
            g.emit(
                E.FIRE_CANCELLED,
                cause="cannot_react",
                unit=friend.id,
                unit_name=friend.name,
                target=ins.id,
                reason=str(why),
            )
            continue
        yield from fire.fire(g, friend, ins, penalty=react.own_fire_penalty, manner="react")


def fire_on_pinned(g: Engine) -> Flow:
    """Insurgents may give up their interruption to fire at a Pinned Regular unit (Rulebook:
    Insurgent Interruptions; R104): offered, for each Pinned Regular unit in sight of
    Insurgents that may still interrupt and could fire at it, when a Regular activation ends."""
    turn = g.state.turn
    for regular in g.state.units_of(REGULAR):
        if not (regular.on_table and regular.pinned_turn == turn):
            continue
        pool: list[UnitState] = []
        for ins in g.state.units_of(INSURGENT):
            if not (may_interrupt(g, ins) and g.los(ins, regular)):
                continue
            try:
                checks.check_fire(g, ins, regular, 0)
            except IllegalCommand:
                continue
            pool.append(ins)
        if pool:
            act = Activation(regular.id, action="pinned")
            yield from interruption_window(g, regular, act, only=pool, pinned=True)


def reaction_test(g: Engine, ins: UnitState, regular: UnitState, stance: str) -> rb.ReactionRoll:
    """One Reaction Test between an interrupting Insurgent unit and a Regular unit, each
    throwing one die type lower while Pinned this turn (R12, R13, R14)."""
    turn = g.state.turn
    return rb.reaction_test(
        ins.quality_die(),
        regular.quality_die(),
        stance,
        g.dice,
        insurgent_pinned=ins.pinned_turn == turn,
        regular_pinned=regular.pinned_turn == turn,
    )


def reaction_data(
    ins: UnitState, regular: UnitState, roll: rb.ReactionRoll, stance: str, test: str
) -> dict[str, Any]:
    """What a ReactionTest event shows besides its faces: names, dice, the Regular's modifier
    and stance, and which test it was (chain, overwatch or friend)."""
    return {
        "insurgent_name": ins.name,
        "regular_name": regular.name,
        "insurgent_die": roll.insurgent.die.label,
        "regular_die": roll.regular.die.label,
        "regular_modifier": roll.regular.modifier,
        "stance": stance,
        "test": test,
    }


def stance_of(g: Engine, regular: UnitState, act: Activation | None) -> str:
    """R14: +1 Overwatch or stationary or Cautious, −1 Rapid; never stacked. One of
    overwatch, rapid, cautious or stationary (a Reaction Test's stance)."""
    turn = g.state.turn
    if regular.overwatch:
        return "overwatch"
    moving_now = act is not None and act.unit == regular.id and act.rate
    rate = (
        act.rate
        if moving_now and act
        else (regular.move_rate if regular.move_rate_turn == turn else "")
    )
    if rate == MoveRate.RAPID:
        return "rapid"
    if rate == MoveRate.CAUTIOUS:
        return "cautious"
    return "stationary"


def fog_of_war(g: Engine, natural_one: bool, regular: UnitState) -> None:
    if natural_one and g.state.fog_of_war:
        g.emit(E.FOG_OF_WAR, unit=regular.id, unit_name=regular.name, cause="reaction_test")
        cards.draw_fog_of_war(g, "reaction_test", regular)  # --- cards (issue 19), R181


def insurgent_interruption(g: Engine, ins: UnitState, regular: UnitState, mode: str) -> Flow:
    if not ins.on_table or not ins.effective_figures:
        return
    if mode == "fire":
        if not regular.on_table:
            return
        try:
            checks.check_fire(g, ins, regular, 0)
        except IllegalCommand as why:
            g.emit(
                E.FIRE_CANCELLED,
                cause="interruption_fizzles",
                unit=ins.id,
                unit_name=ins.name,
                target=regular.id,
                reason=str(why),
            )
            return
        yield from fire.fire(g, ins, regular, manner="interrupt")
        return
    act = Activation(ins.id)
    options = [
        c
        for c in samples.move_samples(g, ins, act)
        if isinstance(c, MoveUnit) and c.rate != MoveRate.OUT_OF_CONTACT
    ]
    legal: list[Command] = []
    for c in options:
        try:
            checks.check_action(g, ins, c, act)
        except IllegalCommand:
            continue
        legal.append(c)
    if not legal:
        g.emit(E.INTERRUPT_FIZZLES, unit=ins.id, unit_name=ins.name)
        return
    move = yield from g.ask(
        INSURGENT,
        DecisionKind.INTERRUPT_MOVE,
        N_("{unit} interrupts by moving: choose where").format(unit=ins.name),
        legal,
        checks.validator(g, ins, act, moves_only=True),
        context=interrupt_move_context(g, ins, regular),
    )
    assert isinstance(move, MoveUnit)
    yield from movement.insurgent_move(g, ins, act, move)


def interrupt_move_context(g: Engine, ins: UnitState, regular: UnitState) -> InterruptMoveContext:
    """The interrupting mover and the Regular, with what the Regular is doing when it acts."""
    context = InterruptMoveContext(unit=ins.id, regular=regular.id)
    if g.act is not None:
        context.update(activation.activity_context(g.act))
    return context


def _either(words: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 2 else words)


def regular_reaction(
    g: Engine, regular: UnitState, act: Activation, ins: UnitState, *, won_test: bool
) -> Flow:
    """The interrupted unit returns fire (or, having won, finishes its move first) (R24)."""
    turn = g.state.turn
    if not regular.on_table or not ins.on_table or regular.pinned_turn == turn:
        return
    choices: list[Any] = ["none"]
    try:
        checks.check_fire(g, regular, ins, act.penalty)
        choices.append("fire")
    except IllegalCommand:
        pass
    remaining = path_length(act.path) - act.travelled if act.path else 0.0
    # --- vehicles (issue 20): a vehicle drives on by itself, it never steps into cover ---
    driving = vehicles.is_vehicle(g.state, regular)
    if won_test and remaining > 0.25 and act.unit == regular.id and not driving:
        choices.append("move")
    if won_test and act.unit == regular.id and not act.fired and not driving:
        # Interruptions by Fire: having won, it may instead move into cover or out of the
        # interrupter's sight, within what is left of its movement.
        reach = checks.move_allowance(g, regular, act.rate or MoveRate.CAUTIOUS, act)
        if reach > 0.5:
            for spot in morale.cover_spots(g, regular, ins, reach, need_solid=False, limit=3):
                choices.append(["cover", spot[0], spot[1]])
    if choices == ["none"]:
        return
    offered = {c if isinstance(c, str) else c[0] for c in choices}  # say only what is offered
    words = [
        w
        for kind, w in (("fire", "fire"), ("move", "finish the move"), ("cover", "move to cover"))
        if kind in offered
    ]
    choice = yield from g.choose(
        REGULAR,
        DecisionKind.REACT,
        f"{regular.name} may react to {ins.name}: "
        + (_either(words) + " first" if won_test else "return fire"),
        choices,
        context=ReactContext(regular=regular.id, insurgent=ins.id),
    )
    if choice == "fire":
        yield from fire.fire(g, regular, ins, penalty=act.penalty, manner="react")
    elif choice == "move":
        g.emit(
            E.REACT_MOVE,
            unit=regular.id,
            unit_name=regular.name,
            insurgent=ins.id,
            insurgent_name=ins.name,
        )
        yield from movement.continue_move(g, regular, act)
    elif choice == "none":
        g.emit(
            E.NO_REACTION,
            unit=regular.id,
            unit_name=regular.name,
            insurgent=ins.id,
            insurgent_name=ins.name,
        )
    elif isinstance(choice, list) and choice[0] == "cover":
        to = (float(choice[1]), float(choice[2]))
        moved = path_length(g.terrain.path(regular.leader_point, to))
        placement.place_unit(g, regular, to)
        regular.last_moved_turn = turn
        act.moved += moved
        act.path = []
        act.rate = act.rate or MoveRate.CAUTIOUS
        regular.move_rate, regular.move_rate_turn = act.rate, turn
        g.emit(E.TAKE_COVER, unit=regular.id, unit_name=regular.name, distance=moved, to=list(to))
        placement.update_sightings(g)
