"""Limits per network, not only per address, each at its limit and one past.

The lobby is driven directly (fake connections, FakeClock, a hand-moved rate clock), so nothing
here depends on wall-clock speed; tests/test_net_crowds.py does the same through a real server
process and real sockets from many 127.0.x.y addresses. Covers: the network of an address
(IPv4 /24, IPv6 /56), wrong codes per network and the server-wide budget that never holds back
an address that guessed nothing (TB-1), tables per network, unstarted tables ended to make
room and sooner than started ones, tables with bots per address and per network, and the
order in which bots think (people's tables first, networks in turn).
"""

import asyncio
import concurrent.futures

from game.net import botpool
from game.net.botplay import PEOPLE_TURNS, FairQueue
from game.net.guard import address_key, network_key
from game.net.limits import Limits
from game.net.model import Player, Room
from game.table.clock import FakeClock
from tests.helpers import until
from tests.test_net_fairness import Conn, create, say
from tests.test_net_limits import ask_to_create, hello, lobby, untimed


def test_an_address_belongs_to_its_ipv4_24_or_its_ipv6_56():
    assert network_key(address_key("192.0.2.77")) == "192.0.2.0/24"
    assert network_key(address_key("::ffff:192.0.2.9")) == "192.0.2.0/24"
    home = {network_key(address_key(f"2001:db8:0:12{i:02x}::1")) for i in range(256)}
    assert home == {"2001:db8:0:1200::/56"}  # one home's 256 /64s: one network
    assert network_key(address_key("2001:db8:0:1300::1")) != "2001:db8:0:1200::/56"
    assert network_key("local") == "local"  # not an address: its own network


# ----- wrong codes --------------------------------------------------------------------------------
def table_and_clock(**limits):
    now = [0.0]
    lob = lobby(rate_clock=lambda: now[0], limits=Limits(**limits))
    host = hello(lob, "Host", address="9.9.9.9")
    code = untimed(lob, host, game="ronda", players=4)["code"]
    return lob, now, code


def guess(lob, address: str) -> str:
    guesser = hello(lob, "Guesser", address=address)
    say(lob, guesser, "join", code="ZZZZZZZZ")
    return guesser.last("error")["code"]


def test_TB_1_wrong_codes_per_network_at_the_limit_looked_up_one_past_the_network_waits():
    lob, now, code = table_and_clock(network_free_misses=20)
    for i in range(21):  # 21 addresses of one /24, one wrong code each (far under their own 5)
        assert guess(lob, f"6.6.6.{i}") == "no_room"  # the 21st is looked up too: 2 s back-off
    neighbour = hello(lob, "Neighbour", address="6.6.6.200")  # guessed nothing, same network
    say(lob, neighbour, "join", code=code)
    error = neighbour.last("error")
    assert (
        error["code"] == "slow_down" and "network" in error["message"] and "2 s" in error["message"]
    )
    friend = hello(lob, "Friend", address="6.6.7.1")  # the next network: not held back
    say(lob, friend, "join", code=code)
    assert friend.last("room")["code"] == code
    now[0] += 2
    say(lob, neighbour, "join", code=code)
    assert neighbour.last("room")["code"] == code


def test_TB_1_the_server_wide_budget_holds_back_only_addresses_that_guessed_wrong_themselves():
    lob, now, code = table_and_clock(global_miss_burst=10, global_misses_per_second=1.0)
    repeat = hello(lob, "Repeat", address="6.7.0.1")
    say(lob, repeat, "join", code="ZZZZZZZZ")
    for i in range(9):  # nine more addresses, each of its own network: the budget is spent
        assert guess(lob, f"6.6.{i}.1") == "no_room"
    say(lob, repeat, "join", code=code)  # it guessed wrong within the minute: it waits
    assert repeat.last("error")["code"] == "slow_down"
    for i in range(30):  # addresses that guessed nothing are always looked up: seated
        friend = hello(lob, f"Friend {i}", address=f"7.7.{i}.7")
        say(lob, friend, "join", code=code)
        assert friend.last("room")["code"] == code and not friend.all("error")
        say(lob, friend, "leave")
    assert guess(lob, "8.8.8.8") == "no_room"  # a first wrong code is looked up too
    now[0] += 60  # the repeat guesser's miss is forgiven: he guessed nothing in a minute
    say(lob, repeat, "join", code=code)
    assert repeat.last("room")["code"] == code


