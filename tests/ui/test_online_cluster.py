"""The real client in a cluster: two table server processes share one lobby through a real
``redis-server``; a player connected to one joins, by its code, a table the other holds. The
server answers ``moved``; the client follows it with the same token and sits down there."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time

from cluster_helpers import cluster_servers, fresh_ns, until
from game.client.online import OnlineSession
from game.client.server_link import ServerLink
from game.net import spawn
from game.ui.scenes.lobby import LobbyScene
from helpers import private_table
from tests.ui.test_online_lobby import make_online_app, pump
from wire_client import Client


def test_joining_a_table_held_by_another_process_follows_moved_and_sits_there(redis_url):
    async def scenario() -> None:
        ns = fresh_ns()
        servers = await cluster_servers(redis_url, ns, 2, loose=False, host="127.0.0.1")
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
                assert lobby.link.url == url[0]  # it followed ``moved`` to the holder
                assert lobby.link.room["code"] == code and lobby.link.room["you"] == 1
                assert await pump(app, lambda: holder.lobby.rooms[code].seated() == 2)
        finally:
            for server in servers:
                await server.close()

    asyncio.run(scenario())


# ----- the game's own sessions find their table again --------------------
class RoundRobin:
    """The entry address of a cluster: a TCP proxy handing each new connection to the next
    process in turn, skipping one that refuses it (as a load balancer does once a backend is
    down). It passes bytes only: the WebSocket handshake and frames are the processes' own."""

    def __init__(self, ports: list[int]) -> None:
        self.ports, self.turn, self.server = ports, 0, None
        self.pipes: set[asyncio.Task] = set()

    async def start(self) -> str:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        return f"ws://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for _ in self.ports:
            port = self.ports[self.turn % len(self.ports)]
            self.turn += 1
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            for a, b in ((reader, up_writer), (up_reader, writer)):
                task = asyncio.ensure_future(self._pipe(a, b))
                self.pipes.add(task)
                task.add_done_callback(self.pipes.discard)
            return
        writer.close()

    @staticmethod
    async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        except OSError:
            pass
        finally:
            sink.close()

    async def close(self) -> None:
        self.server.close()
        for task in list(self.pipes):
            task.cancel()


def start_holder(redis: str, ns: str):
    """A table server process of the cluster (its ``moved`` names its own direct address)."""
    return spawn.start_server(
        ["--port", "0", "--redis", redis, "--bot-delay", "0", "--bot-workers", "0"]
        + ["--loose-limits", "--lease", "2", "--log-text", "--redis-ns", ns]
    )


async def seat_through(entry: str, name: str, request: dict) -> ServerLink:
    """A :class:`ServerLink` through the entry, welcomed, that sent ``request`` and is seated
    (following ``moved`` to the holder and asking again there, as the lobby does)."""
    session = ServerLink(entry, name, None)
    asked = False
    for _ in range(3000):
        for msg in session.poll():
            if msg["t"] == "moved":
                asked = False  # the session went to the holder: ask there
        if session.ready and not asked:
            session.send(request["t"], **{k: v for k, v in request.items() if k != "t"})
            asked = True
        if session.room is not None and session.room.get("you") is not None:
            return session
        await asyncio.sleep(0.005)
    raise AssertionError(f"{name} was not seated through {entry}")


