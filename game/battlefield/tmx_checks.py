"""Safe checks of a Tiled map's XML before pytmx is allowed to read it.

pytmx trusts its input: a DTD with nested entities expands without bound, a truncated file or a
damaged number raises whatever exception happens to come first, an infinite map or a template
silently loses data. This module reads the bytes with the standard library's expat parser, refuses
any DTD or entity declaration before anything is expanded, and checks the structure pytmx relies
on (map attributes, layer data, tilesets and their images, objects and properties), so that every
problem becomes one sentence a map author understands.

It also records facts pytmx does not keep (which objects are points, ellipses or text, which layer
holds which object, layer offsets) for the loader.
"""

from __future__ import annotations

import base64
import binascii
import math
import os
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

from game.battlefield import limits
from game.battlefield.tmx_xml import (
    _GID_LIMIT,
    _GID_MASK,
    GAME_LAYERS,
    MARKERS_LAYER,
    MAX_FILE_BYTES,
    MAX_POLYGON_POINTS,
    MAX_TILE_PIXELS,
    MAX_TILES_PER_SIDE,
    MAX_TILESET_TILES,
    PROPERTY_TYPES,
    TERRAIN_LAYER,
    ObjectFacts,
    ProblemList,
    TileIds,
    TmxFacts,
    XmlRejected,
    _float_attr,
    _int_attr,
    _reserved_for,
    check_attribute_values,
    parse_xml_safely,
    pytmx,
    read_xml_file,
    reserved_property_names,
)


def _check_properties(
    element: ET.Element,
    kind: str,
    problems: ProblemList,
    object_id: int | None = None,
    object_name: str | None = None,
    where: str = "",
) -> dict[str, tuple[str, str]]:
    """Check one element's custom properties the way pytmx will read them."""
    found: dict[str, tuple[str, str]] = {}
    reserved = _reserved_for(kind, element) if kind else frozenset()
    for holder in element.findall("properties"):
        for prop in holder.findall("property"):
            name = prop.get("name")
            ptype = prop.get("type", "string")
            value = prop.get("value")
            prefix = f"{where}property '{name}'"
            if not name:
                problems.error(f"{where}a custom property has no name", object_id, object_name)
                continue
            if ptype not in PROPERTY_TYPES:
                problems.error(f"{prefix} has an unknown type '{ptype}'", object_id, object_name)
                continue
            if ptype == "class":
                problems.error(
                    f"{prefix} is class-typed; the game reads only string, int, float, bool "
                    "and object properties",
                    object_id,
                    object_name,
                )
                continue
            if name in reserved:
                problems.error(
                    f"{prefix} uses a reserved name (the map reader has a built-in attribute "
                    "of that name); rename it",
                    object_id,
                    object_name,
                )
                continue
            if value is None and ptype != "string":
                problems.error(f"{prefix} has no value", object_id, object_name)
                continue
            raw = value if value is not None else (prop.text or "")
            if ptype in ("int", "object"):
                try:
                    int(raw)
                except ValueError:
                    problems.error(
                        f"{prefix} should be a whole number, not '{raw}'", object_id, object_name
                    )
                    continue
            elif ptype == "float":
                try:
                    number = float(raw)
                except ValueError:
                    number = math.nan
                if not math.isfinite(number):
                    problems.error(
                        f"{prefix} should be a number, not '{raw}'", object_id, object_name
                    )
                    continue
            elif ptype == "bool" and raw.strip().lower()[:1] not in ("1", "y", "t", "0", "n", "f"):
                problems.error(
                    f"{prefix} should be true or false, not '{raw}'", object_id, object_name
                )
                continue
            found[name] = (ptype, raw)
    return found


