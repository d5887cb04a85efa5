"""Watching a table through the real client, headless: the table server runs in-process, a
wire client hosts a public table, and the app watches it from a ``#watch=`` code or from the
lobby's public list (real pygame events, frame by frame): the wait before the start, the
table scene drawn from the spectator's view (no hand, nothing to play), the Watching tag with
the count, Leave; hostile links get a clear message. Screenshots with ``MAJLIS_SHOTS=dir``."""

from __future__ import annotations

import asyncio
import os
import random

import pygame
import pytest

from game.client.page_links import BAD_WATCH, watch_code, watch_link
from game.client.watching import WatchSession
from game.i18n import t
from game.ui.scenes.home import HomeScene
from game.ui.scenes.lobby import LobbyScene
from tests.ui.test_online_lobby import click, make_online_app, pump, start_server
from wire_client import Client


async def public_ronda(host: Client) -> str:
    await host.hello("Sara")
    room = await host.request(
        "create",
        "room",
        game="ronda",
        players=2,
        options={"rules": "quick"},
        visibility="auto",
        turn_seconds=None,
        bots="easy",
    )
    return str(room["code"])


def shoot(app, name: str) -> None:
    folder = os.environ.get("MAJLIS_SHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(app.screen, os.path.join(folder, f"{name}.png"))


@pytest.mark.parametrize(("lang", "portrait"), [("en", False), ("ar", True)])
def test_a_watch_link_opens_the_table_as_a_spectator_and_leave_goes_home(lang, portrait):
    async def scenario() -> None:
        server, url = await start_server()
        host = await Client(url).connect()
        try:
            code = await public_ronda(host)
            app = make_online_app(url, lang, portrait)
            app.go("lobby", watch_code=f"https://site/majlis/#watch={code.lower()}")
            lobby = app.scene
            assert isinstance(lobby, LobbyScene)
            assert await pump(app, lambda: lobby.state == "watchwait")
            shoot(app, f"watch-wait-{lang}")
            assert (await host.expect("audience"))["count"] == 1
            await host.send("start")
            assert await pump(app, lambda: app.scene is not lobby)
            table = app.scene
            session = table.session
            assert isinstance(session, WatchSession) and session.code == code
            assert session.view()["hand"] == [] and session.legal() == []
            rng = random.Random(2)
            play = asyncio.create_task(
                host.play(lambda m: rng.choice(m["legal"]), timeout=30, max_actions=3)
            )
            assert await pump(app, lambda: play.done() and table.idle(), 6000)
            await play
            assert not session.act({"type": "play", "card": "1O"})  # nothing sent
            assert session.count == 1 and table.plates.watch.spectator
            leave = table.widget("unwatch")
            assert leave.visible and not table.widget("react").visible
            others = [w for w in table.widgets if w is not leave and w.visible]
            assert not [w.key for w in others if w.rect.colliderect(leave.rect)]  # the board's
            assert table.places.seat_name(0) != "seat.you"
            table.draw(app.screen)
            shoot(app, f"watch-table-{lang}-{'portrait' if portrait else 'landscape'}")
            await click(app, leave.rect.center)
            assert isinstance(app.scene, HomeScene)
            left = await host.expect("audience", timeout=5)
            while left["count"] != 0:
                left = await host.expect("audience", timeout=5)
            assert left["count"] == 0
        finally:
            await host.close()
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_the_public_list_offers_watch_for_a_match_being_played_and_the_seat_sees_the_eye():
    async def scenario() -> None:
        server, url = await start_server()
        host = await Client(url).connect()
        try:
            code = await public_ronda(host)
            await host.send("start")
            await host.expect("events")
            app = make_online_app(url)
            app.go("lobby")
            lobby = app.scene
            assert await pump(app, lambda: lobby.state == "home")
            lobby.open_list()
            assert await pump(app, lambda: any(x.get("code") == code for x in lobby.tables))
            assert await pump(app, lambda: "watch:0" in {w.key for w in lobby.widgets})
            keys = {w.key for w in lobby.widgets}
            assert "sit:0" not in keys  # a match being played is watched, not joined
            shoot(app, "watch-list-en")
            await click(app, lobby.widget("watch:0").rect.center)
            assert await pump(
                app, lambda: isinstance(getattr(app.scene, "session", None), WatchSession)
            )
            seen = await host.expect("audience")
            assert seen["count"] == 1 and seen["code"] == code
        finally:
            await host.close()
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_hostile_or_private_watch_link_gets_a_clear_message_and_changes_nothing():
    async def scenario() -> None:
        server, url = await start_server()
        host = await Client(url).connect()
        try:
            await host.hello("Sara")
            secret = await host.create_private()
            for text, words in (
                ("#watch=%22;alert(1)", BAD_WATCH),
                ("#watch=O0O0O0O0", BAD_WATCH),
                (f"#watch={secret['code']}", "watch.no_room"),
            ):
                app = make_online_app(url)
                words = t(words)  # in the app's language
                app.go("lobby", watch_code=text)
                lobby = app.scene
                shown = await pump(app, lambda lobby=lobby, w=words: lobby.message_text() == w)
                assert shown, (text, lobby.message_text(), lobby.state)
                assert lobby.state == "home" and lobby.spectating.code is None
            assert not server.lobby.watchers.watching
        finally:
            await host.close()
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_watch_codes_are_read_from_links_and_hostile_text_is_refused():
    assert watch_code("https://x/majlis/#watch=k7qmx4pa") == "K7QMX4PA"
    assert watch_code("#server=wss://a.example&watch=K7QM X4PA") == "K7QMX4PA"
    assert watch_code("K7QMX4PA") == "K7QMX4PA"
    for bad in ("#watch=", "#watch=K7QMX4P0", "#room=K7QMX4PA", "#watch=%ZZ", "x" * 500, None, 7):
        assert watch_code(bad) is None, bad
    assert watch_link("https://x/m/?a=1#b", "k7qmx4pa") == "https://x/m/#watch=K7QMX4PA"
    with pytest.raises(ValueError):
        watch_link("https://x/", "<script>")


def test_a_seat_sees_the_eye_with_the_number_watching(make_app):
    from ui_helpers import run_until

    from game.client.online import OnlineSession
    from game.games.hareeja.rules import Match
    from game.games.hareeja.scene import HareejaTable
    from tests.ui.test_reactions import ROOM, Server

    app = make_app()
    match = Match.new(4, {}, seed=3)
    server = Server(match, 0)
    session = OnlineSession(server, ROOM, first=server.frame(match.start_events, None))
    scene = HareejaTable(app, session)
    app.switch(scene)
    assert run_until(app, scene.idle, 3000)
    bar = scene.plates.watch
    assert bar is not None and not bar.spectator and bar.widgets() == []
    scene.draw(app.screen)
    tag = bar.tag_rect("")
    empty = pygame.image.tobytes(app.screen.subsurface(tag), "RGB")
    server.inbox.append({"t": "audience", "code": "X", "count": 3, "open": True})
    app.step(1 / 60)
    assert session.audience == 3 and bar.count() == 3
    scene.draw(app.screen)
    assert pygame.image.tobytes(app.screen.subsurface(tag), "RGB") != empty  # the eye is drawn
    shoot(app, "watch-seat-eye-en")


class WatchedLoopback:
    """The loopback server as a spectator's: public events and ``view(None)``."""

    failed = False
    ready = False

    def __init__(self, match):
        from tests.ui.loopback import Loopback

        self.inner = Loopback(match, None)
        self.conn = object()
        self.sent: list[tuple[str, dict]] = []

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def send(self, kind: str, **fields) -> bool:
        self.sent.append((kind, fields))
        return True

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("hareeja", 4, {}), ("ronda", 2, {"rules": "quick"}), ("hand_rummy", 2, {"rounds": 1})],
)
@pytest.mark.parametrize(("lang", "portrait"), [("en", False), ("ar", True)])
def test_every_game_is_drawn_from_the_public_view_and_nothing_can_be_played(
    make_app, game, players, options, lang, portrait
):
    """Each game's table scene from a spectator's session, moves coming in: no hand of ours,
    nothing legal, a tap on the table sends nothing."""
    from ui_helpers import click as tap
    from ui_helpers import run_until

    from game.core import registry
    from game.games.hand_rummy import bots as rummy_bots
    from game.ui import games

    app = make_app(lang=lang, portrait=portrait)
    match = registry.get(game).engine_class().new(players, options, 11)
    server = WatchedLoopback(match)
    seats = [{"name": f"P{i}", "kind": "human", "connected": True} for i in range(players)]
    room = {"code": "K7QMX4PA", "game": game, "seats": seats, "watchers": 2, "you": None}
    session = WatchSession(server, room, first=server.frame(match.start_events, None))
    scene = games.table_class(game)(app, session, options={"players": players})
    app.switch(scene)
    rng = random.Random(4)
    for _ in range(12):
        if match.phase == "over":
            break
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        if game == "hand_rummy":
            from game.core.bots import run as run_thought

            action = run_thought(rummy_bots.think(match.view(seat), legal, "easy", rng))
        else:
            action = rng.choice(legal)
        server.others(seat, action)
        assert run_until(app, scene.idle, 4000)
        assert session.view()["hand"] == [] and session.legal() == []
    tap(app, (app.layout.w // 2, app.layout.h - 60))  # where our hand would be
    tap(app, app.screen.get_rect().center)
    assert [k for k, _ in server.sent if k not in ("unwatch",)] == []
    assert scene.plates.watch.count() == 2
    scene.draw(app.screen)
    shoot(app, f"watch-{game}-{lang}-{'portrait' if portrait else 'landscape'}")


def test_a_hand_rummy_spectator_sees_no_staging_area():
    """A spectator has no hand to stage: the staging area's panel and frame are not drawn."""

    async def scenario() -> None:
        server, url = await start_server()
        host = await Client(url).connect()
        try:
            await host.hello("Sara")
            room = await host.request(
                "create",
                "room",
                game="hand_rummy",
                players=2,
                options={"rounds": 1},
                visibility="auto",
                turn_seconds=None,
                bots="easy",
            )
            app = make_online_app(url, "en", False)
            app.go("lobby", watch_code=str(room["code"]))
            lobby = app.scene
            assert await pump(app, lambda: lobby.state == "watchwait")
            await host.send("start")
            assert await pump(app, lambda: app.scene is not lobby)
            table = app.scene
            assert isinstance(table.session, WatchSession)
            assert await pump(app, lambda: table.phase != "deal" and table.idle(), 6000)
            assert not table.painter.staging_shown()
            assert len(table.painter.backdrop_panels()) == 1  # the melds' area alone
            table.draw(app.screen)
            shoot(app, "watch-rummy-en-landscape")
        finally:
            await host.close()
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
