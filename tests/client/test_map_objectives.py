"""The map's objectives are drawn on the table in play (polish round 5; found in play: Turkey
Shoot's briefing sends the snipers to "the tall target building (T)", and no T was on the
table; Midnight at the Alamo's three compound houses were unmarked too)."""

from __future__ import annotations

from game import i18n
from game.client.adapter import view_from_game
from game.save import new_game, resolve_map


def test_turkey_shoots_target_building_is_marked_in_play_in_the_players_language() -> None:
    map_path, scenario_id = resolve_map("turkey-shoot")
    engine = new_game(map_path, scenario_id, 4, turn_limit=3)
    view = view_from_game(engine.state, terrain=engine.terrain)
    objectives = [(m.label, m.position_in) for m in view.markers if m.kind == "objective"]
    assert objectives == [("T: target building", (16.5, 5.5))]
    assert not [m for m in view_from_game(engine.state).markers if m.kind == "objective"]
    try:
        i18n.set_language("fr")
        view = view_from_game(engine.state, terrain=engine.terrain)
        assert [m.label for m in view.markers if m.kind == "objective"] == ["T : bâtiment cible"]
    finally:
        i18n.set_language("en")


def test_the_alamos_three_houses_are_marked() -> None:
    map_path, scenario_id = resolve_map("midnight-at-the-alamo")
    engine = new_game(map_path, scenario_id, 1, turn_limit=2)
    view = view_from_game(engine.state, terrain=engine.terrain)
    assert sorted(m.label for m in view.markers if m.kind == "objective") == [
        "the compound: East house",
        "the compound: Main house",
        "the compound: West house",
    ]


def test_a_cards_choice_of_building_names_it_in_the_players_language() -> None:
    """Found in play: "1. Mosque school (bâtiment 1)" in a French Swiss Cheese dialog."""
    from game.client.orders import describe_answer

    map_path, scenario_id = resolve_map("turkey-shoot")
    engine = new_game(map_path, scenario_id, 4, turn_limit=3)
    school = next(b for b in engine.battlefield.buildings if b.name == "Mosque school")
    choice = f"building_{school.id}"
    assert describe_answer(engine, choice) == f"Mosque school (building {school.id})"
    try:
        i18n.set_language("fr")
        assert describe_answer(engine, choice) == f"École coranique (bâtiment {school.id})"
        assert i18n.retell("the Clinic (building 21)") == "Dispensaire (bâtiment 21)"
    finally:
        i18n.set_language("en")
