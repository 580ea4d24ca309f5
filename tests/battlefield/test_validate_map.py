"""tools/validate_map.py on the broken-map corpus, a valid map, and the maps the game ships."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.battlefield.validate import main, validate_map

ROOT = Path(__file__).resolve().parents[2]
BROKEN = Path("tests") / "maps" / "broken"
TOOL = ROOT / "tools" / "validate_map.py"
VALID = Path("tests") / "maps" / "loader" / "minimal.tmx"
ERROR_LINE = re.compile(r"^error: .+: .+")

CASES: dict[str, str] = {
    # file in tests/maps/broken -> a phrase its error must contain
    "not_xml.tmx": "is not XML",
    "empty.tmx": "the file is empty",
    "json_map.tmx": "is a JSON file",
    "truncated.tmx": "the XML ends before the map is complete",
    "billion_laughs.tmx": "DTDs and entity declarations are not allowed",
    "not_a_map.tmx": "is not a Tiled map",
    "infinite.tmx": "the map is infinite",
    "isometric.tmx": "only orthogonal maps",
    "template.tmx": "uses a template",
    "ellipse.tmx": "ellipses are not supported",
    "zstd.tmx": "zstd-compressed",
    "damaged_tile_data.tmx": "damaged tile data",
    "xml_tile_layer.tmx": "stores its tiles as XML elements",
    "no_terrain_layer.tmx": "no object layer named 'terrain'",
    "no_markers_layer.tmx": "no object layer named 'markers'",
    "unknown_class.tmx": "unknown class 'Bulding' (did you mean 'Building'?)",
    "no_class.tmx": "object has no class",
    "wrong_layer.tmx": "a HotSpot belongs on the 'markers' layer",
    "duplicate_hot_spot.tmx": "hot spot number 2 is used twice",
    "missing_hot_spot.tmx": "hot spot 5 is missing",
    "hot_spots_too_close.tmx": 'hot spots 1 and 2 are closer than 6" (4" apart)',
    "hot_spot_not_point.tmx": "a HotSpot must be a point",
    "polygon_two_points.tmx": "polygon has fewer than 3 points",
    "polygon_self_intersecting.tmx": "polygon crosses itself",
    "object_outside.tmx": "object lies outside the map",
    "door_off_outline.tmx": "door is not on a building outline",
    "door_bad_building.tmx": "which is a HighWall, not a Building",
    "missing_tsx.tmx": "tileset file 'nowhere.tsx' not found",
    "missing_tileset_image.tmx": "image 'no_such_image.png' not found",
    "tileset_with_dtd.tmx": "DTDs and entity declarations are not allowed",
    "too_big_inches.tmx": 'the table is 128" x 96", larger than 96" x 96"',
    "too_many_tiles.tmx": "at most 4096x4096",
    "reserved_property.tmx": "property 'height' uses a reserved name",
    "class_property.tmx": "is class-typed",
    "bad_int_property.tmx": "property storeys: should be a whole number, not 'two'",
    "custom_map_no_entry.tmx": "needs the map property entry_edges or at least one Regular Unit",
    "bad_edge.tmx": "entry_edges: 'up' is not one of north, east, south, west",
    "bad_side.tmx": "property side: 'taliban' is not one of regular, insurgent",
    "bad_role.tmx": "property role: 'picnic' is not one of deploy, entry, exit, objective",
    "bad_quality.tmx": "property quality: 'd20' is not one of d6, d8, d10, d12",
    "bad_figures.tmx": "unknown kind 'bazooka'",
    "offset_group.tmx": "has an offset that pytmx ignores",
    "duplicate_object_id.tmx": "object id 2 is used twice",
    "polygon_too_many_points.tmx": "polygon has more than 1000 points",
    "unknown_encoding.tmx": "declares a text encoding that cannot be read",
    "damaged_attribute.tmx": 'the nextobjectid="4x0" attribute of a <map> element is not a valid',
}


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def lines(self) -> list[str]:
        return [line for line in (self.stdout + self.stderr).splitlines() if line.strip()]


def _run_all(argument_lists: list[list[str]]) -> list[Run]:
    """Run the validator as a subprocess once per argument list, all at once."""
    processes = [
        subprocess.Popen(
            [sys.executable, str(TOOL), *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args in argument_lists
    ]
    runs = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        runs.append(Run(process.returncode, out, err))
    return runs


@pytest.fixture(scope="module")
def tool_runs() -> dict[str, Run]:
    """The whole corpus through the tool in one subprocess, plus a missing file on its own."""
    corpus = [str(BROKEN / name) for name in CASES]
    whole, missing = _run_all([corpus, [str(BROKEN / "does_not_exist.tmx")]])
    return {"corpus": whole, "missing": missing}


def test_every_corpus_file_has_an_expected_phrase() -> None:
    on_disk = {p.name for p in (ROOT / BROKEN).glob("*.tmx")}
    assert on_disk == set(CASES)


def test_corpus_through_the_tool_gives_only_error_lines(tool_runs: dict[str, Run]) -> None:
    run = tool_runs["corpus"]
    assert run.code == 2
    assert "Traceback" not in run.stdout + run.stderr
    assert run.stdout == ""  # errors go to stderr
    for line in run.lines:
        assert ERROR_LINE.match(line), line
    missing = [name for name, phrase in CASES.items() if not any(phrase in x for x in run.lines)]
    assert missing == []


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_map_is_rejected_with_one_clear_line_per_problem(name: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main([str(BROKEN / name)], out=out, err=err) == 2
    assert out.getvalue() == ""
    lines = err.getvalue().splitlines()
    assert lines, "no output"
    for line in lines:
        assert ERROR_LINE.match(line), line
    assert any(CASES[name] in line for line in lines), lines
    # each line names the map, or for tileset problems the tileset file it comes from
    assert all(name in line or ".tsx:" in line for line in lines), lines


def test_missing_file_is_one_error_line(tool_runs: dict[str, Run]) -> None:
    run = tool_runs["missing"]
    assert run.code == 2
    assert run.stdout == ""  # errors go to stderr
    assert run.lines == [f"error: {(BROKEN / 'does_not_exist.tmx').as_posix()}: file not found"]


def test_valid_map_exits_0_with_summary_numbers() -> None:
    """The tool's `main` in this process (the corpus and the closed pipe run the tool itself)."""
    from game.scenarios.map_check import validate_map_and_scenario

    out, err = io.StringIO(), io.StringIO()
    code = main([str(VALID)], out=out, err=err, validate=validate_map_and_scenario)
    run = Run(code, out.getvalue(), err.getvalue())
    assert run.code == 0, run
    assert run.stderr == ""
    assert run.lines[0] == (
        f'ok: {VALID.as_posix()}: "Loader fixture", 16" x 12" (32 px per inch), custom map'
    )
    assert run.lines[1].strip() == (
        "buildings 2, walls 2, doors 2, areas 4, hot spots 5, zones 1, markers 2, units 1"
    )
    # its one warning: it gives both entry_edges and a Regular Unit (R156)
    assert len(run.lines) == 3 and "(R156)" in run.lines[2]


