"""Every option on every setup sheet has one line saying what its chosen value means, in both
catalogs, and the sheet shows the line of the row last changed."""

import pytest
from ui_helpers import click

from game import i18n
from game.client import option_lines
from game.core.spec import BOT_LEVELS
from game.ui import games
from game.ui.scenes.form import TURNS

ROWS = [
    (g.key, c.key, v)
    for g in games.available()
    for c in games.info(g.key).choices
    for v in c.values
]
SHARED = [(g.key, "level", v) for g in games.available() for v in BOT_LEVELS] + [
    (g.key, "turn", v) for g in games.available() for v in TURNS
]


@pytest.mark.parametrize(("game", "option", "value"), ROWS + SHARED)
def test_every_value_has_a_line_in_both_languages(game, option, value):
    lines = {}
    for lang in ("en", "ar"):
        i18n.set_language(lang)
        lines[lang] = option_lines.line(game, option, value)
    assert lines["en"] and lines["ar"] and lines["en"] != lines["ar"]
    assert any("\u0600" <= ch <= "\u06ff" for ch in lines["ar"])


def test_rummy_scoring_choices_are_told_apart():
    i18n.set_language("en")
    majlis = option_lines.line("hand_rummy", "variant", "majlis")
    classic = option_lines.line("hand_rummy", "variant", "classic")
    assert majlis.startswith("Majlis") and classic.startswith("Classic")


def test_the_sheet_tells_the_row_last_changed(make_app):
    app = make_app()
    app.go("setup", game="hand_rummy")
    app.step(1 / 60)
    scene = app.scene
    assert scene.about_line().startswith("Majlis")  # the game's first own option
    click(app, scene.widget("opt.variant:classic").rect.center)
    assert scene.about_line().startswith("Classic")
    click(app, scene.widget("level:hard").rect.center)
    assert scene.about_line().startswith("Hard")
    click(app, scene.widget("turn:0").rect.center)
    assert scene.about_line().startswith("Unlimited")
