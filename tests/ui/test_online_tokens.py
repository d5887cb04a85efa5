"""Tokens bound to their server, through real sockets: the real lobby
scene, headless, against a real table server and a foreign WebSocket listener on another port
of this machine that records every connection and frame. A link naming the foreign server asks
first and connects nowhere until the player says Join; then the foreign server gets no token
(ours is bound to the real server), and ours stays where it was. The token file is 0600."""

from __future__ import annotations

import asyncio
import contextlib
import json
import stat

import websockets

from game.client import servers
from game.client.servers import load_online, server_identity, token_for
from game.client.storage import data_dir
from game.ui.app import App, Options
from game.ui.scenes.home import HomeScene
from game.ui.scenes.lobby import LobbyScene
from tests.ui.test_online_lobby import click, make_online_app, pump, start_server

FOREIGN_TOKEN = "E" * 32


class Listener:
    """A WebSocket server that is not ours: it records what reaches it and welcomes a hello."""

    def __init__(self) -> None:
        self.connections = 0
        self.frames: list[dict] = []
        self.server: websockets.asyncio.server.Server | None = None

    async def handler(self, ws) -> None:
        self.connections += 1
        async for raw in ws:
            msg = json.loads(raw)
            self.frames.append(msg)
            if msg.get("t") == "hello":
                welcome = {"t": "welcome", "player": "p9", "token": FOREIGN_TOKEN, "name": "X"}
                await ws.send(json.dumps(welcome))

    @contextlib.asynccontextmanager
    async def running(self):
        self.server = await websockets.serve(self.handler, "127.0.0.1", 0)
        port = next(iter(self.server.sockets)).getsockname()[1]
        try:
            yield f"ws://127.0.0.1:{port}"
        finally:
            self.server.close()
            await self.server.wait_closed()


def link_app(server: str) -> App:
    """The app as ``main.py`` starts it in the browser from ``…/#room=…&server=SERVER``."""
    options = Options(lang="en", speed=8.0)
    options.server, options.server_from_link = server, True
    return App(options)


async def welcomed_on(url: str) -> str:
    """Play online once on ``url`` (chosen by the player): the token it gives us."""
    app = make_online_app(url)
    lobby = LobbyScene(app)
    app.switch(lobby)
    assert await pump(app, lambda: lobby.state == "home")
    lobby.link.close()
    return lobby.link.token


def test_a_link_to_a_foreign_server_asks_first_and_never_carries_our_token():
    async def scenario() -> dict:
        server, url = await start_server()
        foreign = Listener()
        try:
            ours = await welcomed_on(url)
            assert token_for(url) == ours
            async with foreign.running() as evil:
                app = link_app(evil)
                lobby = LobbyScene(app, join_code="K7QMXR2D")
                app.switch(lobby)
                for _ in range(30):  # frames pass: nothing connects while the question is open
                    app.step(1 / 60)
                    await asyncio.sleep(0.005)
                assert lobby.state == "confirm" and lobby.link is None
                assert foreign.connections == 0
                await click(app, lobby.widget("confirm_cancel").rect.center)
                assert isinstance(app.scene, HomeScene) and app.options.server is None
                await asyncio.sleep(0.1)
                assert foreign.connections == 0  # Cancel: nothing was ever sent there

                app = link_app(evil)
                lobby = LobbyScene(app, join_code="K7QMXR2D")
                app.switch(lobby)
                await click(app, lobby.widget("confirm_join").rect.center)
                assert await pump(app, lambda: lobby.state == "home" and foreign.frames)
                hello = foreign.frames[0]
                return {"hello": hello, "ours": ours, "evil": evil, "url": url}
        finally:
            await server.close()

    out = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert out["hello"]["t"] == "hello" and out["hello"]["token"] is None
    assert out["ours"] not in json.dumps(out["hello"])
    assert token_for(out["url"]) == out["ours"]  # ours is still bound to our server
    assert token_for(out["evil"]) == FOREIGN_TOKEN  # and theirs to theirs
    assert server_identity(out["url"]) != server_identity(out["evil"])  # another port