def test_after_kill_9_of_the_holder_the_game_s_own_sessions_get_their_seats_back_and_finish(
    redis_url,
):
    ns = fresh_ns()
    processes = [start_holder(redis_url, ns) for _ in range(2)]
    ports = [int(url.rsplit(":", 1)[1]) for _, url in processes]
    rng = random.Random(19)

    async def scenario() -> dict:
        entry_proxy = RoundRobin(ports)
        entry = await entry_proxy.start()
        try:
            host = await seat_through(entry, "Ali", {"t": "create", **untimed_hareeja()})
            code = host.room["code"]
            guest = await seat_through(entry, "Sara", {"t": "join", "code": code})
            host.send("start")
            seats = [await started(s) for s in (host, guest)]
            holder, holder_url = processes[0]  # the entry's first connection went there
            assert guest.url == holder_url  # the second went to the other one: moved
            acted = [0]
            await play(seats, rng, lambda: acted[0] >= 6, acted=acted)
            before = {s.me: s.version for s in seats}
            os.kill(holder.pid, signal.SIGKILL)  # mid-match
            holder.wait(10)
            killed = time.monotonic()
            await play(seats, rng, lambda: all(s.reconnecting or s.lost for s in seats), 20)
            await play(seats, rng, lambda: all(not s.reconnecting for s in seats), 60)
            print(f"both seats back {time.monotonic() - killed:.1f} s after the kill")
            back = {s.me: (s.lost, s.resumed or s.version > before[s.me]) for s in seats}
            await play(seats, rng, lambda: all(s.phase == "over" or s.lost for s in seats), 120)
            return {
                "back": back,
                "phases": [s.phase for s in seats],
                "lost": [s.lost for s in seats],
                "urls": [s.server.url for s in seats],
                "dead": holder_url,
            }
        finally:
            await entry_proxy.close()

    try:
        out = asyncio.run(asyncio.wait_for(scenario(), 240))
    finally:
        for proc, _ in processes:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()
    assert out["lost"] == [False, False], out
    assert all(not lost and came_back for lost, came_back in out["back"].values()), out
    assert out["phases"] == ["over", "over"]
    assert out["dead"] not in out["urls"]  # seated at the process that adopted the table


def untimed_hareeja() -> dict:
    return {
        "game": "hareeja",
        "players": 4,
        "visibility": "private",
        "turn_seconds": None,
        "bots": "easy",
    }


async def started(session: ServerLink) -> OnlineSession:
    """The session's seat once the match started (its first ``events``)."""
    for _ in range(3000):
        for msg in session.poll():
            if msg["t"] == "events" and session.room and session.room.get("started"):
                return OnlineSession(session, session.room, first=msg)
        await asyncio.sleep(0.005)
    raise AssertionError("the match did not start")


async def play(
    seats: list[OnlineSession], rng: random.Random, done, seconds: float = 60, acted=None
) -> None:
    """Each seat polls and, when it may act, plays a random legal action, until ``done()``
    (``acted[0]`` counts the actions sent)."""
    acted = acted if acted is not None else [0]
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not reached in time"
        for seat in seats:
            seat.poll()
            seat.take_events()
            seat.take_refusals()
            legal = seat.legal()
            if legal and seat.me in seat.to_act() and not seat.lost:
                acted[0] += seat.act(rng.choice(legal))
        await asyncio.sleep(0.005)


def test_the_live_list_at_one_process_watches_a_match_the_other_holds(redis_url):
    """The lobby's list at B names A's public match being played; Watch is answered ``moved``
    and the client watches it at A."""
    from game.client.watching import WatchSession
    from tests.ui.test_online_lobby import click

    async def scenario() -> None:
        ns = fresh_ns()
        servers = await cluster_servers(redis_url, ns, 2, loose=False)
        other = servers[1]
        url = [f"ws://127.0.0.1:{s.port}" for s in servers]
        try:
            async with Client(url[0]) as host:
                await host.hello("Host")
                room = await private_table(host, "ronda", 2, visibility="auto")
                code = room["code"]
                await host.send("start")
                await host.expect("events")
                await until(lambda: other.cluster.open.get(code, {}).get("stage") == "live")
                app = make_online_app(url[1])  # connected to the process without the table
                app.go("lobby")
                lobby = app.scene
                assert isinstance(lobby, LobbyScene)
                assert await pump(app, lambda: lobby.state == "home")
                lobby.open_list()
                assert await pump(app, lambda: "watch:0" in {w.key for w in lobby.widgets})
                assert [x["code"] for x in lobby.tables] == [code]
                await click(app, lobby.widget("watch:0").rect.center)
                assert await pump(
                    app, lambda: isinstance(getattr(app.scene, "session", None), WatchSession)
                )
                assert app.scene.session.code == code and lobby.link.url == url[0]
                assert (await host.expect("audience"))["count"] == 1
        finally:
            for server in servers:
                await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
