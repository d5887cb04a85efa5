"""The browser transport's JavaScript, run for real: Node (with its WebSocket) stands in for the
page, ``window.eval`` is the only bridge (as under pygbag), and the other end is the real table
server in-process. Skipped when no Node with a WebSocket is installed."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess

import pytest

from game.client.connection import BrowserConnection
from game.net.server import TableServer
from tests.ui.test_online_lobby import TEST_RATE

NODE = shutil.which("node")
BRIDGE = r"""
globalThis.window = globalThis;
const rl = require("readline").createInterface({input: process.stdin});
rl.on("line", (line) => {
  let out;
  try { out = {ok: (0, eval)(JSON.parse(line))}; } catch (e) { out = {err: String(e)}; }
  process.stdout.write(JSON.stringify(out === undefined ? {ok: null} : out) + "\n");
});
"""


class NodeWindow:
    """``window.eval`` answered by a Node process (one line of JSON each way)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [NODE, "--experimental-websocket", "-e", BRIDGE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def eval(self, code: str):
        self.proc.stdin.write(json.dumps(code) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "err" in reply:
            raise RuntimeError(reply["err"])
        return reply["ok"]

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


def node_has_websocket() -> bool:
    if NODE is None:
        return False
    done = subprocess.run(
        [
            NODE,
            "--experimental-websocket",
            "-e",
            "process.exit(typeof WebSocket === 'function' ? 0 : 1)",
        ],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


pytestmark = pytest.mark.skipif(not node_has_websocket(), reason="needs Node with WebSocket")


async def until(pred, conn: BrowserConnection, limit: int = 500) -> list[dict]:
    got: list[dict] = []
    for _ in range(limit):
        got += conn.poll()
        if pred(got):
            return got
        await asyncio.sleep(0.01)
    return got


def test_browser_socket_talks_to_the_server_through_window_eval():
    """TB-1 over the page's WebSocket: hello → welcome, create → room with a code; a closed
    server turns the state to "closed" and a dead address to "failed"."""

    async def scenario() -> None:
        server = await TableServer(
            "127.0.0.1", 0, bot_delay=0.0, tick_interval=0.02, rate=TEST_RATE
        ).start()
        window = NodeWindow()
        try:
            url = f"ws://127.0.0.1:{server.port}"
            conn = BrowserConnection(window)
            conn.connect(url)
            await until(lambda got: conn.open, conn)
            assert conn.state == "open"
            assert conn.send({"t": "hello", "name": "سارة"})
            got = await until(lambda got: any(m["t"] == "welcome" for m in got), conn)
            assert [m["name"] for m in got if m["t"] == "welcome"] == ["سارة"]
            conn.send(
                {
                    "t": "create",
                    "game": "hareeja",
                    "players": 4,
                    "visibility": "private",
                    "turn_seconds": None,
                    "bots": "easy",
                }
            )
            got = await until(lambda got: any(m["t"] == "room" for m in got), conn)
            room = next(m for m in got if m["t"] == "room")
            assert len(room["code"]) == 8  # protocol.CODE_LENGTH
            assert not conn.send({"t": "nonsense"})  # refused before it leaves
            await server.close()
            await until(lambda got: conn.ended, conn)
            assert conn.state == "closed"
            dead = BrowserConnection(window)
            dead.connect(url)
            await until(lambda got: dead.ended, dead)
            assert dead.state == "failed"
        finally:
            window.close()

    asyncio.run(scenario())
