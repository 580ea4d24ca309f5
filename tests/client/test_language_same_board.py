"""The same seed shows the same board in English and French (polish round 7): `--screenshot
--turn 3 --lang fr` once looked like another game than its English twin. Checked: the game is
the same (events, figures, hulls); what moves is only where each name label and caption goes,
since each is placed by its width, and a French name is longer ("Équipe de tireurs d'élite")."""

from __future__ import annotations

import pytest

from game import i18n
from game.client.catalogue import open_map
from game.client.play import PlayScene, battle_scene_for
from game.save import resolve_map


def _board(language: str) -> tuple[str, list[tuple[str, tuple[float, float]]]]:
    i18n.set_language(language)
    try:
        path, _scenario = resolve_map("turkey-shoot")
        scene = battle_scene_for(open_map(path), 3, 3, autosave=False)
        assert isinstance(scene, PlayScene)
        view = scene.current_view()
        places = [(unit.unit_id, f.position_in) for unit in view.units for f in unit.figures]
        places += [(u.unit_id, u.hull[:2]) for u in view.units if u.hull is not None]
        return scene.session.engine.events_sha256(), places
    finally:
        i18n.set_language("en")


@pytest.mark.usefixtures("app")
def test_the_same_seed_at_turn_3_is_the_same_board_in_both_languages() -> None:
    english, french = _board("en"), _board("fr")
    assert english[0] == french[0]
    assert english[1] == french[1] and len(english[1]) > 20
