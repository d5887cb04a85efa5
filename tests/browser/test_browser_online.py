"""Online from the real browser: a real table server process (game.net.spawn),
a host at the other seat (tools/wire_client.py, natively), and the page opened with the invite
link ``#room=CODE&server=ws://127.0.0.1:PORT``: it joins the table through the page's own
WebSocket, takes its seat, and a card it plays by a tap reaches the host."""

from __future__ import annotations

import asyncio
import json
import tempfile
import threading
from pathlib import Path

import pytest
from browser_driver import PHONE

from conftest import assert_clean, open_game
from game.net import spawn
from helpers import private_table
from wire_client import Client


class Host:
    """A native client on its own event loop thread (the test itself stays synchronous)."""

    def __init__(self, url: str):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = Client(url)
        self.run(self.client.connect())
        self.run(self.client.hello("Host"))
        self.acting = None

    def run(self, coro, timeout: float = 30):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def play_along(self) -> None:
        """Answer every turn of the host's seat with its first legal action, meanwhile."""

        async def answer():
            while True:
                msg = await self.client.expect("events")
                if msg["legal"] and msg is self.client.last_events:
                    await self.client.send("act", action=msg["legal"][0])

        self.acting = asyncio.run_coroutine_threadsafe(answer(), self.loop)

    def close(self) -> None:
        if self.acting is not None:
            self.acting.cancel()
        self.run(self.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def table_server():
    folder = tempfile.mkdtemp(prefix="majlis-browser-server-")
    proc, url = spawn.start_server(
        [
            "--port",
            "0",
            "--db",
            str(Path(folder) / "s.sqlite3"),
            "--bot-delay",
            "0",
            "--loose-limits",
        ]
    )
    yield url
    proc.terminate()
    proc.wait(10)


def test_the_page_joins_by_its_invite_link_and_plays_a_card_the_other_seat_sees(
    browser, harness, table_server
):
    host, page = Host(table_server), None
    try:
        room = host.run(private_table(host.client, game="ronda", players=2, bots="easy"))
        code = room["room"]["code"] if "room" in room else room["code"]
        page = open_game(
            browser, harness, PHONE, fragment=f"room={code}&server={table_server}", scene="lobby"
        )
        page.wait_py("scene.state == 'confirm'", 30)  # a server not played on: asked first
        page.tap(page.widget("confirm_join"))  # "Join a table on …?" answered by a real tap
        page.wait_py("scene.state == 'room'", 30)  # joined: the seat is the page's
        host.play_along()
        host.run(host.client.send("start"))
        page.wait_py("scene.name == 'ronda' and scene.session.online", 30)
        page.wait_py("scene.my_turn() and scene.idle()", 60)
        seat = page.py("scene.me")
        card = page.py("sorted(scene.hand)[0]")
        page.tap(page.py(f"rect(scene.hand[{card!r}].rect())"))

        def seen() -> bool:
            return any(
                m["t"] == "events" and m.get("by") == seat and card in json.dumps(m["events"])
                for m in list(host.client.frames)
            )

        for _ in range(200):
            if seen():
                break
            page.pump(0.05)
        assert seen(), "the host never saw the page's card"
        assert_clean(page)
    finally:
        host.close()
        if page is not None:
            browser.close_page(page)
