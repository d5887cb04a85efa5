"""A fourth game is one folder (docs/DESIGN.md "Layers").

tests/fourth_game/high_card is a trivial game (engine, bots, spec, its gettext catalog, a bare
table scene and its screenshot script). The test copies it into a temporary folder that joins the
``game.games`` package's search path in a fresh interpreter — no file of the product is touched —
and checks that every surface offers it: the wire protocol, the server (a whole table played
with a bot), the menu (chosen and played by clicks), the lobby's new table, statistics, the
rules page, the strings and the screenshots."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = Path(__file__).resolve().parent / "fourth_game" / "high_card"

CHECK = r"""
import asyncio, json, os, random, sys
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
import game.games
game.games.__path__.append(sys.argv[1])          # the temporary folder holding high_card/
out = {}

from game.core import registry
out["registry"] = list(registry.names())

from game.net import protocol
out["protocol_games"] = list(protocol.GAMES)
out["protocol_counts"] = list(protocol.PLAYER_COUNTS["high_card"])
create = {"t": "create", "game": "high_card", "players": 3, "options": {"rounds": 2},
          "visibility": "private", "turn_seconds": None, "bots": "easy"}
out["protocol_create"] = protocol.decode(json.dumps(create))["game"]

from game import i18n
from game.i18n import t
i18n.set_language("en")
out["title_en"] = t("game.high_card")
i18n.set_language("ar")
out["title_ar"] = t("game.high_card")
out["plural_ar"] = [i18n.tn("hc.tricks", n) for n in (1, 2, 3, 11)]
i18n.set_language("en")

async def server_match():
    from wire_client import Client
    from game.net.server import TableServer
    srv = await TableServer(port=0, bot_delay=0, tick_interval=0.005,
                            rate=(100_000, 100_000.0)).start()
    try:
        c = await Client(f"ws://127.0.0.1:{srv.port}").connect()
        await c.hello("Ali")
        room = await c.request("create", "room", game="high_card", players=3,
                               options={"rounds": 2}, visibility="private",
                               turn_seconds=None, bots="easy")
        await c.send("start")
        rng = random.Random(1)
        last = await c.play(lambda msg: rng.choice(msg["legal"]))
        await c.close()
        return room["game"], last["view"]["phase"], sum(last["view"]["totals"])
    finally:
        await srv.close()
out["server"] = list(asyncio.run(asyncio.wait_for(server_match(), 30)))

import pygame
from game.ui.app import App, Options
from game.ui import games
from game.client import stats, stats_record
app = App(Options(lang="en", seed=5))

def click(pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)

out["menu_games"] = [tile.game.key for tile in app.scene.tiles]  # the home screen's tiles
click(app.scene.widget("tile:high_card").rect.center)  # its setup sheet
click(app.scene.widget("opt.players:3").rect.center)
click(app.scene.widget("opt.rounds:2").rect.center)
out["menu_options"] = games.options_for(app.settings, "high_card")
click(app.scene.widget("play").rect.center)
out["menu_play"] = [type(app.scene).__name__, app.scene.match.players, app.scene.match.rounds]
card = app.scene.widgets[0]
click(card.rect.center)
out["played_by_click"] = len(app.scene.match.log) >= 1

from game.ui.scenes.lobby import LobbyScene, online_options, table_summary
from game.ui.scenes.lobby_shots import ShownLink
lobby = LobbyScene(app, link=ShownLink(), server="ws://127.0.0.1:1")
app.switch(lobby)
lobby.open_setup()
lobby_row = next(w for w in lobby.widgets if getattr(w, "key", "") == "game")
out["lobby_games"] = [b.value for b in lobby_row.buttons]
lobby.new_table.set_game("high_card")
out["lobby_new_table"] = lobby.new_table.fields()
out["lobby_summary"] = list(table_summary("high_card", 3, {"rounds": 2}, None, turn=False))

from game.core.bots import bot_rng, run
spec = registry.get("high_card")
match = spec.engine_class().new(2, {"rounds": 2}, seed=4)
rngs = [bot_rng(i) for i in range(2)]
while match.phase != "over":
    seat = match.to_act()[0]
    match.apply(seat, run(spec.bots_module().think(match.view(seat), match.legal_actions(seat),
                                                   "normal", rngs[seat])))
data = stats.empty()
stats.add(data, stats.make_entry("high_card", match.view(0), ["seat.you", "name.1"], False))
stats_record.save(data)
out["stats_summary"] = stats.summary(data, "high_card")["figures"]
scene = app.go("stats", game="high_card")
out["stats_pages"] = scene.pages
app.step(1 / 60)

scene = app.go("help", game="high_card")
out["help_pages"] = scene.pages
from game.ui.scenes.help import page_keys
out["help_title"] = t(page_keys("high_card")[0])
app.step(1 / 60)

from game.ui.screenshots import Shooter
from pathlib import Path
shots = Path(sys.argv[2])
shooter = Shooter(app, shots, "landscape_en")
games.screenshot_script("high_card")(shooter)
out["screenshots"] = sorted(p.name for p in shots.iterdir())
print("RESULT " + json.dumps(out))
"""


def test_a_fourth_game_in_its_own_folder_is_offered_everywhere(tmp_path):
    games_dir = tmp_path / "games"
    shutil.copytree(GAME, games_dir / "high_card", ignore=shutil.ignore_patterns("__pycache__"))
    shots = tmp_path / "shots"
    shots.mkdir()
    done = subprocess.run(
        [sys.executable, "-c", CHECK, str(games_dir), str(shots)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={
            "PATH": "/usr/bin:/bin",
            "MAJLIS_HOME": str(tmp_path / "home"),
            "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tools")]),
        },
    )
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(s for s in done.stdout.splitlines() if s.startswith("RESULT "))
    out = json.loads(line[len("RESULT ") :])

    assert out["registry"] == ["hareeja", "ronda", "hand_rummy", "high_card"]
    assert "high_card" in out["protocol_games"] and out["protocol_counts"] == [2, 3, 4]
    assert out["protocol_create"] == "high_card"
    assert out["server"][0] == "high_card" and out["server"][1] == "over"
    assert out["server"][2] == 2 * 3  # two rounds of three tricks
    assert out["title_en"] == "High card" and out["title_ar"] == "الورقة العالية"
    assert out["plural_ar"] == ["أكلة واحدة", "أكلتان", "٣ أكلات", "١١ أكلة"]
    assert out["menu_games"][-1] == "high_card"
    assert out["menu_options"] == {"players": 3, "rounds": 2}
    assert out["menu_play"] == ["HighCardTable", 3, 2]
    assert out["played_by_click"]
    assert "high_card" in out["lobby_games"]
    assert out["lobby_new_table"]["game"] == "high_card"
    assert out["lobby_new_table"]["players"] == 3
    assert out["lobby_new_table"]["options"] == {"rounds": 2}
    assert out["lobby_summary"][0] == "High card, 3 players"
    assert out["stats_summary"][0] == ["rounds", 2] and out["stats_summary"][1][0] == "tricks"
    assert "high_card" in out["stats_pages"]
    assert "high_card" in out["help_pages"] and out["help_title"] == "How to play High card"
    assert out["screenshots"] == ["landscape_en_high_card_01_deal.png"]


def test_the_fourth_game_is_only_in_the_test_folder():
    """It must not leak into the product: the registry of the real tree has three games."""
    from game.core import registry

    assert "high_card" not in registry.names()
    assert not (ROOT / "game" / "games" / "high_card").exists()
