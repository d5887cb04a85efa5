"""The site around the game: the manifest, its icons, the service worker's build
values (tools/site_web.py). The runtime beside the game: tests/web/test_site_runtime.py; the
browser side runs in tests/browser/test_offline.py."""

from __future__ import annotations

import hashlib
import json
import re
import struct
import sys
from pathlib import Path

import pytest
from page_kit import BUILD, ROOT

sys.path.insert(0, str(ROOT / "tools"))
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


def test_the_template_links_the_manifest_and_loads_its_scripts_once_before_the_loader():
    for script in ("present.js", "site.js"):
        assert TEMPLATE.count(f'<script src="{script}"></script>') == 1
    present, site = TEMPLATE.index('src="present.js"'), TEMPLATE.index('src="site.js"')
    loader = TEMPLATE.index('pythons.js" type=module')
    assert TEMPLATE.index("window.majlis =") < present < site < loader  # part 1 first, pygbag last
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
    assert "present.js" in precache
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
