"""What a table scene does as its online connection comes and goes
(:class:`game.client.online.OnlineSession`): once the session is back after a drop, the scene
is built again from the fresh view (what happened meanwhile is not replayed); once it is lost
for good, the menu, with a toast. While it tries again, ``table_drawing`` shows a banner and
the seat has nothing to do."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.client.session import TableSession

if TYPE_CHECKING:
    from game.ui.app import App


class TableConnection:
    """Mixin for :class:`game.ui.cardtable.CardTable`."""

    # What it uses of the table it is part of (set by CardTable):
    app: App
    session: TableSession
    options: dict[str, Any]
    _leave_to_menu: Callable[..., None]

    def follow_connection(self) -> None:
        session = self.session
        if session.woken:  # the tab is in front again: its picture may be stale
            session.woken = False
            self.app.invalidate()
        if session.lost:
            self.app.toast("online.lost", 5.0)
            self._leave_to_menu(send=False)
        elif session.resumed:
            session.resumed = False
            rebuild: Callable[..., object] = type(self)  # the table's own scene class
            self.app.switch(rebuild(self.app, session, options=self.options))
