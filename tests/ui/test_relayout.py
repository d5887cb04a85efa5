"""Live re-layout: a real window-size event turns the current scene to the other orientation at
once, with nothing lost or restarted (a resized window, a browser resize, a phone
turned mid-match)."""

from __future__ import annotations

import asyncio

import pygame
import pytest
from ui_helpers import click, run_until

from game.games.hareeja.scene import HareejaTable
from game.ui import games, settle
from game.ui.app import App, Options
from game.ui.scenes.help import HelpScene
from game.ui.scenes.home import HomeScene as MenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene
from game.ui.table_making import TableMaker

GAMES = [g.key for g in games.available()]


def turn(app: App, w: int, h: int, kind: int = pygame.VIDEORESIZE) -> None:
    """The window becomes ``w``×``h`` (a real SDL window event), then one frame."""
    if kind == pygame.VIDEORESIZE:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    else:
        pygame.event.post(pygame.event.Event(kind, x=w, y=h))
    app.step(1 / 60)


def on_screen(app: App, rect: pygame.Rect) -> bool:
    return app.screen.get_rect().contains(rect)


def assert_widgets_fit(app: App) -> None:
    for w in app.scene.widgets:
        if getattr(w, "visible", True):
            assert on_screen(app, w.rect), (app.scene.name, getattr(w, "key", w), w.rect)


def assert_cards_fit(scene) -> None:
    for s in settle.sprites(scene):
        if s.visible and s.motion is None:
            assert on_screen(scene.app, s.rect().inflate(-8, -8)), (s.code, s.pos, s.size)


def test_menu_turns_to_portrait_and_back_keeping_the_choice(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:ronda").rect.center)
    scene = app.scene
    turn(app, 700, 1100)
    assert app.scene is scene and app.layout.portrait
    assert app.screen.get_size() == (720, 1280)
    assert app.settings["game"] == "ronda" and scene.widget("opt.players") is not None
    assert_widgets_fit(app)
    click(app, scene.widget("opt.players:3").rect.center)  # the new widgets take taps
    assert app.settings["options.ronda"]["players"] == 3
    turn(app, 1440, 900, pygame.WINDOWSIZECHANGED)
    assert not app.layout.portrait and app.screen.get_size() == (1280, 720)
    assert_widgets_fit(app)


def test_same_shape_does_not_reopen_the_window(make_app):
    app = make_app()
    opened = app.window.opened
    turn(app, 1600, 900)
    turn(app, 1000, 999)
    assert app.window.opened == opened and not app.layout.portrait


@pytest.mark.parametrize(
    "make",
    [
        lambda app: SettingsScene(app, back=lambda: MenuScene(app)),
        lambda app: HelpScene(app, back=lambda: MenuScene(app)),
        lambda app: StatsScene(app, back=lambda: MenuScene(app)),
    ],
)
def test_settings_rules_and_stats_turn(make_app, make):
    app = make_app()
    app.switch(make(app))
    scene = app.scene
    turn(app, 390, 844)
    assert app.scene is scene and app.layout.portrait
    assert_widgets_fit(app)
    turn(app, 844, 390)
    assert not app.layout.portrait
    assert_widgets_fit(app)


def hareeja_mid_trick(app: App) -> HareejaTable:
    """A Hareeja match of ours, in play, our card selected and a trick on the table."""
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=11)
    app.switch(scene)
    assert run_until(app, scene.can_bid)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)
    assert run_until(app, lambda: scene.my_turn() and scene.idle() and scene.trick_area.cards, 8000)
    scene.selected = sorted(scene.legal_cards())[0]
    return scene


