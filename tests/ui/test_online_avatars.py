"""The chosen face through the real client and server: the app's Settings choice goes in its
``hello``, a second client sees it in the room's seats, and the app's table draws each player
in the face he chose (the guest's from his own ``hello``), the bots in theirs."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from test_online_lobby import click, make_online_app, open_lobby, pump, start_server

from game.games.hareeja.scene import HareejaTable
from game.ui import avatars
from game.ui.app import App
from game.ui.scenes.lobby import LobbyScene
from wire_client import Client


@contextlib.asynccontextmanager
async def room_with_layla() -> AsyncIterator[tuple[App, LobbyScene, Client, dict]]:
    """The real server; an app whose player chose face 6 has made a table in its lobby, and a
    second client, the guest Layla in face 12, has joined it: (the app, its lobby, the guest,
    the room the guest was told)."""
    server, url = await start_server()
    guest = await Client(url).connect()
    try:
        app = make_online_app(url)
        app.set_setting("avatar", 6)
        lobby = await open_lobby(app)
        await click(app, lobby.widget("create").rect.center)
        assert await pump(app, lambda: lobby.state == "room")
        await guest.request("hello", "welcome", name="Layla", avatar=12)
        seated = await guest.request("join", "room", code=lobby.link.room["code"])
        yield app, lobby, guest, seated
    finally:
        await guest.close()
        await server.close()


def test_each_device_shows_the_face_each_player_chose():
    async def scenario() -> None:
        async with room_with_layla() as (app, lobby, _, seated):
            assert [s["avatar"] for s in seated["seats"][:2]] == [6, 12]  # the other device
            assert await pump(
                app, lambda: [s.get("avatar") for s in lobby.link.room["seats"][:2]] == [6, 12]
            )
            app.step(1 / 60)  # the waiting room draws both faces
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: app.scene is not lobby)
            table = app.scene
            assert isinstance(table, HareejaTable)
            looks = [table.plates.look(s) for s in range(4)]
            assert looks[:2] == [6, 12]
            bots = avatars.faces(tuple(s.name for s in table.session.seats), (6, 12, None, None))[
                2:
            ]
            assert looks[2:] == bots and not {6, 12} & set(bots)  # the bots keep their own

    asyncio.run(scenario())


def test_a_face_chosen_at_an_online_table_reaches_every_seat_at_once():
    """The pause menu's Settings → Your face at an online table: the new face goes to the
    server in a ``hello`` with the same token, and every seat's room shows it; the table plays
    on (the seat keeps its legal moves)."""
    from game.ui.scenes.settings_avatar import AvatarPicker

    async def scenario() -> None:
        async with room_with_layla() as (app, lobby, guest, _):
            assert await pump(app, lambda: lobby.widget("start").visible)
            await click(app, lobby.widget("start").rect.center)
            assert await pump(app, lambda: app.scene is not lobby)
            table = app.scene
            token = table.session.server.token
            table.open_pause()
            app.step(1 / 60)
            app.overlay.button("settings").on_click()
            app.step(1 / 60)
            await click(app, app.overlay.button("avatar").rect.center)
            assert isinstance(app.overlay, AvatarPicker)
            await click(app, app.overlay.widget_key("avatar:9").rect.center)

            def told() -> list:
                return [
                    f for f in guest.frames if f["t"] == "room" and f["seats"][0]["avatar"] == 9
                ]

            assert await pump(app, lambda: bool(told()))
            room = told()[0]
            assert room["seats"][1]["avatar"] == 12 and room["started"]
            assert await pump(app, lambda: table.plates.look(0) == 9)
            assert app.scene is table and table.session.server.token == token
            assert not table.session.lost and not table.session.closed

    asyncio.run(asyncio.wait_for(scenario(), 60))
