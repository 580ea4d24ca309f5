"""The briefing shown before a game begins: the scenario's brief, both forces, the turn limit,
the victory conditions and what the map preview marks. Pure data (no pygame), read from a game
the engine has just set up (its state and its scenario) — nothing here is a rule.

Where the scenario plays with Fog of War, the Insurgents' set-up is left out of the forces and
the preview: the Regular player would not know it (R172).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from game.engine.engine import Engine
from game.engine.optional_rules import OPTIONAL_RULES  # house clearing (issue 21)
from game.engine.state import INSURGENT, REGULAR, UnitState
from game.i18n import N_, narr, retell
from game.report import objective_lines_of

KIND_NAMES = {
    "leader": N_("Leader"),
    "rifle": N_("Rifle"),
    "small_arms": N_("Rifle"),
    "rgl": N_("Rifle grenade launcher"),
    "saw": N_("SAW"),
    "mg": N_("Machine gun"),
    "hmg": N_("Heavy machine gun"),
    "rpg": N_("RPG"),
    "at_rpg": N_("Anti-tank RPG"),
    "l_support": N_("Light support weapon"),
    "sniper": N_("Sniper"),
    "medic": N_("Medic"),
    "dependant": N_("Dependant"),
    # --- the people a unit carries, on the unit card (polish round 5: "Casualty" was English) ---
    "casualty": N_("Casualty"),
    "contractor": N_("Contractor"),
    "pow": N_("POW"),
    "rescued": N_("Rescued man"),
    "poi": N_("Person of Interest"),
}
"""A figure's kind or arms in words, for the briefing and the unit card (in the language in use
where they are drawn: `figure_words` puts them through `narr`)."""


def figure_words(kinds: Iterable[str]) -> list[str]:
    """`Leader`, `Rifle ×2`, `SAW`: each kind once, counted, in the order first met."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    words = []
    for kind, count in counts.items():
        name = narr(KIND_NAMES[kind]) if kind in KIND_NAMES else kind.replace("_", " ").capitalize()
        words.append(f"{name} ×{count}" if count > 1 else name)
    return words


@dataclass(frozen=True)
class ForceLine:
    side: str
    name: str
    figures: int
    makeup: str  # "Leader, Rifle ×3, SAW"
    quality: str  # "d8"
    morale: str


@dataclass(frozen=True)
class Mark:
    """A thing the map preview shows, in inches: a unit's centre or a hot spot."""

    kind: str  # regular | insurgent | hot_spot | contractor
    x: float
    y: float
    label: str = ""


@dataclass(frozen=True)
class Briefing:
    title: str
    brief: str
    turn_limit: int
    insurgency_level: str
    fog_of_war: bool
    forces: tuple[ForceLine, ...]
    victory: tuple[str, ...]
    objectives: tuple[str, ...]
    marks: tuple[Mark, ...]
    map_path: str
    width: float
    height: float
    hidden_insurgents: bool
    optional_rules: tuple[str, ...] = ()  # house clearing (issue 21): in force, by label (R246)
    # --- night and Scenario 3 (issue 19) ---
    night: bool = False
    arrivals: str = "at hot spots"  # where Insurgent reinforcements come on


def makeup(unit: UnitState) -> str:
    return ", ".join(figure_words(figure.arms for figure in unit.figures))


def force_line(unit: UnitState) -> ForceLine:
    quality = {f.quality for f in unit.figures}
    morale = {f.morale for f in unit.figures}

    def dice(sizes: set[int]) -> str:
        return "/".join(f"d{s}" for s in sorted(sizes, reverse=True))

    return ForceLine(
        unit.side, retell(unit.name), len(unit.figures), makeup(unit), dice(quality), dice(morale)
    )


def victory_lines(engine: Engine) -> tuple[str, ...]:
    """The scenario's victory conditions in words (`Scenario.victory_conditions`, read from its
    scenario file); a scenario that lists none gets its victory point lines as they stand at the
    start (each names what scores and how much)."""
    given = tuple(str(line) for line in engine.scenario.victory_conditions())
    if given:
        return given
    _, _, lines = engine.scenario.score(engine.state)
    return tuple(lines)


def paragraphs(text: str) -> str:
    """A scenario file's brief as the screen shows it: the file's line breaks run on, a blank
    line starts a new paragraph (kept as a blank line)."""
    parts = (" ".join(part.split()) for part in re.split(r"\n\s*\n", text))
    return "\n\n".join(part for part in parts if part)


def briefing_of(engine: Engine) -> Briefing:
    """The briefing of a game as the engine has set it up (before the first command)."""
    state = engine.state
    hidden = bool(state.fog_of_war)
    shown_sides = (REGULAR,) if hidden else (REGULAR, INSURGENT)
    units = [u for u in state.units.values() if u.on_table and u.figures]
    forces = tuple(force_line(u) for side in shown_sides for u in units if u.side == side)
    marks = [Mark(u.side, *u.centre, retell(u.name)) for u in units if u.side in shown_sides]
    marks += [
        Mark("hot_spot", h.x, h.y, str(h.number))
        for h in state.hot_spots.values()
        if not h.neutralized
    ]
    marks += [Mark("contractor", c.x, c.y) for c in state.contractors]
    field = engine.battlefield
    return Briefing(
        # --- French (issue 24): the scenario file's texts in the language in use ---
        title=retell(state.title),
        brief=paragraphs(narr(engine.scenario.brief) if engine.scenario.brief else ""),
        turn_limit=state.turn_limit,
        insurgency_level=str(state.insurgency_level),
        fog_of_war=hidden,
        forces=forces,
        victory=tuple(retell(line) for line in victory_lines(engine)),
        objectives=tuple(retell(line) for line in objective_lines_of(state)),
        marks=tuple(marks),
        map_path=state.map_path,
        width=field.width,
        height=field.height,
        hidden_insurgents=hidden,
        optional_rules=tuple(OPTIONAL_RULES[r] for r in state.optional_rules),  # R246
        night=state.night,
        arrivals=narr(N_("by a table edge"))
        if engine.scenario.reinforcement_edges
        else narr(N_("at hot spots")),
    )
