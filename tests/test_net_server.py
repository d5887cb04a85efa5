"""The online table server through real WebSocket connections on 127.0.0.1
(docs/RULES.md TB-1..TB-9).

Each test starts a server in-process on a free port. Turn clocks use a FakeClock and the rate
limiter a hand-moved clock, so nothing depends on wall-clock speed; every wait has a timeout.
"""

import asyncio
import contextlib
import random

from game.net import protocol
from game.net.server import TableServer
from game.table.clock import FakeClock
from helpers import run_async as run
from helpers import until
from tests.leak_checks import (
    assert_no_card_leak,
    assert_no_hand_leak,
    assert_secret_only_at_the_end,
    hands_by_log,
    hidden_by_log,
)
from wire_client import Client


@contextlib.asynccontextmanager
async def server(**options):
    options.setdefault("bot_delay", 0)
    options.setdefault("tick_interval", 0.005)
    options.setdefault("rate", (100_000, 100_000.0))
    srv = await TableServer(port=0, **options).start()
    try:
        yield srv, f"ws://127.0.0.1:{srv.port}"
    finally:
        await srv.close()


@contextlib.asynccontextmanager
async def clients(url, *names):
    out = []
    try:
        for name in names:
            c = await Client(url).connect()
            await c.hello(name)
            out.append(c)
        yield out
    finally:
        for c in out:
            await c.close()


def table(game="ronda", players=2, visibility="private", turn_seconds=None, bots="easy", **opt):
    msg = {
        "game": game,
        "players": players,
        "visibility": visibility,
        "turn_seconds": turn_seconds,
        "bots": bots,
    }
    if opt:
        msg["options"] = opt
    return msg


async def create(c, **kw):
    room = await c.request("create", "room", **table(**kw))
    assert room["t"] == "room", room
    return room


def random_player(seed):
    rng = random.Random(seed)
    return lambda msg: rng.choice(msg["legal"])


def test_a_plain_http_request_gets_a_status_line_not_a_failed_handshake():
    async def main():
        async with server() as (srv, _url):
            reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            await writer.drain()
            head = await reader.read(400)
            writer.close()
            return head.decode()

    reply = run(main())
    assert reply.startswith("HTTP/1.1 200") and "Majlis table server: 0 tables" in reply


# ----- TB-1 .. TB-5: the lobby ------------------------------------------------------------------
def test_TB_1_private_table_by_code_or_link_and_wrong_code_is_an_error():
    async def body():
        async with (
            server(link_base="https://majlis.example/") as (_srv, url),
            clients(url, "Host", "Guest", "Other") as (host, guest, other),
        ):
            room = await create(host, visibility="private")
            code = room["code"]
            assert (
                len(code) == protocol.CODE_LENGTH == 8
                and room["link"] == f"https://majlis.example/#room={code}"
            )
            assert room["you"] == 0 and room["host"] == 0 and not room["started"]
            listed = await other.request("list", "tables")
            assert code not in [t["code"] for t in listed["list"]]  # private: not listed
            wrong = await guest.request(
                "join", "room", code="ZZZZZZZZ" if code != "ZZZZZZZZ" else "YYYYYYYY"
            )
            assert wrong["t"] == "error" and wrong["code"] == "no_room"
            bad = await guest.request("join", "room", code="hello")
            assert bad["code"] == "no_room"
            seated = await guest.request("join", "room", code=room["link"])  # the invite link
            assert seated["you"] == 1 and [s["name"] for s in seated["seats"]] == ["Host", "Guest"]
            host_view = await host.expect("room")
            assert host_view["seats"][1]["kind"] == "human"
            full = await other.request("join", "room", code=code.lower())
            assert full["code"] == "room_full"

    run(body())


def test_TB_2_approval_table_host_accepts_or_refuses():
    async def body():
        async with (
            server() as (_srv, url),
            clients(url, "Host", "Asker", "Second", "Third") as (host, a, b, c),
        ):
            room = await create(host, game="ronda", players=3, visibility="approval")
            code = room["code"]
            assert (await a.request("join", "waiting", code=code))["t"] == "waiting"
            asked = await host.expect("room")
            assert asked["pending"] == [{"player": a.player, "name": "Asker"}]
            assert (await b.request("join", "waiting", code=code))["t"] == "waiting"
            other_view = await b.request("answer", "room", player=a.player, accept=True)
            assert other_view["code"] == "not_seated"
            await host.send("answer", player=a.player, accept=True)
            seated = await a.expect("room")
            assert seated["you"] == 1 and seated["pending"] == []  # only the host sees them
            not_host = await a.request("answer", "room", player=b.player, accept=True)
            assert not_host["code"] == "not_host"
            await host.send("answer", player=b.player, accept=False)
            assert (await b.expect("refused", "room"))["t"] == "refused"
            while (await host.expect("room"))["pending"]:  # the refusal reached the host
                pass
            nobody = await host.request("answer", "room", player=b.player, accept=True)
            assert nobody["code"] == "no_request"
            assert (await c.request("join", "waiting", code=code))["t"] == "waiting"
            await host.request("start", "events")
            assert (await c.expect("refused"))["code"] == code  # the table started: refused

    run(body())


