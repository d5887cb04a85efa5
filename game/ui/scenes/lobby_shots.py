"""The online lobby's screens for ``main.py --screenshots`` (run by game.ui.screenshots): a
scripted server link shows each state without a server."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, cast

from game.client.online import OnlineSession
from game.client.server_link import ServerLink
from game.games.hareeja.rules import Match as HareejaMatch
from game.ui import games
from game.ui.scene import Scene
from game.ui.scenes.lobby import LobbyScene, online_games
from game.ui.scenes.lobby_common import LinkOptions

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screenshots import Shooter

NAMES = ("Huda", "Karim", "Sami", "Layla")


class ShownLink(ServerLink):
    """A server link that shows a scripted lobby (screenshots, tests): nothing is sent or
    received. It opens no connection (``ServerLink.__init__`` would), so it answers every call
    the lobby and a table make of a link itself."""

    def __init__(self, room: dict[str, Any] | None = None):  # (no connection: no super())
        self.room = room
        self.player = "p1"
        self.sent: list[tuple[str, dict[str, Any]]] = []  # (kind, fields) of each send

    @property
    def ready(self) -> bool:
        return True

    @property
    def failed(self) -> bool:
        return False

    def poll(self) -> list[dict[str, Any]]:
        return []

    def unread(self, messages: list[dict[str, Any]]) -> None:
        pass

    def reconnect(self, url: str | None = None) -> None:
        pass

    def send(self, kind: str, **fields: Any) -> bool:
        self.sent.append((kind, fields))
        return True

    def woke(self) -> bool:
        return False

    def close(self) -> None:
        pass


def _shown_room(
    you: int,
    pending: bool,
    game: str = "hareeja",
    options: dict[str, Any] | None = None,
    players: int = 4,
) -> dict[str, Any]:
    seats = [
        {"name": "Huda", "kind": "human", "connected": True},
        {"name": "Karim", "kind": "human", "connected": True},
        {"name": "", "kind": "empty", "connected": False},
        {"name": "", "kind": "empty", "connected": False},
    ][:players]
    if you == 1 and players > 2:
        seats[2] = {"name": "Sami", "kind": "human", "connected": False}
    return {
        "t": "room",
        "code": "K7QMX4PA",
        "link": "https://majlis.example/?room=K7QMX4PA",
        "game": game,
        "players": players,
        "options": options or {},
        "visibility": "approval",
        "turn_seconds": 60,
        "bots": "normal",
        "seats": seats,
        "host": 0,
        "you": you,
        "pending": [{"player": "p9", "name": "Yousef"}] if pending else [],
        "started": False,
        "over": False,
    }


def _dropped_table(app: App) -> Scene:
    """A started Hareeja table whose connection dropped: the online session tries again."""
    match = HareejaMatch.new(4, seed=1)
    room = {**_shown_room(0, pending=False), "started": True}
    room["seats"] = [{"name": n, "kind": "human", "connected": True} for n in NAMES]
    first: dict[str, Any] = {
        "t": "events",
        "events": [],
        "view": match.view(0),
        "legal": [],
        "by": None,
    }
    session = OnlineSession(ShownLink(room), room, first=first)
    session.reconnecting = True
    table: Scene = games.table_class("hareeja")(app, session, options={"players": 4})
    return table


# The public list's tables, one of each game (with their options told).
PUBLIC_TABLES: tuple[dict[str, Any], ...] = (
    {
        "code": "K7QMX4PA",
        "game": "hareeja",
        "players": 4,
        "visibility": "auto",
        "seated": 3,
        "host": "Huda",
        "options": {},
        "turn_seconds": 60,
    },
    {
        "code": "P2WZR8KD",
        "game": "ronda",
        "players": 2,
        "visibility": "approval",
        "seated": 1,
        "host": "عبد الله",
        "options": {"rules": "quick"},
        "turn_seconds": None,
    },
    {
        "code": "M9TGB3HN",
        "game": "hand_rummy",
        "players": 4,
        "visibility": "auto",
        "seated": 2,
        "host": "Karim",
        "turn_seconds": 90,
        "options": {"rounds": 10, "variant": "majlis", "partnership": True},
    },
)
# The menu's settings the new table's sheet starts from (put back after the shots).
SHOWN_SETTINGS: dict[str, Any] = {
    "game": "ronda",
    "turn_seconds": 60,
    "options.ronda": {"players": 4, "rules": "maghribi"},
    "options.hand_rummy": {"players": 4, "rounds": 10, "variant": "majlis", "partnership": True},
}


def screenshot_lobby(shooter: Shooter) -> None:
    """The lobby's states for ``main.py --screenshots``: home, the new table's game and options
    (each game), typing a code (with the wrong code message), the public list of every game's
    tables, the host's waiting room with a request to approve, a guest's waiting room (Ronda
    in teams), waiting for the host's answer, and the connection's states (no server,
    connecting, a table reconnecting, a link to another server)."""
    app = shooter.app
    saved = {k: app.settings.get(k) for k in SHOWN_SETTINGS}
    app.settings.update(copy.deepcopy(SHOWN_SETTINGS))  # the sheet may change them in place
    shoot_entry(shooter)
    shoot_rooms(shooter)
    shoot_connection(shooter)
    app.settings.update(saved)


def shown_lobby(shooter: Shooter, room: dict[str, Any] | None = None) -> LobbyScene:
    """A lobby on a scripted link (in ``room`` when given), shown."""
    sc = LobbyScene(shooter.app, link=ShownLink(room), server="ws://192.168.1.5:9310")
    sc.player_name = "Huda"
    shooter.app.switch(sc)
    return sc


def shoot(shooter: Shooter, name: str) -> None:
    shooter.frames(2)
    shooter.shot(name)


def shoot_entry(shooter: Shooter) -> None:
    """Before a room: home, the new table's sheet of each game, a code typed and a wrong one,
    the public list."""
    sc = shown_lobby(shooter)
    shoot(shooter, "lobby_01_home")
    for i, game in enumerate(online_games()):
        sc.open_setup()
        sc.new_table.set_game(game)
        shoot(shooter, f"lobby_01{chr(ord('a') + i)}_new_table_{game}")
    sc.back()
    sc.edit("code")
    sc.entry.typed = "K7Q"
    shoot(shooter, "lobby_02_join_code")
    sc.back()
    sc.join("K7Q0")
    shoot(shooter, "lobby_03_wrong_code")
    sc.tables = [dict(table) for table in PUBLIC_TABLES]
    sc.set_state("list")
    shoot(shooter, "lobby_04_public_list")


def shoot_rooms(shooter: Shooter) -> None:
    """Waiting rooms: the host's with a request to approve, a guest's (Ronda in teams), and
    waiting for the host's answer."""
    sc = shown_lobby(shooter, _shown_room(0, pending=True))
    sc.set_state("room")
    shoot(shooter, "lobby_05_room_host_request")
    sc = shown_lobby(
        shooter, _shown_room(1, pending=False, game="ronda", options={"rules": "quick"})
    )
    sc.set_state("room")
    shoot(shooter, "lobby_06_room_guest")
    sc = shown_lobby(shooter)
    sc.set_state("pending")
    shoot(shooter, "lobby_07_waiting_for_host")


def shoot_connection(shooter: Shooter) -> None:
    """The connection's states: no server answered, connecting, a started table reconnecting
    and a link to a server not played on."""
    app = shooter.app
    sc = shown_lobby(shooter)
    sc.link = None  # no server answered: said in place, with what to do
    sc.set_state("offline")
    shoot(shooter, "lobby_08_no_server")
    sc.set_state("connecting")
    shoot(shooter, "lobby_09_connecting")
    shooter.frames(2)
    app.switch(_dropped_table(app))
    shoot(shooter, "lobby_10_table_reconnecting")
    link = cast(LinkOptions, app.options)
    link.server, link.server_from_link = "wss://play.example:8443/ws", True
    asking = LobbyScene(app, join_code="K7QMX4PA")  # a link to a server not played on
    app.switch(asking)
    shoot(shooter, "lobby_11_link_to_another_server")
    link.server, link.server_from_link = None, False
