"""Rematch: "Play again" at an online table whose match is over (pure Python).

When a match ends the table offers the next one (:class:`Offer`): its number (the store numbers
a table's matches 1, 2, …), a NEW fair deal (a fresh secret and commitment: docs/FAIRNESS.md)
and who is ready. Every person at the table is sent ``rematch_state``; each who wants to play
again answers ``rematch {match, value}`` with a fresh random contribution for the new
commitment. Bots (and the seats of those who left) are ready at once. When every person still
at the table has accepted, or when the host, having accepted, says ``rematch_start``, the next
match begins at the same table with the same options: the seats of those who did not accept
get bots and their players leave the table. Refusals (nothing changes): ``not_seated``,
``not_over`` (the match is still played), ``stale`` (an offer for another match number),
``gone`` (the table is no longer held here), ``twice`` (accepted already), ``not_host``,
``accept_first`` (the host starts only after his own accept), ``too_many`` (a table with bots
past its address's bot-table limit). No new timer: an offer lasts as long as the finished table
(the lobby's ``over_room`` rule closes it).

Also here, the fair deal's leftovers: a person who left a table before its end is sent the
reveal when the match ends, or when he says hello again while the ended table is still held
(``left_early``, ``greeted``); every finished match of a held table stays readable in memory by
its number (``finished``), so ``get_record`` answers for match 1 and 2 even on Redis.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.fair import FairDeal, new_secret
from game.core.types import JsonObject

from .handlers import Requests
from .model import Guest, Player, RequestRefused, Room, engine
from .outgoing import fair_record, reveal_msg
from .play import Play
from .records import finished_match
from .roster import Roster

log = logging.getLogger("majlis.lobby")


@dataclass
class Offer:
    """The next match a finished table offers."""

    number: int  # its match number
    fair: FairDeal  # its own secret and commitment, never the last match's
    ready: set[int] = field(default_factory=set)  # seats that accepted (bots: at once)


class Rematch:
    """The rematch offers of the finished tables this lobby holds."""

    def __init__(self, roster: Roster, play: Play, requests: Requests):
        self.roster = roster
        self.play = play
        self.requests = requests
        self.rooms = roster.rooms
        self.secrets: Callable[[], bytes] = new_secret  # each offer's secret (tests fix it)
        self.offers: dict[str, Offer] = {}
        self.history: dict[str, dict[int, JsonObject]] = {}  # code -> number -> finished match
        self.leavers: dict[str, Room] = {}  # player key -> the table he left before its end
        play.ended = self.ended  # the parts it extends call it where a rematch is concerned
        play.outgoing.after_view = self.tell
        requests.left_early = self.left_early
        requests.left_over = self.left
        requests.kept = self.finished

    # ===== the offer ===========================================================================
    def ended(self, room: Room) -> None:
        """``room``'s match just ended: the leavers told the secret, and the next match
        offered to everyone at the table. Its record is made when asked for
        (:meth:`finished`) and kept by number only once the next match begins
        (:meth:`begin`): copying the whole log at every match's end cost the move path."""
        self._forget_closed()
        for key, left in list(self.leavers.items()):
            player = self.roster.players.get(key)
            if left is room and room.fair_dealt and player is not None and player.conn:
                player.conn.send(reveal_msg(room))
        self.broadcast(room)

    def offer(self, room: Room) -> Offer:
        """The offer of finished ``room`` (made now for a table resumed finished)."""
        offer = self.offers.get(room.code)
        if offer is None or offer.number != room.match_no + 1:
            offer = self.offers[room.code] = Offer(room.match_no + 1, FairDeal(self.secrets()))
        return offer

    def people(self, room: Room) -> list[int]:
        """The seats of the persons still at ``room`` (the others are bots, or left)."""
        return [s for s, p in enumerate(room.occupants) if p is not None and p.room is room]

    def state_msg(self, room: Room) -> JsonObject:
        offer = self.offer(room)
        people = self.people(room)
        return {
            "t": "rematch_state",
            "code": room.code,
            "match": offer.number,
            "commitment": offer.fair.commitment,
            "ready": [s not in people or s in offer.ready for s in range(room.players)],
            "people": [s in people for s in range(room.players)],
            "host": room.host,
        }

    def broadcast(self, room: Room) -> None:
        msg = self.state_msg(room)
        for seat in self.people(room):
            self.tell(room, seat, msg)

    def tell(self, room: Room, seat: int, msg: JsonObject | None = None) -> None:
        """One seat of finished ``room`` is sent the offer (after a fresh view: a reconnect)."""
        occupant = room.occupants[seat]
        if room.over and occupant is not None and occupant.conn is not None:
            occupant.conn.send(msg if msg is not None else self.state_msg(room))

    # ===== requests ============================================================================
    def _finished_room(self, player: Player) -> tuple[Room, int, Offer]:
        room, seat = player.room, player.seat
        if room is None or seat is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        if self.rooms.get(room.code) is not room:
            raise RequestRefused("That table is no longer here.", "gone")
        if not room.over:
            raise RequestRefused("The match is not over yet: play again once it ends.", "not_over")
        return room, seat, self.offer(room)

    def accept(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """``rematch {match, value}``: this seat plays the next match (its contribution to its
        shuffles); the last person to accept starts it."""
        room, seat, offer = self._finished_room(player)
        if msg["match"] != offer.number:
            raise RequestRefused(
                f"That offer is stale: the next match at this table is number {offer.number}.",
                "stale",
            )
        if seat in offer.ready:
            raise RequestRefused("You have already said you will play again.", "twice")
        everyone = set(self.people(room)) <= offer.ready | {seat}
        if everyone:
            self.requests.count_bot_table(room, len(self.people(room)))  # may refuse: no change
        offer.fair.contribute(seat, bytes.fromhex(msg["value"]))
        offer.ready.add(seat)
        if everyone:
            self.begin(room)
        else:
            self.broadcast(room)

    def start_now(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """``rematch_start``: the host, having accepted, starts with those who accepted."""
        room, seat, offer = self._finished_room(player)
        if seat != room.host:
            raise RequestRefused("Only the host may start the next match.", "not_host")
        if seat not in offer.ready:
            raise RequestRefused("Say you will play again first.", "accept_first")
        self.requests.count_bot_table(room, len(offer.ready & set(self.people(room))))
        self.begin(room)

    def left(self, room: Room) -> None:
        """Someone left finished ``room``: a new host if it was he, the others told; if every
        person still there had accepted, the next match begins."""
        people = self.people(room)
        if not people:
            return
        if room.host not in people:
            room.host = people[0]
        offer = self.offer(room)
        if offer.ready and set(people) <= offer.ready:
            try:
                self.requests.count_bot_table(room, len(people))
            except RequestRefused:
                self.broadcast(room)
                return
            self.begin(room)
            return
        self.broadcast(room)

    # ===== the next match ======================================================================
    def begin(self, room: Room) -> None:
        """The next match at ``room``: who did not accept leaves (a bot plays his seat), the
        finished match is archived by its number, then the new deal from the offer's secret
        and the accepted contributions (the bot-table limit was checked by the caller)."""
        offer = self.offers.pop(room.code)
        for seat in self.people(room):
            if seat not in offer.ready:
                self._drop(room, seat)
        self.play.records.archive(room)
        self.history.setdefault(room.code, {})[room.match_no] = self.finished_now(room)
        for key in [k for k, r in self.leavers.items() if r is room]:
            del self.leavers[key]  # their match's reveal is in its record now
        people = self.people(room)
        if room.host not in people:
            room.host = people[0]
        room.match_no = offer.number
        room.fair, room.fair_dealt = offer.fair, True
        room.over_since = None
        self.play.bots.forget(room)
        seed = self.requests.seeds()
        engine_class, _ = engine(room.game)
        rng = room.fair.rng(room.players, seed)
        log.info("rematch", extra={"event": "rematch", "code": room.code, "match": offer.number})
        self.play.start(room, engine_class.new(room.players, room.options, seed, rng=rng), seed)

    def _drop(self, room: Room, seat: int) -> None:
        """The person at ``seat`` did not accept: he leaves the table (told ``left``)."""
        player = room.occupants[seat]
        assert player is not None
        room.occupants[seat] = None
        player.room, player.seat = None, None
        self.requests.peers.seated(player.key, None)
        if player.conn is not None:
            player.conn.send({"t": "left", "code": room.code})

    # ===== records and the fair deal's leftovers ==============================================
    def finished_now(self, room: Room) -> JsonObject:
        """Finished ``room``'s current match as a ``record`` reply carries it."""
        stored = {**room.live.match.record(), "fair": fair_record(room)}
        names = [{"name": seat.name} for seat in room.live.seats]
        return {**finished_match({**stored, "seats": names}), "match": room.match_no}

    def finished(self, code: str, number: int | None) -> JsonObject | None:
        """Match ``number`` (None: the latest) of a table held here, if it is over."""
        room = self.rooms.get(code)
        if room is None:
            return None
        if number is None or number == room.match_no:
            return self.finished_now(room) if room.over else None
        return self.history.get(code, {}).get(number)

    def left_early(self, player: Player, room: Room) -> None:
        """``player`` left ``room`` while its match was played: he gets the reveal at its end."""
        self.leavers[player.key] = room

    def greeted(self, player: Player | None) -> None:
        """A player said hello: one who left a table before its end that is over now is sent
        its reveal (the secret his own record needs)."""
        if player is None or player.conn is None or player.room is not None:
            return
        room = self.leavers.get(player.key)
        if room is not None and self.rooms.get(room.code) is room and room.over and room.fair_dealt:
            player.conn.send(reveal_msg(room))

    def _forget_closed(self) -> None:
        """Offers, kept matches and leavers of tables no longer held go."""
        for code in [c for c in self.offers if c not in self.rooms]:
            del self.offers[code]
        for code in [c for c in self.history if c not in self.rooms]:
            del self.history[code]
        for key in [k for k, r in self.leavers.items() if self.rooms.get(r.code) is not r]:
            del self.leavers[key]
