"""The second card back and the second felt: chosen in Settings with real taps, drawn at once
on the table, remembered after a restart; the defaults stay the red back on the green felt."""

import json

import pygame
import pytest
from ui_helpers import click, run_until

from game.client import storage
from game.games.hareeja.scene import HareejaTable
from game.ui import assets, draw
from game.ui.scenes.settings import SettingsScene
from game.ui.table_making import TableMaker


@pytest.fixture(autouse=True)
def default_look():
    yield
    assets.set_back("red")
    draw.set_felt("green")


def mean_rgb(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    rect = rect.clip(surface.get_rect())
    pixels = [surface.get_at((x, y))[:3] for x in range(rect.left, rect.right, 2)
              for y in range(rect.top, rect.bottom, 2)]  # fmt: skip
    return tuple(sum(p[k] for p in pixels) / len(pixels) for k in range(3))  # type: ignore[return-value]


def a_face_down_card(app, table) -> tuple[float, float, float]:
    """The mean colour of the top seat's last face-down card, as the screen shows it."""
    run_until(app, table.can_bid, 8000)
    app.step(1 / 60)
    n = table.backs.counts[2]
    assert n > 0
    cx, cy = table.places.seat_hand(2)
    step = table.backs._step()
    x = round(cx - step * (n - 1) / 2 + step * (n - 1))
    w, h = app.layout.small
    field = pygame.Rect(0, 0, w // 2, h // 3)
    field.center = (x, cy - h // 4)  # the back's field, above the medallion and the badge
    return mean_rgb(app.screen, field)


def felt_colour(app) -> tuple[float, float, float]:
    """The mean colour of the settings screen's felt, left of the form."""
    L = app.layout
    return mean_rgb(app.screen, pygame.Rect(L.w // 50, L.h // 2 - 20, 20, 40))


def test_the_defaults_are_the_red_back_and_the_green_felt(make_app):
    app = make_app()
    assert (app.settings["back"], app.settings["felt"]) == ("red", "green")
    app.switch(SettingsScene(app))
    app.step(1 / 60)
    r, g, b = felt_colour(app)
    assert g > r + 20
    table = TableMaker(HareejaTable).new_match(app, "easy", seed=3)
    app.switch(table)
    r, g, b = a_face_down_card(app, table)
    assert r > b + 40  # the red back


@pytest.mark.parametrize("portrait", [False, True])
def test_the_blue_back_and_burgundy_felt_chosen_in_settings_are_drawn_and_remembered(
    make_app, majlis_home, portrait
):
    app = make_app(portrait=portrait)
    app.switch(SettingsScene(app))
    app.step(1 / 60)
    click(app, app.scene.widget("card_back:blue").rect.center)
    click(app, app.scene.widget("felt:wine").rect.center)
    app.step(1 / 60)
    r, g, b = felt_colour(app)
    assert r > g + 30  # burgundy at once, on the settings screen itself
    table = TableMaker(HareejaTable).new_match(app, "easy", seed=3)
    app.switch(table)
    r, g, b = a_face_down_card(app, table)
    assert b > r + 30  # the blue back on the table
    stored = json.loads((majlis_home / "settings.json").read_text())
    assert (stored["back"], stored["felt"]) == ("blue", "wine")
    assets.set_back("red")  # a restart starts from the stored settings, not from memory
    draw.set_felt("green")
    again = make_app(lang=None, portrait=portrait)
    assert (again.settings["back"], again.settings["felt"]) == ("blue", "wine")
    assert (assets.back_name(), draw.felt_name()) == ("blue", "wine")


def test_a_stored_back_or_felt_there_is_not_falls_back_to_the_default(make_app, majlis_home):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "settings.json").write_text(json.dumps({"back": "plaid", "felt": 7}))
    settings, message = storage.load_settings()
    assert message is None
    assert (settings["back"], settings["felt"]) == ("red", "green")
    app = make_app()
    assert (assets.back_name(), draw.felt_name()) == ("red", "green")
    assets.set_back("plaid")  # an unknown name changes nothing
    draw.set_felt("plaid")
    assert (assets.back_name(), draw.felt_name()) == ("red", "green")
    app.step(1 / 60)
