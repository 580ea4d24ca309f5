"""The table's art as Tiled shows it (issue 18, part 4): layer order with image layers, offsets,
opacity and tint (through groups), tile objects, rotation; the preview tool draws the same."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest
from client_support import until_checked

from game.battlefield.loader import load_battlefield
from game.client.map_render import MapArt
from game.client.render import BattleRenderer
from game.client.scenes import App
from game.client.tiled_art import parse_tint

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.battlefield.tiled_maps import FIVE_HOT_SPOTS, csv, write_map  # noqa: E402
from tools import preview_map  # noqa: E402

SAND = (150, 140, 110)  # tile 1 of the fixture tileset
ASH = (90, 90, 95)  # tile 2
RED, BLUE = (220, 30, 30), (30, 60, 220)


def picture(folder: Path, name: str, size: tuple[int, int], colour: tuple[int, int, int]) -> str:
    surface = pygame.Surface(size)
    surface.fill(colour)
    pygame.image.save(surface, str(folder / name))
    return name


def one_tile(gid: int, at: int = 0) -> str:
    cells = ["0"] * (16 * 12)
    cells[at] = str(gid)
    return ",".join(cells)


def rgb(surface: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    c = surface.get_at((x, y))
    return (c.r, c.g, c.b)


def near(a: tuple[int, int, int], b: tuple[int, int, int], slack: int = 3) -> bool:
    return all(abs(p - q) <= slack for p, q in zip(a, b, strict=True))


def layered_map(folder: Path) -> Path:
    """Image layer under the ground, one over it; a tinted, offset, half-opaque tile layer in an
    offset group; a tile object turned 90 degrees; a Building turned 90 degrees."""
    under = picture(folder, "under.png", (512, 384), RED)
    over = picture(folder, "over.png", (64, 64), BLUE)
    before = (
        f' <imagelayer id="10" name="under"><image source="{under}" width="512" height="384"/>'
        "</imagelayer>\n"
    )
    after = (
        f' <imagelayer id="11" name="over" offsetx="100" offsety="50">'
        f'<image source="{over}" width="64" height="64"/></imagelayer>\n'
        ' <group id="12" name="roofs" offsetx="32" offsety="0">\n'
        '  <layer id="13" name="tinted" width="16" height="12" offsetx="16" offsety="8" '
        f'opacity="0.5" tintcolor="#ff0000"><data encoding="csv">{one_tile(2, 5 * 16)}</data>'
        "</layer>\n </group>\n"
        ' <objectgroup id="14" name="props">\n'
        '  <object id="60" gid="2" x="64" y="224" width="32" height="32" rotation="90"/>\n'
        " </objectgroup>\n"
    )
    building = (
        '  <object id="20" name="turned" type="Building" x="256" y="64" width="64" height="32" '
        'rotation="90"/>\n'
        '  <object id="21" name="door" type="Door" x="240" y="128"><point/></object>\n'
    )
    # the ground layer is written before the extra layers by write_map: move "under" below it
    path = write_map(folder, terrain=building, markers=FIVE_HOT_SPOTS, after=after)
    text = path.read_text(encoding="utf-8")
    text = text.replace(' <layer id="1" name="ground"', before + ' <layer id="1" name="ground"')
    path.write_text(text, encoding="utf-8")
    return path


def test_parse_tint_reads_both_of_tileds_spellings() -> None:
    assert parse_tint("#ff0000") == (1.0, 0.0, 0.0, 1.0)
    assert parse_tint("#80ffffff") == (1.0, 1.0, 1.0, 128 / 255)
    assert parse_tint(None) == parse_tint("rubbish") == (1.0, 1.0, 1.0, 1.0)


def test_layers_are_drawn_in_tileds_order_with_offsets_opacity_and_tint(
    app: App, tmp_path: Path
) -> None:
    art = MapArt(layered_map(tmp_path), None)
    base = art.base
    # the image layer below the ground is hidden by it (pytmx would put it on top)
    assert rgb(base, 10, 10) == SAND
    # the image layer above the ground sits at its offset
    assert rgb(base, 100 + 5, 50 + 5) == BLUE and rgb(base, 95, 45) == SAND
    # tile (0, 5) of the tinted layer: group offset 32 + layer offset 16 = x 48, y 160 + 8;
    # ash tinted red (90, 0, 0) at half opacity over sand
    tinted = ((90 + 150) // 2, (0 + 140) // 2, (0 + 110) // 2)
    assert near(rgb(base, 48 + 4, 168 + 4), tinted)
    assert rgb(base, 4, 164) == SAND  # where the tile would be without the offsets
    # the tile object stands on (64, 224) and turned 90 degrees clockwise covers 64..96 x 224..256
    assert rgb(base, 80, 240) == ASH
    assert rgb(base, 80, 208) == SAND  # where it stands unturned


def test_the_preview_draws_the_same_art_as_the_game(app: App, tmp_path: Path) -> None:
    path = layered_map(tmp_path)
    game = MapArt(path, None).base
    preview = preview_map.render(path, overlay=False)
    assert preview.get_size() == game.get_size()
    assert pygame.image.tobytes(preview, "RGB") == pygame.image.tobytes(game, "RGB")


def test_a_rotated_building_is_outlined_where_the_game_has_it(app: App, tmp_path: Path) -> None:
    path = layered_map(tmp_path)
    battlefield = load_battlefield(path)
    turned = battlefield.buildings[0]
    # 64 x 32 pixels turned 90 degrees clockwise about (256, 64): x 224..256, y 64..128
    assert set(turned.outline) == {(8.0, 2.0), (8.0, 4.0), (7.0, 4.0), (7.0, 2.0)}
    preview = preview_map.render(path, overlay=True)
    art = MapArt(path, battlefield)
    game = art.surface_at(32.0, BattleRenderer(art, battlefield)._draw_terrain_debug, "terrain")
    on_turned_edge, on_unturned_edge = (240, 64), (300, 96)
    assert preview.get_at(on_turned_edge)[:3] == (255, 170, 40)  # the preview's building line
    assert rgb(game, *on_turned_edge) == art.palette.debug_building
    assert preview.get_at(on_unturned_edge)[:3] != (255, 170, 40)
    assert rgb(game, *on_unturned_edge) != art.palette.debug_building


@pytest.mark.parametrize("hidden", ["layer", "group"])
def test_hidden_layers_and_groups_are_not_drawn(app: App, tmp_path: Path, hidden: str) -> None:
    layer = (
        f'<layer id="13" name="ash" width="16" height="12"{{v}}><data encoding="csv">{csv(2)}'
        "</data></layer>"
    )
    if hidden == "layer":
        extra = " " + layer.format(v=' visible="0"') + "\n"
    else:
        extra = f' <group id="12" name="g" visible="0">{layer.format(v="")}</group>\n'
    art = MapArt(write_map(tmp_path, after=extra), None)
    assert rgb(art.base, 10, 10) == SAND


def test_the_preview_names_a_tile_past_the_end_of_its_tileset(
    app: App, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_map(tmp_path, ground=csv(9))  # the tileset holds tiles 1 and 2
    assert preview_map.main([str(path), str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "uses tile 8 of tileset 'ground.tsx' (tile number 9)" in err[0]


def test_the_example_maps_turned_kiosk_roof_lies_on_the_turned_kiosk(app: App) -> None:
    example = ROOT / "maps" / "market-square.tmx"
    battlefield = load_battlefield(example)
    art = MapArt(example, battlefield)
    kiosk = next(b for b in battlefield.buildings if b.name == "kiosk")
    cx = sum(x for x, _ in kiosk.outline) / 4 * 32
    cy = sum(y for _, y in kiosk.outline) / 4 * 32
    atlas = pygame.image.load(str(ROOT / "assets" / "tiles" / "urban.png"))
    roof = 74 - 1  # roof_ochre_m00, the tile object's gid
    middle = rgb(atlas, (roof % 16) * 32 + 16, (roof // 16) * 32 + 16)
    assert near(rgb(art.base, round(cx), round(cy)), middle, 12)


def test_an_image_layer_repeats_across_the_map_when_asked(app: App, tmp_path: Path) -> None:
    spot = picture(tmp_path, "spot.png", (100, 100), BLUE)
    layer = (
        f' <imagelayer id="10" name="spots" offsetx="30" offsety="0" repeatx="1">'
        f'<image source="{spot}" width="100" height="100"/></imagelayer>\n'
    )
    base = MapArt(write_map(tmp_path, after=layer), None).base
    # copies every 100 pixels along x, starting left of the offset; one row only (no repeaty)
    assert rgb(base, 5, 50) == rgb(base, 35, 50) == rgb(base, 505, 50) == BLUE
    assert rgb(base, 5, 150) == SAND


def test_tile_objects_are_drawn_top_down_unless_the_layer_keeps_file_order(
    app: App, tmp_path: Path
) -> None:
    # two 64 x 64 tiles overlapping at (64..96, 64..96): ash stands lower (y 128) than sand
    objects = (
        '  <object id="60" gid="2" x="32" y="128" width="64" height="64"/>\n'
        '  <object id="61" gid="1" x="64" y="96" width="64" height="64"/>\n'
    )
    for order, on_top in (("topdown", ASH), ("index", SAND)):
        layer = (
            f' <objectgroup id="14" name="props" draworder="{order}">\n{objects} </objectgroup>\n'
        )
        base = MapArt(write_map(tmp_path, after=layer, ground=csv(0)), None).base
        assert rgb(base, 80, 80) == on_top, order


def test_the_set_up_screen_shows_the_route_warning_and_still_starts(
    app: App, tmp_path: Path
) -> None:
    from game.client.setup import SetupScene

    edges = (
        '<property name="entry_edges" propertytype="Edge" value="south"/>'
        '<property name="exit_edges" propertytype="Edge" value="north"/>'
    )
    wall = (
        '  <object id="50" name="wall" type="HighWall" x="0" y="192">\n'
        '   <polyline points="0,0 512,0"/>\n  </object>\n'
    )
    path = write_map(tmp_path, terrain=wall, properties=edges)
    scene = SetupScene(preselect=path, user_folder=Path("/nonexistent"))
    app.push(scene)
    until_checked(app, scene)  # the validator answers from its worker thread
    assert scene.dialog is None
    assert "exit edge north cannot be reached" in scene.message and "(R155)" in scene.message
    scene.choices.mode = "watch"
    assert scene.start() is True


def test_the_preview_of_a_file_that_is_no_map_is_one_line(
    app: App, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_map = ROOT / "tests" / "maps" / "broken" / "not_a_map.tmx"  # a <tileset>: 0 x 0 pixels
    assert preview_map.main([str(not_a_map), str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not a Tiled map" in err[0]
