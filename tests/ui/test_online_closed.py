"""A finished online table that closes while its over panel is up (the server keeps a finished
table :data:`game.net.limits.OVER_ROOM` seconds): the real client, through real sockets, goes
back to the lobby, still connected, with a translated message, instead of a Play again that
would get the server's English refusal."""

from __future__ import annotations

import asyncio

import pytest

from game.client.online import OnlineSession
from game.i18n import t
from game.net.limits import Limits
from game.net.server import TableServer
from game.ui.scenes.lobby import LobbyScene
from tests.ui.test_online_lobby import TEST_RATE, make_online_app, pump


def plain(legal: list[dict]) -> dict:
    """A card played (no declaration: it would ask the player first)."""
    return next((a for a in legal if a["type"] != "declare"), legal[0])


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_table_closing_under_the_over_panel_goes_back_to_the_lobby_with_words(lang):
    async def scenario() -> None:
        limits = Limits(over_room=1.0)  # a finished table closes a second after its end
        server = await TableServer(
            "127.0.0.1", 0, bot_delay=0.0, tick_interval=0.02, limits=limits, rate=TEST_RATE
        ).start()
        try:
            app = make_online_app(f"ws://127.0.0.1:{server.port}", lang)
            app.go("lobby")
            lobby = app.scene
            assert isinstance(lobby, LobbyScene)
            assert await pump(app, lambda: lobby.state == "home")
            link = lobby.link
            assert link is not None
            fields = {"visibility": "private", "turn_seconds": None, "bots": "easy"}
            link.send("create", game="ronda", players=2, options={"rules": "quick"}, **fields)
            assert await pump(app, lambda: lobby.state == "room")
            link.send("start")
            assert await pump(app, lambda: app.scene is not lobby)
            table = app.scene
            session = table.session
            assert isinstance(session, OnlineSession)

            def my_turn_played() -> bool:
                if app.scene is table and table.score is not None and session.phase != "over":
                    table.close_score()  # the round's score panel: the next round
                if app.scene is table and session.legal() and table.idle():
                    table.act(table.me, plain(session.legal()), human=True)
                return session.phase == "over" or app.scene is not table

            assert await pump(app, my_turn_played, 40000)
            assert await pump(app, lambda: app.scene is not table, 6000)
            back = app.scene
            assert isinstance(back, LobbyScene) and back.link is link  # still connected
            assert await pump(app, lambda: back.state == "home")
            assert app.painter.toasts and app.painter.toasts[-1][0] == "online.closed_over"
            words = t("online.closed_over")
            assert words != "online.closed_over"
            assert any("\u0600" <= ch <= "\u06ff" for ch in words) == (lang == "ar")
            assert link.room is None and not server.lobby.rooms
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 180))
