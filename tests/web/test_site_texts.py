"""The page's own words: what web/majlis.tmpl and web/site.js show outside the game
(loading, the failure, "updated", the install offer) are entries "page.*" of the game's catalog
game/i18n/ar.po, translated and checked as the game's words are (tests/test_i18n_catalogs.py
checks every entry), and written into the built page by tools/site_web.py."""

from __future__ import annotations

import json
import re
import sys

import pytest
from page_kit import BUILD, ROOT

sys.path.insert(0, str(ROOT / "tools"))
import site_web

SOURCES = {name: (ROOT / "web" / name).read_text(encoding="utf-8")
           for name in ("majlis.tmpl", "site.js")}  # fmt: skip
ARABIC = re.compile(r"[\u0600-\u06ff]")


def used_keys(text: str) -> set[str]:
    """Every word key a page source asks for: say(...) and twoLines(el, ...) arguments,
    TEXT.key, and the HTML's @@page.key.ar@@ spots."""
    keys = set(re.findall(r"TEXT\.(\w+)", text)) | set(re.findall(r"@@page\.(\w+)\.", text))
    for call in re.findall(r"(?:say|twoLines)\(([^)]*)\)", text):
        keys |= set(re.findall(r"\"(\w+)\"", call))
    return keys


def test_every_word_the_page_shows_is_a_translated_catalog_entry():
    texts = site_web.page_texts()
    for name, text in SOURCES.items():
        keys = used_keys(text)
        assert keys, name
        for key in keys:
            assert key in texts, f"{name} shows page.{key}, which the catalog lacks"
            arabic, english = texts[key]
            assert ARABIC.search(arabic) and arabic != english, key


def test_every_page_entry_of_the_catalog_is_shown_somewhere():
    used = set().union(*(used_keys(t) for t in SOURCES.values()))
    assert set(site_web.page_texts()) == used


def test_the_sources_hold_no_words_of_their_own():
    """No Arabic in the page's scripts and HTML but the catalog's (the Python block of the
    template says keys too)."""
    for name, text in SOURCES.items():
        assert not ARABIC.search(text), name
        assert len(re.findall(r"/\*@TEXT@\*/\{\}/\*@END@\*/", text)) == 1, name


def test_a_word_missing_from_the_catalog_stops_the_build_naming_it():
    with pytest.raises(RuntimeError, match=r"no entry page\.nowhere"):
        site_web.with_texts("<p>@@page.nowhere.ar@@</p>", "index.html", {"x": ["س", "x"]})


def test_the_words_are_written_in_both_languages_and_escaped():
    texts = {"a": ["أ < ب", "A & B"]}
    out = site_web.with_texts("var TEXT = /*@TEXT@*/{}/*@END@*/; @@page.a.ar@@|@@page.a.en@@",
                              "x", texts)  # fmt: skip
    table = re.search(r"/\*@TEXT@\*/(.*?)/\*@END@\*/", out).group(1)
    assert json.loads(table) == texts
    assert out.endswith("أ &lt; ب|A &amp; B")


def test_the_built_page_and_site_js_carry_the_catalogs_words():
    if not (BUILD / "sw.js").exists():
        pytest.skip("build/web has no sw.js: run ./majlis web")
    texts = site_web.page_texts()
    for name in ("index.html", "site.js"):
        built = (BUILD / name).read_text(encoding="utf-8")
        assert "@@page." not in built, name
        table = re.search(r"/\*@TEXT@\*/(.*?)/\*@END@\*/", built).group(1)
        assert json.loads(table) == texts, name
    page = (BUILD / "index.html").read_text(encoding="utf-8")
    assert texts["failed_help"][0] in page and texts["reload"][1] in page
