"""Online play through the real client: the table server runs in-process on 127.0.0.1 (a free
port), the app's scenes are driven with real pygame events, frame by frame, while the asyncio
loop lets the connection and the server run (TB-1..TB-4, TB-9 rules ids in the docstrings).

Nothing here waits on wall-clock speed: every wait is "until this holds", with a frame cap.
"""

from __future__ import annotations

import asyncio
import logging

import pygame

from game.client.online import OnlineSession
from game.games.hareeja.rules import Match
from game.games.hareeja.scene import HareejaTable
from game.net.server import TableServer
from game.ui.app import App, Options
from game.ui.scenes.home import HomeScene as MenuScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.lobby_common import server_name
from game.ui.scenes.lobby_shots import ShownLink
from wire_client import Client

DT = 1 / 60


def make_online_app(url: str, lang: str = "en", portrait: bool = False) -> App:
    options = Options(lang=lang, portrait=portrait, speed=8.0)
    options.server = url
    return App(options)


async def pump(app: App, pred, frames: int = 3000) -> bool:
    """Frames until ``pred()``; each frame also lets the network and the server run."""
    for _ in range(frames):
        if pred():
            return True
        app.step(DT)
        await asyncio.sleep(0.001)
    return pred()


async def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    await asyncio.sleep(0.001)


async def press(app: App, key: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char))
    app.step(DT)
    await asyncio.sleep(0.001)


# The scripted clients act on every frame that lets them, frames run as fast as the machine
# steps them (17 moves a second and more), and the server's flood guard (15 messages a second
# on average, game/net/guests.py) then closed a connection mid-match on a busy machine: no
# player taps that fast, so these servers let the test clients through.
TEST_RATE = (100_000, 100_000.0)


async def start_server() -> tuple[TableServer, str]:
    server = await TableServer(
        "127.0.0.1", 0, bot_delay=0.0, tick_interval=0.02, rate=TEST_RATE
    ).start()
    return server, f"ws://127.0.0.1:{server.port}"


async def open_lobby(app: App) -> LobbyScene:
    """Menu → "Play online" by a click; waits for the server's welcome."""
    assert isinstance(app.scene, MenuScene)
    await click(app, app.scene.widget("online").rect.center)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    assert await pump(app, lambda: lobby.state == "home")
    return lobby


def has_widget(scene, key: str) -> bool:
    try:
        scene.widget(key)
        return True
    except KeyError:
        return False


def first_legal(msg: dict) -> dict:
    return msg["legal"][0]


def test_TB_1_private_table_code_join_start_with_bots_and_play_a_card():
    """TB-1: create a private table (its code shows), a second client joins by that code, the
    host starts (empty seats become bots), the player bids and plays a card by clicking in the
    real Hareeja table scene, and the other client sees that card."""

    async def scenario() -> None:
        server, url = await start_server()
        guest = await Client(url).connect()
        try:
            app = make_online_app(url)
            lobby = await open_lobby(app)
            await click(app, lobby.widget("create").rect.center)
            assert await pump(app, lambda: lobby.state == "room")
            room = lobby.link.room
            assert room["visibility"] == "private" and room["you"] == 0
            code = room["code"]
            await guest.hello("Layla")
            await guest.send("join", code=code)
            assert await pump(
                app, lambda: sum(s["kind"] == "human" for s in lobby.link.room["seats"]) == 2
            )
            guest_task = asyncio.create_task(guest.play(first_legal, timeout=30))
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: app.scene is not lobby)
            sc = app.scene
            assert isinstance(sc, HareejaTable) and sc.session.online and sc.me == 0
            assert [s.kind for s in sc.session.seats] == ["human", "remote", "bot", "bot"]
            # Bid 1 with the picker and confirm, by clicks.
            assert await pump(app, lambda: sc.can_bid() and sc.idle())
            await click(app, sc.widget("bid:1").rect.center)
            await click(app, sc.widget("confirm").rect.center)
            assert await pump(app, lambda: sc.bidding.confirmed[0])
            # Our turn: one tap on a legal card plays it.
            assert await pump(app, lambda: sc.my_turn() and sc.idle(), 6000)
            card = sorted(sc.legal_cards())[0]
            await click(app, sc.hand[card].rect().center)
            assert await pump(app, lambda: card not in sc.hand)
            me = room["you"]

            def guest_saw() -> bool:
                return any(
                    f["t"] == "events"
                    and any(
                        e.get("type") == "card_played"
                        and e.get("card") == card
                        and e.get("seat") == me
                        for e in f["events"]
                    )
                    for f in guest.frames
                )

            assert await pump(app, guest_saw)
            guest_task.cancel()
        finally:
            await guest.close()
            await server.close()

    asyncio.run(scenario())


