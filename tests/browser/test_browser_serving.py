"""The harness serves the bundle as a static host must (docs/DEPLOY.md):
majlis.apk byte for byte with its exact Content-Length and no content encoding (pygbag's
loader allocates the download by that length), and the page runs the BUILT apk."""

from __future__ import annotations

import urllib.request
import zipfile

import pytest
from serve import APK, ApkServedWrong, check_apk_headers

from conftest import TIMES


def test_the_apk_is_served_whole_with_its_exact_length_and_no_encoding(harness, phone):
    request = urllib.request.Request(
        harness.origin + "/majlis.apk", headers={"Accept-Encoding": "gzip, deflate, br"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        body = reply.read()
        assert reply.headers["Content-Length"] == str(APK.stat().st_size)
        assert reply.headers.get("Content-Encoding") is None
    assert body == APK.read_bytes()
    # what the browser itself received when the page loaded it
    seen = [r for r in phone.responses if r["url"].endswith("/majlis.apk")]
    assert seen, "the page never fetched majlis.apk"
    headers = {k.lower(): v for k, v in seen[0]["headers"].items()}
    assert headers["content-length"] == str(APK.stat().st_size)
    assert "content-encoding" not in headers
    assert seen[0]["status"] == 200


def test_the_server_refuses_to_send_the_apk_with_a_wrong_length_or_an_encoding():
    if not APK.exists():
        pytest.skip("build/web/majlis.apk is missing: run ./majlis web first")
    body = APK.read_bytes()
    check_apk_headers({"Content-Length": str(len(body))}, body)
    with pytest.raises(ApkServedWrong):
        check_apk_headers({"Content-Length": str(len(body) - 1)}, body)
    with pytest.raises(ApkServedWrong):
        check_apk_headers({"Content-Length": str(len(body)), "Content-Encoding": "gzip"}, body)


def test_the_page_runs_exactly_the_built_apk(phone):
    """Every file the game opened came from the unpacked apk: main.py's folder is the apk's
    assets/, and the modules the game imported are the apk's files."""
    with zipfile.ZipFile(APK) as bundle:
        names = {n.removeprefix("assets/") for n in bundle.namelist()}
    files = phone.py(
        "sorted(m.__file__ for n, m in __import__('sys').modules.items()"
        " if (n == 'game' or n.startswith('game.')) and getattr(m, '__file__', None))"
    )
    assert files
    for path in files:
        assert path.startswith("/data/data/majlis/assets/"), path
        assert path.removeprefix("/data/data/majlis/assets/") in names
    TIMES["apk_kib"] = round(APK.stat().st_size / 1024)
