"""Support assets in play (Rulebook: UAVs; Special Weapon Teams; Sniper Teams; Medics & Special
Forces Units; the Asset cards; the IED cards; R190-R199).

The side's assets are plain ids in `GameState.assets` (`grant_asset`). A Regular unit calls one
during its activation with the `CallAsset` command: off-board fire and the Hellfire on an
Insurgent unit (the call roll, then an attack resolved like any fire), or an attached asset onto
itself (a medic joins it, a SMAW goes to one of its riflemen, a two-man team is placed beside
it). The rules are `game.rules.support`'s; this module only plays them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.battlefield.model import Point
from game.engine import casualties, fire, morale, placement, vehicle_fire, vehicles
from game.engine import rulesbridge as rb
from game.engine.commands import CallAsset, Command, IllegalCommand
from game.engine.procedure import Activation, Flow
from game.engine.protocol import EventKind as E
from game.engine.state import INSURGENT, REGULAR, FigureState, GameState, UnitState
from game.rules import support as sp
from game.rules.dice import Die
from game.rules.quality import Morale, Quality

if TYPE_CHECKING:
    from game.engine.engine import Engine

ATTACHED = frozenset(
    {
        sp.AssetId.ATTACHED_MEDIC,
        sp.AssetId.SMAW,
        sp.AssetId.ATTACHED_SNIPER_TEAM,
        sp.AssetId.ATTACHED_LMG_TEAM,
        sp.AssetId.ATTACHED_MG_TEAM,
    }
)
"""Assets brought into play on the calling unit itself (R195)."""

TEAM_PREFIX = {
    sp.AssetId.ATTACHED_SNIPER_TEAM: ("SN", "Sniper Team"),
    sp.AssetId.ATTACHED_LMG_TEAM: ("LMG", "LMG Team"),
    sp.AssetId.ATTACHED_MG_TEAM: ("MG", "MG Team"),
}


# == what a side holds ==========================================================================
def held(state: GameState, side: str = REGULAR) -> list[str]:
    """The asset ids `side` holds, in the order they were granted (copies repeat)."""
    return list(state.assets.get(side, []))


def grant_asset(state: GameState, asset_id: str, side: str = REGULAR) -> None:
    """Give `side` an asset (a scenario's `assets`, an Asset card); ValueError if unknown."""
    asset = sp.parse_asset(asset_id)
    state.assets.setdefault(side, []).append(asset.value)


def receive_asset(g: Engine, asset_id: str, side: str = REGULAR, *, source: str = "") -> None:
    """Grant an asset during play and log it (an Asset card drawn; `source` names the card)."""
    grant_asset(g.state, asset_id, side)
    asset = sp.AssetId(asset_id)
    g.emit(
        E.ASSET_GRANTED, asset=asset.value, title=sp.ASSET_TITLES[asset], side=side, source=source
    )


SPENT_HOOKS: list[Callable[[Engine, str, str], None]] = []
"""Called as (engine, asset id, side) whenever one copy of an asset leaves the side's list (lost
or brought into play), so the card that granted it can follow it to the discards."""


def spend(g: Engine, asset_id: str, side: str = REGULAR) -> None:
    g.state.assets[side].remove(asset_id)
    for hook in SPENT_HOOKS:
        hook(g, asset_id, side)


def lose_asset(g: Engine, asset_id: str, cause: str, side: str = REGULAR) -> None:
    """One copy of the asset leaves the game (the card's 6, the Hellfire fired, a card's effect)."""
    if asset_id not in g.state.assets.get(side, []):
        return
    spend(g, asset_id, side)
    title = sp.ASSET_TITLES[sp.AssetId(asset_id)]
    g.emit(E.ASSET_LOST, asset=asset_id, title=title, side=side, cause=cause)


AIR_ASSETS = frozenset({sp.AssetId.AIR_SUPPORT, sp.AssetId.ARMED_PREDATOR, sp.AssetId.UAV})


def ground_air_assets(g: Engine, cause: str, *, uavs: bool) -> list[str]:
    """A card grounds the Regulars' aircraft for the rest of the game (R190): "There's Nothing
    Friendly About it!" takes the air support but not the UAVs (`uavs=False`), "You're
    Grounded!" every air asset, UAVs included. Returns the ids lost."""
    lost = []
    for asset_id in held(g.state):
        asset = sp.AssetId(asset_id)
        if asset in AIR_ASSETS and (uavs or asset not in sp.UAV_ASSETS):
            lose_asset(g, asset_id, cause)
            lost.append(asset_id)
    return lost


def called_this_turn(state: GameState) -> list[str]:
    return state.assets_called if state.assets_called_turn == state.turn else []


def calls_left(state: GameState, asset_id: str, side: str = REGULAR) -> int:
    """Copies of the asset not yet called this turn: each card is called once a turn (R191)."""
    owned = state.assets.get(side, []).count(asset_id)
    return max(0, owned - called_this_turn(state).count(asset_id))


def out_of_contact_allowed(state: GameState) -> bool:
    """Rulebook: UAVs — no Out of Contact Movement while the Regulars have a UAV in play."""
    return sp.out_of_contact_allowed(set(state.assets.get(REGULAR, [])))


# == checking a call ============================================================================
def check_call(g: Engine, unit: UnitState, command: CallAsset, act: Activation) -> None:
    """Raise IllegalCommand unless `unit` may call `command.asset` on `command.target` now."""
    try:
        asset = sp.parse_asset(command.asset)
    except ValueError as why:
        raise IllegalCommand(str(why)) from None
    title = sp.ASSET_TITLES[asset]
    if unit.side != REGULAR:
        raise IllegalCommand("only the Regulars call support assets")
    if calls_left(g.state, asset.value) <= 0:
        if asset.value in held(g.state):
            raise IllegalCommand(f"the {title} has already been called this turn (R191)")
        raise IllegalCommand(f"the Regulars hold no {title}")
    if asset in ATTACHED:
        _check_attached(g, unit, command, asset)
        return
    if asset not in sp.CALLABLE:
        raise IllegalCommand(f"the {title} is in play by itself and is not called (R195)")
    if act.tending or unit.pinned_turn == g.state.turn:
        raise IllegalCommand(f"{unit.name} is busy and cannot call for fire now (R191)")
    if asset in sp.CALLER_STAYS_PUT and (act.moved > 0 or act.action == "move"):
        raise IllegalCommand(f"{unit.name} has moved: calling the {title} needs it still (R191)")
    target = g.state.units.get(command.target)
    if target is None or target.side != INSURGENT or not target.on_table:
        raise IllegalCommand(f"the {title} must be called on an Insurgent unit on the table")
    if not spotted(g, unit, target, asset):
        if asset in sp.CALLER_STAYS_PUT:
            raise IllegalCommand(f"{unit.name} cannot see {target.name} to call the {title} (R191)")
        raise IllegalCommand(f"no Regular unit can see {target.name} (R191)")


def spotted(g: Engine, caller: UnitState, target: UnitState, asset: sp.AssetId) -> bool:
    """Mortars and aircraft fire on what the calling unit sees; the off-board snipers and the
    Predator on what any Regular unit sees (R191)."""
    if asset in sp.CALLER_STAYS_PUT:
        return g.los(caller, target)
    return any(g.los(r, target) for r in g.state.units_of(REGULAR))


def _check_attached(g: Engine, unit: UnitState, command: CallAsset, asset: sp.AssetId) -> None:
    if command.target not in ("", unit.id):
        raise IllegalCommand(f"the {sp.ASSET_TITLES[asset]} joins the unit calling it (R195)")
    if asset is sp.AssetId.ATTACHED_MEDIC and any(f.kind == "medic" for f in unit.figures):
        raise IllegalCommand(f"{unit.name} already has a medic")
    if asset is sp.AssetId.SMAW and smaw_carrier(unit) is None:
        raise IllegalCommand(f"{unit.name} has no rifleman free to carry the SMAW (R194)")


def smaw_carrier(unit: UnitState) -> FigureState | None:
    """The rifleman who takes the SMAW: the first able rifleman without a weapon of his own."""
    return next(
        (f for f in unit.effective_figures if f.kind == "rifle" and not f.weapon),
        None,
    )


def call_options(g: Engine, unit: UnitState, act: Activation) -> list[Command]:
    """The legal calls of the assets the Regulars hold (none when they hold none)."""
    if unit.side != REGULAR or not g.state.assets.get(REGULAR):
        return []
    out: list[Command] = []
    for asset in dict.fromkeys(held(g.state)):
        if sp.AssetId(asset) in ATTACHED:
            targets = [unit.id]
        else:
            targets = [t.id for t in g.state.units_of(INSURGENT)]
        for target in targets:
            command = CallAsset(side=REGULAR, unit=unit.id, asset=asset, target=target)
            try:
                check_call(g, unit, command, act)
            except IllegalCommand:
                continue
            out.append(command)
    return out


# == the odds of a call (the same preview as any fire) ==========================================
def target_defense(g: Engine, target: UnitState) -> rb.Breakdown:
    """The target's Defense against off-board fire: as against any fire (R190)."""
    return fire.defense(g, target)


def target_defense_die(g: Engine, target: UnitState) -> Die:
    """The die the target's Defense rolls: a vehicle's armour die, else its Troop Quality's."""
    if vehicles.is_vehicle(g.state, target):
        return vehicle_fire.defense_die(g, target)
    return target.quality_die()


def call_odds(g: Engine, asset_id: str, target: UnitState) -> sp.CallOdds:
    """Exact odds of calling the asset on `target` now: call roll and attack roll together (at a
    vehicle, penetrating hits after its armour, R344)."""
    df = target_defense(g, target)
    rec = vehicles.record(g.state, target.id) if vehicles.is_vehicle(g.state, target) else None
    return sp.call_odds(
        sp.AssetId(asset_id),
        df.total,
        target_defense_die(g, target),
        vehicle=rec.card if rec is not None else None,
    )


# == resolving a call ===========================================================================
def call_asset(g: Engine, unit: UnitState, act: Activation, command: CallAsset) -> Flow:
    """Play one CallAsset: its call roll, the fire, the asset lost on the card's result."""
    asset = sp.AssetId(command.asset)
    state = g.state
    if state.assets_called_turn != state.turn:
        state.assets_called, state.assets_called_turn = [], state.turn
    state.assets_called.append(asset.value)
    if asset in ATTACHED:
        deploy(g, unit, asset)
        return
    act.called = asset.value  # it spends no action; mortars and aircraft keep it still (R191)
    target = g.unit(command.target)
    face, row = sp.roll_call(asset, g.dice)
    g.emit(
        E.ASSET_CALL,
        asset=asset.value,
        title=sp.ASSET_TITLES[asset],
        unit=unit.id,
        unit_name=unit.name,
        target=target.id,
        target_name=target.name,
        face=face,
        result=row.result.value,
        words=row.words,
    )
    if row.fires and vehicles.is_vehicle(g.state, target):  # --- rules audit round 7 (R344) ---
        yield from at_vehicle(g, unit, target, asset, row)
    elif row.fires:
        yield from asset_attack(
            g, unit, target, sp.asset_firepower(asset, row), asset.value, leaders=row.leaders
        )
    if row.loses_asset:
        cause = "fired" if asset is sp.AssetId.ARMED_PREDATOR else "card_discarded"
        lose_asset(g, asset.value, cause)


def asset_attack(
    g: Engine,
    spotter: UnitState,
    target: UnitState,
    pool: sp.Firepower,
    source: str,
    *,
    leaders: bool = False,
    reaction: bool = True,
    announce: Callable[[rb.AttackRoll, rb.Breakdown, int], None] | None = None,
) -> Flow:
    """An attack from off the table (or an IED) on `target`: the card's Firepower against the
    target's usual Defense, Who Got Hit? (a sniper's hits may take a Leader), then the target's
    Morale as after any fire (R190). `spotter` is the unit it is measured from for seeking cover.
    The one attack with no firing unit: the Fog of War cards' attacks (IED Detonated!,
    Incoming!) are made by it too, `announce` logging the roll as their own event (R183)."""
    df = target_defense(g, target)
    fire_die, def_die = pool.die, target.quality_die()
    leaderless_before = not target.has_leader
    roll = rb.attack_roll(fire_die, pool.dice, def_die, df.total, g.dice)
    lost = min(roll.casualties, len(target.effective_figures))
    if announce is not None:
        announce(roll, df, lost)
    else:
        _announce_fire(g, source, target, pool, df, roll, lost)
    if lost:
        failed = roll.defense_failures > len(roll.defense_faces) - roll.defense_failures
        casualties.apply_casualties(g, target, lost, failed, sniper=leaders)
    if not target.on_table or not reaction:
        return
    shaken = lost or (target.side == INSURGENT and leaderless_before)
    if shaken:  # the Morale Check any fire brings (Rulebook: Morale)
        yield from morale.morale(g, target, spotter)


def at_vehicle(
    g: Engine, caller: UnitState, target: UnitState, asset: sp.AssetId, row: sp.CallRow
) -> Flow:
    """Off-board fire at a vehicle (R344): the card's pool as a weapon of the asset's class
    against the vehicle's armour and Defense dice, then a damage check per penetrating hit, as a
    Fog of War card's blast is (`vehicle_fire.blast_at_vehicle`, R356) — not hits on its crew's
    figures. A car of Cross-Town Traffic called on is engaged by the caller (R309)."""
    from game.engine import cross_town

    pool = (row.dice, row.die)
    title = sp.ASSET_TITLES[asset]
    vehicle_fire.blast_at_vehicle(
        g, title, target, pool, sp.ASSET_WEAPON_CLASS[asset], manner="asset"
    )
    if g.state.cards:
        yield from cross_town.after_fire(g, caller, target)


def _announce_fire(
    g: Engine,
    source: str,
    target: UnitState,
    pool: sp.Firepower,
    df: rb.Breakdown,
    roll: rb.AttackRoll,
    lost: int,
) -> None:
    fire_die, def_die = pool.die, target.quality_die()
    g.emit(
        E.ASSET_FIRE,
        source=source,
        target=target.id,
        target_name=target.name,
        firepower_breakdown=rb.breakdown_of(pool.items, 0).to_data(),
        defense_breakdown=df.to_data(),
        firepower=pool.dice,
        firepower_die=fire_die.label,
        defense=df.total,
        defense_die=def_die.label,
        firepower_faces=list(roll.firepower_faces),
        defense_faces=list(roll.defense_faces),
        casualties=lost,
    )


# == attached assets ============================================================================
def deploy(g: Engine, unit: UnitState, asset: sp.AssetId) -> None:
    """Bring an attached asset into play on the calling unit and spend its card (R195)."""
    detail = ""
    if asset is sp.AssetId.ATTACHED_MEDIC:
        medic = FigureState(
            f"{unit.id}.medic", "medic", *unit.leader_point, *_unit_ratings(unit), status="ok"
        )
        unit.figures.append(medic)
        placement.settle(g, unit)
        detail = medic.id
    elif asset is sp.AssetId.SMAW:
        carrier = smaw_carrier(unit)
        assert carrier is not None
        carrier.weapon = sp.SMAW_KIND
        detail = carrier.id
    else:
        detail = place_team(g, unit, asset).id
    spend(g, asset.value)
    g.emit(
        E.ASSET_DEPLOYED,
        asset=asset.value,
        title=sp.ASSET_TITLES[asset],
        unit=unit.id,
        unit_name=unit.name,
        detail=detail,
    )


def _unit_ratings(unit: UnitState) -> tuple[int, int]:
    return int(unit.quality_die()), unit.base_morale()


def best_regular_ratings(state: GameState) -> tuple[Quality, Morale]:
    """The best Troop Quality and Morale among the Regular units on the table."""
    units = state.units_of(REGULAR)
    quality = max((int(u.quality_die()) for u in units), default=8)
    morale_die = max((u.base_morale() for u in units), default=8)
    return Quality(quality), Morale(morale_die)


def place_team(g: Engine, beside: UnitState, asset: sp.AssetId) -> UnitState:
    """A two-man team from an Asset card, its ratings rolled (1-5 the force's best, 6 one step
    better), placed in cohesion with the calling unit; it acts from the next turn (R197)."""
    face = g.dice.roll(Die.D6)
    ratings = sp.attached_team_ratings(face, *best_regular_ratings(g.state))
    prefix, name = TEAM_PREFIX[asset]
    number = 1
    while f"{prefix}{number}" in g.state.units:
        number += 1
    unit_id = f"{prefix}{number}"
    kinds = sp.TEAM_FIGURES[asset]
    spots = _spots_beside(g, beside, len(kinds))
    figures = [
        FigureState(
            f"{unit_id}.{i + 1}",
            kind,
            round(p[0], 3),
            round(p[1], 3),
            int(ratings.quality),
            int(ratings.morale),
        )
        for i, (kind, p) in enumerate(zip(kinds, spots, strict=True))
    ]
    team = UnitState(unit_id, f"{name} {number}", REGULAR, figures)
    team.designation = sp.TEAM_DESIGNATION[asset]
    team.activated_turn = g.state.turn
    g.state.units[unit_id] = team
    g.emit(
        E.ASSET_DEPLOYED,
        asset=asset.value,
        title=sp.ASSET_TITLES[asset],
        unit=team.id,
        unit_name=team.name,
        detail=f"d6={face}: {ratings.quality.label} {ratings.morale.label}",
    )
    return team


def _spots_beside(g: Engine, unit: UnitState, count: int) -> list[Point]:
    """Spots for a new team next to `unit`, clear of every base on the table (R197)."""
    occupied = [f.pos for u in g.state.units.values() if u.on_table for f in u.effective_figures]
    spots = g.terrain.place(unit.leader_point, count, occupied=occupied, nudge=3.0)
    return spots if spots is not None else [unit.leader_point] * count