def test_TB_3_automatic_table_seats_at_once_until_full():
    async def body():
        async with server() as (_srv, url), clients(url, "Host", "B", "C") as (host, b, c):
            room = await create(host, game="ronda", players=2, visibility="auto")
            listed = await c.request("list", "tables", game="ronda")
            assert [t["code"] for t in listed["list"]] == [room["code"]]
            assert listed["list"][0]["seated"] == 1 and listed["list"][0]["host"] == "Host"
            assert (await b.request("join", "room", code=room["code"]))["you"] == 1
            assert (await c.request("join", "room", code=room["code"]))["code"] == "room_full"
            assert (await c.request("list", "tables"))["list"] == []  # full tables not listed

    run(body())


def test_TB_4_join_any_prefers_the_automatic_table_closest_to_full_then_approval():
    async def body():
        async with (
            server() as (_srv, url),
            clients(url, "H1", "H2", "H3", "P2", "J1", "J2", "J3") as cs,
        ):
            h1, h2, h3, p2, j1, j2, j3 = cs
            roomy = await create(h1, game="hand_rummy", players=4, visibility="auto")  # 3 free
            near = await create(h2, game="ronda", players=3, visibility="auto")  # 2 free
            await p2.request("join", "room", code=near["code"])  # 1 free
            approval = await create(h3, game="ronda", players=2, visibility="approval")
            assert (await j1.request("join_any", "room", "waiting"))["code"] == near["code"]
            # near is full now: the other automatic table comes before any approval table
            assert (await j2.request("join_any", "room", "waiting"))["code"] == roomy["code"]
            only_ronda = await j3.request("join_any", "room", "waiting", game="ronda")
            assert only_ronda["t"] == "waiting" and only_ronda["code"] == approval["code"]
            await j3.send("leave")
            assert (await j3.expect("left"))["code"] == approval["code"]
            none = await j3.request("join_any", "room", "waiting", game="hareeja")
            assert none["t"] == "error" and none["code"] == "no_table"

    run(body())


def test_TB_5_player_counts_per_game_and_rummy_rounds():
    async def body():
        async with server() as (_srv, url), clients(url, "H") as (h,):
            for bad in (
                {"game": "hareeja", "players": 3},
                {"game": "ronda", "players": 4, "rules": "x"},
                {"game": "hand_rummy", "players": 2, "rounds": 21},
                {"game": "hand_rummy", "players": 3, "partnership": True},
            ):
                reply = await h.request("create", "room", **table(**bad))
                assert reply["t"] == "error" and reply["code"] == "bad_table", bad
            ok = await create(h, game="hand_rummy", players=4, rounds=20, partnership=True)
            assert ok["options"] == {"rounds": 20, "partnership": True}
            again = await h.request("create", "room", **table(game="hareeja", players=4))
            assert again["code"] == "seated"  # one table at a time
            await h.send("leave")
            await h.expect("left")
            assert (await create(h, game="hareeja", players=4))["players"] == 4

    run(body())


# ----- playing matches ----------------------------------------------------------------------------
def test_full_hareeja_match_one_remote_human_three_bots_without_leaks():
    async def body():
        async with server() as (srv, url), clients(url, "Ali") as (ali,):
            room = await create(ali, game="hareeja", players=4, bots="normal")
            await ali.send("start")
            started = await ali.expect("room")
            assert started["started"] and [s["kind"] for s in started["seats"]] == [
                "human",
                "bot",
                "bot",
                "bot",
            ]
            last = await ali.play(random_player(1))
            assert last["view"]["phase"] == "over" and last["view"]["result"] is not None
            record = srv.store.table(room["code"])
            assert (
                record["finished"] is not None
                and record["result"]["totals"] == last["view"]["totals"]
            )
            assert len(record["log"]) == last["log"]
            hands = hands_by_log("hareeja", record)
            assert assert_no_hand_leak(ali.frames, 0, hands, ("trick", "played")) > 10
            assert (
                assert_no_card_leak(ali.frames, 0, "hareeja", hidden_by_log("hareeja", record))
                > 100
            )
            deal = next(
                e
                for f in ali.frames
                if f["t"] == "events"
                for e in f["events"]
                if e["type"] == "deal"
            )
            assert deal["hand"] and sorted(deal["hand"]) == sorted(hands[0][0])
            await ali.expect("reveal")
            assert_secret_only_at_the_end(ali.frames, record["fair"]["secret"])

    run(body())


