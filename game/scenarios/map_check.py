"""A map checked together with the scenario it will play (`tools/validate_map.py`): the map's
own problems, then its scenario file's (beside it, same name), then what the two disagree on —
a start position the map lacks, contractors with no Contractor marker, an exit to score with no
exit edge (docs/SCENARIOS.md).
"""

from __future__ import annotations

import os
from pathlib import Path

from game.battlefield.errors import MapProblem
from game.battlefield.loader import MapReport, read_map
from game.battlefield.model import Battlefield
from game.scenarios.orbat import library
from game.scenarios.scenario_file import ScenarioSpec, read_scenario, scenario_file_for
from game.scenarios.toml_fields import Problems, ScenarioFileError, read_toml


def validate_map_and_scenario(path: str | os.PathLike[str]) -> MapReport:
    """Every problem of a map and of its own scenario file; never raises."""
    report = read_map(path)
    own = scenario_file_for(Path(path))
    if not own.exists():
        return report
    problems = Problems(str(own))
    try:
        spec = read_scenario(read_toml(own, problems), str(own), problems, library())
    except ScenarioFileError as broken:  # the ORBAT library itself: a bug of ours, still a line
        problems.items += broken.problems
        spec = None
    if spec is not None and report.battlefield is not None:
        _cross_check(spec, report.battlefield, problems)
    found = report.problems + tuple(problems.items)
    playable = report.battlefield if not any(p.severity == "error" for p in found) else None
    return MapReport(report.path, playable, found)


def _cross_check(spec: ScenarioSpec, bf: Battlefield, problems: Problems) -> None:
    starts = {
        (str(m.properties.get("side", "regular")), int(m.properties.get("number", 0)))
        for m in bf.markers
        if m.kind == "StartPosition"
    }
    for i, group in enumerate(spec.start):
        if ("insurgent", group.at) not in starts:
            problems.warning(
                f"insurgents.start[{i}].at",
                f"the map has no Insurgent StartPosition {group.at}, so these figures never appear",
                f"add a StartPosition point with number {group.at} and side insurgent",
            )
    for i, unit in enumerate(spec.units):
        if unit.at is not None and ("regular", unit.at) not in starts:
            problems.warning(
                f"regulars.units[{i}].at",
                f"the map has no Regular StartPosition {unit.at}; the unit starts on the "
                "entry side",
                f"add a StartPosition point with number {unit.at} and side regular",
            )
    escorted = ("Contractor", "POI") if "poi_custody" in spec.special_rules else ("Contractor",)
    if (spec.objectives.contractors or "contractors" in spec.special_rules) and not any(
        m.kind in escorted
        for m in bf.markers  # a POI is escorted too (civilians, issue 21)
    ):
        problems.warning(
            "objectives.contractors",
            "the map has no Contractor markers to rescue",
            "add Contractor points on the markers layer",
        )
    has_contractors = any(m.kind == "Contractor" for m in bf.markers)
    if has_contractors and "contractors" not in spec.special_rules:
        problems.warning(
            "special_rules",
            "the map has Contractor markers, but the scenario does not play the contractor "
            "rules: they stand on the table and nobody may escort them",
            'add "contractors" to special_rules, or remove the markers',
        )
    exits = spec.objectives.exit_after_hot_spots or any(
        c.hook == "left_by_exit_edge" for c in spec.victory
    )
    if exits and not bf.exit_edges:
        problems.warning(
            "victory",
            "the scenario scores leaving by an exit edge, but the map has no exit_edges",
            "set the map property exit_edges",
        )
    if not bf.hot_spots and not spec.place_hot_spots and not spec.reinforcement_edges:
        problems.warning(
            "reinforcements.place_hot_spots",
            "the map has no hot spots and the scenario places none: no Insurgent reinforcement "
            "can arrive",
            "set place_hot_spots = true, or add five HotSpot points",
        )
    held = any(c.hook == "objective_held" for c in spec.victory)
    marked = [m for m in bf.markers if m.kind == "Objective"]
    if held and not any(_in_building(m.position, bf) for m in marked):
        problems.warning(
            "victory",
            "objective_held needs a building with an Objective marker inside, and the map has none",
            "put an Objective point inside the building to hold",
        )
    if bf.scenario and bf.scenario != spec.id:
        problems.warning(
            "id",
            f"the map's scenario property says {bf.scenario!r}, but its own scenario file wins",
            "clear the map's scenario property, or make the two agree",
        )


__all__ = ["MapProblem", "validate_map_and_scenario"]


def _in_building(point: tuple[float, float], bf: Battlefield) -> bool:
    from game.battlefield.planar import point_in_polygon

    return any(point_in_polygon(point, b.outline) for b in bf.buildings)
