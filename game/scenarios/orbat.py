"""The ORBAT library (Rulebook: Common ORBATs): teams, forces and the formations a scenario or
the player fields, read from `orbats.toml` beside this module (format described there and in
docs/SCENARIOS.md). Rulings R140-R142.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path

from game import resources
from game.scenarios.toml_fields import Problems, Table, parse_figures, read_toml

LIBRARY = resources.package_file("game.scenarios", "orbats.toml")
REGULAR_KINDS = ("leader", "rifle", "rgl", "saw", "mg", "hmg", "sniper", "medic", "at_rpg")
LEADER_MODES = ("added", "team", "none")
DESIGNATIONS = ("special_weapon_team", "sniper_team")  # support assets (issue 19; R196)
SIMILAR = 0.25
"""A formation is of similar size to another when its figure count is within a quarter of it
(R143)."""


@dataclass(frozen=True)
class Force:
    id: str
    name: str
    noun: str
    quality: tuple[int, int]  # the rulebook's range, lowest and highest die
    morale: int


@dataclass(frozen=True)
class OrbatUnit:
    """One unit of a formation as it is set up: its name, figure kinds and Morale bonus."""

    name: str
    figures: tuple[str, ...]
    morale_bonus: int = 0
    designation: str = ""  # support assets (issue 19): special_weapon_team | sniper_team (R196)


@dataclass(frozen=True)
class Formation:
    id: str
    name: str
    force: Force
    units: tuple[OrbatUnit, ...]

    @property
    def size(self) -> int:
        return sum(len(u.figures) for u in self.units)

    def similar(self, other: Formation) -> bool:
        return abs(self.size - other.size) <= SIMILAR * other.size


@dataclass(frozen=True)
class InsurgentType:
    id: str
    name: str
    quality: int
    morale: int
    leader_quality: int
    leader_morale: int


@dataclass(frozen=True)
class Library:
    forces: dict[str, Force]
    formations: dict[str, Formation]
    insurgent_types: dict[str, InsurgentType]

    def similar_to(self, formation_id: str) -> list[str]:
        """The formations of similar size to one (itself first), for a scenario's `swap`."""
        base = self.formations[formation_id]
        others = [f for f in self.formations.values() if f.id != base.id and f.similar(base)]
        return [base.id, *sorted(f.id for f in others)]


def _units(
    entry: Table,
    teams: dict[str, tuple[str, ...]],
    leader: str,
    designations: dict[str, str] | None = None,
) -> list[OrbatUnit]:
    listed = entry.raw("units", [])
    units: list[OrbatUnit] = []
    for i, pair in enumerate(listed if isinstance(listed, list) else [None]):
        ok = isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)
        if not ok or pair[1] not in teams:
            entry.problems.error(
                f"{entry.key('units')}[{i}]",
                "expected [unit name, team id]",
                f'write e.g. ["Alpha fireteam", "{next(iter(teams), "usmc-fireteam")}"]',
            )
            continue
        units.append(OrbatUnit(pair[0], teams[pair[1]], 0, (designations or {}).get(pair[1], "")))
    if units and leader == "added":
        units[0] = replace(units[0], figures=("leader", *units[0].figures))
    elif units and leader == "team":
        units[0] = replace(units[0], figures=("leader", *units[0].figures[1:]))
    # every leader figure of a Regular formation leads above fireteam level: +1 Morale (R140)
    return [replace(u, morale_bonus=int("leader" in u.figures)) for u in units]


def read_library(path: Path = LIBRARY) -> Library:
    """The library; ScenarioFileError (every problem, one line each) when it is broken."""
    problems = Problems(str(path))
    doc = Table(read_toml(path, problems), "", problems)
    teams: dict[str, tuple[str, ...]] = {}
    designations: dict[str, str] = {}  # support assets (issue 19): designated teams (R196)
    for team_id, data in doc.table("teams").data.items():
        team = Table(data, f"teams.{team_id}", problems)
        kinds = parse_figures(team.raw("figures"), team.key("figures"), REGULAR_KINDS, problems)
        teams[team_id] = tuple(kinds)
        if team.has("designation"):
            designations[team_id] = team.choice("designation", DESIGNATIONS, "")
        team.done()
    forces: dict[str, Force] = {}
    for force_id, data in doc.table("forces").data.items():
        f = Table(data, f"forces.{force_id}", problems)
        low, *rest = f.dice("quality", (8,))
        forces[force_id] = Force(
            force_id,
            f.text("name", force_id, required=True),
            f.text("noun", "soldiers"),
            (low, rest[-1] if rest else low),
            f.die("morale", 8),
        )
        f.done()
    formations: dict[str, Formation] = {}
    for formation_id, data in doc.table("formations").data.items():
        f = Table(data, f"formations.{formation_id}", problems)
        force = forces.get(f.choice("force", forces, next(iter(forces), "")))
        leader = f.choice("leader", LEADER_MODES, "none")
        units = _units(f, teams, leader, designations)
        name = f.text("name", formation_id, required=True)
        if force is not None and units:
            formations[formation_id] = Formation(formation_id, name, force, tuple(units))
        f.done()
    insurgent_types: dict[str, InsurgentType] = {}
    for type_id, data in doc.table("insurgent_types").data.items():
        t = Table(data, f"insurgent_types.{type_id}", problems)
        insurgent_types[type_id] = InsurgentType(
            type_id,
            t.text("name", type_id, required=True),
            t.die("quality", 6),
            t.die("morale", 10),
            t.die("leader_quality", 8),
            t.die("leader_morale", 8),
        )
        t.done()
    doc.done()
    problems.raise_if_any()
    return Library(forces, formations, insurgent_types)


@functools.cache
def library() -> Library:
    """The shipped library, read once."""
    return read_library()