def test_ronda_two_remote_clients_play_to_the_end_and_never_see_each_others_hand():
    async def body():
        async with server() as (srv, url), clients(url, "A", "B") as (a, b):
            room = await create(a, game="ronda", players=2, rules="quick")
            await b.request("join", "room", code=room["code"])
            await a.send("start")
            deal = await a.expect("events")
            assert deal["view"]["to_act"] == [1] and deal["legal"] == []
            card = deal["view"]["hand"][0]
            early = await a.request("act", "events", action={"type": "play", "card": card})
            assert early["t"] == "error" and early["code"] == "not_your_turn"
            ends = await asyncio.gather(a.play(random_player(2)), b.play(random_player(3)))
            assert ends[0]["view"]["totals"] == ends[1]["view"]["totals"]
            record = srv.store.table(room["code"])
            assert record["finished"] is not None
            hands = hands_by_log("ronda", record)
            assert assert_no_hand_leak(a.frames, 0, hands, ("table",)) > 10
            assert assert_no_hand_leak(b.frames, 1, hands, ("table",)) > 10
            hidden = hidden_by_log("ronda", record)
            assert assert_no_card_leak(a.frames, 0, "ronda", hidden) > 100
            assert assert_no_card_leak(b.frames, 1, "ronda", hidden) > 100

    run(body())


def test_TB_7_TB_8_timeouts_make_the_safe_move_then_assist_until_im_back():
    async def body():
        clock = FakeClock()
        async with (
            server(clock=clock, bot_delay=1.0, tick_interval=3600) as (srv, url),
            clients(url, "Slow") as (slow,),
        ):
            await create(slow, game="ronda", players=2, turn_seconds=60)
            await slow.send("start")
            first = await slow.expect("deadline")
            assert first["remaining"][0] in (None, 60.0)
            lobby = srv.lobby
            timeouts = 0
            for _ in range(12):
                clock.advance(61)
                lobby.tick()
                msgs = await settle(slow)
                types = [e["type"] for m in msgs if m["t"] == "events" for e in m["events"]]
                timeouts += types.count("turn_timeout")
                if "assist" in types:
                    break
            assert timeouts == 3, timeouts  # TB-8: three in a row
            room = next(iter(lobby.rooms.values()))
            assert room.table.seats[0].assisted
            await slow.send("back")  # "I'm back"
            back = await slow.expect("events")
            assert back["by"] == 0 and {"type": "assist", "seat": 0, "on": False} in back["events"]
            assert not room.table.seats[0].assisted and room.table.seats[0].missed == 0

    run(body())


async def settle(c, quiet=0.05):
    """Messages that arrive until the connection is quiet for a moment."""
    out = []
    with contextlib.suppress(asyncio.TimeoutError):
        while True:
            out.append(await c.recv(timeout=quiet))
    return out


def test_TB_9_a_player_who_leaves_is_replaced_by_a_bot_that_finishes():
    async def body():
        async with server() as (srv, url), clients(url, "A", "B") as (a, b):
            room = await create(a, game="ronda", players=2, rules="quick")
            await b.request("join", "room", code=room["code"])
            await a.send("start")
            await a.expect("events")
            await a.send("leave")
            assert (await a.expect("left"))["code"] == room["code"]
            last = await b.play(random_player(4))
            left = [
                e
                for f in b.frames
                if f["t"] == "events"
                for e in f["events"]
                if e["type"] == "seat_left"
            ]
            assert left == [{"type": "seat_left", "seat": 0}]
            assert last["view"]["phase"] == "over"
            assert srv.store.table(room["code"])["finished"] is not None
            refused = await a.request("act", "events", action={"type": "play", "card": "1O"})
            assert refused["code"] == "not_seated"

    run(body())


