"""A hint's line fits its banner: every reason the games give over seeded
positions, worded with its figures and a long seat name, in Arabic and English, landscape and
portrait, lies inside the frame's margin at a readable size (the banner shrinks long text to
fit, game/ui/table_drawing.py ``banner_rect``; no reason needs it below 20 px)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from ui_helpers import click, run_until

from game import i18n
from game.client.hint_words import hint_words
from game.core.hints import ONLY, Reason
from game.games.hand_rummy import bots as rummy_bots
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.hareeja.scene import HareejaTable
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch
from game.table import FakeClock
from game.ui import draw
from game.ui.table_making import TableMaker
from tests.test_hint_reasons import walk
from tests.ui.test_table_play import PAIR, ronda_table

READABLE = 20  # logical px: the smallest a hint's line may be drawn at
LONG_NAME = "Abdulrahman"
LONG_BID = {"n": 5, "aces": 3, "suit": "D", "length": 5}


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
    margin = scene.places.inside_margin()
    smallest = draw.label("Hint", READABLE, draw.INK, True).get_height()
    assert len(reasons()) > 40
    i18n.set_language(lang)
    for game, why in reasons():
        line = hint_words(why, game, lambda seat: LONG_NAME)
        rect, img = scene.painter.banner_rect(line, scene.painter.banner_y())
        assert margin.contains(rect), (line, rect)
        assert img.get_width() < rect.w and img.get_height() >= smallest, line


@pytest.mark.parametrize("portrait,lang", list(itertools.product((False, True), ("en", "ar"))))
def test_hareeja_hint_line_clears_the_picker_and_the_your_turn_tag(make_app, portrait, lang):
    """While you bid the line sits above the picker (not under Confirm); in play it sits above
    the "Your turn" tag over your plate."""
    app = make_app(portrait=portrait, lang=lang)
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=5, clock=FakeClock())
    app.switch(scene)
    assert run_until(app, scene.can_bid, 4000)
    line = hint_words(Reason("hint.hareeja.bid_long", LONG_BID), "hareeja", lambda s: LONG_NAME)
    rect, _ = scene.painter.banner_rect(line, scene.painter.banner_y())
    picker = [scene.widget("confirm").rect, scene.bidding.row.rect, app.layout.picker]
    assert not any(rect.colliderect(r) for r in picker), (rect, picker)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)
    assert run_until(app, lambda: scene.my_turn() and scene.idle(), 8000)
    scene.aids.turn_cue = 1.0
    tag = scene.plates.tag_box(scene.places.plate_rect(scene.me))
    take = Reason("hint.hareeja.one_more", {"won": 2, "bid": 3, "card": "QD"})
    rect, _ = scene.painter.banner_rect(hint_words(take, "hareeja", str), scene.painter.banner_y())
    assert tag is not None and not rect.colliderect(tag), (rect, tag)
