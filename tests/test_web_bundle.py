"""The web bundle holds the browser client and its assets, and nothing else.

Needs ``./majlis web`` for the checks on build/web (CI builds it first; elsewhere they skip).
"""

import ast
import os
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_web  # noqa: E402

APK = ROOT / "build" / "web" / build_web.APK
SERVER_ONLY = ("game/net/server.py", "game/net/store.py", "game/net/rooms.py")


def test_runtime_files_are_the_client_and_its_assets_only():
    files = [p.as_posix() for p in build_web.runtime_files()]
    assert "main.py" in files and "game/net/protocol.py" in files
    assert "game/i18n/ar.po" in files, "the gettext catalogs travel with the code"
    assert any(f.startswith("game/core/") for f in files)
    assert "game/i18n/ar.po" in files  # the words are gettext catalogs
    assert "game/games/hareeja/ar.po" in files  # one beside each game's spec
    assert not [f for f in files if f.startswith(("tests/", "bench/", "tools/", ".ci/"))]
    assert not [f for f in files if Path(f).name.startswith("make_")]
    assert not set(SERVER_ONLY) & set(files)
    net = [f for f in files if f.startswith("game/net/")]
    assert set(net) <= set(build_web.CLIENT_MODULES), "game/net is the server's but for these"
    assert not set(build_web.NOT_IN_APK) & set(files)


def test_four_colour_cards_travel_as_palettes_of_their_french_twins():
    files = {p.as_posix() for p in build_web.runtime_files()}
    palettes = sorted(f for f in files if f.startswith(f"{build_web.FOUR_COLOUR.as_posix()}/"))
    assert palettes and all(f.endswith(".pal") for f in palettes), "no four-colour PNG ships"
    for pal in palettes:
        twin = build_web.FRENCH / f"{Path(pal).stem}.png"
        assert twin.as_posix() in files and build_web.palette_twin(twin)
        assert (ROOT / pal).stat().st_size <= 12 + 3 * 256 + 12 + 256  # PLTE + tRNS, no pixels
    assert not build_web.palette_twin(build_web.FRENCH / "AH.png")  # hearts: the same card


def test_a_french_card_with_a_palette_twin_is_shipped_as_made(tmp_path, monkeypatch):
    """Re-packing would re-order its palette and break the twin's palette: it is left alone."""
    monkeypatch.setattr(build_web, "STAGE", tmp_path / "stage")
    monkeypatch.setattr(build_web, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build_web, "runtime_files", lambda: [build_web.FRENCH / "5D.png"])
    build_web.stage()
    rel = build_web.FRENCH / "5D.png"
    assert (tmp_path / "stage" / rel).read_bytes() == (ROOT / rel).read_bytes()


def test_stripped_python_is_the_same_code_on_the_same_lines():
    def without_docstrings(tree):
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (
                isinstance(body, list)
                and body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
                and isinstance(
                    node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
                )
            ):
                body[0].value.value = ""
        return ast.dump(tree)

    for rel in [p for p in build_web.python_files() if p.suffix == ".py"]:
        source = (ROOT / rel).read_text(encoding="utf-8")
        stripped = build_web.strip_python(source)
        assert source.count("\n") == stripped.count("\n"), rel
        assert without_docstrings(ast.parse(source)) == without_docstrings(ast.parse(stripped)), rel
        assert "#" not in "".join(
            line for line in stripped.splitlines() if line.lstrip().startswith("#")
        ), rel


def test_strip_keeps_strings_that_look_like_comments():
    source = 'def f():\n    """Doc\n    more."""\n    return "# not a comment"  # a comment\n'
    assert (
        build_web.strip_python(source) == 'def f():\n    """\n"""\n    return "# not a comment"\n'
    )


def test_stripped_catalogs_keep_every_entry_the_game_looks_up():
    """The apk's catalogs lose their comments and the page's own words, nothing else."""
    from game.i18n.catalog import parse_po

    for rel in [p for p in build_web.python_files() if p.suffix == ".po"]:
        source = (ROOT / rel).read_text(encoding="utf-8")
        stripped = build_web.strip_catalog(source)
        assert "\n#" not in stripped and not stripped.startswith("#"), rel
        kept = [e for e in parse_po(source, str(rel)) if not (e.context or "").startswith("page.")]
        assert parse_po(stripped, str(rel)) == kept, rel