def test_reconnecting_with_the_token_gives_the_seat_back_with_a_fresh_view():
    async def body():
        async with server() as (srv, url):
            a = await Client(url).connect()
            welcome = await a.hello("Ali")
            await create(a, game="hareeja", players=4)
            await a.send("start")
            before = await a.latest()
            while before["view"]["to_act"] != [0]:  # the bots bid (sliced, a bit later)
                before = await a.latest()
            await a.close()
            room = next(iter(srv.lobby.rooms.values()))
            assert await until(lambda: room.occupants[0].conn is None)  # dropped, seat kept
            async with Client(url) as again:
                back = await again.hello("Ali", token=welcome["token"])
                assert back["player"] == welcome["player"]
                seat = await again.expect("room")
                assert seat["you"] == 0 and seat["started"] and seat["seats"][0]["connected"]
                fresh = await again.expect("events")
                assert fresh["events"] == [] and fresh["view"] == before["view"]
                assert fresh["legal"] == before["legal"]
                await again.play(random_player(5))

    run(body())


def test_a_restarted_server_resumes_the_table_from_sqlite_and_continues_identically(tmp_path):
    """Two servers with the same match seed and the same human choices: one runs straight
    through, the other is stopped mid-match and restarted from its SQLite file."""

    def chooser():
        return lambda msg: random.Random(msg["log"]).choice(msg["legal"])

    async def straight():
        async with server(seeds=lambda: 4242) as (srv, url), clients(url, "A") as (a,):
            srv.lobby.requests.secrets = lambda: bytes(32)  # the same deals as restarted()
            room = await create(a, game="ronda", players=3, rules="quick")
            await a.send("start")
            await a.play(chooser())
            return srv.store.table(room["code"])["log"]

    async def restarted():
        db = str(tmp_path / "tables.sqlite3")
        async with server(db=db, seeds=lambda: 4242) as (srv, url):
            a = await Client(url).connect()
            token = (await a.hello("A"))["token"]
            srv.lobby.requests.secrets = lambda: bytes(32)
            room = await create(a, game="ronda", players=3, rules="quick")
            await a.send("start")
            await a.play(chooser(), max_actions=6)  # a few turns, then the crash
            match = srv.lobby.rooms[room["code"]].table.match

            def settled() -> bool:  # the bots have moved; the store has it all
                return (
                    match.to_act() == [0]
                    and srv.store.table(room["code"])["log"] == match.record()["log"]
                )

            assert await until(settled)
            before = match.record()
            await a.close()
        async with server(db=db, seeds=lambda: 1) as (srv, url):
            resumed = srv.lobby.rooms[room["code"]].table.match
            assert resumed.record() == before
            async with Client(url) as a:
                await a.hello("A", token=token)
                assert (await a.expect("room"))["you"] == 0
                await a.play(chooser())
            return srv.store.table(room["code"])["log"]

    assert run(restarted()) == run(straight())


# ----- bad input ----------------------------------------------------------------------------------
def test_bad_input_gets_errors_and_the_server_stays_up():
    async def body():
        now = [0.0]
        async with server(rate=(10, 5.0), rate_clock=lambda: now[0]) as (srv, url):
            async with Client(url) as c:
                await c.send("ping")
                assert (await c.recv())["t"] == "pong"
                assert (await c.request("act", "events", action={"type": "play"}))[
                    "code"
                ] == "hello_first"
                for frame in (
                    "{nope",
                    "[]",
                    '{"t": "dance"}',
                    b"\x00\x01",
                    "x" * 9000,
                    '{"t": "join"}',
                ):
                    await c.send_raw(frame)
                    err = await c.expect("error")
                    assert err["code"] == "protocol" and err["message"]
                now[0] += 10
                await c.hello("Ali")
                await create(c, game="hareeja", players=4)
                assert (await c.request("act", "events", action={"type": "bid", "n": 1}))[
                    "code"
                ] == "not_started"
                await c.send("start")
                view = await c.latest()
                hand = view["view"]["hand"]
                bid = view["legal"][0]
                await c.send("act", action=bid)
                while (await c.expect("events"))["by"] != 0:
                    pass
                again = await c.request("act", action=bid)  # bidding is over: an error
                assert again["t"] == "error" and again["code"] in ("not_your_turn", "illegal")
                now[0] += 10
                msg = c.last_events
                while not msg["legal"] or msg is not c.last_events:
                    msg = await c.expect("events")
                stranger = next(
                    card
                    for card in ("7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7H", "8H")
                    if card not in hand
                )
                wrong = await c.request("act", "events", action={"type": "play", "card": stranger})
                assert wrong["t"] == "error" and wrong["code"] != "protocol"
                assert (
                    srv.lobby.rooms
                    and next(iter(srv.lobby.rooms.values())).table.match.view(0)["hand"]
                    == msg["view"]["hand"]
                )  # nothing changed
                for _ in range(30):  # flood
                    await c.send("ping")
                replies = [await c.recv() for _ in range(30)]
                assert {r["t"] for r in replies} == {"pong", "error"}
                assert any(r.get("code") == "rate" for r in replies)
                now[0] += 10  # the bucket refills
                await c.send("ping")
                assert (await c.expect("pong"))["t"] == "pong"
            async with Client(url) as fresh:  # the server is alive
                await fresh.hello("Next")
                assert (await fresh.request("list", "tables"))["t"] == "tables"

    run(body())


