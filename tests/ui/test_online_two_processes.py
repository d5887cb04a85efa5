"""The real client between two real server processes on one ``redis-server``, over real
sockets: a private table created on process A; a player whose lobby is connected to process B
joins it by its code (B answers ``moved {url, code}``; the lobby's own :class:`ServerLink`
follows it to A and sits down there); a wrong code typed at B still gets B's wrong-code
message; and a lobby opened at B with the token of a player seated on A ends seated on A.
Skipped, with the reason, without ``redis-server`` or the ``redis`` package (the
``redis_url`` fixture)."""

from __future__ import annotations

import asyncio
import subprocess

import pytest

from cluster_helpers import fresh_ns, start_process
from game.client.servers import token_for
from game.i18n import t
from game.net import protocol
from game.ui.scenes.lobby import LobbyScene
from helpers import private_table
from tests.ui.test_online_lobby import make_online_app, pump
from wire_client import Client


@pytest.fixture
def two_processes(redis_url, tmp_path, monkeypatch):
    """Processes A and B of one cluster (their addresses); a home of the test's own, so the
    tokens the client keeps are this test's."""
    monkeypatch.setenv("MAJLIS_HOME", str(tmp_path))
    ns = fresh_ns()
    processes = [start_process(redis_url, ns) for _ in range(2)]
    yield [url for _, url in processes]
    for proc, _ in processes:
        stop(proc)


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


async def known_at(url: str, token: str, attempts: int = 500) -> dict:
    """Say hello at ``url`` with ``token`` until that process's directory knows where the
    token's player sits (its answer is ``moved``, not ``welcome``): pub/sub reaches the other
    process a little after the holder's write."""
    for _ in range(attempts):
        async with Client(url) as probe:
            await probe.send("hello", name="Probe", token=token)
            answer = await probe.expect("welcome", "moved", timeout=5)
            if answer["t"] == "moved":
                return answer
        await asyncio.sleep(0.02)
    raise AssertionError(f"{url} never learnt the seat")


def wrong_code(code: str) -> str:
    """A well-formed code that is not ``code``."""
    first, second = protocol.CODE_ALPHABET[:2]
    return "".join(first if c != first else second for c in code)


def test_a_join_by_code_at_b_follows_moved_to_a_and_a_hello_at_b_ends_seated_on_a(two_processes):
    url_a, url_b = two_processes

    async def scenario() -> None:
        async with Client(url_a) as host:
            await host.hello("Host")
            code = (await private_table(host, "ronda", 2))["code"]
            moved = await known_at(url_b, host.token)  # B knows the table is A's
            assert moved == {"t": "moved", "url": url_a, "code": code}

            app = make_online_app(url_b)  # the player's lobby, connected to process B
            lobby = LobbyScene(app)
            app.switch(lobby)
            assert await pump(app, lambda: lobby.state == "home" and lobby.link.ready)
            assert lobby.link.url == url_b

            lobby.join(wrong_code(code))  # B answers for a code nobody holds
            assert await pump(app, lambda: lobby.message is not None)
            assert lobby.message_text() == t("error.no_room")
            assert lobby.link.url == url_b and lobby.state == "home"

            lobby.message = None
            lobby.join(code)  # held by A: B says moved, the link follows, asks again there
            assert await pump(app, lambda: lobby.state == "room")
            assert lobby.link.url == url_a
            assert lobby.link.room["code"] == code and lobby.link.room["you"] == 1
            assert lobby.message is None  # no refusal on the way
            seated = await host.expect("room", timeout=10)
            while sum(s["kind"] == "human" for s in seated["seats"]) < 2:
                seated = await host.expect("room", timeout=10)
            token = lobby.link.token
            assert token_for(url_b) == token == token_for(url_a)  # one player on both
            lobby.link.close()

            # the same player, back at B (a new lobby with the token B gave him): B knows he
            # sits at A, says moved, and the link ends seated on A
            await known_at(url_b, token)
            again = make_online_app(url_b)
            back = LobbyScene(again)
            again.switch(back)
            assert back.link.url == url_b and back.link.token == token
            assert await pump(again, lambda: back.state == "room")
            assert back.link.url == url_a
            assert back.link.room["code"] == code and back.link.room["you"] == 1
            assert back.message is None, back.message_text()
            back.link.close()

    asyncio.run(asyncio.wait_for(scenario(), 90))
