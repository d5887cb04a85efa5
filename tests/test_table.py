"""game/table: turn deadlines (TB-6), the safe move on timeout (TB-7, HJ-11), auto-assist
(TB-8) and bot take-over (TB-9). A fake clock everywhere: nothing here sleeps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.actions import action_type, int_field, only_keys
from game.core.engine import Match
from game.core.errors import IllegalAction
from game.core.events import Event
from game.table import (
    ASSIST,
    SEAT_LEFT,
    TURN_CHOICES,
    TURN_TIMEOUT,
    FakeClock,
    Seat,
    SystemClock,
    Table,
    drive_bots,
    thinker,
)
from helpers import hareeja_deck


# ----- a tiny fake engine ---------------------------------------------------------------------
class Relay(Match):
    """A made-up game with every shape of turn the table must handle.

    "declare": every seat bids 0-3 at the same time (like Hareeja's secret bids).
    "play": one seat at a time; "step" keeps the turn (like Hand rummy's draw and melds, at most
    two per turn), "pass" ends it and hands on, "again" ends it and the same seat starts a new
    turn (like winning a trick). After ``turns`` turns the round ends; after ``rounds`` rounds the
    match is over. The safe move: bid 0, or pass.
    """

    GAME = "relay"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4

    def _start(self) -> None:
        self.rounds_left = self.options.get("rounds", 2)
        self.turns_per_round = self.options.get("turns", 6)
        self.score = [0] * self.players
        self.turn = 0
        self._new_round()

    def _new_round(self) -> None:
        self._phase = "declare"
        self.bids: list[int | None] = [None] * self.players
        self.turns = 0
        self.steps = 0

    @property
    def phase(self) -> str:
        return self._phase

    def to_act(self) -> list[int]:
        if self._phase == "declare":
            return [s for s in range(self.players) if self.bids[s] is None]
        return [self.turn] if self._phase == "play" else []

    def legal_actions(self, seat: int) -> list[dict]:
        if seat not in self.to_act():
            return []
        if self._phase == "declare":
            return [{"type": "bid", "n": n} for n in range(4)]
        moves = [{"type": "pass"}, {"type": "again"}]
        return moves + ([{"type": "step"}] if self.steps < 2 else [])

    def view(self, seat: int | None) -> dict:
        return {
            "phase": self._phase,
            "to_act": self.to_act(),
            "totals": self.totals,
            "hand": [],
            "bids": list(self.bids),
            "turns": self.turns,
            "steps": self.steps,
        }

    @property
    def totals(self) -> list[int]:
        return list(self.score)

    def continues_turn(self, seat: int, action: dict) -> bool:
        return isinstance(action, dict) and action.get("type") == "step"

    def _apply(self, seat: int, action: dict) -> list[Event]:
        if self._phase == "declare":
            action_type(action, ("bid",))
            only_keys(action, "n")
            return self._bid(seat, int_field(action, "n", 0, 3))
        kind = action_type(action, ("step", "pass", "again"))
        only_keys(action)
        if kind == "step":
            if self.steps >= 2:
                raise IllegalAction("Two steps per turn at most.")
            self.steps += 1
            return [Event("stepped", {"seat": seat})]
        return self._end_turn(seat, again=kind == "again")

    def _timeout(self, seat: int) -> list[Event]:
        return self._bid(seat, 0) if self._phase == "declare" else self._end_turn(seat, False)

    def _bid(self, seat: int, n: int) -> list[Event]:
        self.bids[seat] = n
        if all(b is not None for b in self.bids):
            self._phase = "play"
        return [Event("bid", {"seat": seat}, {seat: {"n": n}})]

    def _end_turn(self, seat: int, again: bool) -> list[Event]:
        self.steps = 0
        self.turns += 1
        self.score[seat] += 1 if again else 0
        self.turn = seat if again else (seat + 1) % self.players
        events = [Event("turn_over", {"seat": seat, "again": again})]
        if self.turns >= self.turns_per_round:
            self.rounds_left -= 1
            if self.rounds_left > 0:
                self._new_round()
                events.append(Event("new_round", {}))
            else:
                self._phase = "over"
                events.append(Event("match_over", {}))
        return events


def relay_table(players=3, turn_seconds=60, kinds=None, **options) -> Table:
    match = Relay.new(players, options, seed=1)
    kinds = kinds or ["human"] * players
    return Table(
        match,
        [Seat(kind=k, name=f"p{i}") for i, k in enumerate(kinds)],
        clock=FakeClock(),
        turn_seconds=turn_seconds,
    )


def bid_all(table: Table) -> None:
    for seat in list(table.match.to_act()):
        table.act(seat, {"type": "bid", "n": 1})


def first_legal(seat: int, view: dict, legal: list[dict]) -> dict:
    return legal[0]


def snapshot(table: Table) -> tuple:
    """Everything an illegal action must leave alone, at the table and in the match."""
    match = table.match
    seats = [(s.missed, s.assisted, s.left) for s in table.seats]
    deadlines = [table.deadline(s) for s in range(len(table.seats))]
    views = [match.view(s) for s in range(match.players)]
    return repr(match.log), repr(views), repr(seats), repr(deadlines)


# ----- clocks and construction -------------------------------------------------------------
def test_fake_clock_moves_only_forward_when_told():
    clock = FakeClock(5)
    assert clock.now() == 5
    clock.advance(2.5)
    assert clock.now() == 7.5
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_system_clock_is_monotonic():
    clock = SystemClock()
    first = clock.now()
    assert clock.now() >= first


def test_table_checks_seat_count_turn_time_and_seat_kinds():
    match = Relay.new(3, seed=1)
    with pytest.raises(ValueError):
        Table(match, [Seat(), Seat()])
    with pytest.raises(ValueError):
        Table(match, [Seat()] * 3, turn_seconds=0)
    with pytest.raises(ValueError):
        Seat(kind="ghost")
    with pytest.raises(ValueError):
        Seat(level="genius")


def test_seat_is_automated_for_bots_assistance_and_leaving():
    assert not Seat().automated and not Seat(kind="remote").automated
    assert Seat(kind="bot").automated
    assert Seat(assisted=True).automated and Seat(left=True).automated


# ----- TB-6: turn time --------------------------------------------------------------------
def test_TB_6_turn_choices_are_unlimited_60_90_120():
    assert TURN_CHOICES == (None, 60, 90, 120)


def test_TB_6_unlimited_is_the_practice_default_and_never_times_out():
    match = Relay.new(2, seed=1)
    table = Table(match, [Seat(), Seat(kind="bot")], clock=FakeClock())
    assert table.turn_seconds is None
    assert table.deadline(0) is None and table.remaining(0) is None
    table.clock.advance(10**9)
    assert table.tick() == []
    assert match.log == [] and table.seats[0].missed == 0


def test_an_untimed_table_asks_the_engine_whose_turn_it_is_only_to_check_the_move():
    """Without a turn time no turn starts are kept (nothing reads them): a move asks the
    engine's ``to_act`` once, in its own turn check, not again for the table's clocks."""
    match = Relay.new(2, seed=1)
    table = Table(match, [Seat(), Seat()], clock=FakeClock())
    asked = []
    real = match.to_act
    match.to_act = lambda: asked.append(1) or real()
    table.act(0, {"type": "bid", "n": 1})
    assert len(asked) == 1 and table.deadline(1) is None


@pytest.mark.parametrize("seconds", [60, 90, 120])
def test_TB_6_each_turn_time_counts_down_from_the_start_of_the_turn(seconds):
    table = relay_table(turn_seconds=seconds)
    bid_all(table)  # t=0: seat 0's first play turn starts
    assert table.deadline(0) == seconds
    table.clock.advance(seconds / 3)
    assert table.remaining(0) == pytest.approx(seconds * 2 / 3)
    table.act(0, {"type": "pass"})
    assert table.deadline(0) is None and table.remaining(0) is None  # not to act
    assert table.deadline(1) == pytest.approx(seconds / 3 + seconds)  # a fresh turn for seat 1
    table.clock.advance(seconds * 5)
    assert table.remaining(1) == 0.0  # never below zero


def test_TB_6_time_held_while_the_screen_catches_up_never_counts_against_a_turn():
    """The client holds the turn clocks while it animates the deal, a trick or the scores."""
    table = relay_table(turn_seconds=60)
    bid_all(table)
    table.clock.advance(10)
    table.hold()
    assert table.held
    table.clock.advance(500)  # a long animation: nobody times out
    assert table.tick() == [] and table.remaining(0) == pytest.approx(50)
    table.release()
    assert not table.held and table.deadline(0) == pytest.approx(560)
    table.clock.advance(49.9)
    assert table.tick() == []
    table.clock.advance(0.1)
    assert next(e.type for e in table.tick()) == TURN_TIMEOUT


def test_TB_6_a_turn_that_starts_while_held_starts_counting_at_release():
    table = relay_table(turn_seconds=60)
    bid_all(table)
    table.hold()
    table.act(0, {"type": "pass"})  # seat 1's turn begins during the hold
    table.clock.advance(30)
    assert table.remaining(1) == pytest.approx(60)
    table.release()
    table.clock.advance(30)
    assert table.remaining(1) == pytest.approx(30)
    table.release()  # releasing twice changes nothing
    assert table.remaining(1) == pytest.approx(30)


def test_TB_6_same_seat_starting_again_gets_a_fresh_deadline():
    """Like the winner of a trick leading the next one: a new turn, a new deadline."""
    table = relay_table()
    bid_all(table)
    table.clock.advance(50)
    table.act(0, {"type": "again"})
    assert table.match.to_act() == [0]
    assert table.deadline(0) == 110


def test_TB_6_a_multi_action_turn_keeps_one_deadline_until_it_ends():
    """Hand rummy shape: draw, meld, add... then discard, all against one deadline."""
    table = relay_table()
    bid_all(table)
    table.clock.advance(20)
    table.act(0, {"type": "step"})
    table.clock.advance(20)
    table.act(0, {"type": "step"})
    assert table.deadline(0) == 60 and table.remaining(0) == 20
    table.clock.advance(10)
    table.act(0, {"type": "pass"})
    assert table.deadline(1) == 110


def test_TB_6_simultaneous_bids_each_keep_their_own_deadline():
    table = relay_table(players=4, turn_seconds=90)
    assert [table.deadline(s) for s in range(4)] == [90] * 4
    table.clock.advance(30)
    table.act(2, {"type": "bid", "n": 3})
    assert [table.deadline(s) for s in range(4)] == [90, 90, None, 90]  # others keep theirs
    table.clock.advance(59.5)
    assert table.tick() == []
    table.clock.advance(0.5)
    events = table.tick()
    timed_out = [e.data["seat"] for e in events if e.type == TURN_TIMEOUT]
    assert timed_out == [0, 1, 3]  # all three at once, in seat order
    assert table.match.bids == [0, 0, 3, 0]  # the safe bid for each
    assert table.deadline(0) == 180  # the play phase starts fresh turns


def test_TB_6_a_new_round_gives_every_seat_a_fresh_deadline():
    table = relay_table(players=2, turns=1)
    bid_all(table)
    table.clock.advance(40)
    table.act(0, {"type": "pass"})  # ends the round: everybody bids again
    assert table.match.phase == "declare"
    assert [table.deadline(s) for s in range(2)] == [100, 100]


class Flip(Match):
    """Both seats always to act; seat 1's "flip" switches the phase, seat 0's "wait" does not."""

    GAME = "flip"

    def _start(self) -> None:
        self._phase = "declare"

    @property
    def phase(self) -> str:
        return self._phase

    def to_act(self) -> list[int]:
        return [0, 1]

    def legal_actions(self, seat: int) -> list[dict]:
        return [{"type": "flip"}, {"type": "wait"}]

    def view(self, seat: int | None) -> dict:
        return {"phase": self._phase, "to_act": [0, 1], "totals": [0, 0], "hand": []}

    @property
    def totals(self) -> list[int]:
        return [0, 0]

    def _apply(self, seat: int, action: dict) -> list[Event]:
        if action_type(action, ("flip", "wait")) == "flip":
            self._phase = "play" if self._phase == "declare" else "declare"
        return [Event(action["type"], {"seat": seat})]

    def _timeout(self, seat: int) -> list[Event]:
        return [Event("wait", {"seat": seat})]


def test_TB_6_a_change_of_phase_starts_a_new_turn_for_every_seat_to_act():
    table = Table(Flip.new(2, seed=0), [Seat(), Seat()], clock=FakeClock(), turn_seconds=60)
    table.clock.advance(20)
    table.act(1, {"type": "wait"})
    assert [table.deadline(0), table.deadline(1)] == [60, 80]
    table.clock.advance(20)
    table.act(1, {"type": "flip"})
    assert [table.deadline(0), table.deadline(1)] == [100, 100]
    table.clock.advance(5)
    table.match.apply(1, {"type": "flip"})  # behind the table's back, too
    assert [table.deadline(0), table.deadline(1)] == [105, 105]


def test_TB_6_turns_started_behind_the_tables_back_are_still_timed():
    table = relay_table(players=2)
    bid_all(table)
    table.clock.advance(10)
    table.match.apply(0, {"type": "pass"})  # not through the table
    assert table.deadline(1) == 70


# ----- TB-7 / HJ-11: the safe move at the deadline ------------------------------------------
def test_TB_7_tick_makes_the_engines_safe_move_at_the_deadline_not_before():
    table = relay_table()
    bid_all(table)
    table.clock.advance(59.999)
    assert table.tick() == []
    assert table.match.turn == 0
    table.clock.advance(0.001)
    events = table.tick()
    assert [e.type for e in events] == [TURN_TIMEOUT, "turn_over"]
    assert events[0].data == {"seat": 0}
    assert table.match.log[-1] == [0, {"type": "timeout"}]
    assert table.match.turn == 1 and table.deadline(1) == 120
    assert table.tick() == []  # one timeout per expired turn


def test_TB_7_a_late_tick_times_out_only_the_turn_that_ran_out():
    """A tick long after the deadline does not also eat the next player's time."""
    table = relay_table()
    bid_all(table)
    table.clock.advance(500)
    events = table.tick()
    assert [e.data["seat"] for e in events if e.type == TURN_TIMEOUT] == [0]
    assert table.remaining(1) == 60


def test_TB_7_automated_seats_are_never_timed_out_by_the_table():
    table = relay_table(players=2, kinds=["human", "bot"])
    bid_all(table)
    table.act(0, {"type": "pass"})
    assert table.automated_to_act() == [1]
    assert table.deadline(1) is None
    table.clock.advance(1000)
    assert table.tick() == []
    assert table.match.turn == 1  # the driver has not moved yet


def test_HJ_11_timeout_bids_zero_then_plays_the_weakest_legal_card_at_the_deadline():
    from game.games.hareeja.rules import Match as Hareeja

    hands = [
        ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"],
        ["7C", "7D", "AH", "KH", "QH", "JH", "10H", "9H"],  # leads: 7C and 7D tie, clubs weakest
        ["8C", "9C", "10C", "JC", "QC", "KC", "AC", "8H"],  # must follow clubs: 8C
        ["8D", "9D", "10D", "JD", "QD", "KD", "AD", "7H"],  # void in clubs: lowest rank, 7H
    ]
    match = Hareeja.new(4, seed=3, deck=hareeja_deck(hands))
    table = Table(match, [Seat() for _ in range(4)], clock=FakeClock(), turn_seconds=60)
    table.clock.advance(59.9)
    assert table.tick() == [] and match.phase == "declare"
    table.clock.advance(0.1)
    table.tick()
    assert match.bids == [0, 0, 0, 0] and match.phase == "play"
    assert match.to_act() == [1]
    for expected in ("7C", "8C", "7H"):
        table.clock.advance(59.9)
        assert table.tick() == []
        table.clock.advance(0.1)
        events = table.tick()
        assert [e.type for e in events][:2] == [TURN_TIMEOUT, "card_played"]
        assert events[1].data["card"] == expected and events[1].data["timeout"] is True


# ----- TB-8: auto-assist --------------------------------------------------------------------
def miss_turn(table: Table, seat: int) -> list[Event]:
    """Let ``seat``'s current turn run out; the other seat passes at once."""
    while table.match.to_act() != [seat]:
        table.act(table.match.to_act()[0], {"type": "pass"})
    table.clock.advance(60)
    return table.tick()


def test_TB_8_three_missed_turns_in_a_row_start_auto_assist():
    table = relay_table(players=2, turns=100)
    bid_all(table)
    miss_turn(table, 0)
    miss_turn(table, 0)
    assert table.seats[0].missed == 2 and not table.seats[0].assisted
    events = miss_turn(table, 0)
    assert events[-1].type == ASSIST and events[-1].data == {"seat": 0, "on": True}
    assert table.seats[0].assisted and table.seats[0].automated
    table.act(1, {"type": "pass"})
    assert table.automated_to_act() == [0]
    assert table.deadline(0) is None
    table.clock.advance(1000)
    assert table.tick() == []  # the driver's bot moves now, not the clock
    drive_bots(table, first_legal)
    assert table.seats[0].assisted  # a bot's moves do not take the seat back


def test_TB_8_a_human_action_between_misses_resets_the_count():
    table = relay_table(players=2, turns=100)
    bid_all(table)
    miss_turn(table, 0)
    miss_turn(table, 0)
    table.act(1, {"type": "pass"})
    table.act(0, {"type": "step"})  # the player is there
    assert table.seats[0].missed == 0
    table.clock.advance(60)
    table.tick()
    miss_turn(table, 0)
    assert table.seats[0].missed == 2 and not table.seats[0].assisted


def assisted_table() -> Table:
    table = relay_table(players=2, turns=100)
    bid_all(table)
    for _ in range(3):
        miss_turn(table, 0)
    assert table.seats[0].assisted
    return table


def test_TB_8_reclaim_ends_assistance_and_gives_a_whole_turn():
    table = assisted_table()
    table.act(1, {"type": "pass"})  # seat 0 to act, assisted
    start = table.clock.now()
    table.clock.advance(45)
    seen = []
    table.listen(seen.append)
    events = table.reclaim(0)
    assert [(e.type, e.data) for e in events] == [(ASSIST, {"seat": 0, "on": False})]
    assert seen == [events]
    assert table.seats[0].missed == 0 and not table.seats[0].automated
    assert table.deadline(0) == start + 45 + 60
    assert table.reclaim(0) == []  # already back: nothing to say


def test_TB_8_acting_takes_the_seat_back():
    table = assisted_table()
    table.act(1, {"type": "pass"})
    table.act(0, {"type": "step"}, human=False)  # the assisting bot's move
    assert table.seats[0].assisted
    table.clock.advance(30)
    events = table.act(0, {"type": "step"}, human=True)
    assert events[0].type == ASSIST and events[0].data == {"seat": 0, "on": False}
    assert not table.seats[0].assisted and table.seats[0].missed == 0
    assert table.deadline(0) == table.clock.now() + 60  # his own time for the rest of the turn


def test_TB_8_an_illegal_human_action_does_not_take_the_seat_back():
    table = assisted_table()
    table.act(1, {"type": "pass"})
    with pytest.raises(IllegalAction):
        table.act(0, {"type": "fly"}, human=True)
    assert table.seats[0].assisted and table.seats[0].missed == 3


# ----- TB-9: leaving ------------------------------------------------------------------------
def test_TB_9_a_player_who_leaves_is_played_by_a_bot_to_the_end():
    table = relay_table(players=3)
    bid_all(table)
    events = table.leave(1)
    assert [(e.type, e.data) for e in events] == [(SEAT_LEFT, {"seat": 1})]
    assert table.leave(1) == []
    assert table.seats[1].automated
    with pytest.raises(IllegalAction):
        table.reclaim(1)
    while table.match.phase != "over":
        drive_bots(table, first_legal)
        for seat in table.match.to_act():
            if not table.seats[seat].automated:
                table.act(seat, table.match.legal_actions(seat)[0])
    assert table.seats[1].left
    assert any(seat == 1 for seat, _ in table.match.log[3:])  # the bot played seat 1


def test_TB_9_the_player_who_left_can_no_longer_act():
    table = relay_table(players=2)
    table.leave(0)
    with pytest.raises(IllegalAction):
        table.act(0, {"type": "bid", "n": 1}, human=True)
    assert table.match.log == []


@pytest.mark.parametrize("seed", [1, 2])
def test_TB_9_a_whole_hareeja_match_finishes_with_a_bot_in_the_leavers_seat(seed):
    from game.games.hareeja.rules import Match as Hareeja

    match = Hareeja.new(4, seed=seed)
    seats = [Seat(), Seat(kind="bot"), Seat(kind="bot"), Seat(kind="remote")]
    table = Table(match, seats, clock=FakeClock(), turn_seconds=90)
    rng = random.Random(seed)
    table.act(0, {"type": "bid", "n": 2})
    table.leave(0)
    for _ in range(2000):
        drive_bots(table, lambda seat, view, legal: rng.choice(legal))
        if match.phase == "over":
            break
        assert table.match.to_act() == [3]  # only the remote human is left to move
        table.clock.advance(90)
        table.tick()  # he is away: timeouts, then assistance
    assert match.phase == "over" and match.result is not None
    assert seats[3].assisted and seats[0].left


# ----- illegal actions change nothing -----------------------------------------------------
@pytest.mark.parametrize(
    "seat, action",
    [
        (0, {"type": "pass"}),  # wrong phase
        (0, {"type": "bid", "n": 9}),  # out of range
        (0, {"type": "bid", "n": True}),  # a bool is not a number
        (0, {"type": "bid"}),  # missing field
        (0, "bid"),  # not a dict
        (0, {"type": "timeout", "x": 1}),  # timeout takes no fields
        (5, {"type": "bid", "n": 1}),  # no such seat
        (-1, {"type": "bid", "n": 1}),
        (True, {"type": "bid", "n": 1}),
    ],
)
def test_illegal_actions_through_act_change_nothing(seat, action):
    table = relay_table()
    table.clock.advance(10)
    table.act(1, {"type": "bid", "n": 2})
    calls = []
    table.listen(calls.append)
    before = snapshot(table)
    with pytest.raises(IllegalAction):
        table.act(seat, action)
    assert snapshot(table) == before and calls == []


def test_acting_out_of_turn_or_for_a_bot_seat_changes_nothing():
    table = relay_table(players=2, kinds=["human", "bot"])
    assert 1 in table.match.to_act()  # the bot's bid is due: only the seat's kind refuses
    before = snapshot(table)
    with pytest.raises(IllegalAction, match="A bot plays this seat"):
        table.act(1, {"type": "bid", "n": 1}, human=True)
    assert snapshot(table) == before
    bid_all(table)
    before = snapshot(table)
    with pytest.raises(IllegalAction):
        table.act(1, {"type": "pass"})  # not seat 1's turn
    with pytest.raises(IllegalAction):
        table.act(1, {"type": "pass"}, human=True)  # a person cannot act for a bot seat
    assert snapshot(table) == before


junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.text(max_size=4)
    | st.sampled_from(["bid", "play", "n", "card", "type", "7C", "AS"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "n", "card", "x"]), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None)
