"""What the lobby's states share: the server's address, the games and description of a table,
and lines fitted to a width. The base of a state's view is :mod:`game.ui.scenes.lobby_view`,
the scene's parts it may use :mod:`game.ui.scenes.lobby_parts`."""

from __future__ import annotations

import contextlib
import sys
from typing import Any, Protocol

from game import i18n
from game.client import page_links
from game.client.servers import load_online
from game.core import registry
from game.i18n import digits, t
from game.ui import games
from game.ui.scenes.form import turn_label

WEB = sys.platform == "emscripten"
DEFAULT_PORT = 9310
PHONE_TEXT = 22  # in portrait (a phone) no text below 22 logical px


LOCAL_HOSTS = ("", "127.0.0.1", "localhost", "::1", "0.0.0.0")
PROXY_PATH = "/ws"  # where docs/DEPLOY.md's proxy passes the table server, on the page's host


def page_server(protocol: str, host: str, hostname: str) -> str:
    """The server a page at ``protocol//host`` looks for by default: on an https page the
    documented deployment, ``wss://`` on the page's own host and port at ``/ws`` (the proxy
    in front of the server; a browser on an https page may only open ``wss://``); on a plain
    http page (this computer or a LAN: ``./majlis server`` beside pygbag's test server) the
    server's own port on the page's host name, ``ws://HOST:9310``."""
    if protocol == "https:":
        return f"wss://{host}{PROXY_PATH}"
    return f"ws://{hostname or '127.0.0.1'}:{DEFAULT_PORT}"


def default_server() -> str:
    """The server chosen and saved in the lobby; else natively this machine, in the browser
    :func:`page_server` for this page. (A link's ``#server=`` comes as the app's
    ``options.server``, see the lobby.)"""
    saved = load_online().get("server")
    if saved:
        return str(saved)
    if WEB:
        try:
            loc = page_links.browser_window().location
            host = str(getattr(loc, "host", "") or loc.hostname)  # host[:port]
            return page_server(str(loc.protocol), host, str(loc.hostname))
        except Exception:
            pass
    return f"ws://127.0.0.1:{DEFAULT_PORT}"


def server_url(text: str) -> str:
    """A server address as typed: "host:port" gets ws:// (wss:// on an https page)."""
    text = text.strip()
    if "://" not in text:
        secure = False
        if WEB:
            with contextlib.suppress(Exception):  # not a page that says
                secure = str(page_links.browser_window().location.protocol) == "https:"
        text = ("wss://" if secure else "ws://") + text
    return text


def server_name(url: str) -> str:
    """The server as a player reads it: "this computer" for a server on this machine, else
    its host name (never the raw ``ws://…:port`` address)."""
    from urllib.parse import urlsplit

    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    if host in LOCAL_HOSTS:
        return t("online.server_local")
    return host.removeprefix("www.")


class LinkOptions(Protocol):
    """The app's options as a link sets them: ``main.py`` adds these two to its ``Options``
    (which does not declare them yet)."""

    server: str | None
    server_from_link: bool


def valid_server(text: str) -> bool:
    return text.startswith(("ws://", "wss://")) and len(text) > 6 and " " not in text


def page_link(room: dict[str, Any], server: str | None) -> str:
    """The invite link to show for ``room``: ``#room=CODE&server=…`` after this page's address
    (:func:`game.client.page_links.invite_link`; never in the query, which pygbag's loader reads).
    A code that is not a room code is shown as the server sent its link."""
    try:
        return page_links.invite_link(str(room.get("code", "")), server, str(room.get("link", "")))
    except ValueError:
        return str(room.get("link", ""))


def online_options(settings: dict[str, Any], game: str) -> tuple[int, dict[str, Any]]:
    """(players, engine options) of a new ``game`` table, from the menu's remembered choices
    (TB-5: the seat counts the game's spec allows)."""
    spec = registry.get(game)
    engine = games.options_for(settings, game)
    players = engine.pop("players", spec.first_players)
    if players not in spec.players:
        players = spec.players[-1]
    return players, spec.fit(players, engine)


def online_games() -> list[str]:
    """The games a new online table may be of (their specs say so; each has a table scene)."""
    return [g.key for g in games.online()]


def sep() -> str:
    """Between the parts of a line: a middle dot in English; in Arabic a comma, since a dot
    beside Arabic-Indic digits reads as the digit zero (٠)."""
    return "، " if i18n.is_rtl() else " · "


def table_summary(
    game: str,
    players: int,
    options: dict[str, Any] | None,
    turn_seconds: int | None = None,
    turn: bool = True,
) -> tuple[str, str]:
    """(headline, details) of a table for the lobby: "Ronda, 4 players" and its options
    ("Play to: Quick · 25 · Turn time: 60 s"), in the current language."""
    options = options or {}
    headline = t("online.game_players", game=t(f"game.{game}"), n=digits(players))
    parts = games.describe(game, players, options)
    if turn:
        parts.append(t("online.turn_note", t=turn_label(turn_seconds or 0)()))
    return headline, sep().join(parts)


def line_size(portrait: bool, size: int) -> int:
    """A secondary line's size: ``size`` in landscape, at least 22 px in portrait."""
    return max(size, PHONE_TEXT) if portrait else size


def fit_lines(
    s: str,
    size: int,
    width: int,
    most: int = 2,
    bold: bool = False,
    least: int = PHONE_TEXT,
    joint: str | None = None,
) -> tuple[list[str], int]:
    """(lines, size): ``s`` broken into lines no wider than ``width`` at the largest size from
    ``size`` down to ``least`` that needs at most ``most`` lines (else all its lines at
    ``least``). Lines break between the parts ``joint`` joins when given ("Turn time: 60 s"
    stays whole), else at spaces; a word wider than a line (a link) breaks between
    characters (after a link's ``&``, ``?``, ``#`` or ``/`` when one is near)."""
    lines: list[str] = [s]
    for sz in range(size, least - 1, -1):
        if joint:
            lines = _pack_parts(s.split(joint), joint, sz, width, bold)
        else:
            lines = _break_lines(s, sz, width, bold)
        if len(lines) <= most:
            return lines, sz
    return lines, least


def _pack_parts(parts: list[str], joint: str, size: int, width: int, bold: bool) -> list[str]:
    """The parts, as many to a line as fit; a part too wide for a line is wrapped alone."""
    from game.ui import text

    out: list[str] = []
    for part in parts:
        joined = f"{out[-1]}{joint}{part}" if out else part
        if out and text.size(joined, size, bold)[0] <= width:
            out[-1] = joined
        else:
            out.extend(_break_lines(part, size, width, bold))
    return out


def _break_lines(s: str, size: int, width: int, bold: bool) -> list[str]:
    from game.ui import text

    out: list[str] = []
    for line in text.wrap(s, size, width, bold):
        while text.size(line, size, bold)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and text.size(line[:cut], size, bold)[0] > width:
                cut -= 1
            joint = max(line.rfind(c, 0, cut) for c in "&?#/")  # a link breaks after a joint
            cut = joint + 1 if joint > cut // 2 else cut
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out
