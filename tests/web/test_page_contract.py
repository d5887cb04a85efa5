"""The built index.html has everything pygbag 0.9.3's loader (pythons.js) reads.

The ids and attributes below were read from pythons.js; where pygbag's page files are present
(shared/vendor/pygbag-page/cdn, see page_kit.vendor_cdn) the test also re-reads them from the
loader itself, so a newer pygbag that reads something new fails here instead of on a phone.
"""

import os
import re
from html.parser import HTMLParser

import pytest
from page_kit import BUILD, vendor_cdn

# Element ids pythons.js looks up, and whether our page must have them.
LOADER_IDS = {
    "canvas": "the 2D canvas SDL draws on (feat_gui)",
    "canvas3d": "else feat_gui adds a stray 128x128 canvas to the page",
    "status": "download status text (vm.setStatus)",
    "progress": "download progress bar (vm.setStatus)",
    "transfer": "else onload inserts pygbag's own progress block",
    "html": "container for HTML output (onload)",
    "dlg_multifile": "file upload input (feat_fs; created if missing, ours stays hidden)",
}
NOT_NEEDED = {
    "spinner": "optional in vm.setStatus",
    "terminal": "xterm.js terminal: feature 'vtx', which the page does not load",
    "stdio": "simple terminal: feature 'vt', not loaded",
    "stdout": "<pre> output: feature 'stdout', not loaded",
    "dlhandler": "feature 'smp', not loaded",
}
# What the Python block in the template and main.py use from the page.
PAGE_IDS = {"loading", "status_ar", "status_en", "failure", "fail_detail", "safe_area"}
CONFIG_KEYS = {
    "xtermjs",
    "_sdl2",
    "user_canvas",
    "user_canvas_managed",
    "ume_block",
    "can_close",
    "archive",
    "gui_debug",
    "cdn",
    "autorun",
    "PYBUILD",
}
MAJLIS_API = {"start", "say", "progress", "fail", "ready", "fit", "shape", "size", "unlock"}
MAJLIS_API |= {"audioContexts", "audioState", "resumeAudio"}  # sound


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.scripts: list[dict] = []
        self._script: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if tag == "script":
            self._script = {**attrs, "text": ""}
            self.scripts.append(self._script)

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            self._script["text"] += data

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.elements if a.get("id")}


@pytest.fixture(scope="module")
def page():
    index = BUILD / "index.html"
    if not index.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must build the web page (./majlis web) before the tests")
        pytest.skip("no web build here: run ./majlis web")
    parsed = Page()
    parsed.text = index.read_text(encoding="utf-8")
    parsed.feed(parsed.text)
    return parsed


def loader(page) -> dict:
    found = [
        s for s in page.scripts if s.get("type") == "module" and "pythons.js" in s.get("src", "")
    ]
    assert len(found) == 1, "exactly one pythons.js module script"
    return found[0]


def test_loader_script_tag_has_what_pythons_js_reads(page):
    site = loader(page)
    assert re.fullmatch(r"python3\.\d+", site["data-python"])
    features = site["data-os"].split(",")
    assert {"gui", "snd", "fs"} <= set(features)
    assert not {"vtx", "vt", "stdout"} & set(features), "no terminal code on the page"
    assert site["src"].endswith("/0.9.3/pythons.js")


def test_loader_script_text_is_the_python_block_and_compiles(page):
    text = loader(page)["text"]
    assert text.startswith("#<!--") and text.rstrip().endswith("# -->")
    compile(text, "site.py", "exec")
    assert "page.start()" in text and "shell.runpy(main" in text


def test_config_and_the_majlis_object_come_before_the_loader(page):
    first = page.scripts[0]
    assert "type" not in first and "src" not in first, "a classic inline script runs first"
    keys = set(
        re.findall(
            r"^\s*(\w+)\s*:", first["text"].split("var config = {", 1)[1].split("};", 1)[0], re.M
        )
    )
    assert keys == CONFIG_KEYS
    assert "user_canvas_managed : 1" in first["text"]
    api = set(re.findall(r"page\.(\w+) = function", first["text"]))
    assert api >= MAJLIS_API
    assert "window.custom_onload = function" in first["text"]


def test_every_id_the_loader_and_our_python_read_is_there(page):
    missing = (set(LOADER_IDS) | PAGE_IDS) - page.ids()
    assert not missing, missing
    tags = {a.get("id"): tag for tag, a in page.elements}
    assert tags["canvas"] == "canvas" and tags["progress"] == "progress"
    assert not set(NOT_NEEDED) & page.ids()


def test_page_meta_and_css_for_phones(page):
    metas = {
        a.get("name") or "charset": a.get("content") or a.get("charset")
        for tag, a in page.elements
        if tag == "meta"
    }
    assert metas["charset"].lower() == "utf-8"  # pythons.js alerts otherwise
    assert "viewport-fit=cover" in metas["viewport"]
    assert "user-scalable=no" in metas["viewport"]
    assert "touch-action: none" in page.text
    assert "{{cookiecutter" not in page.text
    canvas = next(a for tag, a in page.elements if a.get("id") == "canvas")
    assert (canvas["width"], canvas["height"]) == ("1280", "720"), "the game's shape, not 1x1"


def test_pythons_js_reads_no_id_we_have_not_accounted_for():
    cdn = vendor_cdn()
    if cdn is None:
        pytest.skip("pygbag's page files are missing (shared/vendor/pygbag-page/cdn)")
    source = (cdn / "pythons.js").read_text(encoding="utf-8")
    live = [line for line in source.splitlines() if not line.lstrip().startswith("//")]
    read = set(re.findall(r"getElementById\(\s*['\"](\w+)['\"]\s*\)", "\n".join(live)))
    assert read, "pythons.js looks elements up by id"
    assert read <= set(LOADER_IDS) | set(NOT_NEEDED), read - set(LOADER_IDS) - set(NOT_NEEDED)
    config_read = set(re.findall(r"\bconfig\.(\w+)", "\n".join(live)))
    assert {"cdn", "archive", "ume_block", "can_close", "user_canvas_managed"} <= config_read
    assert 'location.search.search("-i")' in source  # why links keep values out of the query
    assert "vm.cpy_argv[0].search('py')" in source
