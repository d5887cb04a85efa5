"""A server accepts only the tokens it or its cluster issued (token fixation).

A token is a seat: a server that kept any well-formed token a client brought would let a
hostile server the player once trusted plant one it knows, then take the seat the player gets
here. Tokens are signed (:mod:`game.net.tokens`): by a key kept in the SQLite file (so they
survive a restart) or shared by a cluster in Redis (so they survive a move to another
process). An unknown token gets a fresh one. Old unsigned tokens of stored players keep their
seats. Lobby-level checks, then real servers and sockets (Redis ones skip without Redis).
"""

from __future__ import annotations

import asyncio
import random
import secrets

from game.net import tokens
from game.net.model import token_key
from game.net.server import TableServer
from helpers import private_table
from tests.test_net_fairness import Conn, lobby, say
from wire_client import Client

TIMEOUT = 60


def hello(lob, name, address="1.2.3.4", token=None) -> Conn:
    conn = Conn()
    assert lob.connect(conn, address)
    say(lob, conn, "hello", name=name, token=token)
    return conn


def forge(token: str) -> str:
    """``token`` with one character of its signature changed."""
    i = tokens.TOKEN_LENGTH - 5
    return token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1 :]


# ----- the lobby's rule -------------------------------------------------------------------------
class NoOtherProcessHasHim:
    """The cluster as the lobby's hello asks it: the token's player sits nowhere else, and
    the seat directory lists ``seats`` (token key -> code)."""

    def __init__(self, seats=None):
        self.seats = seats or {}

    def seated_elsewhere(self, key):
        return None


def test_an_unknown_token_is_kept_only_if_this_server_or_its_cluster_issued_it():
    looks_like_ours = "A" * 20 + "b-_9" * 3  # 32 URL-safe characters, the old tokens' shape
    alone = lobby()
    issued = alone.tokens.issue()
    assert len(issued) == tokens.TOKEN_LENGTH == 48
    assert hello(alone, "Ali", token=issued).last("welcome")["token"] == issued
    assert hello(alone, "Sara", token=looks_like_ours).last("welcome")["token"] != looks_like_ours
    shared = lobby()
    shared.tokens = alone.tokens  # a cluster: one key for every process
    shared.peers.cluster = NoOtherProcessHasHim()
    assert hello(shared, "Ali", token=issued).last("welcome")["token"] == issued  # moved here
    foreign = lobby().tokens.issue()  # another server's key
    for bad in (looks_like_ours, forge(issued), foreign, "short", "A" * 48, "ا" * 48):
        conn = hello(shared, "Sara", address="5.6.7.8", token=bad)
        fresh = conn.last("welcome")["token"]
        assert fresh != bad and shared.tokens.issued(fresh)  # a new player, never the string
    listed = lobby()
    listed.peers.cluster = NoOtherProcessHasHim({token_key(looks_like_ours): "K7QMX4PA"})
    welcome = hello(listed, "Ali", token=looks_like_ours).last("welcome")
    assert welcome["token"] == looks_like_ours  # an old token the seat directory lists


def test_forged_tokens_are_refused_whatever_they_look_like():
    mint = tokens.random_mint()
    rng = random.Random(19)
    real = [mint.issue() for _ in range(200)]
    assert len(set(real)) == 200 and all(mint.issued(t) for t in real)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for token in real:
        i = rng.randrange(len(token))
        changed = token[:i] + rng.choice(alphabet.replace(token[i], "")) + token[i + 1 :]
        assert not mint.issued(changed)
        assert not mint.issued(token[:-1]) and not mint.issued(token + "A")
    assert not any(tokens.random_mint().issued(t) for t in real)  # another key's
    for junk in (None, 42, b"x" * 48, "", "=" * 48):
        assert not mint.issued(junk)


# ----- one server, its SQLite file ---------------------------------------------------------------
async def start(**options) -> tuple[TableServer, str]:
    server = await TableServer(port=0, bot_delay=0, tick_interval=0.01, **options).start()
    return server, f"ws://127.0.0.1:{server.port}"


