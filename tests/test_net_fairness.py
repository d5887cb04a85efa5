"""The server under load and across restarts: pacing holds the turn clocks (TB-6), bots think in
slices, a restart keeps missed turns (TB-8), turn clocks and unstarted rooms, unseated players
keep their identity, flooders are closed with a reason.

Most tests drive :class:`game.net.rooms.Lobby` directly with fake connections, a FakeClock, a
hand-moved wall clock and a hand-moved think clock: nothing depends on wall-clock speed.
"""

import asyncio
import json

import pytest

from game.core.events import Event
from game.net import rooms
from game.net.delta import ViewTracker
from game.net.rooms import Lobby, pacing_seconds
from game.net.server import WIRE_LIMIT, TableServer
from game.net.store import Store
from game.table.clock import FakeClock
from helpers import private_hareeja, run_async
from wire_client import Client


class Conn:
    """A connection as the lobby sees it: keeps what it was sent and how it was closed."""

    def __init__(self):
        self.sent: list[dict] = []
        self.closed: tuple[int, str] | None = None
        self.views = ViewTracker()  # as a client's connection layer: patches -> views

    def send(self, msg: dict) -> None:
        self.sent.append(self.views.absorb(json.loads(json.dumps(msg))))

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.sent) if m["t"] == kind)

    def all(self, kind: str) -> list[dict]:
        return [m for m in self.sent if m["t"] == kind]