@given(seat=st.integers(-1, 4), action=junk)
def test_illegal_hareeja_input_through_act_changes_nothing(seat, action):
    from game.games.hareeja.rules import Match as Hareeja

    match = Hareeja.new(4, seed=7)
    table = Table(match, [Seat() for _ in range(4)], clock=FakeClock(), turn_seconds=60)
    table.act(2, {"type": "bid", "n": 1})
    table.clock.advance(5)
    before = snapshot(table)
    try:
        table.act(seat, action)
    except IllegalAction:
        assert snapshot(table) == before
    else:
        assert len(match.log) == 2


# ----- the driver's side -------------------------------------------------------------------
def test_listen_hears_every_act_and_tick_that_produced_events():
    table = relay_table(players=2)
    heard: list[list[Event]] = []
    stop = table.listen(heard.append)
    first = table.act(0, {"type": "bid", "n": 1})
    assert table.tick() == []
    table.clock.advance(60)
    second = table.tick()
    assert heard == [first, second]
    stop()
    table.act(0, {"type": "pass"})
    assert len(heard) == 2


def test_bot_view_is_the_seats_view_and_legal_actions():
    table = relay_table(players=2)
    view, legal = table.bot_view(1)
    assert view == table.match.view(1)
    assert legal == table.match.legal_actions(1) and legal


