"""Settings persistence, corrupt storage, and layouts that keep controls on screen and large."""

import json

import pytest
from ui_helpers import click, run_until

from game.client import storage
from game.games.hareeja.scene import HareejaTable
from game.i18n import t
from game.ui.scenes.settings import SettingsScene
from game.ui.table_making import TableMaker


def test_settings_persist_across_restarts(make_app, majlis_home):
    app = make_app()
    app.switch(SettingsScene(app))
    app.step(1 / 60)
    click(app, app.scene.widget("four_color:True").rect.center)
    click(app, app.scene.widget("speed:fast").rect.center)
    click(app, app.scene.widget("sound:False").rect.center)
    again = make_app(lang=None)
    assert again.settings["four_color"] is True
    assert again.settings["speed"] == "fast"
    assert again.settings["sound"] is False
    assert json.loads((majlis_home / "settings.json").read_text())["speed"] == "fast"


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "\x00\xff"])
def test_corrupt_settings_fall_back_to_defaults_with_a_message(make_app, majlis_home, content):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "settings.json").write_text(content, encoding="latin-1")
    app = make_app()
    assert {k: v for k, v in app.settings.items() if k != "language"} == {
        k: v for k, v in storage.DEFAULT_SETTINGS.items() if k != "language"
    }
    assert app.painter.toasts and app.painter.toasts[0][0] == "storage.corrupt"
    app.step(1 / 60)  # the message is drawn, nothing crashes


def test_corrupt_saved_match_is_set_aside(make_app, majlis_home):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "match.json").write_text("{broken")
    app = make_app()
    app.step(1 / 60)
    assert not any(c.visible for c in app.scene.cards)
    assert app.overlay is not None and app.overlay.body() == t("storage.match_corrupt")
    kept = list(majlis_home.glob("match.corrupt-*.json"))
    assert [p.read_text() for p in kept] == ["{broken"]  # kept aside, not deleted


def visible_buttons(scene):
    out = []
    for w in scene.widgets:
        buttons = getattr(w, "buttons", None)
        if buttons is not None:
            if w.visible:
                w._placed()
                out.extend(buttons)
        elif w.visible:
            out.append(w)
    return out


def check(app, scene, lang):
    margin = 16 if app.layout.portrait else 8
    screen = app.screen.get_rect().inflate(-2 * margin, -2 * margin)
    buttons = visible_buttons(scene)
    assert buttons
    for b in buttons:
        assert screen.contains(b.rect), (lang, scene.name, b.key, b.rect)
        assert b.rect.h >= 44 and b.rect.w >= 44, (scene.name, b.key, b.rect)


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", ["ar", "en"])
def test_layouts_keep_every_button_on_screen_and_large(make_app, portrait, lang):
    from game.ui.scenes.help import HelpScene
    from game.ui.scenes.home import HomeScene as MenuScene

    app = make_app(portrait=portrait, lang=lang)
    for scene in (MenuScene(app), SettingsScene(app), HelpScene(app)):
        app.switch(scene)
        app.step(1 / 60)
        check(app, scene, lang)
    table = TableMaker(HareejaTable).new_match(app, "easy", seed=3)
    app.switch(table)
    run_until(app, table.can_bid)
    table.bidding.pick = 2
    app.step(1 / 60)
    check(app, table, lang)  # bid picker and confirm
    table.bidding.confirm()
    run_until(app, table.my_turn, 8000)
    table.selected = sorted(table.legal_cards())[0]
    app.step(1 / 60)
    assert table.widget("play").visible
    check(app, table, lang)  # play button
    table.session.seats[0].assisted = True
    app.step(1 / 60)
    check(app, table, lang)  # I'm back


def test_escape_goes_back_from_settings_and_rules(make_app):
    import pygame

    from game.ui.scenes.home import HomeScene as MenuScene

    app = make_app()
    for key in ("settings", "rules"):
        pos = app.scene.widget(key).rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        assert not isinstance(app.scene, MenuScene)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        app.step(1 / 60)
        assert isinstance(app.scene, MenuScene)


def test_volume_reads_with_the_arabic_percent_sign_in_arabic(make_app):
    from game import i18n
    from game.ui.scenes.settings import percent

    make_app(lang="ar")
    assert percent(0.75) == "٧٥٪" and "%" not in percent(0.25)
    i18n.set_language("en")
    assert percent(0.75) == "75%"
