"""The match-over panel's "Check" button at an online table: shown once the server's reveal
has arrived (the match's record is then checkable, :func:`game.client.fair_check.checkable`),
it opens the "Check this match" screen on that record."""

from __future__ import annotations

from typing import Any, Protocol

from game.client import fair_check
from game.client.session import TableSession
from game.i18n import t
from game.ui import scale
from game.ui.widgets import Button, Widget


class OverTable(Protocol):
    """What the button reads of its table scene."""

    app: Any
    session: TableSession

    @property
    def over(self) -> dict[str, Any] | None: ...


def check_button(table: OverTable) -> Button:
    """The button (hidden until :func:`place_check` shows it)."""
    button = Button(
        scale.rect(0, 0, 200, 60), lambda: t("replay.check"), lambda: open_check(table), 26
    )
    button.key, button.visible = "check", False
    return button


def checkable_record(session: TableSession) -> dict[str, Any] | None:
    """The record of the match just played online, once the server revealed it; else None."""
    server = getattr(session, "server", None)
    witness = getattr(server, "witness", None)
    record = getattr(witness, "record", None)
    return record if isinstance(record, dict) and fair_check.checkable(record) else None


def place_check(table: OverTable, button: Widget) -> None:
    """Shown with the match-over panel of an online table whose record is checkable."""
    button.visible = (
        table.over is not None
        and table.session.online
        and checkable_record(table.session) is not None
    )


def open_check(table: OverTable) -> None:
    from game.ui.scenes.check_match import open_check as open_scene

    record = checkable_record(table.session)
    if record is not None:  # the match is over: leave its table as the menu button does
        table.session.close()
        open_scene(table.app, record, back="menu")
