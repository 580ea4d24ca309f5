"""The unit card's text: who the selected unit is, what it has done, its odds.

Methods of `PlayScene` (game/client/play.py), written as functions of the scene and bound
in its class body.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from game.client import house_orders, night_draw, orders, vehicle_orders
from game.client.battle import figures_summary
from game.client.fire_words import cannot_fire_line
from game.client.words import side_label
from game.engine.protocol import FigureStatus
from game.engine.state import REGULAR, UnitState
from game.engine.terrain import distance
from game.i18n import _, ngettext, number, retell

if TYPE_CHECKING:
    from game.client.play import PlayScene


def card_markup(self: PlayScene) -> str:
    engine = self.session.engine
    unit_id = self.overlays.selected_unit
    unit = engine.state.units.get(unit_id) if unit_id else None
    if unit is None or not unit.on_table:
        return _("<i>No unit selected.</i><br><br>Click one of your fireteams, or press Tab.")
    sprite = self.current_view().unit(unit.id)
    morale = unit.morale_die()
    parts = [
        f"<font size=5><b>{html.escape(retell(unit.name))}</b></font>",
        side_label(unit.side),
        _("Troop Quality <b>{quality}</b> · Morale <b>{morale}</b>").format(
            quality=unit.quality_die().label,
            morale=morale.label if morale is not None else _("broken"),
        ),
    ]
    if sprite is not None:
        hit = sum(1 for f in unit.figures if f.status == FigureStatus.HIT)
        able = len(unit.effective_figures)
        words = ngettext("Figures: {able} able", "Figures: {able} able", able).format(able=able)
        if hit:
            words += ", " + ngettext("{hit} hit", "{hit} hit", hit).format(hit=hit)
        parts.append(words + " — " + html.escape(", ".join(figures_summary(sprite))))
        if sprite.badges:
            from game.client.help import badge_tooltip  # what each status means

            parts += [html.escape(badge_tooltip(b.value)) for b in sprite.badges]
    parts += [_("<b>Now:</b> {what}").format(what=html.escape(self.activation_summary(unit)))]
    if engine.state.night:  # --- night (issue 19) ---
        parts += [night_draw.card_line(unit)]
    parts += [html.escape(line) for line in house_orders.card_lines(engine, unit)]  # issue 21
    parts += [html.escape(line) for line in vehicle_orders.card_lines(engine, unit)]  # issue 20
    parts += [
        _("<b>Defense:</b> {dice}").format(
            dice=html.escape(retell(engine.defense(unit).describe()))
        )
    ]
    foe = self._card_target(unit)
    if foe is not None and unit.effective_figures and self.fire_plan is None:
        # found in play: the card gave Firepower at an enemy it could not fire at (out of
        # sight, a friend in the line of fire): the engine's reason instead
        blocked = orders.fire_blocked(engine, unit, foe)
        if blocked:  # the fire preview's line (game/client/fire_words.py)
            target, firer = retell(foe.name), retell(unit.name)
            parts += [cannot_fire_line(target, retell(blocked), markup=True, firer=firer)]
        else:
            fp = engine.firepower(unit, foe, interruption_penalty=orders.penalty_now(engine, unit))
            label = (
                _("<b>Reaction fire at {target}:</b> {dice}")
                if orders.reacting_to(engine, unit)
                else _("<b>Firepower at {target}:</b> {dice}")
            )
            parts += [
                label.format(
                    target=html.escape(retell(foe.name)), dice=html.escape(retell(fp.describe()))
                )
            ]
    if self.fire_plan is not None and self.show_odds:
        parts += [_("<b>If it fires:</b>"), *(html.escape(x) for x in self.fire_plan.lines)]
    if unit.side == REGULAR:  # support assets (issue 19)
        from game.client.play_support import asset_lines

        parts += asset_lines(engine)
    return "<br>".join(parts)


def activation_summary(self: PlayScene, unit: UnitState) -> str:
    engine = self.session.engine
    act = engine.act
    if act is not None and act.unit == unit.id:
        rate = {"cautious": _("Cautious"), "rapid": _("Rapid")}.get(str(act.rate or ""), "")
        moved = (
            _('moved {inches}" {rate}').format(inches=number(act.moved), rate=rate).strip()
            if act.moved
            else _("not moved")
        )
        fired = _("fired") if act.fired else _("not fired")
        extra = (
            ", " + _("interrupted {n}×").format(n=act.interruptions) if act.interruptions else ""
        )
        return _("Activating now: {moved}, {fired}").format(moved=moved, fired=fired) + extra
    if unit.activated_turn == engine.state.turn and engine.state.turn > 0:
        return _("Already activated this turn")
    if unit.overwatch:
        return _("On Overwatch")
    return _("Not yet activated this turn")


def _card_target(self: PlayScene, unit: UnitState) -> UnitState | None:
    engine = self.session.engine
    hovered = self.overlays.hovered_unit
    interrupter = orders.reacting_to(engine, unit)
    if not hovered and interrupter in engine.state.units:
        return engine.state.units[interrupter]  # the reaction fire's target (R24)
    if hovered:
        other = engine.state.units.get(hovered)
        if other is not None and other.side != unit.side and other.on_table:
            return other
    foes = [f for f in engine.enemies(unit) if f.effective_figures]
    if not foes:
        return None
    seen = [f for f in foes if engine.los(unit, f)]
    pool = seen or foes
    return min(pool, key=lambda f: distance(f.centre, unit.centre))