# ----- tables per network, and unstarted tables ended to make room -------------------------------
def test_tables_per_network_at_the_limit_accepted_one_past_refused_another_network_accepted():
    lob = lobby(limits=Limits(tables_per_network=3))
    hosts = [hello(lob, f"h{i}", address=f"10.1.1.{i}") for i in range(3)]
    for host in hosts:
        assert untimed(lob, host)["you"] == 0  # each host stays at his table
    late = hello(lob, "late", address="10.1.1.99")
    ask_to_create(lob, late)
    error = late.last("error")
    assert error["code"] == "too_many" and "network" in error["message"]
    assert untimed(lob, hello(lob, "next", address="10.1.2.1"))["you"] == 0


def test_a_quiet_unstarted_table_of_the_network_ends_to_make_room_a_started_one_never():
    clock = FakeClock()
    lob = lobby(clock=clock, limits=Limits(tables_per_network=2))
    first, second = hello(lob, "a", address="10.2.2.1"), hello(lob, "b", address="10.2.2.2")
    started = untimed(lob, first, game="hareeja", players=4)["code"]
    say(lob, first, "start")
    quiet = untimed(lob, second)["code"]
    lob.disconnect(first)  # nobody at either table now
    lob.disconnect(second)
    clock.advance(5)
    third = hello(lob, "c", address="10.2.2.3")
    assert untimed(lob, third)["you"] == 0  # made room: the unstarted quiet table ended
    assert quiet not in lob.rooms and started in lob.rooms
    fourth = hello(lob, "d", address="10.2.2.4")
    ask_to_create(lob, fourth)
    assert fourth.last("error")["code"] == "too_many"  # a started table is never ended for it
    assert started in lob.rooms


def test_at_the_servers_cap_a_quiet_unstarted_table_ends_for_a_newcomer():
    lob = lobby(limits=Limits(max_rooms=3))
    hosts = [hello(lob, f"h{i}", address=f"10.0.{i}.1") for i in range(3)]
    codes = [untimed(lob, host)["code"] for host in hosts]
    late = hello(lob, "late", address="10.0.9.1")
    ask_to_create(lob, late)
    assert late.last("error")["code"] == "too_many"  # everyone is at his table: full
    lob.disconnect(hosts[1])
    assert untimed(lob, late)["you"] == 0
    assert codes[1] not in lob.rooms and len(lob.rooms) == 3


def test_an_unstarted_table_nobody_is_connected_to_ends_much_sooner_than_a_started_one():
    clock = FakeClock()
    lob = lobby(clock=clock)  # the default limits
    a, b = hello(lob, "a", address="10.3.0.1"), hello(lob, "b", address="10.3.0.2")
    unstarted = untimed(lob, a)["code"]
    started = untimed(lob, b, game="hareeja", players=4)["code"]
    say(lob, b, "start")
    lob.disconnect(a)
    lob.disconnect(b)
    clock.advance(29.9)
    lob.tick()
    assert unstarted in lob.rooms
    clock.advance(0.1)  # 30 s: the unstarted one ends
    lob.tick()
    assert unstarted not in lob.rooms and started in lob.rooms
    clock.advance(89.9)
    lob.tick()
    assert started in lob.rooms
    clock.advance(0.1)  # 120 s: the started one too
    lob.tick()
    assert started not in lob.rooms


# ----- tables with bots ---------------------------------------------------------------------------
def bot_table(lob, address: str, name: str = "p") -> tuple[Conn, str]:
    """A Ronda table of one person and a bot, asked to start: the person's connection and the
    first error it got (empty when it started)."""
    host = hello(lob, name, address=address)
    create(lob, host, game="ronda", players=2, turn_seconds=None)
    say(lob, host, "start")
    errors = host.all("error")
    return host, errors[-1]["message"] if errors else ""


def test_tables_with_bots_per_address_and_per_network_at_the_limit_accepted_one_past_refused():
    lob = lobby(limits=Limits(bot_tables_per_address=2, bot_tables_per_network=3))
    for i in range(2):
        assert bot_table(lob, "10.4.4.1", f"a{i}")[1] == ""
    host, refused = bot_table(lob, "10.4.4.1", "a2")
    assert "tables with bots" in refused and "address" in refused
    assert not lob.rooms[host.last("room")["code"]].started  # refused: nothing changed
    assert bot_table(lob, "10.4.4.2", "b0")[1] == ""  # the network's third
    refused = bot_table(lob, "10.4.4.3", "c0")[1]
    assert "tables with bots" in refused and "network" in refused
    assert bot_table(lob, "10.4.5.1", "d0")[1] == ""  # another network
    full = [hello(lob, f"f{i}", address="10.4.4.9") for i in range(2)]  # no bot seat: fine
    code = untimed(lob, full[0])["code"]
    say(lob, full[1], "join", code=code)
    say(lob, full[0], "start")
    assert lob.rooms[code].started


