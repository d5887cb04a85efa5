"""The match-over panel's "Play again" at an online table (a rematch, game/net/rematch.py):
the first press accepts the next match the server offers (with a fresh contribution to its new
fair-deal commitment); then the button says the others are awaited, or, for the host, "Start
now" (start with those who accepted); under the buttons, how many are ready. When the next
match begins the table scene is built again from its first view
(:func:`game.ui.table_online.follow_connection`), without leaving the table. A local table's
"Play again" is the same as ever (a new match against the bots)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.client.session import TableSession
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px


class OverTable(Protocol):
    """What it reads of its table scene."""

    app: Any
    session: TableSession


def _online(table: OverTable) -> Any:
    """The table's online session with an open offer, else None."""
    session = table.session
    return session if session.online and getattr(session, "offer", None) is not None else None


def _hosting(session: Any) -> bool:
    return bool(session.offer.get("host") == session.me)


def again_label(table: OverTable) -> str:
    """The button's words now."""
    session = _online(table)
    if session is None or not session.again_sent:
        return t("over.again")
    return t("over.start_now") if _hosting(session) else t("over.again_sent")


def press_again(table: OverTable) -> bool:
    """An online table's "Play again": accept, then (the host) start now. False when the
    table has no open offer (the caller goes back to the lobby, as before rematches)."""
    session = _online(table)
    if session is None:
        return False
    if not session.again_sent:
        session.play_again()
    elif _hosting(session):
        session.start_now()
    return True


def draw_ready(table: OverTable, surface: pygame.Surface, panel: pygame.Rect) -> None:
    """ "Ready: 1 of 2" inside the bottom of the over panel, once an offer is open."""
    session = _online(table)
    if session is None:
        return
    ready, people = session.ready_count()
    text = t("over.again_waiting", ready=digits(ready), people=digits(people))
    draw.blit_text(surface, text, 22, (panel.centerx, panel.bottom - px(22)), draw.GOLD)
