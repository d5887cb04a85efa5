"""A hello in a cluster finds the seat wherever it is: a player who
came to process B first (B knows him, unseated) and was sent by ``moved`` to the table A holds
says hello to B again (his connection dropped, the entry sent him there): B answers ``moved``
to A, not a bare ``welcome`` that leaves him without his table. Two in-process servers, one
real ``redis-server`` (skipped with the reason when it is missing)."""

from __future__ import annotations

import asyncio

from cluster_helpers import cluster_servers, fresh_ns, until
from helpers import private_table
from wire_client import Client


def test_a_player_known_unseated_here_is_sent_to_the_table_that_seats_him(redis_url):
    async def body() -> dict:
        ns = fresh_ns()
        a, b = await cluster_servers(redis_url, ns, 2, loose=False)
        url_a, url_b = (f"ws://127.0.0.1:{s.port}" for s in (a, b))
        try:
            async with Client(url_a) as host, Client(url_b) as guest:
                await host.hello("Host")
                code = (await private_table(host, "ronda", 2))["code"]
                await until(lambda: code in b.cluster.owner)
                await guest.hello("Guest")  # B knows him from now on
                moved = await guest.request("join", "room", "moved", code=code)
                async with Client(moved["url"]) as there:
                    await there.hello("Guest", token=guest.token)
                    await there.request("join", "room", code=code)
                await until(lambda: list(b.cluster.seats.values()).count(code) == 2)
            async with Client(url_b) as again:  # back at B with the same token
                await again.send("hello", name="Guest", token=guest.token)
                return await again.expect("welcome", "moved", timeout=5)
        finally:
            for server in (a, b):
                await server.close()

    answer = asyncio.run(asyncio.wait_for(body(), 60))
    assert answer["t"] == "moved", answer
