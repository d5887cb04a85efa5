"""What a table scene does as its online connection comes and goes
(:class:`game.client.online.OnlineSession`): once the session is back after a drop, the scene
is built again from the fresh view (what happened meanwhile is not replayed); once it is lost
for good, the menu, with a toast. While it tries again, ``table_drawing`` shows a banner and
the seat has nothing to do."""

from __future__ import annotations


class TableConnection:
    """Mixin for :class:`game.ui.cardtable.CardTable`."""

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
            self.app.switch(type(self)(self.app, session, options=self.options))
