"""Found in play (polish, round 5): on a French screen the engine's refusals stayed English
("LVTP: the LVTP-7 amphibious APC does not fit past ... buildings or walls are in the way"). The
window now retells them (`game.client.orders.refusal`, templates in
`game/engine/refusal_words.py`); the engine's own text, read by the AIs and tests, stays English.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.client import orders
from game.engine.commands import Drive, IllegalCommand
from game.engine.engine import Engine
from game.save import new_game, resolve_map


@pytest.fixture
def lvtp_game() -> Iterator[tuple[Engine, str, tuple[float, float]]]:
    map_path, scenario_id = resolve_map("turkey-shoot")
    engine = new_game(map_path, scenario_id, 2, turn_limit=3)
    unit = next(u.id for u in engine.state.units.values() if u.name == "LVTP")
    rec = engine.state.vehicles[unit]
    yield engine, unit, (rec["x"], rec["y"])
    i18n.set_language("en")


def test_a_drive_into_a_building_is_refused_in_french(
    lvtp_game: tuple[Engine, str, tuple[float, float]],
) -> None:
    engine, unit, (x, y) = lvtp_game
    into_the_house = Drive(side="regular", unit=unit, path=((x - 6, y - 2),))
    english = orders.check(engine, into_the_house)
    assert english == (
        "LVTP: the LVTP-7 amphibious APC does not fit past (5.5, 21.0): buildings or walls are "
        "in the way"
    )
    i18n.set_language("fr")
    assert orders.check(engine, into_the_house) == (
        "LVTP : le LVTP-7 (TTB amphibie) ne passe pas en (5,5 ; 21,0) : des bâtiments ou des "
        "murs barrent le passage"
    )
    too_far = Drive(side="regular", unit=unit, path=((x, y - 15),))
    assert orders.check(engine, too_far) == 'LVTP : 15,0" dépasse la vitesse de Patrouille de 10"'


def test_a_pinned_units_move_is_refused_in_french(
    lvtp_game: tuple[Engine, str, tuple[float, float]],
) -> None:
    i18n.set_language("fr")
    told = orders.refusal(IllegalCommand("Alpha fireteam is Pinned and may only seek cover"))
    assert told == "Équipe de feu Alpha est Accrochée et ne peut que se mettre à couvert"
    i18n.set_language("en")
    assert orders.refusal(IllegalCommand("Alpha fireteam is Pinned and may only seek cover")) == (
        "Alpha fireteam is Pinned and may only seek cover"
    )
