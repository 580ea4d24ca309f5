"""Objective captions are drawn where both they and the figures can be read (polish, round 6):
found in play, "the compound: Main house" was printed under the fireteam holding the house."""

from __future__ import annotations

import pygame

from game.client.play import open_play
from game.client.render import caption_place
from game.client.scenes import App
from game.client.session import SessionConfig


def test_a_caption_goes_under_its_marker_when_nothing_stands_there() -> None:
    caption = pygame.Rect(0, 0, 100, 16)
    far = [pygame.Rect(500, 500, 20, 20)]
    assert caption_place(caption, (200, 200), 8, far).midtop == (200, 210)


def test_a_caption_moves_above_or_aside_when_figures_stand_under_the_marker() -> None:
    caption = pygame.Rect(0, 0, 100, 16)
    below = [pygame.Rect(150, 205, 100, 30)]  # a fireteam just under the marker
    assert caption_place(caption, (200, 200), 8, below).midbottom == (200, 190)
    around = [pygame.Rect(185, 100, 30, 250)]  # a column of figures above and below: aside
    place = caption_place(caption, (200, 200), 8, around)
    assert place.midleft == (210, 200)  # right of it first


def test_when_every_place_is_covered_the_least_covered_one_wins() -> None:
    caption = pygame.Rect(0, 0, 100, 16)
    crowd = [pygame.Rect(0, 150, 400, 250)]  # all but the top rows: two rows up is least hidden
    assert caption_place(caption, (200, 200), 8, crowd).midbottom == (200, 154)


def test_midnight_at_the_alamo_objective_captions_are_off_the_figures(app: App) -> None:
    config = SessionConfig(table="midnight-at-the-alamo", seed=3, pace="instant", autosave=False)
    scene = open_play("midnight-at-the-alamo", config=config)
    app.push(scene)
    app.step()
    frame = scene.last_frame
    figures = [rect for _, rect in frame.figure_rects]
    captions = frame.marker_label_rects
    assert len(captions) == 3  # the West, Main and East houses of the compound
    assert all(rect.collidelist(figures) == -1 for rect in captions)
    for i, rect in enumerate(captions):  # and off each other: none dropped for a neighbour
        assert rect.collidelist(captions[i + 1 :]) == -1