class Ticker:
    """A think clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float):
        self.t, self.step = 0.0, step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


def lobby(**options) -> Lobby:
    options.setdefault("clock", FakeClock())
    options.setdefault("bot_delay", 0)
    options.setdefault("rate", (100_000, 100_000.0))
    options.setdefault("seeds", lambda: 777)
    options.setdefault("think_clock", Ticker(0.001))
    lob = Lobby(**options)
    lob.requests.secrets = lambda: bytes(32)  # online deals come from the fair secret: fix it
    return lob


def say(lob: Lobby, conn: Conn, kind: str, **fields) -> None:
    lob.receive(conn, json.dumps({"t": kind, **fields}))


def join(lob: Lobby, name: str, token: str | None = None) -> Conn:
    conn = Conn()
    lob.connect(conn)
    say(lob, conn, "hello", name=name, token=token)
    return conn


def create(
    lob: Lobby,
    conn: Conn,
    game="ronda",
    players=2,
    turn_seconds=60,
    bots="easy",
    visibility="private",
    **options,
) -> dict:
    fields = {
        "game": game,
        "players": players,
        "visibility": visibility,
        "turn_seconds": turn_seconds,
        "bots": bots,
    }
    if options:
        fields["options"] = options
    say(lob, conn, "create", **fields)
    return conn.last("room")


def timeouts(conn: Conn) -> int:
    return sum(e["type"] == "turn_timeout" for m in conn.all("events") for e in m["events"])


# ----- 1. pacing -----------------------------------------------------------------------------
def test_pacing_sizes_the_hold_by_what_the_events_are():
    deal = Event(
        "deal",
        {"table": ["1O", "2O", "3O", "4O"]},
        {0: {"hand": ["5O", "6O", "7O"]}, 1: {"hand": ["1C", "2C", "3C"]}},
    )
    assert pacing_seconds([deal]) == pytest.approx(10 * rooms.PACE_DEALT_CARD)
    trick = [Event("card_played", {"seat": 0}), Event("trick_won", {"seat": 0})]
    assert pacing_seconds(trick) == pytest.approx(
        rooms.PACE_EVENT["card_played"] + rooms.PACE_EVENT["trick_won"]
    )
    assert pacing_seconds([Event("round_scored", {})]) == rooms.PACE_EVENT["round_scored"] >= 3
    assert pacing_seconds([Event("bid_confirmed", {"seat": 1})]) == 0


def test_TB_6_the_deal_animation_does_not_count_against_the_first_turn():
    """The turn clocks stand while the deal is shown (PACE_DEALT_CARD a card), the deadline
    message counts that in, and the turn times out only after the show plus 60 s."""
    clock = FakeClock()
    lob = lobby(clock=clock)
    ali = join(lob, "Ali")
    create(lob, ali, game="hareeja", players=4, turn_seconds=60)
    say(lob, ali, "start")
    deal = next(iter(lob.rooms.values())).table.match.start_events
    show = pacing_seconds(deal)
    assert show == pytest.approx(32 * rooms.PACE_DEALT_CARD)  # 8 cards to each of 4 seats
    assert ali.last("deadline")["remaining"][0] == pytest.approx(60 + show, abs=0.05)
    clock.advance(60 + show - 0.2)
    lob.tick()
    assert timeouts(ali) == 0  # without the hold it would have timed out
    clock.advance(0.3)
    lob.tick()
    assert timeouts(ali) == 1


def test_TB_6_a_late_tick_releases_the_hold_at_the_moment_the_show_ended():
    clock = FakeClock()
    lob = lobby(clock=clock)
    ali = join(lob, "Ali")
    create(lob, ali, game="hareeja", players=4, turn_seconds=60)
    say(lob, ali, "start")
    clock.advance(70)  # no tick ran during the show
    lob.tick()
    assert timeouts(ali) == 1  # 70 - 2.4 s of turn used: over 60


def test_TB_6_each_batch_extends_the_hold_and_paced_bots_wait_for_the_show():
    clock = FakeClock()
    lob = lobby(clock=clock, bot_delay=0.5)
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=90)
    say(lob, ali, "start")
    room = next(iter(lob.rooms.values()))
    deal_show = 10 * rooms.PACE_DEALT_CARD  # 3 + 3 cards to hands, 4 to the table
    assert room.shown_at == pytest.approx(deal_show) and room.table.held
    assert room.bot_due == pytest.approx(deal_show)  # seat 1 (a bot) leads after the deal
    clock.advance(deal_show)
    lob.tick()
    lob.pump()
    played = ali.last("events")
    assert played["by"] == 1
    flown = sum(rooms.PACE_EVENT.get(e["type"], 0) for e in played["events"])
    assert flown > 0 and room.table.held
    assert ali.last("deadline")["remaining"][0] == pytest.approx(90 + flown, abs=0.05)


# ----- 2. bots think in slices -------------------------------------------------------------------
def endless_bots(monkeypatch, counter: list[int]):
    """Bots that never finish thinking unless easy: shows slicing and the think cap."""
    from game.net import botplay

    real_engine = botplay.engine

    def engine(game):
        rules, bots = real_engine(game)

        class Bots:
            @staticmethod
            def think(view, legal, level, rng):
                while level != "easy":
                    counter[0] += 1
                    yield
                return (yield from bots.think(view, legal, level, rng))

        return rules, Bots

    monkeypatch.setattr(botplay, "engine", engine)


def test_bots_think_one_slice_per_call_tables_take_turns_and_a_move_is_capped(monkeypatch):
    slices = [0]
    endless_bots(monkeypatch, slices)
    lob = lobby(think_clock=Ticker(0.01))  # every reading 10 ms later: one yield a slice
    tables = []
    for name in ("A", "B"):
        conn = join(lob, name)
        create(lob, conn, game="ronda", players=2, turn_seconds=None, bots="hard")
        say(lob, conn, "start")  # seat 1, a hard bot, leads
        tables.append(next(r for r in lob.rooms.values() if r.occupants[0].conn is conn))
    assert slices == [0] and all(r.thought is not None for r in tables)  # nothing ran inline
    assert lob.think() and slices == [1]
    assert lob.think() and slices == [2]
    assert all(r.thought.spent > 0 for r in tables)  # one slice each, in turn
    for _ in range(1000):
        if not lob.think():
            break
    assert all(r.thought is None and len(r.table.match.log) == 1 for r in tables)
    per_move = slices[0] / 2
    assert per_move * 0.03 == pytest.approx(rooms.THINK_CAP, abs=0.05)  # capped, then easy move


def test_a_stale_thought_is_dropped_when_the_match_moved_on():
    lob = lobby()
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=60)
    say(lob, ali, "start")
    room = next(iter(lob.rooms.values()))
    assert room.thought is not None and room.thought.seat == 1
    room.thought.log = -1  # as if the log changed meanwhile
    lob.think()
    assert room.thought is not None and room.thought.log == len(room.table.match.log)
    lob.pump()
    assert room.table.match.to_act() == [0]


def test_blocking_mode_still_plays_bots_to_the_next_human_turn():
    lob = lobby(think_slice=None)
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=60)
    say(lob, ali, "start")
    room = next(iter(lob.rooms.values()))
    assert room.thought is None and room.table.match.to_act() == [0]


# ----- 3. restarts -----------------------------------------------------------------------------
@pytest.mark.parametrize("used, left", [(20, 40), (55, rooms.RESUME_GRACE)])
def test_TB_6_a_restart_resumes_the_turn_with_the_time_that_was_left(tmp_path, used, left):
    """Rule: used time at the last save + time to the last heartbeat; downtime is free; at
    least RESUME_GRACE seconds."""
    db, wall = str(tmp_path / "t.sqlite3"), [1000.0]
    clock = FakeClock()
    lob = lobby(store=Store(db), clock=clock, pace=0, wall=lambda: wall[0])
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=60)
    token = ali.last("welcome")["token"]
    say(lob, ali, "start")
    lob.pump()  # the bot leads; Ali's turn starts
    assert lob.rooms[next(iter(lob.rooms))].table.match.to_act() == [0]
    clock.advance(used)
    wall[0] += used
    lob.tick()  # the heartbeat
    lob.store.close()
    wall[0] += 3600  # an hour down
    again = lobby(store=Store(db), clock=FakeClock(5000), pace=0, wall=lambda: wall[0])
    back = join(again, "Ali", token)
    assert back.last("deadline")["remaining"][0] == pytest.approx(left, abs=0.05)


def test_TB_8_missed_turns_survive_a_restart(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    clock = FakeClock()
    lob = lobby(store=Store(db), clock=clock, pace=0)
    ali = join(lob, "Ali")
    code = create(lob, ali, game="ronda", players=2, turn_seconds=60)["code"]
    token = ali.last("welcome")["token"]
    say(lob, ali, "start")
    lob.pump()
    clock.advance(61)
    lob.tick()
    lob.pump()
    assert timeouts(ali) == 1
    assert [s["missed"] for s in lob.store.table(code)["seats"]] == [1, 0]  # stored at once
    lob.store.close()
    clock2 = FakeClock()
    again = lobby(store=Store(db), clock=clock2, pace=0)
    assert again.rooms[code].table.seats[0].missed == 1
    back = join(again, "Ali", token)
    for _ in range(2):
        clock2.advance(61)
        again.tick()
        again.pump()
    assert timeouts(back) == 2 and again.rooms[code].table.seats[0].assisted  # 1 + 2 = 3


def test_a_move_builds_and_stores_the_seat_records_only_when_they_changed(monkeypatch):
    clock = FakeClock()
    lob = lobby(store=Store(":memory:"), clock=clock, pace=0)
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=60)
    say(lob, ali, "start")
    lob.pump()
    stored, built = [], []
    record, records = lob.store.record, lob.records.seat_records
    monkeypatch.setattr(lob.store, "record", lambda *a: stored.append(a[3]) or record(*a))
    monkeypatch.setattr(lob.records, "seat_records", lambda room: built.append(1) or records(room))
    say(lob, ali, "act", action=ali.last("events")["legal"][0])
    lob.pump()  # the bot answers
    assert stored and all(seats is None for seats in stored) and built == []
    clock.advance(61)
    lob.tick()  # a missed turn: the seats changed
    assert [s["missed"] for s in stored[-1]] == [1, 0] and built == [1]


def test_an_unstarted_room_keeps_its_seats_across_a_restart(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    lob = lobby(store=Store(db))
    host, guest = join(lob, "Host"), join(lob, "Guest")
    room = create(lob, host, game="ronda", players=3, visibility="auto")
    say(lob, guest, "join", code=room["code"])
    tokens = [c.last("welcome")["token"] for c in (host, guest)]
    lob.store.close()
    again = lobby(store=Store(db))
    host2 = join(again, "Host", tokens[0])
    seen = host2.last("room")
    assert seen["code"] == room["code"] and seen["you"] == 0 and not seen["started"]
    assert [s["name"] for s in seen["seats"]] == ["Host", "Guest", ""]
    assert not seen["seats"][1]["connected"]
    guest2 = join(again, "Guest", tokens[1])
    assert guest2.last("room")["you"] == 1
    say(again, host2, "start")
    assert host2.last("room")["started"] and again.store.rooms() == []


# ----- 4. identity -----------------------------------------------------------------------------
def test_an_unseated_player_keeps_his_identity_for_a_while_then_it_is_forgotten():
    clock = FakeClock()
    lob = lobby(clock=clock)
    first = join(lob, "Salem")
    welcome = first.last("welcome")
    lob.disconnect(first)
    clock.advance(3600)
    lob.tick()
    back = join(lob, "Salem", welcome["token"])
    assert back.last("welcome")["player"] == welcome["player"]
    lob.disconnect(back)
    clock.advance(rooms.IDENTITY_TTL + 1)
    lob.tick()
    later = join(lob, "Salem", welcome["token"])
    assert later.last("welcome")["player"] != welcome["player"]


def test_kept_identities_are_bounded_oldest_first():
    lob = lobby(identities=(rooms.IDENTITY_TTL, 2))
    welcomes = []
    for name in ("A", "B", "C"):
        conn = join(lob, name)
        welcomes.append(conn.last("welcome"))
        lob.disconnect(conn)
    again = [join(lob, w["name"], w["token"]).last("welcome")["player"] for w in welcomes]
    assert again[0] != welcomes[0]["player"]
    assert again[1:] == [welcomes[1]["player"], welcomes[2]["player"]]


# ----- 5. flooding -----------------------------------------------------------------------------
def test_a_short_burst_is_refused_but_a_sustained_flood_is_closed_with_a_reason():
    now = [0.0]
    lob = lobby(rate=(10, 5.0), rate_clock=lambda: now[0])
    conn = join(lob, "Burst")
    for _ in range(60):
        say(lob, conn, "ping")
    assert conn.closed is None and conn.last("error")["code"] == "rate"
    for _ in range(60):  # it goes on: sustained
        now[0] += 0.01
        say(lob, conn, "ping")
    assert conn.closed is not None and conn.closed[0] == rooms.FLOOD_CLOSE and conn.closed[1]
    assert "closed" in conn.last("error")["message"]
    count = len(conn.sent)
    say(lob, conn, "ping")
    assert len(conn.sent) == count  # a closed session is not answered


def test_through_the_socket_a_flooder_and_an_oversized_frame_get_readable_close_reasons():
    async def body():
        srv = await TableServer(
            port=0, bot_delay=0, tick_interval=0.01, rate=(5, 0.001), rate_clock=lambda: 0.0
        ).start()
        url = f"ws://127.0.0.1:{srv.port}"
        try:
            async with Client(url) as flooder:
                for _ in range(int(rooms.FLOOD_STRIKES) + 10):
                    await flooder.send("ping")
                await asyncio.wait_for(flooder.closed.wait(), 5)
                assert flooder.close_code == 1008 and "Too many" in flooder.close_reason
            async with Client(url) as big:
                await big.send_raw("x" * (WIRE_LIMIT + 10))
                await asyncio.wait_for(big.closed.wait(), 5)
                assert big.close_code == 1009 and "limit" in big.close_reason
        finally:
            await srv.close()

    run_async(body(), 20)


def test_a_hard_bot_table_keeps_playing_through_the_sliced_thinker():
    """Through the real server: a Hareeja table of hard bots (its host left, TB-9) makes
    progress while another client's pings are answered."""

    async def body():
        srv = await TableServer(
            port=0, bot_delay=0, tick_interval=0.01, rate=(100_000, 100_000.0)
        ).start()
        url = f"ws://127.0.0.1:{srv.port}"
        try:
            async with Client(url) as host, Client(url) as other:
                await host.hello("Host")
                await private_hareeja(host, bots="hard")
                await host.send("start")
                await host.expect("events")
                await host.request("leave", "left")
                await other.hello("Other")
                room = next(iter(srv.lobby.rooms.values()))
                for _ in range(10):
                    assert (await other.request("ping", "pong"))["t"] == "pong"
                for _ in range(400):
                    if len(room.table.match.log) >= 8:
                        break
                    await asyncio.sleep(0.01)
                assert len(room.table.match.log) >= 8  # bids and plays went on
        finally:
            await srv.close()

    run_async(body(), 20)


