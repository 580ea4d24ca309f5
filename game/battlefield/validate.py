"""Check maps for authors: `python tools/validate_map.py PATH.tmx [PATH.tmx ...] [--json]`.

Exit status 0 when every map is playable (warnings allowed), 2 when any map has an error. A
playable map prints a short summary and its warnings on stdout; a broken one prints only its
errors, on stderr, one per line, as `error: PATH: problem (object ID "name")`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from game.battlefield.errors import MapProblem
from game.battlefield.loader import MapReport, read_map
from game.battlefield.model import Battlefield

EXIT_OK = 0
EXIT_INVALID = 2


def validate_map(path: str | os.PathLike[str]) -> MapReport:
    """Every problem of one map file, errors and warnings; never raises."""
    return read_map(path)


def summary_counts(battlefield: Battlefield) -> dict[str, int]:
    """How many pieces of each kind a map holds, as the summary prints them."""
    return {
        "buildings": len(battlefield.buildings),
        "walls": len(battlefield.walls),
        "doors": sum(len(b.doors) for b in battlefield.buildings),
        "areas": len(battlefield.areas),
        "hot_spots": len(battlefield.hot_spots),
        "zones": len(battlefield.zones),
        "markers": len(battlefield.markers),
        "units": len(battlefield.units),
    }


def _size(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + '"'


def summary_lines(report: MapReport) -> list[str]:
    """The text the validator prints for one map."""
    if report.battlefield is None:
        return [str(p) for p in report.errors]
    bf = report.battlefield
    counts = summary_counts(bf)
    kind = f"scenario {bf.scenario}" if bf.scenario else "custom map"
    own = Path(report.path).with_suffix(".toml")
    if own.exists():  # docs/SCENARIOS.md: the scenario file beside a map is what it plays
        kind += f", plays its scenario file {own.name}"
    lines = [
        f'ok: {report.path}: "{bf.title}", {_size(bf.width)} x {_size(bf.height)} '
        f"({bf.pixels_per_inch:g} px per inch), {kind}",
        "  " + ", ".join(f"{name.replace('_', ' ')} {n}" for name, n in counts.items()),
    ]
    lines += [str(p) for p in report.warnings]
    return lines


def _problem_json(problem: MapProblem) -> dict[str, object]:
    return {
        "severity": problem.severity,
        "path": problem.path,
        "message": problem.message,
        "object_id": problem.object_id,
        "object_name": problem.object_name,
        "text": str(problem),
    }


def report_json(report: MapReport) -> dict[str, object]:
    bf = report.battlefield
    return {
        "path": report.path,
        "valid": bf is not None,
        "title": bf.title if bf else None,
        "width_inches": bf.width if bf else None,
        "height_inches": bf.height if bf else None,
        "counts": summary_counts(bf) if bf else None,
        "errors": [_problem_json(p) for p in report.errors],
        "warnings": [_problem_json(p) for p in report.warnings],
    }


def main(
    argv: Sequence[str] | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    validate: Callable[[str], MapReport] = validate_map,
) -> int:
    """Validate the maps named on the command line; see the module docstring. `validate` reads
    one map (tools/validate_map.py passes one that checks its scenario file too)."""
    parser = argparse.ArgumentParser(
        prog="validate_map.py",
        description="Check Ambush Alley! maps (.tmx) against the format in maps/README.md.",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH.tmx", help="map files to check")
    parser.add_argument("--json", action="store_true", help="print one JSON report")
    args = parser.parse_args(argv)
    stream = out or sys.stdout
    errors = err or sys.stderr
    reports = [validate(p) for p in args.paths]
    if args.json:
        payload: object = [report_json(r) for r in reports]
        if len(reports) == 1:
            payload = report_json(reports[0])
        stream.write(json.dumps(payload, indent=2) + "\n")
    else:
        for report in reports:
            target = stream if report.battlefield is not None else errors
            for line in summary_lines(report):
                target.write(line + "\n")
            target.flush()
    return EXIT_OK if all(r.battlefield is not None for r in reports) else EXIT_INVALID


def cli(validate: Callable[[str], MapReport] = validate_map) -> int:
    """`main` for a terminal: a closed pipe (`| head`) or Ctrl+C ends quietly, never a traceback."""
    try:
        code = main(validate=validate)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # the reader went away; point stdout at nothing so the interpreter's final flush is quiet
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