def test_a_table_with_bots_counts_no_longer_once_it_is_over():
    lob = lobby(limits=Limits(bot_tables_per_address=1))
    host, _ = bot_table(lob, "10.5.5.1")
    code = host.last("room")["code"]
    say(lob, host, "leave")  # TB-9: the bot plays his seat too, to the end
    while not lob.rooms[code].over:
        lob.rooms[code].bot_due = 0
        lob.tick()
        lob.pump()
    assert lob.guard.bot_tables.empty() and code in lob.rooms  # shown, but its bots are done
    assert bot_table(lob, "10.5.5.1", "again")[1] == ""


# ----- the order bots think in --------------------------------------------------------------------
def room(code: str, address: str, watched: bool) -> Room:
    person = Player("p" + code, "k" + code, "P", conn=Conn() if watched else None)
    made = Room(code, "ronda", 2, {}, "private", None, "easy", [person, None], address=address)
    person.room, person.seat = made, 0
    return made


def test_a_persons_bot_waits_behind_one_move_of_each_other_network_not_behind_every_table():
    queue = FairQueue()
    for net in range(25):  # 25 networks x 20 tables where a person is connected
        for t in range(20):
            queue.push(room(f"n{net}t{t}", f"10.{net}.0.1", watched=True))
    queue.push(room("mine", "192.0.2.1", watched=True))
    order = [queue.pop().code for _ in range(26)]
    assert "mine" in order  # within one round of the 26 networks, not after 500 tables
    assert len({code.split("t")[0] for code in order if code != "mine"}) == 25


def test_tables_a_person_watches_get_their_share_of_bot_turns_and_the_others_still_move():
    queue = FairQueue()
    for t in range(40):
        queue.push(room(f"quiet{t}", "10.9.0.1", watched=False))
    for t in range(40):
        queue.push(room(f"watched{t}", f"10.8.{t}.1", watched=True))
    served = [queue.pop().code.startswith("watched") for _ in range(40)]
    assert served.count(True) == 40 * PEOPLE_TURNS // (PEOPLE_TURNS + 1)  # 3 of every 4
    assert served.count(False) == 40 // (PEOPLE_TURNS + 1)  # nobody watches: still served
    queue.discard("watched39")
    assert "watched39" not in queue and len(queue) == 39


class HeldExecutor:
    """A process pool that thinks nothing until told: each submitted move waits in ``jobs``
    (its room's game, view and legal moves) until the test finishes it."""

    def __init__(self, *args, **kwargs):
        self.jobs: list[tuple[concurrent.futures.Future, list]] = []

    def submit(self, fn, game, view, legal, *rest):
        future: concurrent.futures.Future = concurrent.futures.Future()
        self.jobs.append((future, legal))
        return future

    def shutdown(self, wait=False, cancel_futures=False):
        pass


def test_the_bot_workers_take_a_watched_tables_move_before_a_backlog_of_unwatched_ones(
    monkeypatch,
):
    monkeypatch.setattr(botpool.concurrent.futures, "ProcessPoolExecutor", HeldExecutor)

    async def body() -> None:
        lob = lobby(limits=Limits(bot_tables_per_network=50, bot_tables_per_address=50))
        pool = botpool.BotPool(1, lob.bots, lambda budget: None)
        lob.bots.offload = pool.offload
        held = pool._pool
        for i in range(12):  # 12 tables of hard bots nobody watches (their host left)
            host = hello(lob, f"h{i}", address=f"10.7.0.{i}")
            create(lob, host, game="ronda", players=2, turn_seconds=None, bots="hard")
            say(lob, host, "start")
            say(lob, host, "leave")
        assert len(held.jobs) == 1 + botpool.READY_AHEAD  # the rest wait in the pool's queue
        person = hello(lob, "Person", address="192.0.2.1")
        code = create(lob, person, game="ronda", players=2, turn_seconds=None, bots="hard")["code"]
        say(lob, person, "start")
        mine = lob.rooms[code]
        while mine.thought is None:  # his turn first: he plays until his bot is to think
            say(lob, person, "act", action=person.last("events")["legal"][0])
        waiting = len(pool.waiting)
        assert waiting >= 11
        future, legal = held.jobs[0]
        future.set_result(legal[0])  # a worker is free again
        assert await until(lambda: len(held.jobs) > 1 + botpool.READY_AHEAD)  # on the loop
        submitted = [job for job in held.jobs if not job[0].done()]
        assert mine.thought is not None and mine.code not in pool.waiting  # his went first
        assert len(submitted) == 1 + botpool.READY_AHEAD and len(pool.waiting) == waiting

    asyncio.run(asyncio.wait_for(body(), 30))
