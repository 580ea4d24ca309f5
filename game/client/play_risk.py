"""The planned move's extras on the play screen: where it leaves the table and the interrupt risk
along it (issue 22). The risk itself is computed in `game.client.risk` (no pygame there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.client.move_checks import exit_preview, with_exit
from game.client.risk import RiskPreview, risk_preview

if TYPE_CHECKING:
    from game.client.play import PlayScene

# the path's steps by how many Insurgent units could interrupt there: none, one, two or more
RISK_COLOURS = ((0, 0, 0), (255, 170, 40), (235, 50, 40))
SIGHT_LINE = (235, 90, 60)


def plan_move_extras(self: PlayScene) -> None:
    """After `self.move_plan` changed: its exit, its risk (when odds are shown) and the label."""
    plan = self.move_plan
    unit = self.session.engine.state.units.get(self.overlays.selected_unit or "")
    if plan is None or unit is None:
        return
    engine = self.session.engine
    self.move_exit = exit_preview(engine, unit, plan.path)
    self.move_risk = None
    text = with_exit(plan.label, self.move_exit)
    if self.show_odds and len(plan.path) >= 2 and not plan.blocked:
        self.move_risk = risk_preview(engine, unit, plan.path, plan.rate)
        text += " | " + self.move_risk.label
    self.preview_text = text


def draw_move_risk(self: PlayScene, surface: pygame.Surface) -> None:
    """Over the planned path: each step seen by one interrupter in amber, by more in red, and a
    thin line from each interrupter to the nearest point of the path it sees."""
    risk: RiskPreview | None = getattr(self, "move_risk", None)
    plan = self.move_plan
    if self.mode != "move" or risk is None or plan is None or len(risk.samples) < 2:
        return
    if risk.samples[0] != plan.path[0] or risk.samples[-1] != plan.path[-1]:
        return  # computed for another plan (a new unit or rate, before the mouse moved)
    points = [self._to_screen(p) for p in risk.samples]
    for i, count in enumerate(risk.segment_watchers()):
        if count:
            colour = RISK_COLOURS[min(count, 2)]
            pygame.draw.line(surface, colour, points[i], points[i + 1], 5)
    units = self.session.engine.state.units
    for threat in risk.threats:
        unit = units.get(threat.unit_id)
        if unit is not None and unit.figures:
            pygame.draw.line(
                surface, SIGHT_LINE, self._to_screen(unit.centre), self._to_screen(threat.at), 1
            )
