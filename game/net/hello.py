"""``hello``: who a connection speaks for (pure Python). A new player gets a token; a token
this server (or its cluster) issued is the same player again, seated where he was, his other
connection replaced; a player seated at another process's table is sent there (``moved``)."""

from __future__ import annotations

import secrets
import zlib
from typing import TypeGuard

from . import protocol
from .guests import Guests
from .model import Guest, Player, RequestRefused, token_key
from .names import BadName, clean_name
from .outgoing import Outgoing
from .peers import Peers
from .roster import Roster
from .tokens import TokenMint


def default_avatar(name: str) -> int:
    """The face of a player who chose none: from his name, so every client shows the same."""
    return zlib.crc32(name.encode("utf-8")) % protocol.AVATARS


class Greeter:
    """Answers ``hello`` (and a reconnection, which is a hello with a token)."""

    def __init__(
        self,
        roster: Roster,
        guests: Guests,
        outgoing: Outgoing,
        peers: Peers,
        tokens: TokenMint,
    ):
        """``tokens`` signs the tokens handed out (a cluster's: shared, set at its start)."""
        self.roster = roster
        self.guests = guests
        self.outgoing = outgoing
        self.peers = peers
        self.tokens = tokens

    def hello(self, guest: Guest, msg: protocol.Message) -> None:
        try:
            name = clean_name(msg["name"])
        except BadName as bad:
            raise RequestRefused(bad.message, "bad_name") from None
        chosen = msg.get("avatar")  # protocol.decode checked it: None or in range
        avatar = chosen if isinstance(chosen, int) else default_avatar(name)
        token = msg.get("token")
        player = self.roster.players.get(token_key(token)) if token else None
        if token and (player is None or player.room is None):
            # also when this process knows him unseated (he came here first, then moved)
            there = self.peers.seated_elsewhere(token_key(token))
            if there is not None:  # seated at another process's table
                guest.conn.send({"t": "moved", "url": there[0], "code": there[1]})
                return
        if guest.player is not None and guest.player is not player:
            raise RequestRefused("This connection already has a player.", "protocol")
        if player is None:  # a newcomer
            if not self._kept_token(token):
                token = self.tokens.issue()
            player = Player("p" + secrets.token_hex(5), token_key(token), name)
            self.roster.players[player.key] = player
        else:
            self._returning(player, guest, name)
        self.guests.welcomed(guest)
        if player.avatar != avatar and player.room is not None and player.room.started:
            player.room.saved_seats = ()  # his new face is stored with the seats' next write
        player.avatar = avatar
        player.conn = guest.conn
        guest.player = player
        guest.conn.send({"t": "welcome", "player": player.id, "token": token, "name": player.name})
        self._show_where(player)

    def _returning(self, player: Player, guest: Guest, name: str) -> None:
        """``player`` is back: his name kept once his match started, his other connection
        (if any) replaced by this one."""
        self.roster.idle.back(player.key)
        player.name = name if player.room is None or not player.room.started else player.name
        old = player.conn
        if old is not None and old is not guest.conn:
            old_guest = self.guests.of(old)
            if old_guest:
                old_guest.player = None
                old_guest.closed = True
            old.send(protocol.error("You connected from somewhere else.", "replaced"))
            old.close(1000, "You connected from somewhere else.")

    def _show_where(self, player: Player) -> None:
        """A welcomed player is sent his table (room, view, clocks), or his request."""
        room = player.room
        if room is not None:
            self.roster.announce(room)
            if room.started:
                self.outgoing.send_view(room, player.place)
                self.outgoing.send_deadline(room, only=player)
        elif player.waiting is not None:
            player.live_conn.send({"t": "waiting", "code": player.waiting.code})

    def _kept_token(self, token: object) -> TypeGuard[str]:
        """Whether a token this process does not know stays the player's token: only one this
        server or its cluster issued (:mod:`.tokens`: after a restart, or brought here by
        ``moved``), or, from before tokens were signed, one the cluster's seat directory lists
        (a player seated at a table; the store lists him). Any other string, however
        well-formed, gets a fresh token: a server the player once trusted cannot plant one."""
        if not isinstance(token, str):
            return False
        return self.tokens.issued(token) or self.peers.lists_seat(token_key(token))
