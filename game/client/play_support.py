"""The battle screen's support assets (Asset cards; R190-R199; support assets, issue 19).

The Regular player's assets are listed on the unit card; the Support order (button or Q) arms
the next asset the selected unit may call now, then a click picks its target: an Insurgent unit
for off-board fire or the Hellfire, the unit itself for a medic, the SMAW or a team. Hovering a
target shows the exact odds of the call (the card's d6 and the attack roll, from the engine's
own Defense), as any fire's odds are shown. Functions of `PlayScene`, called from its order,
click, drawing and card code.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from game.client import orders
from game.engine import assets, vehicles
from game.engine.commands import CallAsset
from game.engine.engine import Engine
from game.engine.state import REGULAR, UnitState
from game.i18n import _, number, percent, retell
from game.rules import support as sp

if TYPE_CHECKING:
    from game.client.play import PlayScene
    from game.client.session import Seat

MODE = "call"


def title(asset_id: str) -> str:
    """The asset's title in the player's language (found in play: English on a French card)."""
    return retell(sp.ASSET_TITLES[sp.AssetId(asset_id)])


def offered(engine: Engine, unit: UnitState) -> list[str]:
    """The assets `unit` may call now, in the order the side holds them."""
    pending = engine.pending
    if pending is None:
        return []
    found = [c.asset for c in pending.options if isinstance(c, CallAsset) and c.unit == unit.id]
    return list(dict.fromkeys(found))


def asset_lines(engine: Engine) -> list[str]:
    """The unit card's list of the Regulars' assets (HTML), empty when they hold none."""
    held = assets.held(engine.state)
    if not held:
        return []
    called = assets.called_this_turn(engine.state)
    items = []
    for asset_id in dict.fromkeys(held):
        copies = held.count(asset_id)
        name = title(asset_id) + (f" ×{copies}" if copies > 1 else "")
        if sp.AssetId(asset_id) in sp.UAV_ASSETS and asset_id != sp.AssetId.ARMED_PREDATOR:
            name += " " + _("(overhead: no Out of Contact moves)")
        elif asset_id in called and assets.calls_left(engine.state, asset_id) == 0:
            name += " " + _("(called this turn)")
        items.append(html.escape(name))
    return [_("<b>Support assets [Q]:</b> {assets}").format(assets=", ".join(items))]


def support_order(self: PlayScene, seat: Seat, unit: UnitState) -> None:
    """Arm the next asset the unit may call (Q again: the one after), or say why none."""
    engine = self.session.engine
    choices = offered(engine, unit)
    if seat.side != REGULAR or not choices:
        held = ", ".join(title(a) for a in dict.fromkeys(assets.held(engine.state))) or _("none")
        self.say(
            _("{unit} can call no support asset now (held: {held})").format(
                unit=retell(unit.name), held=held
            ),
            True,
        )
        return
    current = self.call_asset
    following = choices.index(current) + 1 if self.mode == MODE and current in choices else 0
    asset_id = choices[following % len(choices)]
    self.call_asset = asset_id
    self.mode = MODE
    self.fire_plan = None
    self.preview_text = ""
    more = " " + _("(Q: next asset)") if len(choices) > 1 else ""
    if sp.AssetId(asset_id) in assets.ATTACHED:
        words = _("Support: the {asset} joins {unit}: click it{more}, Esc cancels")
    else:
        words = _("Support: {asset} — click an Insurgent unit{more}, Esc cancels")
    self.say(words.format(asset=title(asset_id), unit=retell(unit.name), more=more))


def support_click(self: PlayScene, seat: Seat, clicked: str | None) -> None:
    """The click that picks the armed asset's target and calls it."""
    unit = self._ordered_unit(seat)
    if unit is None or not clicked:
        self.say(_("Click the target of the call (Esc cancels)."), True)
        return
    asset_id = self.call_asset
    self.give(CallAsset(side=seat.side, unit=unit.id, asset=asset_id, target=clicked))


def call_preview(engine: Engine, unit: UnitState, asset_id: str, target: UnitState) -> str:
    """One line: the call's exact odds on `target`, or the engine's reason it cannot be made."""
    command = CallAsset(side=unit.side, unit=unit.id, asset=asset_id, target=target.id)
    blocked = orders.check(engine, command)
    if blocked:
        return _("Blocked: {why}").format(why=blocked)
    if sp.AssetId(asset_id) in assets.ATTACHED:
        return _("{asset} joins {unit} (no action spent, R195)").format(
            asset=title(asset_id), unit=retell(unit.name)
        )
    odds = assets.call_odds(engine, asset_id, target)
    figures = len(target.effective_figures)
    expected = float(sum(min(k, figures) * p for k, p in enumerate(odds.exact)))
    defense = assets.target_defense(engine, target)
    die = assets.target_defense_die(engine, target)
    if vehicles.is_vehicle(engine.state, target):  # --- rules audit round 7: its armour (R344) ---
        return _(
            "{asset} on {target}: armour {defense} · no fire {no_fire} · at least 1 "
            "penetrating hit {one} · expected {expected} hits · card lost {lost}"
        ).format(
            asset=title(asset_id),
            target=target.name,
            defense=f"{defense.total}{die.label}",
            no_fire=percent(float(odds.no_fire)),
            one=percent(float(odds.at_least(1))),
            expected=number(odds.expected, 2),
            lost=percent(float(odds.lost)),
        )
    return _(
        "{asset} on {target}: Defense {defense} · no fire {no_fire} · at least 1 casualty "
        "{one} · expected {expected} · card lost {lost}"
    ).format(
        asset=title(asset_id),
        target=target.name,
        defense=f"{defense.total}{die.label}",
        no_fire=percent(float(odds.no_fire)),
        one=percent(float(odds.at_least(1))),
        expected=number(expected, 2),
        lost=percent(float(odds.lost)),
    )


def update_preview(self: PlayScene) -> None:
    """While an asset is armed: the odds of calling it on the unit under the mouse."""
    unit = self._selected_own()
    engine = self.session.engine
    hovered = self.overlays.hovered_unit
    target = engine.state.units.get(hovered) if hovered else None
    asset_id = self.call_asset
    if unit is None or target is None or not asset_id:
        self.preview_text = ""
        return
    key = f"{unit.id}|{target.id}|{asset_id}|{len(engine.state.events)}"
    if self._call_key != key:
        self._call_key = key
        self.preview_text = call_preview(engine, unit, asset_id, target)
