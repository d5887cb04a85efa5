"""A started table in the lobby: its start, and what happens on every change of it (pure
Python). Docs/RULES.md TB-6 (the clocks hold while clients show the events) and TB-9 (bots
play the seats of those who left)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.core.engine import Match
from game.core.events import Event
from game.table import Seat, Table

from .botplay import Bots
from .guard import AddressGuard
from .model import Room
from .names import distinct_names
from .outgoing import Outgoing
from .pacing import Pacer
from .records import Records, seat_state
from .roster import Roster
from .schedule import Schedule

BOT_NAMES = ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
log = logging.getLogger("majlis.lobby")


class Play:
    """Opens a room's table and answers each of its changes: the clocks held for the show,
    the move stored, every seat sent its part, the bots due."""

    def __init__(
        self,
        roster: Roster,
        records: Records,
        outgoing: Outgoing,
        pacer: Pacer,
        bots: Bots,
        guard: AddressGuard,
        schedule: Schedule,
        bot_delay: float,
    ):
        """``bot_delay``: seconds a bot waits after each change (0: at once, no pacing)."""
        self.roster = roster
        self.records = records
        self.outgoing = outgoing
        self.pacer = pacer
        self.clock = pacer.clock
        self.bots = bots
        self.guard = guard
        self.schedule = schedule
        self.bot_delay = bot_delay
        self.moved: Callable[[int], None] = lambda count: None  # metrics: moves applied
        self.ended: Callable[[Room], None] = lambda room: None  # the rematch offer (rematch.py)

    def start(self, room: Room, match: Match[Any, Any], seed: int) -> None:
        """``room``'s match begins: empty seats get bots, requests to join are refused, the
        first deal is shown, stored and sent, and the bots may move."""
        bot_names = iter(BOT_NAMES)
        raw = [
            occupant.name if occupant is not None else next(bot_names)
            for occupant in room.occupants
        ]
        names = distinct_names(raw)
        seats = [
            Seat("bot" if occupant is None else "remote", name, room.bots)
            for occupant, name in zip(room.occupants, names)
        ]
        room.names = names
        for asker in list(room.pending):
            self.roster.refuse(asker, room)
        room.pending.clear()
        self.open(room, Table(match, seats, self.clock, room.turn_seconds))
        log.info(
            "table started",
            extra={
                "event": "table_started",
                "code": room.code,
                "game": room.game,
                "people": room.seated(),
            },
        )
        self.pacer.hold(room, match.start_events)  # the first deal is shown too
        if self.bot_delay > 0:
            room.bot_due = max(room.bot_due, room.shown_at)
        self.records.started(room, seed)
        self.roster.announce(room)
        self.outgoing.send_move(room, match.start_events)  # the public parts shared from now
        self.outgoing.send_deadline(room)
        self.bots.advance(room)

    def open(self, room: Room, table: Table) -> None:
        """``room`` plays at ``table`` (new, or resumed from its log): its changes reach
        :meth:`changed`."""
        room.table = table
        room.logged = len(table.match.log)
        room.bot_due = self.clock.now() + self.bot_delay
        self.schedule.touch(room)
        room.saved_seats = seat_state(room)  # stored with the table (or resumed from it)
        table.listen(lambda events: self.changed(room, events))

    def changed(self, room: Room, events: list[Event]) -> None:
        """Every table change: each seat gets its own redacted copy and view; the clocks hold
        while clients show the events; the log, seats and clocks are saved."""
        self.pacer.hold(room, events)
        match = room.live.match
        self.records.save_progress(room)  # queued first: the frames below wait for this write
        if match.phase == "over":
            self.records.finish(room)
        self.outgoing.send_move(room, events)  # the seats' patches share their public parts
        self.moved(len(match.log) - room.logged)
        room.logged = len(match.log)
        if match.phase == "over" and room.over_since is None:
            room.over_since = self.clock.now()
            self.outgoing.send_reveal(room)  # the secret: the match is over
            self.ended(room)  # its record kept by number, the next match offered
            if room.address is not None:  # its bots are done: no longer a bot table
                self.guard.bot_tables.discard(room.address, room.code)
            self.roster.announce(room)
        self.outgoing.send_deadline(room)
        now = self.clock.now()
        room.bot_due = now + self.bot_delay
        if self.bot_delay > 0:  # paced bots also wait until the show is over
            room.bot_due = max(room.bot_due, room.shown_at)
        self.schedule.touch(room)

    def abandon(self, room: Room) -> None:
        """A started table nobody is connected to: it ends, its record is marked finished
        (abandoned) so no restart resumes it, and it leaves the counts."""
        log.info("table abandoned", extra={"event": "table_abandoned", "code": room.code})
        self.records.save_progress(room)
        self.records.finish(room, abandoned=True)
        self.roster.close(room)