def test_a_link_to_a_server_already_played_on_does_not_ask():
    async def scenario() -> None:
        server, url = await start_server()
        try:
            ours = await welcomed_on(url)
            app = link_app(url + "/")  # written otherwise
            lobby = LobbyScene(app)
            app.switch(lobby)
            assert lobby.state == "connecting"
            assert await pump(app, lambda: lobby.state == "home")
            assert lobby.link.token == ours  # the same server: its own token went back
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_the_token_file_is_readable_by_its_owner_only():
    async def scenario() -> None:
        server, url = await start_server()
        try:
            await welcomed_on(url)
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
    path = data_dir() / "online.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert next(iter(json.loads(path.read_text())["tokens"].values()))


def test_an_old_save_keeps_its_one_token_for_its_own_server_only():
    path = data_dir() / "online.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    old = "T" * 32
    path.write_text(json.dumps({"server": "wss://Play.Example/ws", "name": "Sara", "token": old}))
    path.chmod(0o644)
    data = load_online()
    assert data["tokens"] == {"wss://play.example:443": old} and data["name"] == "Sara"
    assert token_for("wss://play.example:443/other") == old  # the same server
    for other in ("ws://play.example/ws", "wss://play.example:9310", "wss://evil.example/ws"):
        assert token_for(other) is None, other
    stored = json.loads(path.read_text())
    assert "token" not in stored and stored["tokens"] == {"wss://play.example:443": old}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # rewritten by the migration


def test_an_old_save_without_a_server_binds_its_token_to_the_old_default():
    path = data_dir() / "online.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"token": "T" * 32}))
    assert load_online()["tokens"] == {"ws://127.0.0.1:9310": "T" * 32}


def test_server_identity_is_scheme_host_and_port():
    same = ["wss://Majlis.Example/ws", "wss://majlis.example:443/", "wss://majlis.example./t2"]
    assert {server_identity(u) for u in same} == {"wss://majlis.example:443"}
    assert server_identity("ws://majlis.example/ws") == "ws://majlis.example:80"
    assert server_identity("ws://[::1]:9310") == "ws://[::1]:9310"
    for bad in ("https://majlis.example", "majlis.example", "ws://", "ws://u:p@h.example", "x"):
        assert server_identity(bad) is None, bad


def test_tokens_kept_are_bounded_and_the_most_recent_stay():
    for i in range(servers.MAX_SERVERS + 5):
        servers.remember_token(f"ws://h{i}.example", f"{i:032d}")
    tokens = load_online()["tokens"]
    assert len(tokens) == servers.MAX_SERVERS and "ws://h0.example:80" not in tokens
    assert tokens[f"ws://h{servers.MAX_SERVERS + 4}.example:80"].endswith("36")


# ----- the page's default server agrees with docs/DEPLOY.md ---------------------------------------
def test_an_https_page_looks_for_the_proxied_server_at_ws_on_its_own_host():
    from game.ui.scenes.lobby_common import page_server

    assert page_server("https:", "majlis.example", "majlis.example") == "wss://majlis.example/ws"
    assert page_server("https:", "m.example:8443", "m.example") == "wss://m.example:8443/ws"
    assert page_server("http:", "127.0.0.1:8000", "127.0.0.1") == "ws://127.0.0.1:9310"
    assert page_server("http:", "localhost:8000", "localhost") == "ws://localhost:9310"
    assert page_server("http:", "192.168.1.5:8000", "192.168.1.5") == "ws://192.168.1.5:9310"


def test_in_the_browser_the_default_is_the_page_server_unless_one_was_chosen(monkeypatch):
    import sys
    import types

    from game.client.servers import save_online
    from game.ui.scenes import lobby_common

    location = types.SimpleNamespace(
        protocol="https:", host="majlis.example", hostname="majlis.example"
    )
    page = types.ModuleType("platform")
    page.window = types.SimpleNamespace(location=location)
    monkeypatch.setitem(sys.modules, "platform", page)
    monkeypatch.setattr(lobby_common, "WEB", True)
    assert lobby_common.default_server() == "wss://majlis.example/ws"
    save_online({"server": "wss://other.example/ws", "tokens": {}})
    assert lobby_common.default_server() == "wss://other.example/ws"


def test_the_default_and_docs_deploy_name_the_same_proxy_path():
    from pathlib import Path

    from game.ui.scenes.lobby_common import PROXY_PATH

    deploy = (Path(__file__).resolve().parents[2] / "docs" / "DEPLOY.md").read_text()
    assert f"location {PROXY_PATH} " in deploy  # the nginx block proxies the path pages use
    assert "proxy_set_header Host $host;" in deploy  # so the Origin default sees the page host
    assert "?server=wss" not in deploy  # links carry the server in the fragment (WEB.md)