def test_TB_1_wrong_code_gets_a_clear_message():
    """TB-1: a code typed with the keyboard that no table has, or one that cannot be a code,
    is answered with a readable message; the lobby stays usable."""

    async def scenario() -> None:
        server, url = await start_server()
        try:
            app = make_online_app(url)
            lobby = await open_lobby(app)
            await click(app, lobby.widget("join_code").rect.center)
            assert lobby.state == "code"
            for ch in "zzzzzzzz":
                await press(app, getattr(pygame, f"K_{ch}"), ch)
            assert lobby.entry.typed == "ZZZZZZZZ"
            await press(app, pygame.K_RETURN)
            assert await pump(app, lambda: lobby.message is not None)
            assert lobby.message_text() == "No table has that code"
            await click(app, lobby.widget("join_code").rect.center)
            for ch in "ab0":
                await press(app, getattr(pygame, f"K_{ch}"), ch)
            await press(app, pygame.K_RETURN)
            assert "isn't right" in lobby.message_text()
            assert lobby.state == "home"
        finally:
            await server.close()

    asyncio.run(scenario())


def test_TB_2_approval_request_accept_and_TB_3_public_list():
    """TB-2: a public table with approval: a player asks, the host sees the request and
    accepts it with a click. TB-3: the public list shows open tables with a Sit button."""

    async def scenario() -> None:
        server, url = await start_server()
        guest = await Client(url).connect()
        try:
            app = make_online_app(url)
            lobby = await open_lobby(app)
            await click(app, lobby.widget("vis:approval").rect.center)
            await click(app, lobby.widget("create").rect.center)
            assert await pump(app, lambda: lobby.state == "room")
            await guest.hello("Omar")
            tables = await guest.request("list", "tables")
            assert [t["code"] for t in tables["list"]] == [lobby.link.room["code"]]
            await guest.send("join", code=lobby.link.room["code"])
            assert await pump(app, lambda: lobby.link.room["pending"])
            await click(app, lobby.widget("accept:0").rect.center)
            assert await pump(
                app, lambda: any(s["name"] == "Omar" for s in lobby.link.room["seats"])
            )
        finally:
            await guest.close()
            await server.close()

    asyncio.run(scenario())


def test_TB_3_public_list_and_join_from_it():
    """TB-3: an automatic table appears in the client's public list; Sit joins it at once."""

    async def scenario() -> None:
        server, url = await start_server()
        host = await Client(url).connect()
        try:
            await host.hello("Huda")
            await host.request(
                "create",
                "room",
                game="hareeja",
                players=4,
                visibility="auto",
                turn_seconds=None,
                bots="easy",
            )
            app = make_online_app(url)
            lobby = await open_lobby(app)
            await click(app, lobby.widget("public").rect.center)
            assert await pump(app, lambda: lobby.tables and has_widget(lobby, "sit:0"))
            await click(app, lobby.widget("sit:0").rect.center)
            assert await pump(app, lambda: lobby.state == "room")
            assert lobby.link.room["you"] == 1
        finally:
            await host.close()
            await server.close()

    asyncio.run(scenario())


def test_server_down_says_so_in_place_with_what_to_do():
    """No server at the address: the lobby says so in place (not a toast over the title),
    names the server without its raw address, and Try again reaches a server that is back."""

    async def scenario() -> None:
        server, url = await start_server()
        port = server.port
        await server.close()  # the port is free again: nobody answers there
        app = make_online_app(url)
        await click(app, app.scene.widget("online").rect.center)
        lobby = app.scene
        assert await pump(app, lambda: lobby.state == "offline")
        assert app.scene is lobby and not app.painter.toasts
        app.scene.draw(app.screen)  # drawn, nothing crashes
        assert lobby.widget("retry").visible and lobby.widget("server").visible
        assert "ws://" not in server_name(lobby.server)
        again = await TableServer(
            "127.0.0.1", port, bot_delay=0.0, tick_interval=0.02, rate=TEST_RATE
        ).start()
        try:
            await click(app, lobby.widget("retry").rect.center)
            assert await pump(app, lambda: lobby.state == "home")
        finally:
            await again.close()
        await click(app, lobby.widget("back").rect.center)
        assert isinstance(app.scene, MenuScene)

    asyncio.run(scenario())


