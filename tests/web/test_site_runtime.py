"""pygbag's runtime for a site (tools/site_web.py, ``./majlis web --runtime``): a
folder is copied beside the game only when every file is pygbag 0.9.3's by its pinned SHA-256
(main.wasm, which no published sum pins, only with the operator's --runtime-wasm-sha256); an
address is checked as far as it can be without the network, and the build says what players'
browsers will fetch from it. A refused runtime writes nothing."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest
from page_kit import BUILD, ROOT, vendor_cdn

sys.path.insert(0, str(ROOT / "tools"))
import build_web
import site_web

WASM = b"\0asm stand-in for main.wasm"
WASM_SHA = hashlib.sha256(WASM).hexdigest()


def vendor_dirs() -> list[str]:
    cdn = vendor_cdn()
    if cdn is None:
        pytest.skip("../shared/vendor/pygbag-page/cdn (pygbag's page files) is missing")
    return [str(cdn), str(cdn.parents[1] / "pygbag-wheels")]


def build_files() -> dict[Path, float]:
    return {p: p.stat().st_mtime for p in BUILD.glob("*")} if BUILD.exists() else {}


@pytest.fixture
def complete(tmp_path, monkeypatch) -> list[str]:
    """The vendored runtime plus stand-ins for the two files missing here (main.wasm, six);
    six's stand-in is pinned in a copy of the list, main.wasm stays unpinned as in the real
    list."""
    dirs = vendor_dirs()
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "main.wasm").write_bytes(WASM)
    (extra / "six-1.17.0-py2.py3-none-any.whl").write_bytes(b"six stand-in")
    six = hashlib.sha256(b"six stand-in").hexdigest()
    sums = tmp_path / "sums"
    sums.write_text(re.sub(r"\S+(  pkg/six-)", six + r"\1", site_web.SUMS.read_text()))
    monkeypatch.setattr(site_web, "SUMS", sums)
    return [*dirs, str(extra)]


def fake_site(out: Path) -> None:
    out.mkdir()
    for name in ("index.html", "favicon.png", "majlis.apk", "manifest.webmanifest"):
        (out / name).write_bytes(name.encode())
    (out / "icons").mkdir()
    for name, _, _ in site_web.ICONS:
        (out / "icons" / name).write_bytes(b"icon")


def test_the_list_pins_every_runtime_file_but_main_wasm():
    unpinned = [path for digest, path in site_web.expected_files() if digest is None]
    assert unpinned == ["cpython312/main.wasm"]


def test_the_build_against_the_vendored_runtime_says_main_wasm_is_missing(capsys):
    before = build_files()
    args = [a for d in vendor_dirs() for a in ("--runtime", d)]
    assert build_web.main(args) == 2
    said = capsys.readouterr().err
    assert "missing: cpython312/main.wasm" in said and "pygbag 0.9.3" in said
    assert "missing: pythons.js" not in said
    assert "not pygbag 0.9.3's:" not in said  # every vendored file matches its pinned sum
    assert build_files() == before  # nothing written


def test_a_file_that_is_not_pygbags_is_named(tmp_path):
    dirs = vendor_dirs()
    (tmp_path / "pythons.js").write_text("// not pygbag's loader")
    with pytest.raises(site_web.RuntimeMissing) as error:
        site_web.find_runtime([str(tmp_path), *dirs])
    assert "not pygbag 0.9.3's: pythons.js" in str(error.value)


def test_main_wasm_without_a_pin_is_refused_with_its_sum_and_how_to_pin_it(complete):
    with pytest.raises(site_web.RuntimeMissing) as error:
        site_web.find_runtime(complete)
    said = str(error.value)
    assert "not pinned: cpython312/main.wasm" in said and "pygbag 0.9.3" in said
    assert WASM_SHA in said and "--runtime-wasm-sha256" in said


def test_main_wasm_not_matching_the_operators_pin_is_refused_and_nothing_written(complete, capsys):
    wrong = "0" * 64
    before = build_files()
    args = [a for d in complete for a in ("--runtime", d)]
    assert build_web.main([*args, "--runtime-wasm-sha256", wrong]) == 2
    said = capsys.readouterr().err
    assert "not the pinned cpython312/main.wasm" in said and "pygbag 0.9.3" in said
    assert WASM_SHA in said and wrong in said
    assert build_files() == before


@pytest.mark.parametrize("value", ["abc", "g" * 64, WASM_SHA + "0"])
def test_a_pin_that_is_no_sha256_is_refused(complete, value):
    with pytest.raises(site_web.RuntimeRefused, match="not a SHA-256"):
        site_web.find_runtime(complete, value)


def test_a_pin_without_a_runtime_folder_is_refused():
    with pytest.raises(site_web.RuntimeRefused, match="give DIR"):
        site_web.find_runtime([], WASM_SHA)
    with pytest.raises(site_web.RuntimeRefused, match="for a folder"):
        site_web.find_runtime(["https://runtime.example/0.9.3/"], WASM_SHA)


def test_a_hosted_runtime_is_copied_with_an_index_pointing_home_and_its_sums(complete, tmp_path):
    """Every file present, main.wasm pinned by the operator: the site gets runtime/ with each
    file, the index's wheels there, no other origin, and the sums it was checked against."""
    runtime = site_web.find_runtime(complete, WASM_SHA.upper())  # any case of hex digits
    assert runtime.hosted and runtime.cdn == "runtime/"
    assert runtime.operator_pinned == {"cpython312/main.wasm": WASM_SHA}
    out = tmp_path / "site"
    fake_site(out)
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
    assert f'"runtime/cpython312/main.wasm": "{WASM_SHA}"' in worker
    site = (out / "site.js").read_text()
    assert '"https://pygame-web.github.io/cdn/index-": "runtime/index-"' in site
    recorded = (out / "runtime-0.9.3.sha256").read_text()
    assert f"{WASM_SHA}  cpython312/main.wasm  # --runtime-wasm-sha256" in recorded
    for digest, path in site_web.expected_files():
        assert f"{digest or WASM_SHA}  {path}" in recorded
    said = "\n".join(runtime.report())
    assert "hosted in runtime/" in said and WASM_SHA in said


