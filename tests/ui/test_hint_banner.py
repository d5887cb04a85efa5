"""A hint's line fits its banner (issue 22 item 4): every reason the games give over seeded
positions, worded with its figures and a long seat name, in Arabic and English, landscape and
portrait, lies inside the frame's margin at a readable size (the banner shrinks long text to
fit, game/ui/table_drawing.py ``banner_rect``; no reason needs it below 20 px)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from game import i18n
from game.client.hint_words import hint_words
from game.core.hints import ONLY, Reason
from game.games.hand_rummy import bots as rummy_bots
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch
from game.ui import draw
from tests.test_hint_reasons import walk
from tests.ui.test_table_play import PAIR, ronda_table

READABLE = 20  # logical px: the smallest a hint's line may be drawn at
LONG_NAME = "Abdulrahman"


@cache
def reasons() -> list[tuple[str, Reason]]:
    """One of every (game, key, figures) the reasons give over two seeded matches a game."""
    found: dict[tuple, tuple[str, Reason]] = {}
    games = [
        ("hareeja", lambda s: HareejaMatch.new(4, {}, seed=s), hareeja_bots),
        ("ronda", lambda s: RondaMatch.new(3, {}, seed=s), ronda_bots),
        ("hand_rummy", lambda s: RummyMatch.new(4, {"rounds": 1}, seed=s), rummy_bots),
    ]
    for (game, new, bots), seed in itertools.product(games, range(2)):
        for _seat, view, legal in walk(new(seed), seed, "normal", bots):
            for action in legal:
                why = bots.reason(view, action)
                if why is not None:
                    found[(game, why.key, tuple(sorted(why.fields.items())))] = (game, why)
    return [*found.values(), ("ronda", Reason(ONLY))]


@pytest.mark.parametrize("portrait,lang", list(itertools.product((False, True), ("en", "ar"))))
def test_every_hint_line_fits_its_banner_at_a_readable_size(make_app, portrait, lang):
    app = make_app(portrait=portrait, lang=lang)
    scene = ronda_table(app, PAIR)
    margin = scene.inside_margin()
    smallest = draw.label("Hint", READABLE, draw.INK, True).get_height()
    assert len(reasons()) > 40
    i18n.set_language(lang)
    for game, why in reasons():
        line = hint_words(why, game, lambda seat: LONG_NAME)
        rect, img = scene.banner_rect(line, scene.banner_y())
        assert margin.contains(rect), (line, rect)
        assert img.get_width() < rect.w and img.get_height() >= smallest, line