def test_malformed_server_messages_are_ignored_with_a_log_line(caplog):
    """A server that sends junk before a proper welcome: every bad frame is dropped with a
    warning and the lobby still reaches its home screen."""
    import websockets

    async def junk_server(ws) -> None:
        await ws.recv()  # the client's hello
        for frame in ("not json", "[1, 2]", '{"t": "bogus"}', '{"t": "events"}', b"\xff\xfe"):
            await ws.send(frame)
        await ws.send('{"t": "welcome", "player": "p1", "token": "tok", "name": "X"}')
        await ws.wait_closed()

    async def scenario() -> None:
        async with websockets.serve(junk_server, "127.0.0.1", 0) as srv:
            port = srv.sockets[0].getsockname()[1]
            app = make_online_app(f"ws://127.0.0.1:{port}")
            with caplog.at_level(logging.WARNING, logger="majlis.net"):
                lobby = await open_lobby(app)
            assert lobby.link.player == "p1"
            dropped = [r for r in caplog.records if "dropped" in r.getMessage()]
            assert len(dropped) == 5
            lobby.link.close()

    asyncio.run(scenario())


class Quiet:
    """A server connection stand-in: nothing arrives, sends succeed."""

    failed = False

    def poll(self):
        return []

    def send(self, *a, **k):
        return True

    def woke(self):
        return False


def hareeja_room(you: int) -> dict:
    return {
        "seats": [{"name": n, "kind": "human"} for n in "ABCD"],
        "you": you,
        "game": "hareeja",
        "turn_seconds": None,
        "bots": "easy",
    }


def test_leaving_the_waiting_room_sends_leave_and_the_link_forgets_its_room(make_app):
    """The link owns the room the server told it of: leaving sends ``leave`` and forgets it
    at once, and the lobby shows its home. A table's way back to the lobby hands its link
    over under the old keyword, ``session``, which still works."""
    app = make_app()
    link = ShownLink({"you": 0, "host": 0, "code": "K7QMX4PA", "started": False})
    lobby = LobbyScene(app, session=link, server="ws://x:1")
    app.switch(lobby)
    assert lobby.link is link and lobby.state == "room"
    lobby.leave()
    assert link.sent[-1][0] == "leave" and link.room is None and lobby.state == "home"


def test_seat_2_at_the_server_is_drawn_at_the_bottom_and_keeps_its_numbers(make_app):
    """Seat 2 at the server sees itself at the bottom, seat 3 to its right, 0 at the top, 1
    to its left (counter-clockwise); the view and the events keep the server's numbers, only
    drawing maps them: its dealt hand is its own, the others' backs go to their places."""
    match = Match.new(4, seed=5)
    session = OnlineSession(
        Quiet(),
        hareeja_room(2),
        first={
            "t": "events",
            "events": [e.for_seat(2) for e in match.start_events],
            "view": match.view(2),
            "legal": [],
        },
    )
    assert session.me == 2 and session.view()["you"] == 2 and session.to_act() == [0, 1, 2, 3]
    app = make_app()
    sc = HareejaTable(app, session)
    app.switch(sc)
    layout = app.layout
    assert [sc.places.spot(s) for s in range(4)] == [2, 3, 0, 1]
    assert sc.places.plate_rect(2) == layout.plate_rect(0) and sc.places.plate_rect(
        0
    ) == layout.plate_rect(2)
    assert (
        sc.places.trick_spot(3) == layout.trick_spot(1)
        and sc.places.seat_hand(1) == layout.seat_hand[3]
    )
    for _ in range(400):
        app.step(1 / 60)
        if sc.phase == "declare" and sc.idle():
            break
    n = len(match.hands[2])
    assert sorted(sc.hand_order) == sorted(match.hands[2]) and sc.backs.counts == [n, n, 0, n]
    assert sc.can_bid() and sc.places.seating.from_me() == [2, 3, 0, 1]


def test_a_refused_action_becomes_a_hint_and_input_returns():
    """A server ``error`` during play: the pending action is released and the player reads
    the refusal in their language."""
    session = OnlineSession(
        Quiet(),
        hareeja_room(1),
        first={
            "t": "events",
            "events": [],
            "legal": [{"type": "play", "card": "AS"}],
            "view": {
                "phase": "play",
                "to_act": [1],
                "hand": ["AS"],
                "trick": [],
                "confirmed": [True] * 4,
            },
        },
    )
    assert session.to_act() == [1] and session.legal() == [{"type": "play", "card": "AS"}]
    assert session.act({"type": "play", "card": "AS"})
    assert session.to_act() == [] and session.legal() == []
    session.receive({"t": "error", "code": "not_your_turn", "message": "Not your turn."})
    refusals = session.take_refusals()
    assert session.to_act() == [1] and [r.code for r in refusals] == ["not_your_turn"]
    assert refusals[0].online and session.legal() == [{"type": "play", "card": "AS"}]