def test_HJ_turned_mid_trick_keeps_the_match_and_selection_and_play_goes_on(make_app):
    app = make_app()
    scene = hareeja_mid_trick(app)
    record, selected = scene.session.match.record(), scene.selected
    played = len(scene.session.match.log)
    trick = [(seat, s.code) for seat, s in scene.trick_area.cards]
    turn(app, 390, 844)
    assert app.scene is scene and app.layout.portrait
    assert scene.session.match.record() == record and scene.selected == selected
    assert [(seat, s.code) for seat, s in scene.trick_area.cards] == trick
    layout = app.layout
    for seat, sprite in scene.trick_area.cards:  # the trick sits at the new spots
        assert sprite.pos == layout.trick_spot(seat) and tuple(sprite.size) == layout.trick_card
    slots = layout.hand_positions(len(scene.hand_order))
    for code, slot in zip(scene.hand_order, slots):  # the hand on the new fan at once
        assert abs(scene.hand[code].pos[0] - slot[0]) < 1
    assert_cards_fit(scene)
    assert_widgets_fit(app)
    # Play goes on in the new layout: a tap on the selected card plays it.
    click(app, scene.hand[selected].rect().center)
    assert run_until(app, lambda: selected not in scene.hand)
    assert len(scene.session.match.log) > played
    assert run_until(
        app,
        lambda: (
            scene.session.match.phase != "play"
            or scene.score is not None
            or (scene.my_turn() and scene.idle())
        ),
        8000,
    )
    turn(app, 1280, 720)
    assert not app.layout.portrait
    assert_cards_fit(scene)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("portrait", [False, True])
def test_a_match_turned_while_cards_fly_keeps_its_state_and_play_goes_on(game, portrait):
    """Bots in every seat: turned four times in the middle of flights, the match state is
    untouched by each turn, every card at rest is on screen, and the bots play on."""
    app = App(Options(autoplay=True, speed=12.0, seed=7, lang="en", portrait=portrait))
    scene = games.start_autoplay(app, game)
    turns = frames = 0
    while turns < 4 and frames < 20000:
        app.step(1 / 60)
        frames += 1
        if frames % 37 == 0 and settle.in_motion(scene):
            log, totals = list(scene.session.match.log), list(scene.session.match.totals)
            was = app.layout.portrait
            turn(app, 1280, 720) if was else turn(app, 720, 1280)
            turns += 1
            assert app.layout.portrait != was
            match = scene.session.match
            assert list(match.log)[: len(log)] == log and match.totals == totals
            assert_cards_fit(scene)
            assert_widgets_fit(app)
    assert turns == 4
    played = len(scene.session.match.log)
    assert run_until(
        app, lambda: len(scene.session.match.log) >= played + 12 or not app.running, 20000
    )


@pytest.mark.parametrize("game", GAMES)
def test_an_open_score_panel_stays_open_when_turned(game, make_app):
    app = make_app(speed=8.0)
    scene = games.new_match(app, game, seed=3)
    for seat in scene.session.seats:
        seat.kind = "bot"
    app.switch(scene)
    assert run_until(app, lambda: scene.score is not None, 40000)
    entry = scene.score["entry"]
    turn(app, 720, 1280)
    assert scene.score is not None and scene.score["entry"] is entry
    assert scene.widget("next").visible
    scene.draw(app.screen)
    assert on_screen(app, scene.widget("next").rect)


def test_lobby_turns_keeping_its_state():
    from test_online_lobby import make_online_app, open_lobby, pump

    from game.net.server import TableServer
    from tests.ui.test_online_lobby import TEST_RATE

    async def scenario() -> None:
        server = await TableServer(
            "127.0.0.1", 0, bot_delay=0.0, tick_interval=0.02, rate=TEST_RATE
        ).start()
        try:
            app = make_online_app(f"ws://127.0.0.1:{server.port}")
            lobby = await open_lobby(app)
            turn(app, 390, 844)
            assert app.scene is lobby and lobby.state == "home" and app.layout.portrait
            assert_widgets_fit(app)
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEBUTTONDOWN, button=1, pos=lobby.widget("create").rect.center
                )
            )
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEBUTTONUP, button=1, pos=lobby.widget("create").rect.center
                )
            )
            assert await pump(app, lambda: lobby.state == "room")
            code = lobby.link.room["code"]
            turn(app, 844, 390)
            assert lobby.state == "room" and lobby.link.room["code"] == code
            assert not app.layout.portrait
            assert_widgets_fit(app)
            lobby.link.close()
        finally:
            await server.close()

    asyncio.run(scenario())


