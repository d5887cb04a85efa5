"""The real client in a cluster: two table server processes share one lobby through a real
``redis-server``; a player connected to one joins, by its code, a table the other holds. The
server answers ``moved``; the client follows it with the same token and sits down there."""

from __future__ import annotations

import asyncio

from game.net.client import Client
from game.net.server import TableServer
from game.ui.scenes.lobby import LobbyScene
from helpers import private_table
from tests.test_net_cluster import fresh_ns, redis_url, until  # noqa: F401 (a fixture)
from tests.ui.test_online_lobby import make_online_app, pump


def test_joining_a_table_held_by_another_process_follows_moved_and_sits_there(redis_url):  # noqa: F811
    async def scenario() -> None:
        ns = fresh_ns()
        servers = [
            await TableServer(
                "127.0.0.1", 0, bot_delay=0.0, tick_interval=0.01, redis_url=redis_url, redis_ns=ns
            ).start()
            for _ in range(2)
        ]
        holder, other = servers
        url = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            async with Client(url[0]) as host:
                await host.hello("Host")
                room = await private_table(host, "ronda", 2)
                code = room["code"]
                await until(lambda: code in other.cluster.owner)
                app = make_online_app(url[1])  # connected to the process without the table
                lobby = LobbyScene(app, join_code=code)  # as an invite link opens it
                app.switch(lobby)
                assert await pump(app, lambda: lobby.state == "room")
                assert lobby.session.url == url[0]  # it followed ``moved`` to the holder
                assert lobby.session.room["code"] == code and lobby.session.room["you"] == 1
                assert await pump(app, lambda: holder.lobby.rooms[code].seated() == 2)
        finally:
            for server in servers:
                await server.close()

    asyncio.run(scenario())