def test_r49_warnings_do_not_fail_a_map(capsys: pytest.CaptureFixture[str]) -> None:
    scaled = ROOT / "tests" / "maps" / "loader" / "scaled_defaults.tmx"
    assert main([str(scaled)]) == 0
    lines = capsys.readouterr().out.splitlines()
    warnings = [line for line in lines if line.startswith("warning: ")]
    assert len(warnings) == 3
    assert any("hot spot 4 stands in open ground" in w for w in warnings)


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    broken = ROOT / BROKEN / "duplicate_hot_spot.tmx"
    assert main([str(ROOT / VALID), str(broken), "--json"]) == 2
    reports = json.loads(capsys.readouterr().out)
    assert [r["valid"] for r in reports] == [True, False]
    assert reports[0]["counts"]["doors"] == 2
    assert reports[0]["width_inches"] == 16.0
    assert [e["object_id"] for e in reports[1]["errors"]] == [12, None]


def test_building_without_door_is_a_warning_not_an_error(tmp_path: Path) -> None:
    text = (ROOT / VALID).read_text(encoding="utf-8")
    text, removed = re.subn(
        r'  <object id="2" name="shop door".*?</object>\n', "", text, flags=re.S
    )
    assert removed == 1
    for name in ("ground.tsx", "ground.png"):
        (tmp_path / name).write_bytes((ROOT / VALID).with_name(name).read_bytes())
    (tmp_path / "m.tmx").write_text(text, encoding="utf-8")
    report = validate_map(tmp_path / "m.tmx")
    assert report.errors == ()
    assert [(w.object_id, w.message) for w in report.warnings if "(R156)" not in w.message] == [
        (1, "building has no door, so nobody can enter it (R32)")
    ]


SHIPPED = sorted((ROOT / "maps").glob("*.tmx"))


@pytest.mark.skipif(not SHIPPED, reason="no maps/*.tmx shipped yet (the map builder adds them)")
@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_maps_validate_without_errors(path: Path) -> None:
    report = validate_map(path)
    assert report.errors == (), "\n".join(str(e) for e in report.errors)
    assert report.battlefield is not None
    assert len(report.battlefield.hot_spots) in (0, 5)


def test_closed_output_pipe_ends_quietly() -> None:
    """`validate_map.py ... | head` must not end in a traceback when the reader goes away."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # every write of the child now fails with EPIPE
    try:
        result = subprocess.run(
            [sys.executable, str(TOOL), str(VALID)],
            cwd=ROOT,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