def test_TB_2_an_offline_asker_refused_later_is_kept_as_an_identity_not_leaked():
    clock = FakeClock()
    lob = lobby(clock=clock)
    host, asker = join(lob, "Host"), join(lob, "Asker")
    room = create(lob, host, visibility="approval")
    say(lob, asker, "join", code=room["code"])
    key = next(k for k, p in lob.players.items() if p.name == "Asker")
    lob.disconnect(asker)  # still waiting for the host
    say(lob, host, "answer", player=lob.players[key].id, accept=False)
    assert key in lob.players
    clock.advance(rooms.IDENTITY_TTL + 1)
    lob.tick()
    assert key not in lob.players


# ----- hard bots under load (a person's turn within 3 s at 200 tables) -----------------
def test_the_bot_search_budget_is_full_when_light_and_a_share_of_the_turn_under_load():
    from game.net.botplay import BOT_TURN_SECONDS, MIN_BUDGET, think_budget

    assert think_budget(1, 1) is None and think_budget(2, 2) is None  # a thinker each: all
    assert think_budget(3, 2) == pytest.approx(BOT_TURN_SECONDS * 2 / 3)
    assert think_budget(200, 2) == pytest.approx(BOT_TURN_SECONDS * 2 / 200)
    assert think_budget(10**6, 2) == MIN_BUDGET


