"""The one place where the engine's state becomes the battle screen's view model.

A first cut, so that binding the engine later is one call: `view_from_game(engine.state)` (or
`view_from_game(GameState.from_dict(player_view.state))` for a side's PlayerView). Only units on
the table are drawn; figures hit and awaiting First Aid are drawn lying down where they fell;
Dependants (casualties carried, POWs, contractors held) ride with their unit on small bases.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import TYPE_CHECKING

from game.battlefield.model import Side
from game.client.crewless import crewless_sprites
from game.client.viewmodel import (
    Badge,
    BattleView,
    FigureSprite,
    HotSpotSprite,
    MarkerSprite,
    UnitSprite,
    VehicleLook,
    cluster_positions,
)
from game.engine import vehicles
from game.engine.protocol import ContractorStatus, FigureStatus
from game.engine.state import INSURGENT, GameState, UnitState
from game.i18n import N_, _, narr, ngettext, retell

if TYPE_CHECKING:
    from game.engine.terrain import Terrain

Point = tuple[float, float]

PHASE_NAMES = {
    "setup": N_("Set-up"),
    "regular": N_("Regular phase"),
    "insurgent": N_("Insurgent phase"),
    "over": N_("Game over"),
}


def unit_badges(unit: UnitState, turn: int, activating: bool = False) -> tuple[Badge, ...]:
    """The status markers a player would put beside the unit on the table this turn (a unit
    still `activating` has not yet acted: no Activated marker until it finishes)."""
    badges: list[Badge] = []
    if turn > 0 and unit.activated_turn == turn and not activating:
        badges.append(Badge.ACTIVATED)
    if unit.overwatch:
        badges.append(Badge.OVERWATCH)
    if turn > 0 and unit.pinned_turn == turn:
        badges.append(Badge.PINNED)
    if turn > 0 and (unit.shaken_turn == turn or unit.recovering(turn)):
        badges.append(Badge.SHAKEN)
    if turn > 0 and unit.regroup_turn == turn:
        badges.append(Badge.PULL_BACK)
    if unit.dependants:
        badges.append(Badge.DEPENDANTS)
    if any(f.status == FigureStatus.HIT for f in unit.figures):
        badges.append(Badge.FIRST_AID)
    return tuple(badges)


DEPENDANT_REACH_IN = 2.0  # how far from its escort's figures a Dependant's base may be drawn


def _dependant_positions(
    unit: UnitState,
    count: int,
    terrain: Terrain | None = None,
    occupied: list[Point] | None = None,
) -> list[Point]:
    """Where the unit's Dependants stand: with the table's geometry, each on the nearest free
    spot beside one of the unit's figures (clear of every base, in the same building or
    street and reached in a straight line, so never through a wall: the same test that puts
    figures down, R92); without it, on a ring just behind the unit."""
    taken = list(occupied or [])
    spots: list[Point] = []
    if terrain is not None:
        for _spare in range(count):
            spot = next(
                (
                    p
                    for f in unit.figures
                    for p in terrain.free_spots(f.pos, taken, within=DEPENDANT_REACH_IN)
                ),
                None,
            )
            if spot is None:
                break
            spots.append(spot)
            taken.append(spot)
    if len(spots) < count:
        cx, cy = unit.centre
        reach = max((math.dist((f.x, f.y), (cx, cy)) for f in unit.figures), default=0.0) + 0.9
        ring = cluster_positions((cx, cy + reach), count, spacing_in=0.7)
        spots += ring[len(spots) : count]
    return spots


def unit_sprite(
    unit: UnitState,
    turn: int,
    terrain: Terrain | None = None,
    occupied: list[Point] | None = None,
    activating: bool = False,
) -> UnitSprite:
    side = Side.INSURGENT if unit.side == INSURGENT else Side.REGULAR
    figures = [
        FigureSprite(
            position_in=(f.x, f.y),
            side=side,
            kind=f.kind if f.effective else "casualty",
            is_leader=f.kind == "leader" and f.effective,
            has_support_weapon=f.kind in _SUPPORT_KINDS and f.effective,
            is_dependant=not f.effective,
        )
        for f in unit.figures
    ]
    for kind, pos in zip(
        unit.dependants,
        _dependant_positions(unit, len(unit.dependants), terrain, occupied),
        strict=True,
    ):
        person = kind in ("contractor", "poi")  # a rescued man walks with them (issue 22)
        figures.append(
            FigureSprite(
                position_in=pos, side=side, kind=kind, is_dependant=True, is_civilian=person
            )
        )
    morale = unit.morale_die()
    return UnitSprite(
        unit_id=unit.id,
        name=unit.name,
        side=side,
        figures=tuple(figures),
        badges=unit_badges(unit, turn, activating),
        quality=unit.quality_die().label,
        morale=morale.label if morale is not None else "broken",
    )


_SUPPORT_KINDS = frozenset({"rgl", "saw", "mg", "hmg", "rpg", "at_rpg", "l_support"})


def view_from_game(
    state: GameState, score: tuple[int, int] | None = None, terrain: Terrain | None = None
) -> BattleView:
    """The battle screen's view of `state`; `score` is the scenario's (Regular, Insurgent) VP.
    With the game's `terrain`, Dependants are drawn on free spots beside their escort."""
    drawn = [u for u in state.units.values() if u.on_table and u.figures]
    occupied: list[Point] = [f.pos for u in drawn for f in u.figures]
    occupied += [
        (c.x, c.y)
        for c in state.contractors
        if not c.holder and c.status == ContractorStatus.WAITING
    ]
    units = []
    for u in drawn:
        activating = state.activation is not None and state.activation.unit == u.id
        sprite = unit_sprite(u, state.turn, terrain, occupied, activating)
        rec = vehicles.record(state, u.id)  # --- vehicles (issue 20): the hull under the crew ---
        if rec is not None:
            card = rec.card
            hull = (rec.x, rec.y, card.length, card.width, rec.facing, rec.state.destroyed)
            damage = rec.state  # --- vehicle art (issue 20, helper art): kind and damage ---
            look = VehicleLook(rec.type, damage.immobilized, damage.weapons_out, damage.destroyed)
            sprite = dataclasses.replace(sprite, hull=hull, vehicle_look=look)
        occupied += [f.position_in for f in sprite.figures if f.is_dependant]
        units.append(sprite)
    units += crewless_sprites(state, {u.id for u in drawn})  # --- polish round 7 (R355) ---
    hot_spots = tuple(
        HotSpotSprite(h.number, (h.x, h.y)) for h in state.hot_spots.values() if not h.neutralized
    )
    markers = tuple(
        MarkerSprite(
            "poi" if c.kind == "poi" else "contractor",
            _("POI") if c.kind == "poi" else _("Contractor"),
            (c.x, c.y),
        )
        for c in state.contractors
        if not c.holder and c.status == ContractorStatus.WAITING
    )
    # --- civilians (issue 21): each mob still on the table, with its dead counted ---
    markers += tuple(
        MarkerSprite(
            "mob",
            m.id
            + (
                " · " + ngettext("{n} killed", "{n} killed", m.killed).format(n=m.killed)
                if m.killed
                else ""
            ),
            m.pos,
        )
        for m in state.mobs
        if m.on_table
    )
    if terrain is not None:  # --- polish round 5: the map's objectives (Turkey Shoot's "T") ---
        markers += tuple(
            MarkerSprite("objective", retell(str(m.properties.get("label") or m.name)), m.position)
            for m in terrain.battlefield.markers
            if m.kind == "Objective"
        )
    fallen = tuple(
        FigureSprite(
            position_in=(float(x), float(y)),
            side=Side.INSURGENT if side == INSURGENT else Side.REGULAR,
            kind=str(kind),
            is_fallen=True,
        )
        for x, y, side, kind in state.fallen
    )
    turn_text = (
        _("Turn {turn} of {limit}").format(turn=state.turn, limit=state.turn_limit)
        if state.turn > 0
        else _("Before turn 1")
    )
    vp = _("VP —")
    if score is not None:  # what the scenario would award if the game ended this moment
        vp = _("VP if it ended now: Regulars {regular} · Insurgents {insurgent}").format(
            regular=score[0], insurgent=score[1]
        )
    return BattleView(
        title=narr(state.title),  # a data text: the narration catalogue (issue 24)
        turn_text=turn_text,
        phase_text=_(PHASE_NAMES.get(state.phase, state.phase)),
        victory_points=vp,
        units=tuple(units),
        hot_spots=hot_spots,
        markers=markers,
        fallen=fallen,
        night=state.night,  # --- night (issue 19) ---
    )


SETUP_SEED = 1
"""The battle screen shows the scenario's set-up as the engine makes it with this seed, until a
game (with its own seed) is bound to the screen."""


def setup_view(map_path: Path, seed: int = SETUP_SEED) -> tuple[BattleView | None, str]:
    """The engine's set-up of the scenario on `map_path`, as a view, and a note for the log.

    The view is None (and the note says why) when the engine cannot set up this table; the
    screen then falls back to figures placed from the map's own markers."""
    from game.battlefield.errors import MapError
    from game.save import new_game

    try:
        engine = new_game(map_path, None, seed)
        score = engine.scenario.score(engine.state)
    except MapError as exc:
        return None, _("The engine cannot set up this table ({problem}).").format(problem=exc)
    except Exception as exc:  # the viewer must open even when the set-up is broken
        problem = f"{type(exc).__name__}: {exc}"
        return None, _("The engine's set-up failed ({problem}).").format(problem=problem)
    view = view_from_game(engine.state, score=(score[0], score[1]), terrain=engine.terrain)
    title = engine.scenario.title
    return view, _("The set-up of {title} as the engine deals it (seed {seed}).").format(
        title=title, seed=seed
    )
