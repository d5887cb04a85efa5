"""The online lobby's screens for ``main.py --screenshots`` (run by game.ui.screenshots): a
scripted server link shows each state without a server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game.client.online import OnlineSession, ServerLink
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


def screenshot_lobby(shooter: Shooter) -> None:
    """The lobby's states for ``main.py --screenshots``: home, the new table's game and options
    (each game), typing a code (with the wrong code message), the public list of every game's
    tables, the host's waiting room with a request to approve, a guest's waiting room (Ronda
    in teams), and waiting for the host's answer."""
    app = shooter.app
    tables: list[dict[str, Any]] = [
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
    ]
    saved = {
        k: app.settings.get(k)
        for k in ("game", "options.ronda", "options.hand_rummy", "turn_seconds")
    }

    def scene(room: dict[str, Any] | None = None) -> LobbyScene:
        sc = LobbyScene(app, link=ShownLink(room), server="ws://192.168.1.5:9310")
        sc.player_name = "Huda"
        app.switch(sc)
        return sc

    app.settings.update(
        {
            "game": "ronda",
            "turn_seconds": 60,
            "options.ronda": {"players": 4, "rules": "maghribi"},
            "options.hand_rummy": {
                "players": 4,
                "rounds": 10,
                "variant": "majlis",
                "partnership": True,
            },
        }
    )
    sc = scene()
    shooter.frames(2)
    shooter.shot("lobby_01_home")
    for i, game in enumerate(online_games()):
        sc.open_setup()
        sc.new_table.set_game(game)
        shooter.frames(2)
        shooter.shot(f"lobby_01{chr(ord('a') + i)}_new_table_{game}")
    sc.back()
    sc.edit("code")
    sc.entry.typed = "K7Q"
    shooter.frames(2)
    shooter.shot("lobby_02_join_code")
    sc.back()
    sc.join("K7Q0")
    shooter.frames(2)
    shooter.shot("lobby_03_wrong_code")
    sc.tables = tables
    sc.set_state("list")
    shooter.frames(2)
    shooter.shot("lobby_04_public_list")
    sc = scene(_shown_room(0, pending=True))
    sc.set_state("room")
    shooter.frames(2)
    shooter.shot("lobby_05_room_host_request")
    sc = scene(_shown_room(1, pending=False, game="ronda", options={"rules": "quick"}))
    sc.set_state("room")
    shooter.frames(2)
    shooter.shot("lobby_06_room_guest")
    sc = scene()
    sc.set_state("pending")
    shooter.frames(2)
    shooter.shot("lobby_07_waiting_for_host")
    sc = scene()
    sc.link = None  # no server answered: said in place, with what to do
    sc.set_state("offline")
    shooter.frames(2)
    shooter.shot("lobby_08_no_server")
    sc.set_state("connecting")
    shooter.frames(2)
    shooter.shot("lobby_09_connecting")
    shooter.frames(2)
    app.switch(_dropped_table(app))
    shooter.frames(2)
    shooter.shot("lobby_10_table_reconnecting")
    link = cast(LinkOptions, app.options)
    link.server, link.server_from_link = "wss://play.example:8443/ws", True
    asking = LobbyScene(app, join_code="K7QMX4PA")  # a link to a server not played on
    app.switch(asking)
    shooter.frames(2)
    shooter.shot("lobby_11_link_to_another_server")
    link.server, link.server_from_link = None, False
    app.settings.update(saved)
