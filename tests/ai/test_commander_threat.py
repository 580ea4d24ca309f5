"""R354: the Commander reads a vehicle's danger as the vehicle's mounted weapon, the Firepower
the engine fires it with (`game/ai/commander_threat.py`, `game.rules.vehicles.
vehicle_weapon_options`), not as its crewmen's rifles (polish, round 6)."""

from __future__ import annotations

from typing import Any

from game.ai.commander import CommanderAI
from game.ai.commander_board import InsurgentBoard
from game.ai.regular_board import Board, expected_casualties
from game.engine.engine import Engine
from game.engine.state import INSURGENT
from game.engine.view import player_view
from game.scenarios.situation import parse_situation, situation_engine

LVTP = {
    "id": "V",
    "side": "regular",
    "name": "LVTP",
    "quality": "trained",
    "morale": "d8",
    "line": [24, 24],
    "figures": ["rifle", "rifle", "rifle", "rifle"],
    "vehicle": {"type": "lvtp", "facing": 0},
}
GUNMEN = {
    "id": "G",
    "side": "insurgent",
    "name": "Gunmen",
    "line": [24, 14],
    "figures": ["leader", "small_arms", "small_arms"],
}


def _engine(units: list[dict[str, Any]], *, night: bool = False) -> Engine:
    data = {"title": "danger", "map": {"width": 48, "height": 48}, "units": units}
    if night:
        data["night"] = True
    return situation_engine(parse_situation(data))


def _board(engine: Engine) -> InsurgentBoard:
    return InsurgentBoard(player_view(engine, INSURGENT), CommanderAI(engine.battlefield).terrain)


def _weighed_dice(board: InsurgentBoard, firer: str, target: str) -> tuple[int, int]:
    """The dice the Commander's board gives `firer` at `target` where it stands, and the dice
    the plain board (its figures as infantry) would give."""
    f, t = board.unit(firer), board.unit(target)
    assert f is not None and t is not None
    spot = board.spot_of(t)
    _, exposed = board.cover(spot)
    at = (f, board.centre_of(f), spot.centre)
    dice = board.firepower(*at, target_exposed=exposed, target_rapid=False)
    as_rifles = Board.firepower(board, *at, target_exposed=exposed, target_rapid=False)
    return dice, as_rifles


def test_r354_an_lvtp_threatens_with_its_heavy_machine_gun_not_four_rifles() -> None:
    engine = _engine([LVTP, GUNMEN])
    lvtp, gunmen = engine.state.units["V"], engine.state.units["G"]
    assert engine.los(lvtp, gunmen)
    fired = engine.firepower(lvtp, gunmen).total  # what the engine would roll (R212, R223)
    board = _board(engine)
    g, v = board.unit("G"), board.unit("V")
    assert g is not None and v is not None
    spot = board.spot_of(g)
    dice, as_rifles = _weighed_dice(board, "V", "G")
    assert dice == fired
    assert as_rifles > dice  # four crewmen's rifles: more dice than the one mounted weapon
    danger = board.threat_by_group(g, spot, stationary=True)["V"]
    defense = board.defense(g, spot, stationary=True)
    assert danger == expected_casualties(
        fired, int(v.quality_die()), defense, int(g.quality_die()), len(spot.figures)
    )


def test_r354_an_lvtp_whose_weapon_is_destroyed_is_no_danger() -> None:
    engine = _engine([LVTP, GUNMEN])
    engine.state.vehicles["V"]["damage"] = {
        "mobility_failures": 0,
        "armament_failures": 2,
        "reliability": 8,
        "speed_loss": 0,
    }
    lvtp, gunmen = engine.state.units["V"], engine.state.units["G"]
    assert engine.firepower(lvtp, gunmen).total == 0  # armament destroyed (Vehicle Breakdown)
    board = _board(engine)
    g = board.unit("G")
    assert g is not None
    assert board.threat_by_group(g, board.spot_of(g), stationary=True).get("V", 0.0) == 0.0


# --- R357 (polish round 7): the Commander's own technicals fire their DShK, not the crew's rifles
TECHNICAL = {
    "id": "T",
    "side": "insurgent",
    "name": "Technical",
    "quality": "d6",
    "morale": "d8",
    "line": [24, 14],
    "figures": ["leader", "small_arms"],
    "vehicle": {"type": "technical", "facing": 90},
}
MARINES = {
    "id": "M",
    "side": "regular",
    "name": "Marines",
    "quality": "trained",
    "morale": "d10",
    "line": [24, 26],
    "figures": ["rifle", "rifle", "rifle", "rifle"],
}


def test_r357_a_technical_is_weighed_with_its_dshk_as_the_engine_fires_it() -> None:
    engine = _engine([TECHNICAL, MARINES])
    technical, marines = engine.state.units["T"], engine.state.units["M"]
    assert engine.los(technical, marines)
    fired = engine.firepower(technical, marines).total
    assert fired == 4  # the DShK: Class 1, 2 dice, +1 Optimum Range, +1 target Exposed
    board = _board(engine)
    t, m = board.unit("T"), board.unit("M")
    assert t is not None and m is not None
    spot = board.spot_of(m)
    dice, as_rifles = _weighed_dice(board, "T", "M")
    assert dice == fired and as_rifles != dice  # the crew's two figures: not what is fired
    # the shot the Commander weighs is the engine's roll's expected casualties
    shot = board.shot(t, board.spot_of(t), m)
    defense = board.defense(m, spot, stationary=True)
    assert shot == expected_casualties(
        fired, int(t.quality_die()), defense, int(m.quality_die()), len(spot.figures)
    )


def test_r357_r346_at_night_a_technical_without_night_vision_is_weighed_a_die_down() -> None:
    """Night Fighting (R346) reaches the Commander's reading of its own technical: its crew has
    no night vision, so the engine fires the DShK a die down, and the Commander weighs that."""
    day = _engine([TECHNICAL, MARINES])
    engine = _engine([TECHNICAL, MARINES], night=True)
    technical, marines = engine.state.units["T"], engine.state.units["M"]
    assert engine.los(technical, marines)
    fired = engine.firepower(technical, marines).total
    assert fired == day.firepower(day.state.units["T"], day.state.units["M"]).total - 1
    dice, _ = _weighed_dice(_board(engine), "T", "M")
    assert dice == fired


def test_r357_a_technical_at_an_lvtp_fires_its_dshk_through_the_armour() -> None:
    from game.ai.commander_threat import vehicle_fire_at_vehicle
    from game.rules.firepower import FireConditions
    from game.rules.vehicle_types import vehicle_type

    lvtp = dict(LVTP, line=[24, 26])
    engine = _engine([TECHNICAL, lvtp])
    technical, target = engine.state.units["T"], engine.state.units["V"]
    fired = engine.firepower(technical, target).total  # Class 1 at Class 1 armour (R217)
    board = _board(engine)
    t = board.unit("T")
    assert t is not None
    fire = vehicle_fire_at_vehicle(board, t, vehicle_type("lvtp"), FireConditions(distance=12.0))
    assert fire is not None and fire.dice == fired
    # with its armament destroyed the technical has nothing to fire at it
    engine.state.vehicles["T"]["damage"] = {
        "mobility_failures": 0,
        "armament_failures": 2,
        "reliability": 6,
        "speed_loss": 0,
    }
    board = _board(engine)
    t = board.unit("T")
    assert t is not None
    assert vehicle_fire_at_vehicle(board, t, vehicle_type("lvtp"), FireConditions()) is None