def test_drive_bots_stops_when_a_human_must_act():
    table = relay_table(players=3, kinds=["bot", "human", "bot"])
    drive_bots(table, first_legal)
    assert table.match.to_act() == [1] and table.match.phase == "declare"
    assert table.match.bids == [0, None, 0]
    table.act(1, {"type": "bid", "n": 2})
    drive_bots(table, lambda seat, view, legal: {"type": "pass"})
    assert table.match.to_act() == [1] and table.match.phase == "play"


def test_drive_bots_refuses_to_run_forever():
    table = relay_table(players=2, kinds=["bot", "bot"], turns=10**6)
    with pytest.raises(RuntimeError):
        drive_bots(
            table,
            lambda seat, view, legal: {"type": "again"} if view["phase"] == "play" else legal[0],
            max_actions=50,
        )


def test_drive_bots_plays_an_all_bot_match_to_the_end():
    table = relay_table(players=4, kinds=["bot"] * 4)
    events = drive_bots(table, first_legal)
    assert table.match.phase == "over" and events[-1].type == "match_over"
    assert table.automated_to_act() == []


def test_thinker_runs_a_bots_thinking_generator_at_the_seats_level():
    table = relay_table(players=2, kinds=["bot", "bot"])
    table.seats[1].level = "hard"
    levels = []

    def think(view, legal, level, rng):
        levels.append(level)
        yield
        return legal[rng.randrange(len(legal))]

    drive_bots(table, thinker(table, think, seed=5))
    assert table.match.phase == "over"
    assert {"normal", "hard"} == set(levels)