def test_TB_5_hand_rummy_one_round_between_two_remote_clients_playing_like_bots():
    """Rummy's melds are not in ``legal``: the clients choose with the game's own bot, from
    the view they were sent, and the one-round match (TB-5 length) ends through the server."""
    from game.core.bots import run as run_thought
    from game.games.hand_rummy import bots

    def bot_player(seed):
        rng = random.Random(seed)
        return lambda msg: run_thought(bots.think(msg["view"], msg["legal"], "normal", rng))

    async def body():
        async with server() as (srv, url), clients(url, "A", "B") as (a, b):
            room = await create(a, game="hand_rummy", players=2, rounds=1)
            await b.request("join", "room", code=room["code"])
            await a.send("start")
            ends = await asyncio.gather(a.play(bot_player(6)), b.play(bot_player(7)))
            assert ends[0]["view"]["round"] == 1 and ends[0]["view"]["result"] is not None
            record = srv.store.table(room["code"])
            hands = hands_by_log("hand_rummy", record)
            assert assert_no_hand_leak(a.frames, 0, hands) > 10
            assert assert_no_hand_leak(b.frames, 1, hands) > 10
            hidden = hidden_by_log("hand_rummy", record)
            assert assert_no_card_leak(a.frames, 0, "hand_rummy", hidden) > 100
            assert assert_no_card_leak(b.frames, 1, "hand_rummy", hidden) > 100

    run(body())


# ----- operable -----------------------------------------------------------------------------------
async def http_get(port: int, path: str) -> str:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    head = await reader.read(20000)
    writer.close()
    return head.decode()


def test_metrics_are_served_on_their_own_address_and_health_on_the_game_port():
    async def body():
        async with server(metrics=("127.0.0.1", 0)) as (srv, url), clients(url, "A") as (a,):
            await create(a, game="ronda", players=2, rules="quick")
            await a.send("start")
            await a.play(random_player(8), max_actions=5)
            assert srv.metrics_listener.port not in (None, srv.port)
            metrics = await http_get(srv.metrics_listener.port, "/metrics")
            health = await http_get(srv.port, "/health")
            not_here = await http_get(srv.port, "/metrics")  # the port players reach
            return metrics, health, not_here

    metrics, health, not_here = run(body())
    assert not_here.startswith("HTTP/1.1 404") and "majlis_" not in not_here
    assert metrics.startswith("HTTP/1.1 200") and "version=0.0.4" in metrics
    values = dict(
        line.rsplit(" ", 1)
        for line in metrics.split("\r\n\r\n", 1)[1].splitlines()
        if line and not line.startswith("#")
    )
    assert values['majlis_tables{state="playing"}'] == "1"
    assert values["majlis_sockets"] == "1"
    assert int(values["majlis_moves_total"]) >= 9  # 5 of ours, 4+ bot answers
    assert float(values["majlis_moves_per_second"]) > 0
    assert int(values["majlis_handle_seconds_count"]) >= 7  # hello, create, start, acts
    assert (
        values['majlis_handle_seconds_bucket{le="+Inf"}'] == values["majlis_handle_seconds_count"]
    )
    assert int(values["process_resident_memory_bytes"]) > 1_000_000
    assert health.startswith("HTTP/1.1 200") and health.endswith("ok\n")


def test_logs_are_json_lines_with_their_fields():
    import json
    import logging

    from game.net.metrics import JsonLines

    record = logging.LogRecord("majlis.lobby", logging.INFO, __file__, 1, "table %s", ("X",), None)
    record.event, record.code = "table_started", "K7QMX4PA"
    line = json.loads(JsonLines().format(record))
    assert line["msg"] == "table X" and line["level"] == "INFO"
    assert line["event"] == "table_started" and line["code"] == "K7QMX4PA"
