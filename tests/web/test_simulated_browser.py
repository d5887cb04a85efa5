"""The browser path, natively: the real ``main.py`` with ``sys.platform == "emscripten"`` and a
stand-in for pygbag's ``platform`` module (tests/web/fake_platform.py), in a subprocess of its
own. One finger tap starts exactly one match and the bots finish it; settings and the saved
match go to localStorage; no thread starts and neither ``sqlite3`` nor ``websockets`` is
imported; a desktop window, a phone and a phone turned mid-match; text still drawn without the
bidi library or without shaping; the online lobby talks to the real server through Node's
WebSocket (``window.eval``), skipped with the reason when Node has none."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NODE = shutil.which("node")


def browser(config: dict, timeout: float = 300) -> dict:
    """Run one scenario in the simulated browser; its result (the last line, JSON)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, str(HERE / "fake_platform.py"), json.dumps(config)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(f"simulated browser run failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def assert_clean_web_path(out: dict) -> None:
    assert out["threads_started"] == []
    assert out["refused_imports"] == []
    assert "sqlite3" not in out["modules"] and "websockets" not in out["modules"]


@pytest.mark.parametrize(
    ("size", "rotate"), [((1440, 900), False), ((390, 844), True)], ids=["desktop", "phone-turned"]
)
def test_one_tap_starts_one_match_and_the_bots_finish_it(size, rotate):
    out = browser({"scenario": "play", "size": list(size), "rotate": rotate})
    portrait = size[1] > size[0]
    assert out["portrait_at_start"] == portrait
    assert out["screen"] == ([720, 1280] if portrait else [1280, 720])
    assert out["resizes_at_start"] >= 1  # the canvas takes the game's shape
    assert out["settings_saved"] == "en"  # a tap on a setting lands in localStorage
    assert out["tables_made"] == ["HareejaTable"]  # exactly one match from one tap
    assert out["match_saved"] == "hareeja"  # the match in progress is stored
    assert out["finished"] and out["phase"] == "over"
    assert out["tables_made_total"] == 1
    assert out["match_after_end"] is None  # a finished match is not offered again
    assert "majlis.settings" in out["storage_keys"]
    if rotate:
        assert out["turned"] and out["log_kept"]
        assert out["screen_after_turn"] == [1280, 720]
        assert out["window_resizes"] >= 2
    assert_clean_web_path(out)


def test_a_phone_of_ratio_three_plays_at_one_and_a_half_and_turns_mid_match():
    """devicePixelRatio 3 on a 390×844 phone: the frame is drawn at 1.5 (1080×1920), one tap
    still starts one match, and turned mid-match the table is 1920×1080, the match kept."""
    out = browser(
        {"scenario": "play", "size": [390, 844], "ratio": 3.0, "rotate": True, "scale_auto": True}
    )
    assert out["factor"] == 1.5
    assert out["portrait_at_start"] and out["screen"] == [1080, 1920]
    assert out["tables_made"] == ["HareejaTable"] and out["tables_made_total"] == 1
    assert out["turned"] and out["log_kept"] and out["screen_after_turn"] == [1920, 1080]
    assert out["finished"] and out["phase"] == "over"
    assert_clean_web_path(out)


def test_a_new_pixel_ratio_mid_match_draws_the_table_again_at_the_new_factor():
    """The phone's page moves to a screen of ratio 2 mid-match: the factor drops to 1
    (720×1280), the cards in the hand take the new card size, the match goes on."""
    out = browser(
        {
            "scenario": "play",
            "size": [390, 844],
            "ratio": 3.0,
            "new_ratio": 2.0,
            "scale_auto": True,
        }
    )
    assert out["factor"] == 1.5 and out["screen"] == [1080, 1920]
    assert out["rescaled"] and out["log_kept_rescaled"]
    assert out["factor_rescaled"] == 1.0 and out["screen_rescaled"] == [720, 1280]
    assert out["hand_sizes"] == [out["card_rescaled"]]
    assert out["finished"] and out["phase"] == "over" and out["tables_made_total"] == 1
    assert_clean_web_path(out)


@pytest.mark.parametrize(
    "missing",
    [{"no_bidi": True}, {"no_shaping": True}, {"no_bidi": True, "no_shaping": True}],
    ids=["no-bidi", "no-shaping", "neither"],
)
def test_text_is_still_drawn_without_bidi_or_shaping(missing):
    out = browser({"scenario": "readable", "size": [390, 844], **missing})
    assert out["bidi"] == (not missing.get("no_bidi"))
    assert out["shaping"] == (not missing.get("no_shaping"))
    assert out["colours_in_play_button"] > 4  # the label is there, not a bare button
    assert out["sample_size"][0] > 150 and out["sample_size"][1] > 20
    assert out["table"]
    if missing.get("no_bidi"):
        assert out["refused_imports"] == ["bidi"]
    assert out["threads_started"] == []


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, proc: subprocess.Popen, seconds: float = 20) -> bool:
    """Until the server accepts a connection (or it exits, or ``seconds`` pass)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and proc.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


@pytest.mark.skipif(
    not node_has_websocket(),
    reason="needs Node with WebSocket (node --experimental-websocket, v20+)",
)
def test_the_online_lobby_talks_to_the_real_server_through_the_page_socket(tmp_path):
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game.net.server",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            ":memory:",
            "--bot-delay",
            "0",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        assert wait_listening(port, server), "the server did not start"
        online = json.dumps({"server": f"ws://127.0.0.1:{port}", "name": "Sara"})
        out = browser(
            {
                "scenario": "online",
                "size": [1440, 900],
                "node": NODE,
                "storage": {"majlis.online": online},
            }
        )
    finally:
        server.terminate()
        server.wait(10)
    assert out["scene"] == "lobby" and out["welcomed"] and out["room"]
    assert out["code"] and out["table"]
    assert out["table_scene"] == "HareejaTable" and out["online"] and out["events"]
    assert_clean_web_path(out)
