"""Choosing your face in Settings with real clicks: the grid of the drawn set, the choice saved
at once and worn on your plate at a practice table and in the online waiting room; bots keep
theirs; a stored value that is not a face falls back to none."""

import json

import pygame
import pytest
from ui_helpers import click

from game.client import storage
from game.ui import avatars
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.settings_avatar import NOT_CHOSEN, AvatarPicker


def open_grid(app) -> AvatarPicker:
    click(app, app.scene.widget("settings").rect.center)
    assert isinstance(app.scene, SettingsScene)
    click(app, app.scene.widget("avatar").rect.center)
    grid = app.overlay
    assert isinstance(grid, AvatarPicker)
    return grid


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_grid_offers_every_face_big_enough_and_inside_its_panel(make_app, portrait, lang):
    app = make_app(portrait=portrait, lang=lang)
    grid = open_grid(app)
    faces = grid.faces
    assert [f.look for f in faces] == list(range(len(avatars.LOOKS))) and len(faces) >= 16
    for face in faces:
        assert grid.rect.contains(face.rect) and face.rect.w >= 44 and face.rect.h >= 44
    rects = [f.rect for f in faces] + [b.rect for b in grid.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    settings = app.scene
    buttons = [settings.widget("avatar").rect, settings.widget("back").rect]
    frame = pygame.Rect(0, 0, *app.layout.size).inflate(-32, -32)
    assert all(frame.contains(r) for r in buttons) and not buttons[0].colliderect(buttons[1])


def test_a_click_on_a_face_wears_it_saves_it_and_rings_it_next_time(make_app, majlis_home):
    app = make_app()
    assert app.settings["avatar"] == -1  # none chosen yet
    grid = open_grid(app)
    assert not any(f.selected for f in grid.faces)
    click(app, grid.faces[11].rect.center)
    assert app.overlay is None and app.settings["avatar"] == 11
    assert json.loads((majlis_home / "settings.json").read_text())["avatar"] == 11
    again = make_app()
    assert again.settings["avatar"] == 11
    grid = open_grid(again)
    assert [f.look for f in grid.faces if f.selected] == [11]
    click(again, grid.button("close").rect.center)  # closing chooses nothing
    assert again.overlay is None and again.settings["avatar"] == 11


def test_your_chosen_face_is_on_your_plate_and_the_bots_keep_theirs(make_app):
    from game.ui import games

    app = make_app()
    table = games.new_match(app, "ronda", seed=3)
    bots_before = [table.plates.look(s) for s in range(1, table.players)]
    assert table.plates.look(0) == NOT_CHOSEN
    grid = open_grid(app)
    chosen = bots_before[0]  # even a bot's face: the bot then takes another
    click(app, grid.faces[chosen].rect.center)
    table = games.new_match(app, "ronda", seed=3)
    assert table.plates.look(0) == chosen
    assert table.plates.look(1) != chosen  # never two seats in one face by chance


@pytest.mark.parametrize("stored", [99, -5, "3", 2.5, True])
def test_a_stored_avatar_that_is_no_face_falls_back_to_none(majlis_home, stored):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "settings.json").write_text(json.dumps({"avatar": stored}))
    settings, message = storage.load_settings()
    assert settings["avatar"] == -1 and message is None


def test_the_waiting_room_shows_each_seats_chosen_face(make_app):
    from game.ui.scenes.lobby_room import RoomView

    human = {"kind": "human", "name": "Sara", "avatar": 7}
    assert RoomView._seat_face(human, False, None) == 7
    assert RoomView._seat_face({**human, "avatar": None}, True, 4) == 4  # yours, not yet echoed
    assert RoomView._seat_face({**human, "avatar": 2}, True, 4) == 2  # the server's word
    assert RoomView._seat_face({"kind": "bot", "name": "x", "avatar": 7}, False, None) is None
    assert avatars.faces(("Sara", "name.1"), (7, None)) == [7, avatars.NAMED["name.1"]]
    assert avatars.faces(("Sara", "name.1"), (0, None))[1] != 0  # a bot steps aside