def test_repacked_png_is_pixel_identical_and_smaller(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    source = ROOT / "sprites" / "cards" / "french" / "QS.png"
    target = tmp_path / "QS.png"
    pygame.image.save(pygame.image.load(str(source)), str(target))  # a plain RGBA PNG
    plain = target.stat().st_size
    build_web.CACHE, cache = tmp_path / "cache", build_web.CACHE
    try:
        saved = build_web.repack_png(target)
    finally:
        build_web.CACHE = cache
    assert saved > 0 and target.stat().st_size < plain
    a, b = pygame.image.load(str(source)), pygame.image.load(str(target))
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


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
    assert "assets/game/core/engine.py" in names
    assert "assets/game/games/hareeja/rules.py" in names
    assert any(n.startswith("assets/fonts/") and n.endswith(".ttf") for n in names)
    assert any(n.startswith("assets/sprites/cards/") and n.endswith(".png") for n in names)
    assert any(n.startswith("assets/sounds/") and n.endswith(".ogg") for n in names)


def test_bundle_is_exactly_the_runtime_files(bundle):
    files = {n for n in bundle if not n.endswith("/")}
    assert files == {f"assets/{p.as_posix()}" for p in build_web.runtime_files()}


def test_bundle_leaves_out_server_tests_tools_and_scripts(bundle):
    left_out = ("assets/tests/", "assets/bench/", "assets/tools/")
    assert not [n for n in bundle if n.startswith(left_out)]
    assert not [n for n in bundle if Path(n).name.startswith("make_") or "__pycache__" in n]
    assert not {f"assets/{m}" for m in SERVER_ONLY} & set(bundle)


def test_bundle_reads_back_whole_with_plain_zip_methods(bundle):
    with zipfile.ZipFile(APK) as apk:
        assert apk.testzip() is None
        assert {i.compress_type for i in apk.infolist()} <= {
            zipfile.ZIP_STORED,
            zipfile.ZIP_DEFLATED,
        }


def test_rezip_keeps_every_file_and_its_bytes(tmp_path):
    apk = tmp_path / "t.apk"
    files = {
        "assets/a.py": b"print('x')\n" * 200,
        "assets/b.png": bytes(range(256)) * 4,
        "assets/empty/__init__.py": b"",
    }
    with zipfile.ZipFile(apk, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        for name, data in files.items():
            z.writestr(name, data)
    before = apk.stat().st_size
    saved = build_web.rezip(apk)
    assert saved == before - apk.stat().st_size >= 0
    with zipfile.ZipFile(apk) as z:
        assert z.testzip() is None
        assert {n: z.read(n) for n in z.namelist()} == files


def test_bundle_is_small_enough_for_phones(bundle):
    """The apk stays within 736 KiB (bench_bundle.py prints what takes the room). Why 640: a
    first visit also fetches pygbag's runtime (its pygame-ce wheel alone is 1.5 MB, the
    interpreter more), so the apk is under a tenth of it; afterwards the site's worker keeps
    everything and an update fetches the apk alone: 640 KiB is about 5 s on a 1 Mbit/s phone
    connection. It was 600 until the warm-up, the still layers and the resting loop, and 640 until
    the Hareeja and Ronda scenes were split into parts (649 KiB after: more modules, each with
    its own docstring and imports); 672 until the scoreboard, spectators, rematch, hints with
    reasons and the layout probe (674 KiB with them); 704 until the guided first rounds, the
    printed card art, the rummy hand for thumbs, the lobby and statistics split by view and the
    browser's presenter (706 KiB with them); 736 is about 5.9 s at 1 Mbit/s."""
    assert APK.stat().st_size <= 736 * 1024


def test_build_leaves_only_the_page_the_apk_the_icon_and_the_site_files(bundle):
    site = ["icons", "manifest.webmanifest", "present.js", "site.js", "sw.js"]  # tools/site_web.py
    names = ["favicon.png", "index.html", APK.name, *site]
    assert sorted(p.name for p in APK.parent.iterdir()) == sorted(names)


def test_page_is_ours_with_arabic_loading_text_and_can_close(bundle):
    page = (ROOT / "build" / "web" / "index.html").read_text(encoding="utf-8")
    assert "جارٍ" in page and "can_close : 1" in page
    assert "{{cookiecutter" not in page
    assert (ROOT / "build" / "web" / "favicon.png").exists()
