"""The lobby's answer to each client request about tables (docs/RULES.md TB-1..TB-5, TB-8,
TB-9): create, join (by code or link, or any open table), list, answer a request to join,
start, act, "I'm back", leave. Each checks, then makes a few calls on the lobby's parts; a
refusal raises :class:`~game.net.model.RequestRefused` before anything changed."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from game.core.errors import IllegalAction
from game.core.fair import FairDeal, new_secret
from game.core.types import JsonObject

from . import links, protocol
from .botplay import Bots
from .guard import AddressGuard, network_key
from .limits import Limits
from .model import Guest, Player, RequestRefused, Room, engine
from .outgoing import Outgoing, list_entry
from .pacing import Pacer
from .peers import Peers
from .play import Play
from .roster import Roster
from .watchers import PUBLIC

WHOSE_MISSES = {"address": " from your address", "network": " from your network", "server": ""}
log = logging.getLogger("majlis.lobby")


class Requests:
    """One method per client request about tables: ``(guest, player, msg)``."""

    def __init__(
        self,
        roster: Roster,
        play: Play,
        outgoing: Outgoing,
        bots: Bots,
        peers: Peers,
        guard: AddressGuard,
        limits: Limits,
        rate_clock: Callable[[], float],
        seeds: Callable[[], int],
    ):
        """``rate_clock`` times wrong codes' back-off; ``seeds`` gives new matches' seeds."""
        self.roster = roster
        self.play = play
        self.outgoing = outgoing
        self.bots = bots
        self.peers = peers
        self.guard = guard
        self.limits = limits
        self.rate_clock = rate_clock
        self.seeds = seeds
        self.secrets: Callable[[], bytes] = new_secret  # each match's secret (tests fix it)
        self.pacer: Pacer = play.pacer
        self.clock = play.clock.now
        # ----- rematch (game.net.rematch) -----
        self.left_early: Callable[[Player, Room], None] = lambda player, room: None
        self.left_over: Callable[[Room], None] = lambda room: None  # left a finished table
        self.kept: Callable[[str, int | None], JsonObject | None] = lambda code, n: None

    # ===== lobby requests ======================================================================
    def create(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        self.roster.not_busy(player)
        limits = self.limits
        if guest.creates >= limits.max_creates:
            raise RequestRefused(
                f"One connection may create at most {limits.max_creates} tables.", "too_many"
            )
        self._room_for_a_table(guest.address)
        game, players = msg["game"], msg["players"]
        if players not in protocol.PLAYER_COUNTS[game]:
            counts = ", ".join(map(str, protocol.PLAYER_COUNTS[game]))
            raise RequestRefused(
                f"{game} is played by {counts} players, not {players}.", "bad_table"
            )
        options = dict(msg.get("options") or {})
        engine_class, _ = engine(game)
        try:
            engine_class.new(players, options, seed=0)  # TB-5: the engine checks options
        except IllegalAction as err:
            raise RequestRefused(err.message, "bad_table") from None
        room = Room(
            self.roster.new_code(),
            game,
            players,
            options,
            msg["visibility"],
            msg["turn_seconds"],
            msg["bots"],
            [None] * players,
            address=guest.address,
            hints=msg.get("hints", False),
            fair=FairDeal(self.secrets()),
        )
        room.created = room.quiet_since = self.clock()
        room.occupants[0] = player
        player.room, player.seat = room, 0
        self.roster.add(room)
        self.peers.own(room.code)
        self.guard.table_opened(guest.address, room.code)
        guest.creates += 1
        self.roster.announce(room)

    def _room_for_a_table(self, address: str) -> None:
        """Make room for one more table from ``address``, or refuse: at the address's, its
        network's or the server's limit, the oldest unstarted table nobody is connected to (of
        that address, that network, anywhere) ends first (:mod:`game.net.limits`: it is the
        cheapest to end, and would end within the grace anyway)."""
        limits = self.limits
        scope = self.guard.tables.full(address)
        if scope is not None and not self._end_a_quiet_table(
            self.guard.tables.held(address, scope)
        ):
            most = limits.tables_per_address if scope == "address" else limits.tables_per_network
            raise RequestRefused(
                f"At most {most} tables may be open from one {scope}; finish or leave one first.",
                "too_many",
            )
        if len(self.roster.rooms) >= limits.max_rooms and not self._end_a_quiet_table(
            self.roster.rooms
        ):
            raise RequestRefused("The server is full; try again later.", "too_many")

    def _end_a_quiet_table(self, codes: Iterable[str]) -> bool:
        """End the unstarted table among ``codes`` that nobody has been connected to for the
        longest; False if there is none."""
        rooms = (self.roster.rooms.get(code) for code in codes)
        quiet = [r for r in rooms if r and not r.started and not r.anyone_connected()]
        if not quiet:
            return False
        self.roster.close(min(quiet, key=lambda r: r.quiet_since))
        return True

    def _past_code_back_off(self, guest: Guest) -> float:
        """Refuse while ``guest``'s address (or network) must wait after wrong codes; else the
        rate clock's time now, for counting a new miss."""
        now = self.rate_clock()
        wait, whose = self.guard.join_wait(guest.address, now)
        if wait > 0:
            raise RequestRefused(
                f"Too many wrong codes{WHOSE_MISSES[whose]}; try again in {int(wait + 0.999)} s.",
                "slow_down",
            )
        return now

    def join(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """TB-1: by code or invite link. Wrong codes are limited per address and per network
        (back-off) *before* the code is looked up, and never hold back an address that
        guessed nothing (:mod:`game.net.limits`)."""
        now = self._past_code_back_off(guest)
        code = links.room_from_text(msg["code"])
        room = self.roster.rooms.get(code) if code else None
        if room is None and code:
            url = self.peers.elsewhere(code)
            if url is not None:  # held by another process: go there
                guest.conn.send({"t": "moved", "url": url, "code": code})
                return
        if room is None:
            if self.guard.missed(guest.address, now):
                network = network_key(guest.address)
                log.warning("wrong codes", extra={"event": "wrong_codes", "network": network})
            raise RequestRefused(f"No table has the code {msg['code'].strip()!r}.", "no_room")
        if player.room is room:
            self.roster.announce(room)
            if room.started:
                self.outgoing.send_view(room, player.place)
            return
        self._enter(player, room)

    def record(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """A finished match by its table's code and its number (``match``; by default the
        latest), for a replay (never before its end). Wrong codes count as :meth:`join`'s do."""
        now = self._past_code_back_off(guest)
        code = links.room_from_text(msg["code"])
        number = msg.get("match")
        room = self.roster.rooms.get(code) if code else None
        if room is not None and not room.over and number in (None, room.match_no):
            raise RequestRefused(
                "That match is not over yet: watch it again once it ends.", "not_over"
            )
        found = None
        if room is not None:
            found = self.kept(room.code, number)
        if found is None and code:
            found = self.play.records.finished_table(code, number)
        if found is None:
            self.guard.missed(guest.address, now)
            which = "" if number is None else f" number {number}"
            raise RequestRefused(
                f"No finished match{which} has the code {msg['code'].strip()!r} here.",
                "no_record",
            )
        player.live_conn.send({"t": "record", "code": code, **found})

    def _enter(self, player: Player, room: Room) -> None:
        self.roster.not_busy(player)
        if room.started:
            raise RequestRefused("That table has already started.", "started")
        if not room.free_seats():
            raise RequestRefused("That table is full.", "room_full")
        if room.visibility == "approval":  # TB-2
            if player not in room.pending:
                room.pending.append(player)
            player.waiting = room
            player.live_conn.send({"t": "waiting", "code": room.code})
            self.roster.announce(room)
            return
        self.roster.seat(player, room)  # TB-1 private, TB-3 automatic

    def join_any(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """TB-4: the automatic table closest to full, then an approval table."""
        self.roster.not_busy(player)
        game = msg.get("game")
        for visibility in ("auto", "approval"):
            rooms = self.roster.open_rooms(game, (visibility,))
            if rooms:
                self._enter(player, rooms[0])
                return
            remote = [e for e in self.peers.remote_open(game) if e["visibility"] == visibility]
            if remote:  # the fullest table of another process
                best = min(remote, key=lambda e: (e["players"] - e["seated"], -e["seated"]))
                url = self.peers.elsewhere(best["code"])
                if url is not None:
                    guest.conn.send({"t": "moved", "url": url, "code": best["code"]})
                    return
        raise RequestRefused("No open table right now; create one.", "no_table")

    def list_open(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """``list``: the open public tables (at most 100), this process's first."""
        rooms = self.roster.open_rooms(msg.get("game"), ("auto", "approval"))[:100]
        entries = [list_entry(r) for r in rooms]
        entries += self.peers.remote_open(msg.get("game"))[: 100 - len(entries)]  # others' too
        live = [  # started public tables one may watch, this process's first
            list_entry(r)
            for r in self.roster.rooms.values()
            if r.started
            and not r.over
            and r.watchable
            and r.visibility in PUBLIC
            and msg.get("game") in (None, r.game)
        ][:100]
        live += self.peers.remote_live(msg.get("game"))[: 100 - len(live)]
        player.live_conn.send({"t": "tables", "list": entries, "live": live})

    def answer(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        room = self.roster.hosted(player)
        asker = next((p for p in room.pending if p.id == msg["player"]), None)
        if asker is None:
            raise RequestRefused("Nobody with that id is asking to join.", "no_request")
        if msg["accept"] and not room.free_seats():
            raise RequestRefused("The table is full.", "room_full")
        room.pending.remove(asker)
        asker.waiting = None
        if msg["accept"]:
            self.roster.seat(asker, room)
        else:
            self.roster.refuse(asker, room)
            self.roster.announce(room)

    def start(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        room = self.roster.hosted(player)
        self.count_bot_table(room)
        engine_class, _ = engine(room.game)
        seed = self.seeds()
        rng = room.fair.rng(room.players, seed)  # the deals from the secret and contributions
        self.play.start(room, engine_class.new(room.players, room.options, seed, rng=rng), seed)

    def contribute(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """A seat's random contribution to the shuffles, before the start (a later one
        replaces an earlier)."""
        room, seat = player.room, player.seat
        if room is None or seat is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        if room.started:
            raise RequestRefused("The match has started: its deals are fixed.", "started")
        room.fair.contribute(seat, bytes.fromhex(msg["value"]))

    def count_bot_table(self, room: Room, people: int | None = None) -> None:
        """A table starting with a bot seat (``people`` persons: by default those seated)
        counts against its address's and network's bot tables until it is over; refused past
        either limit (nothing changes). A rematch checks again."""
        seated = room.seated() if people is None else people
        if room.address is None or seated == room.players:
            return
        scope = self.guard.bot_tables.full(room.address)
        if scope is not None:
            limits = self.limits
            most = (
                limits.bot_tables_per_address
                if scope == "address"
                else limits.bot_tables_per_network
            )
            raise RequestRefused(
                f"At most {most} tables with bots may play from one {scope} at a time; "
                "wait for one to end, or fill the seats with people.",
                "too_many",
            )
        self.guard.bot_tables.add(room.address, room.code)

    # ===== playing =============================================================================
    def act(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        room = self.roster.playing(player)
        with self.pacer.acting(room, player.place):
            room.live.act(player.place, msg["action"], human=True)
        self.bots.advance(room)

    def back(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        room = self.roster.playing(player)
        with self.pacer.acting(room, player.place):
            room.live.reclaim(player.place)  # TB-8 "I'm back"
        self.bots.advance(room)

    def leave(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        if player in self.outgoing.watchers.watching:  # a spectator's Leave
            self.unwatch(guest, player, msg)
            return
        if player.waiting is not None:
            asked = player.waiting
            asked.pending.remove(player)
            player.waiting = None
            player.live_conn.send({"t": "left", "code": asked.code})
            self.roster.announce(asked)
            return
        room = player.room
        if room is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        seat = player.place
        player.room, player.seat = None, None
        self.peers.seated(player.key, None)
        player.live_conn.send({"t": "left", "code": room.code})
        room.occupants[seat] = None
        if not room.anyone_connected():
            room.quiet_since = self.clock()
        if not room.started:
            if seat == room.host:
                humans = [s for s, p in enumerate(room.occupants) if p is not None]
                if not humans:
                    self.roster.close(room)
                    return
                room.host = humans[0]
            self.roster.announce(room)
        elif not room.over:
            with self.pacer.acting(room, seat):
                room.live.leave(seat)  # TB-9: a bot plays this seat now
            self.left_early(player, room)  # the reveal reaches him at the end
            self.roster.announce(room)
            self.bots.advance(room)
        else:
            self.left_over(room)  # a rematch offer goes on without him

    # ===== spectators (game.net.watchers) ======================================================
    def watch(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """Watch a public table by code. A private one is answered as a wrong code is (the
        same message, counted as a miss): nobody learns that its code exists."""
        now = self._past_code_back_off(guest)
        code = links.room_from_text(msg["code"])
        room = self.roster.rooms.get(code) if code else None
        if room is None and code:
            url = self.peers.public_elsewhere(code)
            if url is not None:  # a public table of another process: watch it there
                guest.conn.send({"t": "moved", "url": url, "code": code})
                return
        if room is None or room.visibility not in PUBLIC:
            self.guard.missed(guest.address, now)
            raise RequestRefused(f"No table has the code {msg['code'].strip()!r}.", "no_room")
        if player.room is room:
            raise RequestRefused("You sit at that table: you see it from your seat.", "seated")
        if player.room is not None and not player.room.over:
            raise RequestRefused("You are already at a table; leave it first.", "seated")
        if not room.watchable:
            raise RequestRefused("The host does not let anyone watch this table.", "watch_off")
        watchers = self.outgoing.watchers
        old = watchers.watching.get(player)
        watchers.add(room, player, guest.address)
        self.outgoing.send_watcher_view(room, player)
        if old != room.code:
            self._audience_changed(old)
            self.outgoing.send_audience(room)

    def unwatch(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        code = self.stop_watching(player)
        if code is None:
            raise RequestRefused("You are not watching a table.", "not_watching")
        player.live_conn.send({"t": "left", "code": code})

    def stop_watching(self, player: Player) -> str | None:
        """``player`` watches nothing now (he left, or his connection closed); the seats are
        told the new count. The code he watched, if any."""
        code = self.outgoing.watchers.remove(player)
        self._audience_changed(code)
        return code

    def _audience_changed(self, code: str | None) -> None:
        room = self.roster.rooms.get(code) if code is not None else None
        if room is not None:
            self.outgoing.send_audience(room)

    def allow_watch(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        """The host lets strangers watch (``on``) or not: off lets every watcher go."""
        room = player.room
        if room is None or player.seat is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        if player.seat != room.host:
            raise RequestRefused("Only the host may do that.", "not_host")
        room.watchable = bool(msg["on"])
        self.play.records.save_watchable(room)
        self.roster.share_entry(room)  # on or off the other processes' lists to watch
        if not room.watchable:
            self.outgoing.let_audience_go(
                room.code, "The host closed this table to spectators.", "watch_off"
            )
        self.outgoing.send_audience(room)