# ----- properties ---------------------------------------------------------------------------
step = st.one_of(
    st.tuples(st.just("wait"), st.floats(0, 130)),
    st.tuples(st.just("act"), st.integers(0, 5)),
    st.tuples(st.just("reclaim"), st.integers(0, 2)),
    st.tuples(st.just("bots"), st.just(0)),
)


@settings(max_examples=120, deadline=None)
@given(steps=st.lists(step, max_size=40))
def test_TB_6_TB_7_TB_8_no_timeout_before_its_deadline_and_none_left_overdue(steps):
    """Whatever happens, a timeout never comes before the deadline the table showed, no human
    seat is left overdue after a tick, and assistance means three misses in a row."""
    table = relay_table(players=3, turns=5, rounds=3)
    shown: dict[int, float | None] = {}
    rng = random.Random(0)
    for kind, arg in steps:
        if table.match.phase == "over":
            break
        shown = {s: table.deadline(s) for s in range(3)}
        if kind == "wait":
            table.clock.advance(arg)
            for event in table.tick():
                if event.type == TURN_TIMEOUT:
                    seat = event.data["seat"]
                    assert shown[seat] is not None and table.clock.now() >= shown[seat]
            for seat in table.match.to_act() if table.match.phase != "over" else []:
                if not table.seats[seat].automated:
                    assert table.remaining(seat) > 0
        elif kind == "act":
            humans = [s for s in table.match.to_act() if not table.seats[s].automated]
            if humans:
                seat = humans[arg % len(humans)]
                legal = table.match.legal_actions(seat)
                table.act(seat, legal[arg % len(legal)])
                assert table.seats[seat].missed == 0
        elif kind == "reclaim":
            table.reclaim(arg)
        else:
            drive_bots(table, lambda seat, view, legal: rng.choice(legal))
        for place in table.seats:
            assert place.assisted == (place.missed >= 3)


