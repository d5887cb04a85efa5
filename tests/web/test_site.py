"""The site around the game: the manifest, its icons, the service worker's build
values, and the runtime hosted beside the game (tools/site_web.py, tools/build_web.py
--runtime). The browser side runs in tests/browser/test_offline.py."""

from __future__ import annotations

import hashlib
import json
import re
import struct
import sys
from pathlib import Path

import pytest
from page_kit import BUILD, ROOT, vendor_cdn

sys.path.insert(0, str(ROOT / "tools"))
import build_web
import site_web

TEMPLATE = (ROOT / "web" / "majlis.tmpl").read_text(encoding="utf-8")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def built() -> Path:
    if not (BUILD / "sw.js").exists():
        pytest.skip("build/web has no sw.js: run ./majlis web")
    return BUILD


def test_manifest_names_both_languages_standalone_and_never_locks_orientation():
    m = site_web.manifest()
    assert m["lang"] == "ar" and m["dir"] == "rtl"
    assert "المجلس" in m["name"] and "Majlis" in m["name"]
    assert m["short_name"] == "المجلس" and m["translations"]["en"]["short_name"] == "Majlis"
    assert m["display"] == "standalone" and "orientation" not in m
    background = re.search(r"background: (#[0-9a-f]{6})", TEMPLATE).group(1)
    assert m["background_color"] == m["theme_color"] == background  # the table's felt
    assert re.search(r'name="theme-color" content="' + background, TEMPLATE)
    purposes = {(i["sizes"], i["purpose"]) for i in m["icons"]}
    assert purposes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}


def test_the_template_links_the_manifest_and_loads_site_js_once_before_the_loader():
    assert TEMPLATE.count('<script src="site.js"></script>') == 1
    site, loader = TEMPLATE.index('src="site.js"'), TEMPLATE.index('pythons.js" type=module')
    assert TEMPLATE.index("window.majlis =") < site < loader  # after part 1, before pygbag
    assert '<link rel="manifest" href="manifest.webmanifest">' in TEMPLATE


def test_the_built_site_has_its_manifest_icons_and_a_worker_pinned_to_its_files():
    out = built()
    manifest = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        side = int(icon["sizes"].split("x")[0])
        assert png_size((out / icon["src"]).read_bytes()) == (side, side)
    maskable = (out / "icons/majlis-maskable-512.png").read_bytes()
    assert maskable[25] == 2  # colour type RGB: full bleed, no transparent corner
    worker = (out / "sw.js").read_text(encoding="utf-8")
    version = json.loads(re.search(r"const VERSION = (\S+);", worker).group(1))
    precache = json.loads(re.search(r"const PRECACHE = (.+);", worker).group(1))
    site = (out / "site.js").read_text(encoding="utf-8")
    assert f'"version": "{version}"' in site and "@SITE@" not in site
    assert "./" in precache and "majlis.apk" in precache and "site.js" in precache
    for rel, digest in precache.items():
        if rel != "./":
            assert hashlib.sha256((out / rel).read_bytes()).hexdigest() == digest, rel
    assert re.fullmatch(r"[0-9a-f]{16}", version)


def test_a_new_apk_is_a_new_version(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    for name in ("index.html", "favicon.png", "majlis.apk", "manifest.webmanifest"):
        (out / name).write_bytes(name.encode())
    (out / "icons").mkdir()
    for name, _, _ in site_web.ICONS:
        (out / "icons" / name).write_bytes(b"icon")
    first = site_web.write_site_scripts(out, site_web.Runtime())
    assert site_web.write_site_scripts(out, site_web.Runtime()) == first
    (out / "majlis.apk").write_bytes(b"another apk")
    assert site_web.write_site_scripts(out, site_web.Runtime()) != first


def vendor_dirs() -> list[str]:
    cdn = vendor_cdn()
    if cdn is None:
        pytest.skip("../shared/vendor/pygbag-page/cdn (pygbag's page files) is missing")
    return [str(cdn), str(cdn.parents[1] / "pygbag-wheels")]


def test_the_build_against_the_vendored_runtime_says_main_wasm_is_missing(capsys):
    before = {p: p.stat().st_mtime for p in BUILD.glob("*")} if BUILD.exists() else {}
    args = [a for d in vendor_dirs() for a in ("--runtime", d)]
    assert build_web.main(args) == 2
    said = capsys.readouterr().err
    assert "missing: cpython312/main.wasm" in said and "pygbag 0.9.3" in said
    assert "missing: pythons.js" not in said
    assert "not pygbag 0.9.3's:" not in said  # every vendored file matches its pinned sum
    assert {p: p.stat().st_mtime for p in BUILD.glob("*")} == before  # nothing written


def test_a_file_that_is_not_pygbags_is_named(tmp_path):
    dirs = vendor_dirs()
    (tmp_path / "pythons.js").write_text("// not pygbag's loader")
    with pytest.raises(site_web.RuntimeMissing) as error:
        site_web.find_runtime([str(tmp_path), *dirs])
    assert "not pygbag 0.9.3's: pythons.js" in str(error.value)


def test_a_hosted_runtime_is_copied_with_an_index_pointing_home(tmp_path, monkeypatch):
    """Every file present (main.wasm and six stand-ins, their sums pinned for this test):
    the site gets runtime/ with each file, the index's wheels there, and no other origin."""
    dirs = vendor_dirs()
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "main.wasm").write_bytes(b"\0asm stand-in")
    (extra / "six-1.17.0-py2.py3-none-any.whl").write_bytes(b"six stand-in")
    sums = tmp_path / "sums"
    lines = site_web.SUMS.read_text()
    six = hashlib.sha256(b"six stand-in").hexdigest()
    lines = re.sub(r"\S+(  pkg/six-)", six + r"\1", lines)
    sums.write_text(lines)
    monkeypatch.setattr(site_web, "SUMS", sums)
    runtime = site_web.find_runtime([*dirs, str(extra)])
    assert runtime.hosted and runtime.cdn == "runtime/"
    assert set(runtime.unpinned) == {"cpython312/main.wasm"}  # said, to be pinned
    out = tmp_path / "site"
    out.mkdir()
    for name in ("index.html", "favicon.png", "majlis.apk", "manifest.webmanifest"):
        (out / name).write_bytes(name.encode())
    (out / "icons").mkdir()
    for name, _, _ in site_web.ICONS:
        (out / "icons" / name).write_bytes(b"icon")
    site_web.copy_runtime(out, runtime)
    site_web.write_site_scripts(out, runtime)
    index = json.loads((out / "runtime" / site_web.INDEX).read_text())
    assert index["-CDN-"] == "runtime"
    for name in ("pygame", "bidi", "six"):
        assert (out / index["-CDN-"] / index[name]).is_file()
    for path, source in runtime.files.items():
        assert (out / "runtime" / path).read_bytes() == source.read_bytes()
    worker = (out / "sw.js").read_text()
    assert "const KEEP_ORIGINS = [];" in worker  # nothing from another origin
    assert '"runtime/cpython312/main.wasm"' in worker
    site = (out / "site.js").read_text()
    assert '"https://pygame-web.github.io/cdn/index-": "runtime/index-"' in site


def test_a_runtime_address_is_used_as_pygbags_cdn():
    runtime = site_web.find_runtime(["https://runtime.example/pygbag/0.9.3"])
    assert runtime.cdn == "https://runtime.example/pygbag/0.9.3/" and not runtime.hosted
    assert site_web.find_runtime([]).cdn == site_web.PYGBAG_CDN
