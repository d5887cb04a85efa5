"""The lobby's tick visits only the tables whose moment has come (game/net/schedule.py), not
every table ten times a second: a table waiting for a person with no clock running costs
nothing, a timed turn still runs out exactly on time (TB-7), and a bot still moves when due.

Driven with a FakeClock and fake connections (tests/test_net_fairness.py), so nothing depends
on wall-clock speed."""

from __future__ import annotations

import pytest

from game.net.limits import Limits
from game.net.model import Room
from game.net.schedule import Schedule
from game.table.clock import FakeClock
from tests.test_net_fairness import create, lobby, say, timeouts
from tests.test_net_limits import hello


def visits(lob, monkeypatch) -> list[str]:
    """The codes of the rooms tick() visits, in order (the real visit still runs)."""
    seen: list[str] = []
    real = lob._tick_room

    def counted(room, now):
        seen.append(room.code)
        real(room, now)

    monkeypatch.setattr(lob, "_tick_room", counted)
    return seen


def started_table(lob, index: int, turn_seconds):
    host = hello(lob, f"Host {index}", address=f"10.0.{index // 200}.{index % 200}")
    code = create(lob, host, game="ronda", players=2, turn_seconds=turn_seconds)["code"]
    say(lob, host, "start")
    lob.pump()  # the bot plays until the person is to act
    return host, code


def test_idle_tables_are_not_visited_and_a_timed_turn_still_runs_out_on_time(monkeypatch):
    clock = FakeClock()
    lob = lobby(clock=clock, limits=Limits(tables_per_address=5, bot_tables_per_network=50))
    for i in range(40):
        started_table(lob, i, turn_seconds=None)  # untimed, a person to act
    ali, timed = started_table(lob, 40, turn_seconds=60)
    seen = visits(lob, monkeypatch)
    clock.advance(20)  # every deal has been shown: each held clock is started once
    lob.tick()
    assert len(seen) <= 41
    seen.clear()
    left = ali.last("deadline")["remaining"][ali.last("room")["you"]]
    for _ in range(10):  # 10 ticks before the timed turn is up
        clock.advance((left - 20 - 1) / 10)
        lob.tick()
    assert seen == [] and timeouts(ali) == 0  # nothing was due: no table was visited
    clock.advance(1.05)
    lob.tick()
    assert seen == [timed] and timeouts(ali) == 1  # TB-7: on time, and only that table


def test_a_bot_due_later_is_moved_at_its_moment(monkeypatch):
    """Paced bots (bot_delay): the bot's move waits for its moment, then a tick starts it."""
    clock = FakeClock()
    lob = lobby(clock=clock, bot_delay=3.0, think_slice=None)  # bots move at once when due
    host = hello(lob, "Host")
    create(lob, host, game="hareeja", players=4, turn_seconds=None)
    say(lob, host, "start")
    room = next(iter(lob.rooms.values()))
    seen = visits(lob, monkeypatch)
    lob.tick()  # plans the table changed since the last tick; nothing is due yet
    assert seen == [] and room.live.automated_to_act() and room.due is not None
    bot_due = room.bot_due
    assert bot_due == pytest.approx(3.0)
    while room.due is not None and room.due < bot_due:  # earlier moments (the deal's show)
        clock.advance(room.due - clock.now())
        lob.tick()
    assert len(room.live.match.log) == 0
    clock.advance(bot_due - 0.01 - clock.now())
    lob.tick()
    assert len(room.live.match.log) == 0 and room.due == pytest.approx(bot_due)
    visited = len(seen)
    clock.advance(0.01)
    lob.tick()
    assert len(seen) == visited + 1 and len(room.live.match.log) > 0  # the bots moved


def test_an_untimed_table_is_planned_without_asking_for_its_seats_deadlines(monkeypatch):
    """A move at an untimed table (most are) plans its next moment cheaply: no seat has a
    deadline, so the table is not asked for one (each ask syncs its turn starts), and with no
    clock to hold while the deal is shown, a person to act needs no visit at all."""
    from game.net.schedule import next_moment
    from game.table import Table

    lob = lobby()
    _, code = started_table(lob, 0, turn_seconds=None)
    room = lob.rooms[code]

    def no_deadlines(self, seat):
        raise AssertionError("an untimed table was asked for a deadline")

    monkeypatch.setattr(Table, "deadline", no_deadlines)
    assert room.shown_at > lob.clock.now() and not room.live.held  # the deal is being shown
    assert next_moment(room, lob.limits) is None


def test_a_closed_or_replanned_room_leaves_only_stale_entries_that_are_skipped():
    schedule = Schedule()
    a = Room("AAAAAAAA", "ronda", 2, {}, "private", None, "easy", [None, None])
    b = Room("BBBBBBBB", "ronda", 2, {}, "private", None, "easy", [None, None])
    rooms = {a.code: a, b.code: b}
    schedule.plan(a, 5.0)
    schedule.plan(a, 9.0)  # planned again, later: the 5.0 entry is stale
    schedule.plan(b, 1.0)
    del rooms[b.code]  # closed
    never = lambda room: None  # noqa: E731
    assert list(schedule.due(6.0, rooms, never)) == []
    assert list(schedule.due(9.0, rooms, never)) == [a] and a.due is None
    assert list(schedule.due(100.0, rooms, never)) == []  # visited once until planned again
    schedule.touch(a)  # changed: planned from its state at the next call
    assert list(schedule.due(100.0, rooms, lambda room: 50.0)) == [a]


def test_stale_entries_are_compacted(monkeypatch):
    schedule = Schedule()
    room = Room("AAAAAAAA", "ronda", 2, {}, "private", None, "easy", [None, None])
    rooms = {room.code: room}
    for i in range(3000):
        schedule.plan(room, 1000.0 + i)  # each plan makes the one before stale
    list(schedule.due(0.0, rooms, lambda room: None))
    assert len(schedule) == 1 and room.due == pytest.approx(3999.0)
