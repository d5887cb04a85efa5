"""HR-12: classic Hand rummy seats five — the engine's deal, the menu and lobby choices that come
from the spec, and a whole five-bot match through the real frame loop and table scene, in both
orientations; and a table of five's melds, zoomed by a tap."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from test_relayout import assert_cards_fit, assert_widgets_fit, turn
from ui_helpers import click

from game.core import registry
from game.core.bots import bot_rng, run
from game.core.cards import JOKER, rummy_deck
from game.games.hand_rummy import bots
from game.games.hand_rummy.rules import HAND_SIZE, Match
from game.games.hand_rummy.scene import RummyTable
from game.games.hand_rummy.scene_geometry import make_geometry
from game.games.hand_rummy.scene_zoom import ZOOM_CARD, MeldZoom
from game.table import FakeClock, Seat, Table
from game.ui import games, settle
from game.ui.app import App, Options
from game.ui.table_making import TableMaker


def test_HR_12_two_decks_and_two_jokers_deal_five_hands_and_leave_a_stock():
    for seed in range(20):
        match = Match.new(5, {"variant": "classic"}, seed=seed)
        starter = match.to_act()[0]
        sizes = [len(match.hands[s]) for s in range(5)]
        assert sizes == [HAND_SIZE + (s == starter) for s in range(5)]
        assert len(rummy_deck()) == 106  # two 52-card decks and two jokers
        assert match.view(0)["stock_count"] == 106 - 5 * HAND_SIZE - 1 == 35
        dealt = Counter(c for s in range(5) for c in match.hands[s]) + Counter(match.stock)
        assert dealt == Counter(rummy_deck())  # every card of both decks once, jokers included
        assert Counter(rummy_deck())[JOKER] == 2


def test_HR_12_five_players_only_with_the_classic_rules_and_never_in_partnership():
    spec = registry.get("hand_rummy")
    assert 5 in spec.players
    assert spec.fit(5, {"variant": "majlis", "partnership": True}) == {
        "variant": "classic",
        "partnership": False,
    }
    assert spec.fit(4, {"variant": "majlis"}) == {"variant": "majlis"}
    assert spec.option("variant").offered(5) == ("classic",)
    assert spec.option("variant").offered(3) == ("majlis", "classic")
    Match.new(5, spec.fit(5, spec.defaults()), seed=1)  # the menu's defaults start a match


def test_the_menu_offers_five_players_and_starts_a_classic_table_of_five(make_app):
    app = make_app()
    rummy = games.info("hand_rummy")
    players = next(c for c in rummy.choices if c.key == "players")
    assert 5 in players.values
    app.settings["options.hand_rummy"] = {"players": 5, "variant": "majlis", "rounds": 1}
    options = games.options_for(app.settings, "hand_rummy")
    assert options["players"] == 5 and options["variant"] == "classic"
    scene = games.new_match(app, "hand_rummy", seed=3)
    assert scene.players == 5 and scene.session.view()["variant"] == "classic"


@pytest.mark.parametrize("portrait", [False, True])
def test_five_seats_have_their_own_plates_on_screen(portrait):
    g = make_geometry(portrait, 5)
    screen = pygame.Rect(0, 0, g.w, g.h)
    assert len(g.plates) == 5
    rects = list(g.plates.values()) + list(g.buttons.values()) + [g.melds, g.staging, g.hand]
    for i, a in enumerate(rects):
        assert screen.contains(a), a
        for b in rects[i + 1 : 5]:  # the plates never overlap one another
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("portrait", [False, True])
def test_HR_12_five_bots_play_a_classic_match_through_the_table(majlis_home, portrait):
    app = App(
        Options(autoplay=True, speed=40.0, seed=4, frames=40000, lang="en", portrait=portrait)
    )
    scene = TableMaker(RummyTable).start_autoplay(
        app, {"players": 5, "rounds": 1, "variant": "classic"}
    )
    assert scene.players == 5
    while app.running:
        app.step(1 / 60)
    match = scene.session.match
    assert match.phase == "over" and match.players == 5 and match.variant == "classic"
    assert scene.over is not None
    assert app.autoplay_result["totals"] == match.totals
    assert app.frame < 40000


def five_with_melds(seed: int = 3) -> Match:
    """A classic table of five played by bots until at least four melds lie on the table."""
    match = Match.new(5, {"variant": "classic", "rounds": 1}, seed=seed)
    rngs = [bot_rng(seed * 8 + s) for s in range(5)]
    while len(match.melds) < 4:
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        match.apply(seat, run(bots.think(view, legal, "normal", rngs[seat])))
        assert match.phase != "over"
    return match


@pytest.mark.parametrize("portrait", [False, True])
def test_a_tap_on_a_meld_with_no_card_picked_zooms_it_and_a_tap_or_esc_closes(portrait):
    app = App(Options(lang="en", portrait=portrait))
    match = five_with_melds()
    seats = [Seat("human", "seat.you")] + [Seat("human", f"name.{i}") for i in range(1, 5)]
    scene = RummyTable(app, Table(match, seats, FakeClock(), None), options={"players": 5})
    app.switch(scene)
    for _ in range(5):
        app.step(1 / 60)
    assert scene.workspace.selected is None
    meld, rect = scene.meld_rows.rects[-1]
    log = list(match.log)
    click(app, rect.center)
    zoom = app.overlay
    assert (
        isinstance(zoom, MeldZoom)
        and zoom.meld == meld
        and zoom.cards() == list(match.melds[meld].cards)
    )
    assert match.log == log  # looking changes nothing
    assert zoom.rect.h >= ZOOM_CARD[1] and ZOOM_CARD[1] * 0.25 >= 26  # a 45 px corner index
    click(app, (5, 5))  # a tap anywhere closes it
    assert app.overlay is None
    click(app, rect.center)
    assert isinstance(app.overlay, MeldZoom)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(1 / 60)
    assert app.overlay is None


def test_HR_12_a_table_of_five_turned_mid_flight_keeps_its_state_and_play_goes_on(majlis_home):
    """Rotated while cards fly, both ways: the match is untouched, every card at rest is on
    screen (the five plates' geometry in each orientation), and the bots play on."""
    app = App(Options(autoplay=True, speed=12.0, seed=5, lang="en", portrait=False))
    scene = TableMaker(RummyTable).start_autoplay(
        app, {"players": 5, "rounds": 1, "variant": "classic"}
    )
    turns = frames = 0
    while turns < 4 and frames < 20000:
        app.step(1 / 60)
        frames += 1
        if frames % 37 == 0 and settle.in_motion(scene):
            log = list(scene.session.match.log)
            was = app.layout.portrait
            turn(app, 1280, 720) if was else turn(app, 720, 1280)
            turns += 1
            assert app.layout.portrait != was and scene.geo.portrait != was
            assert list(scene.session.match.log)[: len(log)] == log
            assert_cards_fit(scene)
            assert_widgets_fit(app)
    assert turns == 4
    played = len(scene.session.match.log)
    assert run_until_played(app, scene, played + 10)


def run_until_played(app: App, scene, n: int, limit: int = 20000) -> bool:
    for _ in range(limit):
        if len(scene.session.match.log) >= n or not app.running:
            return True
        app.step(1 / 60)
    return False
