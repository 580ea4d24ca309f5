"""How the AIs answer the choices of the cards played since round 2 (R288): Swiss Cheese, Fire!
Fire!, Dragunov!, Dishkuh! and the shots at units running from a fire. Simple rules read from
the player's view and the public map, each logged with its reason:

- Swiss Cheese (`choosing` "cover"): the piece sheltering the most enemy figures (a building
  they stand in, a low wall within 1.5" of them).
- Fire! Fire! ("building", with "none"): the building holding the most enemy figures less its
  own side's; none when no building holds more enemies than friends.
- Dishkuh! ("building", with "open_ground"): the building nearest the Regulars' figures.
- Dragunov! ("unit"): the Regular unit with the most figures standing (the biggest target).
- Shots at units leaving a fire ("interrupt"): every unit that may fires.
"""

from __future__ import annotations

import math
from typing import Any

from game.battlefield.model import Battlefield, Building, Point, WallHeight
from game.battlefield.planar import distance_to_chain, point_in_polygon
from game.engine.commands import Answer, Command
from game.engine.view import PlayerView

WALL_SHELTER = 1.5


def _figures(view: PlayerView, enemy: bool) -> list[Point]:
    out: list[Point] = []
    for unit in view.state["units"].values():
        if (unit["side"] != view.side) != enemy or unit["status"] != "active":
            continue
        out += [(f["x"], f["y"]) for f in unit["figures"] if f["status"] == "ok"]
    return out


def _building(battlefield: Battlefield, key: str) -> Building | None:
    number = int(key.split("_")[1])
    return next((b for b in battlefield.buildings if b.id == number), None)


def _inside(b: Building | None, points: list[Point]) -> int:
    return 0 if b is None else sum(1 for p in points if point_in_polygon(p, b.outline))


def _sheltered(battlefield: Battlefield, key: str, enemies: list[Point]) -> int:
    if key.startswith("building_"):
        return _inside(_building(battlefield, key), enemies)
    index = int(key.split("_")[1])
    walls = battlefield.walls
    if not 0 <= index < len(walls) or walls[index].height is not WallHeight.LOW:
        return 0
    w = walls[index]
    return sum(1 for p in enemies if distance_to_chain(p, w.points, w.closed) <= WALL_SHELTER)


def choose_round_two(
    view: PlayerView, battlefield: Battlefield | None, card: str, title: str, answers: list[Answer]
) -> tuple[Command, str] | None:
    """The answer and its reason for the round-two cards; None for any other card."""
    keys = [str(a.choice) for a in answers]
    if card == "dragunov":
        return _dragunov(view, title, answers)
    if any(isinstance(a.choice, list) for a in answers):  # who shoots at the runners
        pick = max(answers, key=lambda a: len(a.choice) if isinstance(a.choice, list) else -1)
        return pick, f"{title}: every unit that may fires at the runners ({pick.choice})"
    if battlefield is None:
        return None
    enemies, friends = _figures(view, True), _figures(view, False)
    if card.startswith("swiss-cheese"):
        scored = [(_sheltered(battlefield, k, enemies), -i) for i, k in enumerate(keys)]
        best = max(range(len(keys)), key=lambda i: scored[i])
        return answers[best], (
            f"{title}: {keys[best]}, where {scored[best][0]} enemy figures shelter, "
            "is no cover any more"
        )
    if card.startswith("fire-fire"):
        return _fire(battlefield, title, answers, keys, enemies, friends)
    if card == "dishkuh":
        return _dishkuh(view, battlefield, title, answers, keys)
    return None


def _fire(
    battlefield: Battlefield,
    title: str,
    answers: list[Answer],
    keys: list[str],
    enemies: list[Point],
    friends: list[Point],
) -> tuple[Command, str]:
    best, gain = None, 0
    for i, key in enumerate(keys):
        if not key.startswith("building_"):
            continue
        b = _building(battlefield, key)
        value = _inside(b, enemies) - _inside(b, friends)
        if value > gain:
            best, gain = i, value
    if best is None:
        none = next((a for a in answers if a.choice == "none"), answers[0])
        return none, f"{title}: no building in sight holds more enemies than friends: no fire"
    return answers[best], f"{title}: {keys[best]} burns, {gain} more enemies than friends inside"


def _dishkuh(
    view: PlayerView, battlefield: Battlefield, title: str, answers: list[Answer], keys: list[str]
) -> tuple[Command, str]:
    regulars = [
        (f["x"], f["y"])
        for u in view.state["units"].values()
        if u["side"] == "regular" and u["status"] == "active"
        for f in u["figures"]
        if f["status"] == "ok"
    ]
    if not regulars or not any(k.startswith("building_") for k in keys):
        return answers[0], f"{title}: {keys[0]}, the only place far enough from the Regulars"
    cx = sum(p[0] for p in regulars) / len(regulars)
    cy = sum(p[1] for p in regulars) / len(regulars)

    def gap(i: int) -> float:
        b = _building(battlefield, keys[i]) if keys[i].startswith("building_") else None
        if b is None:
            return math.inf
        bx = sum(p[0] for p in b.outline) / len(b.outline)
        by = sum(p[1] for p in b.outline) / len(b.outline)
        return math.dist((bx, by), (cx, cy))

    best = min(range(len(keys)), key=lambda i: (gap(i), i))
    return answers[best], (
        f"{title}: the team sets up in {keys[best]}, the building nearest the Regulars "
        f'({gap(best):.0f}" from their middle) at least 12" from them'
    )


def _dragunov(view: PlayerView, title: str, answers: list[Answer]) -> tuple[Command, str]:
    units: dict[str, Any] = view.state["units"]

    def size(a: Answer) -> tuple[int, str]:
        unit = units.get(str(a.choice), {"figures": []})
        return (-sum(1 for f in unit["figures"] if f["status"] == "ok"), str(a.choice))

    pick = min(answers, key=size)
    name = units.get(str(pick.choice), {}).get("name", str(pick.choice))
    return pick, f"{title}: the sniper stalks {name}, the biggest Regular unit ({-size(pick)[0]})"
