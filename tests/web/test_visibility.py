"""A browser tab back in front reconnects at once: the page's real JS snippet
(game/client/connection.py, run by Node's WebSocket through tests/web/fake_platform.py's
``window.eval``) listens for ``visibilitychange``; the game's own OnlineSession, its connection
dropped and its clock held still (so the back-off would never end by itself), tries again on
the next frame after the tab becomes visible, is seated again by a real table server and asks
for a redraw. Skipped with the reason when Node has no WebSocket."""

from __future__ import annotations

import asyncio
import shutil

import pytest

from game.client.connection import BrowserConnection
from game.client.online import OnlineSession
from game.client.server_link import ServerLink
from game.net.server import TableServer
from tests.web.fake_platform import Window
from tests.web.test_simulated_browser import node_has_websocket

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    not node_has_websocket(), reason="needs Node with WebSocket (node --experimental-websocket)"
)
PAGE = 'globalThis.document = new EventTarget(); document.visibilityState = "visible"; 1'


def turn_tab(window: Window, state: str) -> None:
    """The tab goes to the background (``hidden``) or comes back (``visible``)."""
    window.eval(
        f'document.visibilityState = "{state}";'
        'document.dispatchEvent(new Event("visibilitychange")); 1'
    )


async def frames(pred, seats, n: int = 2000) -> bool:
    """Poll (a frame each) until ``pred()``; the in-process server runs in between."""
    for _ in range(n):
        if pred():
            return True
        for seat in seats:
            seat.poll()
        await asyncio.sleep(0.005)
    return bool(pred())


def test_a_tab_back_in_front_reconnects_at_once_and_redraws():
    window = Window(800, 600, node=NODE)
    window.eval(PAGE)
    made: list[BrowserConnection] = []

    def connect(url: str) -> BrowserConnection:
        conn = BrowserConnection(window)
        conn.connect(url)
        made.append(conn)
        return conn

    async def scenario() -> dict:
        server = await TableServer(port=0, bot_delay=0, tick_interval=0.01).start()
        url = f"ws://127.0.0.1:{server.port}"
        now = [100.0]  # the session's clock: held still, so the back-off never ends by itself
        try:
            session = ServerLink(url, "Sara", None, connect=connect)
            assert await frames(lambda: session.ready, [session])
            table = {"game": "ronda", "players": 2, "visibility": "private"}
            session.send("create", **table, turn_seconds=None, bots="easy")
            session.send("start")
            first: list[dict] = []

            def started() -> bool:
                first.extend(m for m in session.poll() if m["t"] == "events")
                return bool(first)

            assert await frames(started, [])
            seat = OnlineSession(session, session.room, first=first[0], clock=lambda: now[0])
            window.eval(f"window.majlisNet[{made[0].id}].ws.close(); 1")  # the phone dropped it
            assert await frames(lambda: seat.reconnecting, [seat])
            await frames(lambda: False, [seat], 40)  # 40 frames: the back-off holds
            waited = len(made)
            turn_tab(window, "hidden")
            await frames(lambda: False, [seat], 5)
            hidden = len(made)
            turn_tab(window, "visible")
            assert await frames(lambda: not seat.reconnecting, [seat])
            return {
                "waited": waited,
                "hidden": hidden,
                "after": len(made),
                "resumed": seat.resumed,
                "woken": seat.woken,
                "lost": seat.lost,
            }
        finally:
            await server.close()
            window.close()

    out = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert out["waited"] == 1 and out["hidden"] == 1  # no new try while the clock stood still
    assert out["after"] == 2  # the tab came back: one new connection, at once
    assert out["resumed"] and out["woken"] and not out["lost"]