def test_a_planted_token_never_takes_a_seat_and_a_real_one_survives_a_restart(tmp_path):
    db = str(tmp_path / "tables.db")
    foreign_db = str(tmp_path / "evil.db")

    async def body() -> None:
        evil, evil_url = await start(db=foreign_db)
        async with Client(evil_url) as victim_there:
            planted = (await victim_there.hello("Victim"))["token"]  # the hostile server's
        await evil.close()

        server, url = await start(db=db)
        async with Client(url) as victim, Client(url) as thief, Client(url) as idle:
            mine = (await victim.hello("Victim", token=planted))["token"]
            assert mine != planted and server.lobby.tokens.issued(mine)  # a new player
            room = await private_table(victim, "ronda", 2)
            for attempt in (planted, forge(mine)):
                welcome = await thief.request("hello", "welcome", name="Thief", token=attempt)
                assert welcome["token"] not in (attempt, mine)
                assert welcome["player"] != victim.player
                await asyncio.sleep(0.2)
                assert not [m for m in thief.drain() if m["t"] == "room"]  # no seat
                assert not [m for m in victim.drain() if m.get("code") == "replaced"]
                await thief.close()
                thief = await Client(url).connect()
            kept = (await idle.hello("Idle"))["token"]
        await thief.close()
        await server.close()

        server, url = await start(db=db)  # the same file: the same key
        try:
            async with Client(url) as back, Client(url) as idle_back:
                welcome = await back.hello("Victim", token=mine)
                assert welcome["token"] == mine
                seated = await back.expect("room", timeout=5)
                assert seated["code"] == room["code"]
                welcome = await idle_back.hello("Idle", token=kept)
                assert welcome["token"] == kept  # unseated, still the same token
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(body(), TIMEOUT))


def test_a_stored_player_with_a_token_from_before_signing_keeps_his_seat(tmp_path):
    """An upgrade: the old server handed out unsigned ``token_urlsafe(24)`` tokens; its stored
    tables list their players by the tokens' keys, so they are recognised after the upgrade."""
    db = str(tmp_path / "tables.db")

    async def body() -> None:
        old, url = await start(db=db)
        old.lobby.tokens.issue = lambda: secrets.token_urlsafe(24)  # as before signing
        async with Client(url) as seated, Client(url) as unseated:
            legacy = (await seated.hello("Ali"))["token"]
            assert len(legacy) == 32 and not old.lobby.tokens.issued(legacy)
            room = await private_table(seated, "ronda", 2)
            await seated.send("start")
            await seated.expect("events", timeout=5)
            drifter = (await unseated.hello("Sara"))["token"]
        await old.close()

        new, url = await start(db=db)
        try:
            async with Client(url) as back, Client(url) as other:
                assert (await back.hello("Ali", token=legacy))["token"] == legacy
                assert (await back.expect("room", timeout=5))["code"] == room["code"]
                assert (await back.expect("events", timeout=5))["view"]["you"] == room["you"]
                fresh = (await other.hello("Sara", token=drifter))["token"]
                assert fresh != drifter and new.lobby.tokens.issued(fresh)  # nothing to lose
        finally:
            await new.close()

    asyncio.run(asyncio.wait_for(body(), TIMEOUT))


# ----- a cluster: one key in Redis --------------------------------------------------------------


def test_a_cluster_shares_one_key_so_a_token_moves_between_processes(redis_url):
    ns = f"t{random.randrange(1 << 30)}"

    async def body() -> None:
        options = {"redis_url": redis_url, "redis_ns": ns}
        (a, url_a), (b, url_b) = await asyncio.gather(start(**options), start(**options))
        (other, url_other) = await start(redis_url=redis_url, redis_ns=ns + "x")
        try:
            async with Client(url_a) as at_a, Client(url_other) as elsewhere:
                token = (await at_a.hello("Ali"))["token"]
                foreign = (await elsewhere.hello("Eve"))["token"]  # another cluster's
            assert b.lobby.tokens.issued(token)  # two processes started at once: one key
            async with Client(url_b) as at_b:
                assert (await at_b.hello("Ali", token=token))["token"] == token
            for bad in (foreign, forge(token), "A" * 20 + "b-_9" * 3):
                async with Client(url_b) as at_b:
                    fresh = (await at_b.hello("Eve", token=bad))["token"]
                    assert fresh != bad and a.lobby.tokens.issued(fresh)
            await b.close()
            b, url_b = await start(**options)  # a process started later reads the same key
            async with Client(url_b) as at_b:
                assert (await at_b.hello("Ali", token=token))["token"] == token
        finally:
            for server in (a, b, other):
                await server.close()

    asyncio.run(asyncio.wait_for(body(), TIMEOUT))