def _check_tile_data(layer: ET.Element, name: str, facts: TmxFacts, problems: ProblemList) -> None:
    width, height = facts.width_tiles, facts.height_tiles
    where = f"tile layer '{name}'"
    lw = _int_attr(layer, "width")
    lh = _int_attr(layer, "height")
    if lw != width or lh != height:
        problems.error(f"{where} is {lw}x{lh} tiles but the map is {width}x{height}")
        return
    data = layer.find("data")
    if data is None:
        problems.error(f"{where} has no tile data")
        return
    if data.find("chunk") is not None:
        problems.error(f"{where} is stored in chunks (an infinite map); untick 'Infinite'")
        return
    encoding = data.get("encoding")
    compression = data.get("compression")
    expected = width * height
    if encoding is None:
        problems.error(
            f"{where} stores its tiles as XML elements; use CSV "
            "(Map > Map Properties > Tile Layer Format)"
        )
        return
    text = (data.text or "").strip()
    gids: list[int] = []
    if encoding == "csv":
        if compression:
            problems.error(f"{where} uses compression '{compression}' with CSV; use plain CSV")
            return
        try:
            gids = [int(part) for part in text.split(",")] if text else []
        except ValueError:
            problems.error(f"{where} has damaged tile data (a CSV value is not a number)")
            return
    elif encoding == "base64":
        if compression == "zstd":
            problems.error(
                f"{where} is zstd-compressed, which the game cannot read; "
                "use CSV (Map > Map Properties > Tile Layer Format)"
            )
            return
        if compression not in (None, "zlib", "gzip"):
            problems.error(f"{where} uses an unknown compression '{compression}'; use CSV")
            return
        try:
            raw = base64.b64decode(text)
            if compression is not None:
                wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
                inflater = zlib.decompressobj(wbits)
                raw = inflater.decompress(raw, expected * 4 + 1)
                if not inflater.eof:
                    raise ValueError("incomplete or oversized compressed data")
        except (binascii.Error, zlib.error, ValueError):
            problems.error(f"{where} has damaged tile data (base64/compression does not decode)")
            return
        if len(raw) % 4:
            problems.error(f"{where} has damaged tile data (not a whole number of tiles)")
            return
        gids = list(memoryview(raw).cast("I")) if sys.byteorder == "little" else []
        if sys.byteorder != "little":
            gids = [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]
    else:
        problems.error(f"{where} uses an unknown encoding '{encoding}'; use CSV")
        return
    if len(gids) != expected:
        problems.error(f"{where} has {len(gids)} tiles but the map needs {expected}")
        return
    if any(g < 0 or g >= _GID_LIMIT for g in gids):
        problems.error(f"{where} has damaged tile data (a tile number is out of range)")
        return
    _check_tile_numbers(gids, where, facts, problems)


def _check_tile_numbers(
    gids: list[int], where: str, facts: TmxFacts, problems: ProblemList
) -> None:
    """The first tile number of a layer that names no tile of its tileset, with its cell."""
    for gid in sorted(set(gids)):
        problem = tile_problem(gid, facts)
        if problem is not None:
            at = gids.index(gid)
            column, row = at % facts.width_tiles, at // facts.width_tiles
            problems.error(f"{where} uses {problem} (first at column {column}, row {row})")
            return


def _check_image(
    image: ET.Element | None,
    base_dir: Path,
    owner: str,
    problems: ProblemList,
    file_label: str | None = None,
    need_size: bool = True,
) -> tuple[int, int] | None:
    if image is None:
        return None
    source = image.get("source")
    if not source:
        problems.error(f"{owner} has an image with no file name", path=file_label)
        return None
    target = base_dir / source
    if not target.is_file():
        problems.error(
            f"{owner} image '{source}' not found (looked for {target.as_posix()})", path=file_label
        )
    elif (problem := limits.image_problem(target)) is not None:
        problems.error(f"{owner} image '{source}' {problem}", path=file_label)
    width = _int_attr(image, "width")
    height = _int_attr(image, "height")
    if need_size and (not width or not height or width <= 0 or height <= 0):
        problems.error(
            f"{owner} image '{source}' has no valid width/height; re-save it in Tiled",
            path=file_label,
        )
        return None
    return (width or 0, height or 0)


