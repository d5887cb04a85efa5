"""An adopted table's players who are connected here already get their seat at once.

When this process adopts a table whose holder died (:mod:`game.net.cluster`), its players are
known by their tokens' keys. One of them may be connected to this process already: he said
hello here before the table was replayed (his other tab, a hello that came while the directory
still named the dead holder, one sent here by ``moved``). Replaying seats him, but a seat he is
not told of is no seat: he would wait in the lobby until he reconnects. So he is sent what a
hello seating him sends (:meth:`game.net.hello.Greeter.hello`): the ``room``, and for a started
table his current view (``events``) and the turn clocks (``deadline``). A request for approval
he was waiting on here is withdrawn (its host's room is sent again), as a seat does.
"""

from __future__ import annotations

from .model import Player, Room
from .outgoing import Outgoing
from .roster import Roster


def connected_here(room: Room) -> list[Player]:
    """The players seated at ``room`` with a connection to this process."""
    return [p for p in room.occupants if p is not None and p.room is room and p.conn is not None]


def reseat_connected(room: Room, roster: Roster, outgoing: Outgoing) -> int:
    """Send ``room``'s connected players their seat (room, view, clocks); how many."""
    players = connected_here(room)
    if not players:
        return 0
    for player in players:  # a seat now: an approval he was waiting for is withdrawn
        waiting, player.waiting = player.waiting, None
        if waiting is not None and player in waiting.pending:
            waiting.pending.remove(player)
            roster.announce(waiting)
    roster.announce(room)  # every connected occupant gets his own room message
    if room.started:
        for player in players:
            outgoing.send_view(room, player.place)
            outgoing.send_deadline(room, only=player)
    return len(players)