def in_the_air(scene: HareejaTable):
    """A card of the trick flying to its spot (under way, not near its end), or None."""
    for seat, sprite in scene.trick_area.cards:
        m = sprite.motion
        if m is not None and m.started and m.progress < 0.5 and not scene.trick_area.collecting:
            return seat, sprite
    return None


@pytest.mark.parametrize("portrait", [False, True])
def test_HJ_a_card_turned_in_the_air_flies_on_to_its_spot_in_the_new_layout(portrait):
    """A turn does not land the animation being shown: the card goes on flying, and arrives
    at its trick spot of the new layout, at the trick's size there."""
    app = App(Options(autoplay=True, speed=1.0, seed=5, lang="en", portrait=portrait))
    scene = games.start_autoplay(app, "hareeja")
    assert run_until(app, lambda: in_the_air(scene) is not None, 20000)
    seat, sprite = in_the_air(scene)
    turn(app, 1280, 720) if portrait else turn(app, 720, 1280)
    assert app.layout.portrait != portrait
    assert sprite.motion is not None, "the turn landed the card"
    assert run_until(app, lambda: sprite.motion is None, 600)
    assert sprite.pos == app.layout.trick_spot(seat)
    assert tuple(sprite.size) == tuple(app.layout.trick_card)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_turned_mid_deal_deals_on_and_its_cards_end_in_the_new_places(game):
    """Turned while the deal's cards fly: they fly on (the deal is not cut short), and once
    the table is quiet every card at rest is on the new screen."""
    app = App(Options(autoplay=True, speed=1.0, seed=3, lang="en", portrait=False))
    scene = games.start_autoplay(app, game)
    assert run_until(
        app, lambda: scene.phase == "deal" and sum(s.moving for s in settle.sprites(scene)) > 4
    )
    turn(app, 720, 1280)
    assert app.layout.portrait and settle.in_motion(scene), "the turn cut the deal short"
    assert run_until(app, lambda: scene.phase != "deal" and not settle.in_motion(scene), 4000)
    app.step(1 / 60)
    assert_cards_fit(scene)
    assert_widgets_fit(app)


def flights_end_on(scene, places: list[tuple[float, float]]) -> bool:
    """Cards are in the air, each bound for one of ``places``."""
    ends = [s.motion.end for s in scene.flying if s.motion is not None]
    return bool(ends) and all(
        any(abs(e[0] - p[0]) < 1 and abs(e[1] - p[1]) < 1 for p in places) for e in ends
    )


def test_RO_cards_captured_before_a_turn_fly_to_the_piles_of_the_new_layout():
    """RO-9: a capture is lit, the phone turns during the pause, and the run flies to the
    capturer's pile where it is drawn now (its place is worked out as the cards take off)."""
    app = App(Options(autoplay=True, speed=1.0, seed=4, lang="en", portrait=False))
    scene = games.start_autoplay(app, "ronda")
    assert run_until(
        app, lambda: bool(scene.table_cards.glow) and not any(s.moving for s in scene.flying), 20000
    )
    turn(app, 720, 1280)
    assert run_until(app, lambda: any(s.moving for s in scene.flying), 600)
    piles = [scene.places.pile(seat) for seat in range(scene.players)]
    assert flights_end_on(scene, piles)


def test_HJ_a_trick_won_before_a_turn_flies_to_the_winner_of_the_new_layout():
    """HJ trick collection: the trick waits a moment on the table, the phone turns, and the
    cards fly to the winner's seat where it is drawn now."""
    app = App(Options(autoplay=True, speed=1.0, seed=6, lang="en", portrait=True))
    scene = games.start_autoplay(app, "hareeja")
    area = scene.trick_area
    assert run_until(
        app, lambda: len(area.cards) == 4 and not area.collecting and area.still(), 20000
    )
    turn(app, 1280, 720)
    assert run_until(app, lambda: area.collecting, 600)
    anchors = [scene.places.seat_anchor(seat) for seat in range(4)]
    ends = [s.motion.end for _seat, s in area.cards if s.motion is not None]
    assert ends and all(
        tuple(map(round, e)) in [tuple(map(round, a)) for a in anchors] for e in ends
    )
