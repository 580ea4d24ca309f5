"""No figure stands on a vehicle (Vehicle Rules; R342), played on the sandbox situation
`docs/sandbox/vehicle-hull-underfoot.json`; walking past a hull stays allowed (R294)."""

from __future__ import annotations

import math
from pathlib import Path

from game.battlefield.hulls import Hull, hull_corners
from game.battlefield.planar import BASE_RADIUS
from game.engine.commands import MoveUnit
from game.engine.engine import Engine
from game.rules.vehicle_types import vehicle_type
from game.sandbox import run_situation
from game.scenarios.situation import read_situation, situation_engine

SITUATION = Path(__file__).resolve().parents[2] / "docs" / "sandbox" / "vehicle-hull-underfoot.json"


def lvtp_hull(engine: Engine) -> Hull:
    raw = engine.state.vehicles["V"]
    card = vehicle_type(raw["type"])
    corners = hull_corners((raw["x"], raw["y"]), raw["facing"], card.length, card.width)
    return Hull("V", corners)


def test_r342_marines_sent_onto_the_lvtp_stop_beside_its_hull() -> None:
    run = run_situation(read_situation(SITUATION), lambda event: None)
    assert run.error == ""
    (end,) = [e["data"] for e in run.events if e["kind"] == "MoveEnd"]
    assert end["unit"] == "M"
    engine = situation_engine(read_situation(SITUATION))
    engine.apply(MoveUnit("regular", unit="M", to=(24.0, 24.0), rate="cautious"))
    hull = lvtp_hull(engine)
    marines = engine.state.units["M"].effective_figures
    assert len(marines) == 3
    for figure in marines:  # every base clear of the hull
        assert hull.distance_to(figure.pos) >= BASE_RADIUS
    leader = engine.state.units["M"].leader_point
    assert math.dist(leader, (24.0, 24.0)) <= 1.5 + 1e-3  # beside the point he was sent to (R92)
    assert leader[1] > 24.65  # on the Marines' side of the hull
    # the crew stays on its own hull (R210)
    assert all(hull.distance_to(f.pos) == 0.0 for f in engine.state.units["V"].figures)


def test_r294_r342_marines_may_walk_past_the_hull_to_its_far_side() -> None:
    engine = situation_engine(read_situation(SITUATION))
    engine.apply(MoveUnit("regular", unit="M", to=(24.0, 21.5), rate="cautious"))
    leader = engine.state.units["M"].leader_point
    assert math.dist(leader, (24.0, 21.5)) < 1e-6  # straight across: no rule forbids it
    hull = lvtp_hull(engine)
    assert all(hull.distance_to(f.pos) >= BASE_RADIUS for f in engine.state.units["M"].figures)


OUT_OF_CONTACT = SITUATION.with_name("out-of-contact-hull-underfoot.json")


def vehicle_hull(engine: Engine, uid: str) -> Hull:
    raw = engine.state.vehicles[uid]
    card = vehicle_type(raw["type"])
    return Hull(uid, hull_corners((raw["x"], raw["y"]), raw["facing"], card.length, card.width))


def test_r353_an_out_of_contact_move_spotted_on_a_hull_sets_the_unit_down_beside_it() -> None:
    run = run_situation(read_situation(OUT_OF_CONTACT), lambda event: None)
    assert run.error == ""
    (move,) = [e["data"] for e in run.events if e["kind"] == "Move"]
    assert move["unit"] == "G" and move["spotted"] and move["rate"] == "out_of_contact"
    engine = situation_engine(read_situation(OUT_OF_CONTACT))
    engine.apply(MoveUnit("insurgent", unit="G", to=(24.0, 30.0), rate="out_of_contact"))
    gunmen = engine.state.units["G"]
    assert gunmen.seen  # spotted where its leader's step landed on the hull: the move ended
    hull = vehicle_hull(engine, "V")
    for figure in gunmen.figures:  # before R353 the leader stood at (24, 24), on the hull
        assert hull.distance_to(figure.pos) >= BASE_RADIUS - 1e-6
    assert math.dist(gunmen.leader_point, (24.0, 24.0)) <= 1.5 + 1e-3  # beside it (R92)
    # the route still crossed the hull (R294): the leader is past it, on the Watchers' side
    assert gunmen.leader_point[1] > 24.0
