"""A table's matches by number in the store (rematch): SQLite (with the migration of a database
from before rematches) and Redis; each finished match stays fetchable by its number."""

from __future__ import annotations

import random
import sqlite3

from game.net.store import Store
from helpers import run_async as run
from tests.test_net_fencing import record_of, store_of


def match_record(code: str, number: int, seed: int) -> dict:
    return {**record_of(code), "seed": seed, "match": number, "fair": None}


def finished(code: str, number: int, seed: int, log: list) -> dict:
    return {
        **match_record(code, number, seed),
        "log": log,
        "finished": 100.0 + number,
        "result": {"result": [1, 0], "totals": [3, 1]},
    }


def test_sqlite_numbers_a_tables_matches_and_keeps_each_finished_one():
    store = Store()
    store.save_table(match_record("CODE", 1, 5))
    store.record("CODE", 0, [[0, {"type": "a"}], [1, {"type": "b"}]])
    store.finish("CODE", {"result": [1, 0], "totals": [3, 1]})
    assert store.table("CODE")["match"] == 1
    store.archive("CODE", 1, finished("CODE", 1, 5, [[0, {"type": "a"}], [1, {"type": "b"}]]))
    store.save_table(match_record("CODE", 2, 6))
    store.record("CODE", 0, [[1, {"type": "c"}]])
    latest = store.table("CODE")
    assert latest["match"] == 2 and latest["seed"] == 6 and latest["finished"] is None
    assert latest["log"] == [[1, {"type": "c"}]]  # the new match's log starts empty
    assert store.table("CODE", 2) == latest
    first = store.table("CODE", 1)
    assert first["seed"] == 5 and first["log"] == [[0, {"type": "a"}], [1, {"type": "b"}]]
    assert first["result"]["totals"] == [3, 1] and first["match"] == 1
    assert store.table("CODE", 3) is None and store.table("NONE", 1) is None
    assert store.match_numbers("CODE") == [1, 2]
    assert [t["code"] for t in store.unfinished()] == ["CODE"]  # match 2 resumes


def test_pruning_forgets_old_matches_too():
    store = Store(wall=lambda: 1000.0)
    store.save_table(match_record("CODE", 1, 5))
    store.archive("CODE", 1, finished("CODE", 1, 5, []))
    store.save_table(match_record("CODE", 2, 6))
    store.finish("CODE", {"result": [0, 1]}, 200.0)
    assert store.prune(150.0) == 0 and store.match_numbers("CODE") == [2]  # match 1 ended at 101
    assert store.prune(300.0) == 1 and store.table("CODE") is None


def test_an_old_database_is_migrated_and_its_tables_are_match_1(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
            options TEXT NOT NULL, seed INTEGER NOT NULL, deck TEXT, visibility TEXT NOT NULL,
            turn_seconds INTEGER, bots TEXT NOT NULL, host INTEGER NOT NULL, seats TEXT NOT NULL,
            started REAL NOT NULL, finished REAL, result TEXT);
        CREATE TABLE actions (code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL,
            action TEXT NOT NULL, PRIMARY KEY (code, n));
        INSERT INTO tables VALUES ('OLD', 'ronda', 2, '{}', 9, NULL, 'private', NULL, 'easy', 0,
            '[]', 1.0, 2.0, '{"result":[1,0]}');
        """
    )
    db.commit()
    db.close()
    store = Store(path)
    old = store.table("OLD")
    assert old["match"] == 1 and old["fair"] is None and old["seed"] == 9
    assert store.table("OLD", 1) == old and store.match_numbers("OLD") == [1]
    store.archive("OLD", 1, {**old, "finished": 2.0})
    store.save_table(match_record("OLD", 2, 10))
    assert store.table("OLD", 1)["seed"] == 9 and store.table("OLD")["match"] == 2
    store.close()


# ----- Redis -------------------------------------------------------------------------------


def test_redis_keeps_each_match_under_its_number(redis_url):
    import redis.asyncio

    async def body():
        ns = f"m{random.randrange(1 << 30)}"
        r = redis.asyncio.from_url(redis_url, decode_responses=True)
        store, lost = await store_of(r, ns, "aaaa")
        try:
            store.claim("CODE")
            store.save_table(match_record("CODE", 1, 5))
            store.record("CODE", 0, [[0, {"type": "a"}]])
            store.finish("CODE", {"result": [1, 0]}, 101.0)
            store.archive("CODE", 1, finished("CODE", 1, 5, [[0, {"type": "a"}]]))
            store.save_table(match_record("CODE", 2, 6))
            store.record("CODE", 0, [[1, {"type": "c"}]])  # the new log starts at 0 again
            await store.drain()
            assert lost == []
            latest = await store.load_table("CODE")
            assert latest["match"] == 2 and latest["log"] == [[1, {"type": "c"}]]
            assert latest["finished"] is None and latest["result"] is None
            first = await store.load_match("CODE", 1)
            assert first["seed"] == 5 and first["log"] == [[0, {"type": "a"}]]
            assert (await store.load_match("CODE", 2))["seed"] == 6
            assert await store.load_match("CODE", 3) is None
            assert await r.exists(f"{ns}:m:CODE:1") == 1
            assert await r.zscore(f"{ns}:finished", "CODE") is None  # match 2 is not over
            await store._prune(150.0)
            assert await r.exists(f"{ns}:m:CODE:1") == 0  # kept as long as records are
        finally:
            await store.aclose()
            await r.aclose()

    run(body(), 30)


def test_a_rematch_on_a_redis_cluster_keeps_match_1_and_plays_match_2(redis_url):
    import json

    import redis.asyncio

    from cluster_helpers import cluster_servers
    from tests.test_net_fair import chooser
    from wire_client import Client

    async def body():
        ns = f"r{random.randrange(1 << 30)}"
        [srv] = await cluster_servers(redis_url, ns, 1)
        r = redis.asyncio.from_url(redis_url, decode_responses=True)
        try:
            async with Client(f"ws://127.0.0.1:{srv.port}") as a:
                await a.hello("A")
                room = await a.create_private(options={"rules": "quick"})
                code = room["code"]
                await a.send("start")
                await a.play(chooser(1))
                offer = await a.expect("rematch_state")
                await a.send("rematch", match=2, value="ee" * 32)
                while True:
                    begun = await a.expect("room")
                    if begun.get("match") == 2 and begun["started"]:
                        break
                await a.play(chooser(2), max_actions=2)
                got = await a.request("get_record", "record", code=code, match=1)
                assert (
                    got["match"] == 1
                    and got["record"]["fair"]["commitment"] == (room["fair"]["commitment"])
                )
                await srv.store.drain()
                kept = json.loads(await r.get(f"{ns}:m:{code}:1"))
                assert kept["match"] == 1 and kept["log"] == got["record"]["log"]
                latest = await srv.store.load_table(code)
                assert latest["match"] == 2 and latest["fair"]["commitment"] == offer["commitment"]
                assert 2 <= len(latest["log"]) < len(kept["log"]) and latest["finished"] is None
        finally:
            await r.aclose()
            await srv.close()

    run(body(), 60)
