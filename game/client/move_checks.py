"""What a planned move may still do and where it ends, asked of the engine: the reach outlines
the unit may still use, and a move that takes it off the table by an exit edge.

No pygame here, and no rule of its own: the engine's move check (through `orders.check`), its exit
test (`contractors.exit_edge_at`, `contractors.leave_table`) and the scenario's own scoring answer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.battlefield.model import Point
from game.client import orders
from game.client.words import side_label
from game.engine import contractors
from game.engine.commands import MoveUnit
from game.engine.engine import Engine
from game.engine.procedure import STEP
from game.engine.protocol import MoveRate
from game.engine.state import GameState, UnitState
from game.engine.terrain import path_length, walk
from game.i18n import _, retell
from game.rules.movement import CAUTIOUS, RAPID
from game.rules.wording import counted

PLURALS = {"casualty": "casualties", "pow": "POWs", "rescued": "rescued"}


def reach_outlines(engine: Engine, unit: UnitState) -> tuple[list[Point], list[Point]]:
    """The Cautious and Rapid reach outlines of `unit`, each kept only when the engine would
    accept a move at that rate to a point on it now: the engine's own move check decides (a
    Pinned or regrouping unit, one already moved or activated, or not on the side to act draws
    none; one that fired or escorts Dependants no Rapid one, R21), never a rule of the client's."""
    outlines: list[list[Point]] = []
    for rate, reach in ((MoveRate.CAUTIOUS, CAUTIOUS), (MoveRate.RAPID, RAPID)):
        outline = orders.reach_outline(engine, unit, reach)
        if not any(
            not orders.check(engine, MoveUnit(side=unit.side, unit=unit.id, to=point, rate=rate))
            for point in outline
        ):
            outline = []
        outlines.append(outline)
    return outlines[0], outlines[1]


@dataclass(frozen=True)
class ExitPreview:
    """A planned move that leaves the table: where, who goes, and what it scores."""

    at: Point  # where on the path the leader reaches the edge and the unit leaves
    edge: str
    unit_name: str
    dependants: tuple[tuple[str, int], ...]  # (kind, how many) carried off with it
    regular_vp: int  # victory points it earns (or costs) each side
    insurgent_vp: int
    ends_game: str = ""  # why the game would end with it, or ''

    @property
    def text(self) -> str:
        who = retell(self.unit_name)  # the name in the player's language (found in play)
        if self.dependants:
            carried = ", ".join(counted(n, kind, PLURALS.get(kind)) for kind, n in self.dependants)
            who = _("{unit} and its Dependants ({carried})").format(unit=who, carried=carried)
        leave = (
            _("{who} leave the table by the {edge} edge")
            if self.dependants
            else _("{who} leaves the table by the {edge} edge")
        )
        parts = [leave.format(who=who, edge=_(str(self.edge)))]
        scores = [
            _("{side} {points} VP").format(side=side_label(side), points=f"{points:+d}")
            for side, points in (("regular", self.regular_vp), ("insurgent", self.insurgent_vp))
            if points
        ]
        parts.append(", ".join(scores) if scores else _("scores no victory points"))
        if self.ends_game:
            parts.append(_("the game ends: {why}").format(why=self.ends_game))
        return " · ".join(parts)


def with_exit(label: str, leaving: ExitPreview | None) -> str:
    """A move's preview label, with its exit (who leaves, what it scores) on a line of its own."""
    return label if leaving is None else f"{label} | {leaving.text}"


def exit_preview(engine: Engine, unit: UnitState, path: tuple[Point, ...]) -> ExitPreview | None:
    """Whether walking `path` takes `unit` off the table: the engine tests for an exit after each
    step of a move (`STEP` inches) and at its end, and so does this preview. The score is the
    scenario's own, on a copy of the state where the unit has left."""
    if len(path) < 2 or not engine.state.exit_edges:
        return None
    length = path_length(path)
    travelled = 0.0
    while travelled < length - 1e-6:
        travelled = min(length, travelled + STEP)
        point = walk(path, travelled)
        edge = contractors.exit_edge_at(engine, unit, point)
        if edge:
            return _left(engine, unit, point, edge)
    return None


def _left(engine: Engine, unit: UnitState, point: Point, edge: str) -> ExitPreview:
    state = engine.state
    after = GameState.from_dict(state.to_dict(events=False))
    contractors.leave_table(after, after.units[unit.id])
    scenario = engine.scenario
    before_vp, after_vp = scenario.score(state), scenario.score(after)
    kinds = Counter(unit.dependants)
    return ExitPreview(
        at=point,
        edge=edge,
        unit_name=unit.name,
        dependants=tuple(sorted(kinds.items())),
        regular_vp=after_vp[0] - before_vp[0],
        insurgent_vp=after_vp[1] - before_vp[1],
        ends_game=scenario.finished(after) or "",
    )
