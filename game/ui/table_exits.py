"""The ways out of a table: play again, back to the menu, leave, the other language.

A table scene binds its over panel's and top bar's buttons to these; the pause menu, the watch
bar and the connection's follow-up call them too. Each reads only what :class:`LeavingTable`
or :class:`ExitingTable` names of the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game import i18n
from game.client.session import TableSession
from game.ui.over_again import press_again
from game.ui.table_making import MadeTable, TableMaker

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table_saver import TableSaver


class LeavingTable(Protocol):
    """What leaving reads of its table scene."""

    app: App
    session: TableSession


class ExitingTable(LeavingTable, MadeTable, Protocol):
    """What playing again reads of its table scene (a new one of its class is made)."""

    saver: TableSaver
    options: dict[str, Any]


def play_again(table: ExitingTable) -> None:
    """The over panel's "Play again": online, a rematch (game/ui/over_again.py) or, with none
    offered, back to the lobby still connected; locally, a new match against the bots of the
    same game, level, clock and options, saved over this one once its last move is written."""
    if table.session.online and press_again(table):
        return
    if table.session.online:
        table.session.leave()
        table.app.go("lobby", session=getattr(table.session, "server", None))
        return
    table.saver.flush()
    s = table.app.settings
    fresh = TableMaker(type(table)).new_match(
        table.app, s["level"], s["turn_seconds"] or None, options=table.options
    )
    table.app.switch(fresh)


def to_menu(table: LeavingTable) -> None:
    """Back to the menu; an online match still being played is left (the server is told)."""
    leave_to_menu(table, send=table.session.online and table.session.phase != "over")


def leave_to_menu(table: LeavingTable, send: bool) -> None:
    """Back to the menu (telling the server first when ``send``); the session closes."""
    if send:
        table.session.leave()
    table.session.close()
    table.app.go("menu")


def toggle_language(app: App) -> None:
    """Arabic to English and back (the setting is saved; every scene lays out again)."""
    app.set_setting("language", "en" if i18n.language() == "ar" else "ar")
