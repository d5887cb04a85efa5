"""The web bundle holds the game and its assets, and nothing else (issue: web build)."""
import os
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_web  # noqa: E402

APK = ROOT / "build" / "web" / build_web.APK


def test_runtime_files_are_the_game_and_its_assets_only():
    files = [p.as_posix() for p in build_web.runtime_files()]
    assert "main.py" in files
    assert any(f.startswith("game/core/") for f in files)
    assert "game/i18n/ar.po" in files                      # the words are gettext catalogs
    assert "game/games/hareeja/ar.po" in files             # one beside each game's spec
    assert not [f for f in files if f.startswith(("tests/", "bench/", "tools/", ".ci/"))]
    assert not [f for f in files if Path(f).name.startswith("make_")]


@pytest.fixture(scope="module")
def bundle():
    if not APK.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must build the web bundle (./majlis web) before the tests")
        pytest.skip("no web build here: run ./majlis web")
    with zipfile.ZipFile(APK) as apk:
        return apk.namelist()


def test_bundle_holds_main_game_fonts_sprites_sounds(bundle):
    names = set(bundle)
    assert "assets/main.py" in names
    assert "assets/game/core/protocol.py" in names
    assert "assets/game/games/hareeja/rules.py" in names
    assert any(n.startswith("assets/fonts/") and n.endswith(".ttf") for n in names)
    assert any(n.startswith("assets/sprites/cards/") and n.endswith(".png") for n in names)
    assert any(n.startswith("assets/sounds/") and n.endswith(".ogg") for n in names)


def test_bundle_leaves_out_tests_tools_and_scripts(bundle):
    left_out = ("assets/tests/", "assets/bench/", "assets/tools/")
    assert not [n for n in bundle if n.startswith(left_out)]
    assert not [n for n in bundle if Path(n).name.startswith("make_") or "__pycache__" in n]


def test_bundle_is_small_enough_for_phones(bundle):
    assert APK.stat().st_size <= 3 * 1024 * 1024


def test_page_is_ours_with_arabic_loading_text_and_can_close(bundle):
    page = (ROOT / "build" / "web" / "index.html").read_text(encoding="utf-8")
    assert "جارٍ" in page and "can_close : 1" in page
    assert "{{cookiecutter" not in page
    assert (ROOT / "build" / "web" / "favicon.png").exists()