# ----- smoke tests with the other engines -------------------------------------------------------
def test_TB_6_TB_7_ronda_declaration_and_card_share_one_turn_and_timeout_plays_for_him():
    from game.games.ronda.rules import Match as Ronda

    match = Ronda.new(2, seed=4)
    table = Table(match, [Seat(), Seat()], clock=FakeClock(), turn_seconds=60)
    first = match.to_act()[0]
    table.clock.advance(20)
    table.act(first, {"type": "declare", "kind": "ronda"})  # true or false, it keeps the turn
    assert match.to_act() == [first] and table.deadline(first) == 60
    table.clock.advance(10)
    card = match.legal_actions(first)[-1]
    table.act(first, card)
    second = match.to_act()[0]
    assert second != first and table.deadline(second) == 90
    table.clock.advance(59.9)
    assert table.tick() == []
    table.clock.advance(0.1)
    events = table.tick()
    assert events[0].type == TURN_TIMEOUT and match.log[-1] == [second, {"type": "timeout"}]
    assert match.to_act() == [first] and table.deadline(first) == 150


def test_TB_9_a_whole_ronda_match_finishes_with_a_bot_in_the_leavers_seat():
    from game.games.ronda import bots
    from game.games.ronda.rules import Match as Ronda

    match = Ronda.new(3, seed=11)
    seats = [Seat(), Seat(kind="bot", level="easy"), Seat(kind="bot", level="easy")]
    table = Table(match, seats, clock=FakeClock(), turn_seconds=120)
    table.leave(0)
    drive_bots(table, thinker(table, bots.think, seed=3))
    assert match.phase == "over" and match.result is not None
    assert any(seat == 0 for seat, _ in match.log)


