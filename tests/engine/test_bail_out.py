"""R340: the survivors of a destroyed vehicle, passengers and crew, are set down beside the wreck,
every base clear of its hull, out of the back first (Rulebook: Effects of Reliability
Breakdowns; R224). They used to stand on the wreck, drawn on top of it."""

from __future__ import annotations

from game.battlefield.planar import BASE_RADIUS
from game.engine import bail_out, vehicles
from game.engine.ambulance import hull_gap
from game.engine.commands import Fire
from tests.tools.test_sandbox_vehicles import fresh


def test_r340_the_survivors_of_a_destroyed_vehicle_stand_beside_the_wreck() -> None:
    engine = fresh("vehicle-damage.json")
    rec = vehicles.record(engine.state, "V")
    assert rec is not None
    rec.damage = {"reliability": 6, "mobility_failures": 0, "armament_failures": 0, "speed_loss": 0}
    vehicles.save(engine.state, "V", rec)
    engine.dice.script = [  # type: ignore[attr-defined]
        6, 5, 4, 1, 5, 2,  # 4d6 against 2d8: two penetrating hits
        1, 5,  # Reliability d6=1, Breakdown Table 5: below d6, destroyed
        5, 5, 5, 5,  # the crew's four checks pass
        9, 9, 9, 2,  # the Recon team's: one fails
        6,  # Who Got Hit?
    ]  # fmt: skip
    engine.apply(Fire("insurgent", unit="G", target="V"))
    wreck = vehicles.record(engine.state, "V")
    assert wreck is not None and wreck.state.destroyed
    card, centre, facing = wreck.card, wreck.centre, wreck.facing

    def gaps(unit_id: str) -> list[float]:
        unit = engine.state.units[unit_id]
        return [hull_gap(f.pos, centre, facing, card.length, card.width) for f in unit.figures]

    recon, crew = engine.state.units["R"], engine.state.units["V"]
    # every standing figure's base is clear of the hull (was: on it), and none is far off
    for unit_id in ("R", "V"):
        standing = [
            g
            for g, f in zip(gaps(unit_id), engine.state.units[unit_id].figures, strict=True)
            if f.effective
        ]
        assert standing and all(BASE_RADIUS <= g < 4.0 for g in standing), (unit_id, standing)
    # the passengers got out first, by the back of the hull (facing east: west of it)
    assert recon.leader_point[0] < centre[0] - card.length / 2
    assert min(gaps("R")) <= min(gaps("V")) + 1e-6  # both just off the hull, R first
    assert crew.on_table and recon.on_table


def test_r340_the_spots_beside_the_hull_start_at_its_back() -> None:
    engine = fresh("vehicle-damage.json")
    rec = vehicles.record(engine.state, "V")
    assert rec is not None
    spots = bail_out.leader_spots(rec)
    assert len(spots) == 8
    card, centre, facing = rec.card, rec.centre, rec.facing
    assert all(
        abs(hull_gap(p, centre, facing, card.length, card.width) - bail_out.OFF) < 1e-9
        for p in spots
    )
    assert spots[0][0] < centre[0] and spots[-1][0] > centre[0]  # the back first, the bow last
    grid = bail_out.hull_grid(rec)
    assert all(hull_gap(p, centre, facing, card.length, card.width) < 1e-9 for p in grid)