def _check_tileset_body(
    node: ET.Element, base_dir: Path, owner: str, problems: ProblemList, file_label: str | None
) -> TileIds | None:
    """Check a tileset's body; the tile ids it holds (None when they cannot be known)."""
    tile_w = _int_attr(node, "tilewidth")
    tile_h = _int_attr(node, "tileheight")
    if (
        not tile_w
        or not tile_h
        or not (0 < tile_w <= MAX_TILE_PIXELS and 0 < tile_h <= MAX_TILE_PIXELS)
    ):
        problems.error(f"{owner} has no valid tilewidth/tileheight", path=file_label)
        return None
    gaps = [_int_attr(node, attr, 0) for attr in ("spacing", "margin")]
    for attr, value in zip(("spacing", "margin"), gaps, strict=True):
        if value is None or value < 0:
            problems.error(f"{owner} has an invalid {attr}", path=file_label)
            return None
    size = _check_image(node.find("image"), base_dir, owner, problems, file_label)
    if size is not None and (size[0] // tile_w) * (size[1] // tile_h) > MAX_TILESET_TILES:
        problems.error(f"{owner} has more than {MAX_TILESET_TILES} tiles", path=file_label)
    ids: TileIds | None = None
    if size is not None:
        spacing, margin = gaps[0] or 0, gaps[1] or 0
        columns = (size[0] - 2 * margin + spacing) // (tile_w + spacing)
        rows = (size[1] - 2 * margin + spacing) // (tile_h + spacing)
        ids = max(0, columns) * max(0, rows)
    elif node.find("image") is None:
        ids = frozenset()  # a collection of images: the tiles listed below, each with its image
    for tile in node.findall("tile"):
        tile_id = _int_attr(tile, "id")
        if tile_id is None:
            problems.error(f"{owner} has a tile with no valid id", path=file_label)
            continue
        if isinstance(ids, frozenset) and tile.find("image") is not None:
            ids = ids | {tile_id}
        _check_image(tile.find("image"), base_dir, owner, problems, file_label, need_size=False)
        for frame in tile.iter("frame"):
            if _int_attr(frame, "tileid") is None or _int_attr(frame, "duration") is None:
                problems.error(f"{owner} has a damaged animation frame", path=file_label)
        _check_properties(tile, "", problems, where=f"{owner} tile: ")
    return ids


def _check_tilesets(
    root: ET.Element, map_dir: Path, facts: TmxFacts, problems: ProblemList
) -> None:
    for tileset in root.findall("tileset"):
        facts.tilesets += 1
        firstgid = _int_attr(tileset, "firstgid")
        source = tileset.get("source")
        label = f"tileset '{source or tileset.get('name', '?')}'"
        if firstgid is None or firstgid < 1:
            problems.error(f"{label} has no valid firstgid")
            continue
        facts.tile_ranges.append((firstgid, None, label))  # replaced once its tiles are known
        if source is None:
            name = tileset.get("name", "?")
            if any(t.find("objectgroup") is not None for t in tileset.findall("tile")):
                problems.warning(
                    f"embedded tileset '{name}' has tile collision shapes, which pytmx mixes "
                    "into the map's objects; export it to a .tsx (Tileset > Export Tileset As)"
                )
            else:
                problems.warning(
                    f"tileset '{name}' is embedded in the map; external .tsx tilesets are "
                    "recommended (Tileset > Export Tileset As)"
                )
            ids = _check_tileset_body(tileset, map_dir, f"tileset '{name}'", problems, None)
            facts.tile_ranges[-1] = (firstgid, ids, label)
            continue
        if not source.lower().endswith(".tsx"):
            problems.error(
                f"{label} is not a .tsx file; save tilesets as .tsx (JSON tilesets are not read)"
            )
            continue
        tsx_path = map_dir / source
        if not tsx_path.is_file():
            problems.error(f"tileset file '{source}' not found (looked for {tsx_path.as_posix()})")
            continue
        tsx_label = tsx_path.as_posix()
        try:
            tsx_root = read_xml_file(tsx_path)
        except XmlRejected as exc:
            problems.error(str(exc), path=tsx_label)
            continue
        if tsx_root.tag != "tileset":
            problems.error(
                f"is not a Tiled tileset (root element <{tsx_root.tag}>)", path=tsx_label
            )
            continue
        check_attribute_values(tsx_root, problems, tsx_label)
        ids = _check_tileset_body(tsx_root, tsx_path.parent, "the tileset", problems, tsx_label)
        facts.tile_ranges[-1] = (firstgid, ids, label)
    facts.tile_ranges.sort(key=lambda entry: entry[0])


def tile_problem(gid: int, facts: TmxFacts) -> str | None:
    """Why a tile number (Tiled's gid, flip flags included) names no tile, or None."""
    number = gid & _GID_MASK
    if number == 0:
        return None
    holder = None
    for entry in facts.tile_ranges:
        if entry[0] <= number:
            holder = entry
    if holder is None:
        return f"tile number {number}, which no tileset of the map holds"
    firstgid, ids, label = holder
    local = number - firstgid
    if (
        ids is None
        or (isinstance(ids, int) and local < ids)
        or (isinstance(ids, frozenset) and local in ids)
    ):
        return None
    has = f"only {ids} tiles" if isinstance(ids, int) else f"no tile {local}"
    return (
        f"tile {local} of {label} (tile number {number}), but that tileset has {has}; "
        "the tileset image may have been cropped or swapped: repaint those tiles in Tiled "
        "or restore the tileset"
    )


def _object_shape(obj: ET.Element) -> str:
    if obj.get("gid") is not None:
        return "tile"
    for child in obj:
        if child.tag != "properties":  # ellipse, point, polygon, polyline, text, or a new kind
            return child.tag
    return "rectangle"


def _check_object(
    obj: ET.Element,
    layer_name: str,
    layer_visible: bool,
    facts: TmxFacts,
    problems: ProblemList,
) -> None:
    obj_id = _int_attr(obj, "id")
    name = obj.get("name", "")
    if obj_id is None or obj_id <= 0:
        problems.error(
            f"an object on layer '{layer_name}' has no valid id; re-save the map in Tiled 1.10",
            None,
            name,
        )
        return
    if obj_id in facts.objects:
        problems.error(f"object id {obj_id} is used twice; re-save the map in Tiled", obj_id, name)
        facts.duplicate_ids.add(obj_id)
        return
    game_layer = layer_name in GAME_LAYERS  # other layers are not read: anything goes there
    if obj.get("template") is not None and game_layer:
        problems.error(
            "object uses a template, which the game cannot read; select it and use "
            "'Detach Template' before saving",
            obj_id,
            name,
        )
    for attr in ("x", "y", "width", "height", "rotation"):
        value = _float_attr(obj, attr)
        if value is None or (attr in ("width", "height") and value < 0):
            problems.error(f"object has an invalid {attr} '{obj.get(attr)}'", obj_id, name)
            return
    gid = _int_attr(obj, "gid", 0)
    if gid is None or not 0 <= gid < _GID_LIMIT:
        problems.error("object has an invalid tile reference (gid)", obj_id, name)
        return
    if (problem := tile_problem(gid, facts)) is not None:
        problems.error(f"tile object shows {problem}", obj_id, name)
        return
    shape = "template" if obj.get("template") is not None else _object_shape(obj)
    if shape == "ellipse" and game_layer:
        problems.error(
            "ellipses are not supported (pytmx reads them as rectangles); draw a polygon instead",
            obj_id,
            name,
        )
    for tag in ("polygon", "polyline"):
        for poly in obj.findall(tag):
            points_text = poly.get("points") or ""
            if len(points_text.split()) > MAX_POLYGON_POINTS:
                problems.error(f"{tag} has more than {MAX_POLYGON_POINTS} points", obj_id, name)
                return  # not read further: checking its shape would take minutes
            try:
                for pair in points_text.split():
                    x_text, y_text = pair.split(",")
                    if not (math.isfinite(float(x_text)) and math.isfinite(float(y_text))):
                        raise ValueError(pair)
            except ValueError:
                problems.error(f"{tag} points are damaged", obj_id, name)
    _check_properties(obj, "object", problems, obj_id, name)
    visible = obj.get("visible", "1") != "0" and layer_visible
    facts.objects[obj_id] = ObjectFacts(obj_id, name, layer_name, shape, visible)


def _walk_layers(
    parent: ET.Element,
    facts: TmxFacts,
    problems: ProblemList,
    offset_group: str | None,
    visible: bool,
    map_dir: Path,
) -> None:
    for layer in parent:
        tag = layer.tag
        if tag not in ("layer", "objectgroup", "imagelayer", "group"):
            continue
        name = layer.get("name", "")
        offset = (_float_attr(layer, "offsetx") or 0.0, _float_attr(layer, "offsety") or 0.0)
        shifted = offset != (0.0, 0.0)
        layer_visible = visible and layer.get("visible", "1") != "0"
        _check_properties(layer, tag, problems, where=f"layer '{name}': ")
        if tag == "group":
            inner = f"group '{name}'" if shifted else offset_group
            _walk_layers(layer, facts, problems, inner, layer_visible, map_dir)
        elif tag == "layer":
            facts.tile_layers += 1
            facts.other_layers.append(name)
            _check_tile_data(layer, name, facts, problems)
        elif tag == "imagelayer":
            facts.other_layers.append(name)
            image = layer.find("image")
            _check_image(image, map_dir, f"image layer '{name}'", problems, need_size=False)
        else:
            facts.object_layers.append(name)
            if name in GAME_LAYERS:
                if shifted:
                    problems.error(
                        f"layer '{name}' has an offset, which pytmx ignores; set its Offset to 0,0"
                    )
                if offset_group is not None:
                    problems.error(
                        f"layer '{name}' is inside {offset_group}, which has an offset that pytmx "
                        "ignores; set the group's Offset to 0,0 or move the layer out of it"
                    )
                if not layer_visible:
                    problems.warning(f"layer '{name}' is hidden in Tiled but the game reads it")
            for obj in layer.findall("object"):
                _check_object(obj, name, layer_visible, facts, problems)


def check_tmx(path: Path, problems: ProblemList) -> TmxFacts | None:
    """Check a .tmx file (and its tilesets) safely; None when pytmx must not see it."""
    try:
        root = read_xml_file(path)
    except XmlRejected as exc:
        problems.error(str(exc))
        return None
    if root.tag != "map":
        problems.error(f"is not a Tiled map (the root element is <{root.tag}>, not <map>)")
        return None
    facts = TmxFacts()
    check_attribute_values(root, problems, None)
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        problems.error(f"the map is {orientation}; only orthogonal maps are supported")
    if root.get("infinite", "0") not in ("0", ""):
        problems.error(
            "the map is infinite, which the game cannot read; untick 'Infinite' in Map Properties"
        )
        return None
    sizes = {}
    for attr in ("width", "height", "tilewidth", "tileheight"):
        value = _int_attr(root, attr)
        if value is None or value <= 0:
            problems.error(f"the map's {attr} is missing or not a positive whole number")
            return None
        sizes[attr] = value
    facts.width_tiles, facts.height_tiles = sizes["width"], sizes["height"]
    facts.tile_width, facts.tile_height = sizes["tilewidth"], sizes["tileheight"]
    if facts.width_tiles > MAX_TILES_PER_SIDE or facts.height_tiles > MAX_TILES_PER_SIDE:
        problems.error(
            f"the map is {facts.width_tiles}x{facts.height_tiles} tiles; at most "
            f"{MAX_TILES_PER_SIDE}x{MAX_TILES_PER_SIDE} are allowed"
        )
        return None
    if facts.tile_width > MAX_TILE_PIXELS or facts.tile_height > MAX_TILE_PIXELS:
        problems.error(f"tiles are larger than {MAX_TILE_PIXELS} pixels")
        return None
    layers = sum(1 for _ in root.iter("layer"))
    too_big = limits.map_size_problem(
        facts.width_tiles, facts.height_tiles, facts.tile_width, facts.tile_height, layers
    ) or limits.count_problem(root)
    if too_big is not None:
        problems.error(too_big)
        return None
    facts.map_properties = _check_properties(root, "map", problems, where="map ")
    _check_tilesets(root, path.parent, facts, problems)
    _walk_layers(root, facts, problems, None, True, path.parent)
    return facts


def readable_path(path: str | os.PathLike[str]) -> str:
    """The path as the user typed it, with forward slashes."""
    return Path(path).as_posix()


__all__ = [
    "GAME_LAYERS",
    "MARKERS_LAYER",
    "MAX_FILE_BYTES",
    "MAX_POLYGON_POINTS",
    "MAX_TILESET_TILES",
    "MAX_TILES_PER_SIDE",
    "MAX_TILE_PIXELS",
    "PROPERTY_TYPES",
    "TERRAIN_LAYER",
    "ObjectFacts",
    "ProblemList",
    "TmxFacts",
    "XmlRejected",
    "check_attribute_values",
    "check_tmx",
    "parse_xml_safely",
    "pytmx",
    "read_xml_file",
    "readable_path",
    "reserved_property_names",
]
