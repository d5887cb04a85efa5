"""The host's Hints switch on the lobby's new-table form: off by default, a
click turns it on, Create sends it, and at a real server's table the client then offers hints.
The form keeps every row in place and nothing overlaps, in both orientations and languages.

Nothing waits on wall-clock speed: every wait is "until this holds", with a frame cap.
"""

from __future__ import annotations

import asyncio
import itertools

import pygame
import pytest

from game.games.ronda.scene import RondaTable
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.lobby_common import online_games
from game.ui.scenes.lobby_shots import ShownLink
from tests.ui.test_online_lobby import click, make_online_app, open_lobby, pump, start_server


def tap(app, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1))
    app.step(1 / 60)


def setup_scene(make_app, **kw) -> LobbyScene:
    app = make_app(**kw)
    sc = LobbyScene(app, link=ShownLink(), server="ws://127.0.0.1:1")
    app.switch(sc)
    sc.open_setup()
    app.step(1 / 60)
    return sc


def test_the_hints_choice_is_off_by_default_and_create_sends_the_chosen_value(make_app):
    sc = setup_scene(make_app)
    app = sc.app
    assert sc.widget("hints:False").rect.h >= 44
    tap(app, sc.widget("create").rect)
    kind, fields = sc.link.sent[-1]
    assert kind == "create" and fields["hints"] is False
    sc.open_setup()
    tap(app, sc.widget("hints:True").rect)
    tap(app, sc.widget("create").rect)
    kind, fields = sc.link.sent[-1]
    assert kind == "create" and fields["hints"] is True
    sc.open_setup()
    tap(app, sc.widget("hints:False").rect)
    tap(app, sc.widget("create").rect)
    assert sc.link.sent[-1][1]["hints"] is False


@pytest.mark.parametrize("portrait,lang", list(itertools.product((False, True), ("en", "ar"))))
def test_the_hints_row_fits_below_the_others_without_overlap(make_app, portrait, lang):
    """Every game's form: the Hints row comes last, every button lies on the screen, and no
    two buttons (the rows' options, Create, Back) overlap."""
    sc = setup_scene(make_app, portrait=portrait, lang=lang)
    screen = pygame.Rect(0, 0, sc.app.layout.w, sc.app.layout.h)
    for game in online_games():
        sc.new_table.set_game(game)
        sc.app.step(1 / 60)
        hints = sc.widget("hints:True")
        rects = []
        for w in sc.widgets:
            buttons = w._placed() if hasattr(w, "buttons") else [w]
            rects += [b.rect.copy() for b in buttons]
        assert all(screen.contains(r) for r in rects), (game, rects)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (game, a, b)
        others = [w.rect for w in sc.widgets if getattr(w, "buttons", None) and w.key != "hints"]
        assert all(hints.rect.top > r.bottom for r in others)
        assert sc.widget("create").rect.top > hints.rect.bottom


def test_a_table_created_with_hints_offers_them_at_the_real_server():
    """Lobby → Change → Ronda, two players, Hints on, by clicks → Create: the server's room
    says hints, and after Start the Ronda table's session offers hints."""

    async def scenario() -> None:
        server, url = await start_server()
        try:
            app = make_online_app(url)
            lobby = await open_lobby(app)
            await click(app, lobby.widget("setup").rect.center)
            await click(app, lobby.widget("game:ronda").rect.center)
            await click(app, lobby.widget("opt.players:2").rect.center)
            await click(app, lobby.widget("hints:True").rect.center)
            await click(app, lobby.widget("create").rect.center)
            assert await pump(app, lambda: lobby.state == "room")
            assert lobby.link.room["hints"] is True
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: isinstance(app.scene, RondaTable))
            assert app.scene.session.hints_offered()
        finally:
            await server.close()

    asyncio.run(scenario())
