"""What a table scene does as its online connection comes and goes
(:class:`game.client.online.OnlineSession`): once the session is back after a drop, the scene
is built again from the fresh view (what happened meanwhile is not replayed); once it is lost
for good, the menu, with a toast. While it tries again, ``table_drawing`` shows a banner and
the seat has nothing to do."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.client.session import TableSession
from game.ui import table_exits

if TYPE_CHECKING:
    from game.ui.app import App


class Connected(Protocol):
    """What it uses of the table (a :class:`game.ui.cardtable.CardTable`)."""

    app: App
    session: TableSession
    options: dict[str, Any]


def follow_connection(table: Connected) -> None:
    """The table's session woke, was lost or came back: redraw, leave or rebuild ``table``."""
    session, app = table.session, table.app
    if session.woken:  # the tab is in front again: its picture may be stale
        session.woken = False
        app.invalidate()
    if session.lost:
        app.toast(getattr(session, "ended_words", None) or "online.lost", 5.0)
        table_exits.leave_to_menu(table, send=False)
    elif session.closed:  # the table closed (the over panel's 5 minutes): the lobby, connected
        app.toast(session.closed, 6.0)
        session.closed = None
        app.go("lobby", session=getattr(session, "server", None))
    elif session.resumed:
        session.resumed = False
        rebuild: Callable[..., object] = type(table)  # the table's own scene class
        app.switch(rebuild(app, session, options=table.options))