def test_a_cut_search_still_plays_a_legal_move_and_a_game_without_budgets_ignores_it():
    import random

    from game.games.hand_rummy import rules as rummy
    from game.games.hareeja import rules as hareeja
    from game.net.botplay import think_whole

    for module, players, options in ((hareeja, 4, {}), (rummy, 3, {"rounds": 1})):
        match = module.Match.new(players, options, 5)
        rng = random.Random(5)
        for _ in range(12):  # into the play, where hard searches
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        action = think_whole(module.Match.GAME, match.view(seat), legal, "hard", 3, 0.5, 0.002)
        match.apply(seat, action)  # the engine takes it (an illegal one raises)


def test_a_bot_thinks_during_its_pacing_delay_and_moves_when_the_delay_is_over():
    clock = FakeClock()
    lob = lobby(clock=clock, bot_delay=0.6, pace=0)  # pace 0: only the bot delay holds it
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=None, bots="hard")
    say(lob, ali, "start")  # seat 1, the hard bot, leads
    room = next(iter(lob.rooms.values()))
    assert room.thought is not None  # thinking began at once, not after the delay
    lob.pump()
    assert room.thought.answer is not None and room.table.match.log == []  # ready, not played
    clock.advance(0.59)
    lob.tick()
    assert room.table.match.log == []
    clock.advance(0.02)
    lob.tick()  # the delay is over: the move that was ready is played
    assert len(room.table.match.log) == 1 and room.thought is None
    assert room.table.match.to_act() == [0]