@pytest.mark.parametrize(
    ("url", "cdn"),
    [
        ("https://runtime.example/pygbag/0.9.3", "https://runtime.example/pygbag/0.9.3/"),
        ("https://pygame-web.github.io/cdn/0.9.3/", site_web.PYGBAG_CDN),
        ("https://mirror.example:8443/", "https://mirror.example:8443/"),
        ("http://localhost:9420/cdn/", "http://localhost:9420/cdn/"),
        ("http://127.0.0.1/0.9.3/", "http://127.0.0.1/0.9.3/"),
    ],
)
def test_a_runtime_address_is_used_as_pygbags_cdn_folder(url, cdn):
    runtime = site_web.find_runtime([url])
    assert runtime.cdn == cdn and not runtime.hosted
    said = "\n".join(runtime.report())
    for name in site_web.LOADER_FILES:
        assert name in said  # what players' browsers will fetch there
    assert f"{cdn} (not fetched nor checked by the build)" in said
    assert site_web.PYGBAG_INDEX_BASE + site_web.INDEX in said  # and from pygbag's host


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://runtime.example/0.9.3/", "http:// is refused"),
        ("ftp://runtime.example/0.9.3/", "https:// is needed"),
        ("file:///srv/runtime/", "https:// is needed"),
        ("https:///0.9.3/", "no host"),
        ("https://user:secret@runtime.example/", "user or password"),
        ("https://runtime.example/0.9.3/?v=1", "query or a fragment"),
        ("https://runtime.example/0.9.3/#x", "query or a fragment"),
        ("https://runtime.example/0.9.3/pythons.js", "names a file (pythons.js)"),
        ("https://runtime.example/0.9.3/index.html", "names a file"),
        ("https://pygame-web.github.io/cdn/0.9.2/", "pygbag 0.9.2"),
    ],
)
def test_a_runtime_address_that_cannot_be_pygbags_folder_is_refused(url, reason, capsys):
    before = build_files()
    assert build_web.main(["--runtime", url]) == 2
    said = capsys.readouterr().err
    assert reason in said and url in said
    assert build_files() == before


def test_an_address_with_other_runtime_values_is_refused():
    with pytest.raises(site_web.RuntimeRefused, match="one address"):
        site_web.find_runtime(["https://runtime.example/0.9.3/", "/srv/runtime"])


def test_the_default_is_pygbags_cdn():
    runtime = site_web.find_runtime([])
    assert runtime.cdn == site_web.PYGBAG_CDN and not runtime.hosted