def test_TB_6_TB_7_hand_rummy_draw_and_discard_are_one_turn_and_timeout_ends_it():
    from game.games.hand_rummy.rules import Match as HandRummy

    match = HandRummy.new(3, {"rounds": 1}, seed=9)
    table = Table(match, [Seat() for _ in range(3)], clock=FakeClock(), turn_seconds=90)
    starter = match.to_act()[0]
    table.act(starter, match.legal_actions(starter)[0])  # the starter only discards
    seat = match.to_act()[0]
    assert seat != starter and table.deadline(seat) == 90
    table.clock.advance(30)
    table.act(seat, {"type": "draw", "from": "stock"})
    assert match.to_act() == [seat] and table.deadline(seat) == 90  # same turn, same deadline
    table.clock.advance(59.9)
    assert table.tick() == []
    table.clock.advance(0.1)
    events = table.tick()
    assert [e.type for e in events][:2] == [TURN_TIMEOUT, "discarded"]
    nxt = match.to_act()[0]
    assert nxt != seat and table.deadline(nxt) == 180


def test_TB_8_TB_9_hand_rummy_assistance_and_a_leavers_bot_keep_the_game_moving():
    from game.games.hand_rummy.rules import Match as HandRummy

    match = HandRummy.new(2, {"rounds": 1}, seed=2)
    table = Table(match, [Seat(), Seat()], clock=FakeClock(), turn_seconds=60)
    table.leave(1)
    rng = random.Random(1)
    for _ in range(3):
        drive_bots(table, lambda seat, view, legal: rng.choice(legal))  # the leaver's bot
        assert match.to_act() == [0]
        table.clock.advance(60)
        table.tick()  # seat 0 is away
    assert table.seats[0].assisted
    while match.to_act() == [1]:  # one more turn of the leaver's bot
        table.act(1, rng.choice(table.bot_view(1)[1]))
    assert table.automated_to_act() == [0]  # now a bot plays seat 0 too
    assert [seat for seat, _ in match.log].count(1) >= 4