def test_events_arriving_with_the_start_all_reach_the_table_scene(make_app):
    """The lobby leaves for the table in the middle of one batch of messages: the rest of the
    batch (here the other player's first card) must reach the table, not vanish."""
    from game.client.connection import Connection
    from game.client.server_link import ServerLink
    from game.games.ronda.rules import Match
    from game.net.protocol import decode_server, encode
    from game.ui.scenes.lobby import LobbyScene

    match = Match.new(2, {"rules": "quick"}, seed=4)
    start = [e.for_seat(0) for e in match.start_events]
    first = match.to_act()[0]
    played = match.apply(first, {"type": "play", "card": match.view(first)["hand"][0]})
    seats = [
        {"name": "Huda", "kind": "human", "connected": True},
        {"name": "Layla", "kind": "human", "connected": True},
    ]
    room = {
        "t": "room",
        "code": "K7QMX",
        "link": "?room=K7QMX",
        "game": "ronda",
        "players": 2,
        "options": {"rules": "quick"},
        "visibility": "private",
        "turn_seconds": None,
        "bots": "easy",
        "seats": seats,
        "host": 0,
        "you": 0,
        "pending": [],
        "started": True,
        "over": False,
    }
    view0 = Match.new(2, {"rules": "quick"}, seed=4).view(0)
    batch = [
        {"t": "welcome", "player": "p1", "token": "t", "name": "Huda"},
        room,
        {"t": "events", "events": start, "view": view0, "legal": [], "by": None, "log": 0},
        {
            "t": "events",
            "events": [e.for_seat(0) for e in played],
            "view": match.view(0),
            "legal": match.legal_actions(0),
            "by": first,
            "log": 1,
        },
    ]

    class Scripted(Connection):
        def connect(self, url):
            self.state = "open"

        def send(self, msg):
            return True

        def poll(self):
            out, self.batch = getattr(self, "batch", []), []
            return out

        def close(self):
            self.state = "closed"

    conn = Scripted()
    conn.batch = [decode_server(encode(m)) for m in batch]

    def connect(url):
        conn.connect(url)
        return conn

    app = make_app()
    link = ServerLink("ws://test", "Huda", connect=connect)
    lobby = LobbyScene(app, link=link)
    app.switch(lobby)
    for _ in range(10):
        app.step(1 / 60)
    scene = app.scene
    assert scene is not lobby
    assert scene.session.to_act() == [0] and len(scene.session.view()["table"]) == len(
        match.view(0)["table"]
    )


def test_a_table_whose_connection_drops_reconnects_by_itself_and_plays_on():
    """The server closes our socket mid-match (a network change, a server going away): the
    table says it is reconnecting, takes no input, connects again with the same token and is
    built afresh from the server's view, in the same seat: no trip to the menu."""

    async def scenario() -> None:
        server, url = await start_server()
        try:
            app = make_online_app(url)
            lobby = await open_lobby(app)
            await click(app, lobby.widget("create").rect.center)
            assert await pump(app, lambda: lobby.state == "room")
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: isinstance(app.scene, HareejaTable))
            table = app.scene
            assert await pump(app, lambda: table.can_bid() and table.idle())
            me = table.session.me
            player = next(p for p in server.lobby.players.values() if p.conn is not None)
            player.conn.close(1001, "going away")  # the server side of our socket
            assert await pump(app, lambda: table.session.reconnecting)
            assert table.session.legal() == [] and not table.can_bid()
            assert app.scene is table and table.animating()  # the banner is on the table
            assert await pump(app, lambda: app.scene is not table)
            again = app.scene
            assert isinstance(again, HareejaTable) and again.session is table.session
            assert not again.session.reconnecting and not again.session.lost
            assert again.session.me == me and not app.painter.toasts
            assert await pump(app, lambda: again.can_bid() and again.idle())
            await click(app, again.widget("bid:1").rect.center)
            await click(app, again.widget("confirm").rect.center)
            assert await pump(app, lambda: again.bidding.confirmed[0])  # the server took our bid
        finally:
            await server.close()

    asyncio.run(scenario())
