"""The site keeps working, in real headless Chromium under the site's own service
worker (tests/browser/site_server.py: the harness page and the built site on one origin).

* The manifest parses (Chromium's own reading of it, Page.getAppManifest) and its icons exist
  at their sizes.
* First visit online: the worker installs whole and keeps everything the page loaded, and
  persistent storage was asked for. Then the network is cut (DevTools
  ``Network.emulateNetworkConditions`` offline, and the server drops every connection) and
  the page is visited again: it starts from the cache, the online lobby says it is offline
  at once, and a Hareeja match against bots plays by taps.
* A new build published: the next visit after the worker found it runs it whole (its site.js
  and its apk together), says "updated" once, and takes the runtime from the old build's cache.
* The worker never keeps an error reply, an apk cut short or a range reply: the install fails
  whole and nothing is cached; a runtime file that answers 404 is refused.
"""

from __future__ import annotations

import json
import time

import pytest
from browser_driver import BOOT_SECONDS, PHONE
from site_server import FAULTS, SiteServer, new_build

from conftest import TIMES, assert_clean, home, open_game

CACHE_SIZE_JS = """(async () => {
  const out = {names: await caches.keys(), entries: 0, bytes: 0, urls: []};
  for (const name of out.names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const reply = await cache.match(request);
      out.bytes += (await reply.arrayBuffer()).byteLength;
      out.entries += 1;
      out.urls.push(request.url);
    }
  }
  return out;
})()"""
REGISTRATION_JS = """(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  return r ? {active: !!r.active, waiting: !!r.waiting, installing: !!r.installing} : null;
})()"""


@pytest.fixture(scope="module")
def site(harness, tmp_path_factory):
    from serve import BUILD

    folder = tmp_path_factory.mktemp("site") / "v1"
    import shutil

    shutil.copytree(BUILD, folder)
    if not (folder / "sw.js").exists():
        pytest.fail("build/web has no sw.js: run ./majlis web")
    server = SiteServer(folder)
    yield server
    server.close()


@pytest.fixture(scope="module")
def visitor(browser, site):
    began = time.monotonic()
    page = open_game(browser, site, PHONE)
    TIMES["site_first_visit_start_s"] = round(time.monotonic() - began, 1)
    yield page
    page.call("Network.emulateNetworkConditions", OFFLINE | {"offline": False})
    browser.close_page(page)
    print("\nsite figures:", {k: v for k, v in TIMES.items() if k.startswith("site_")})


OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def visit(page, server) -> float:
    """A new visit to the site (a navigation, not a forced reload: that would bypass the
    worker), started by its first tap, on the home screen; returns the seconds it took. The
    first tap is given in the page's top corner, where the home screen has nothing: a tap that
    reaches the game once it runs must not open a game (the Continue card of the match the
    offline test left saved moves the tiles under the middle of the screen)."""
    began = time.monotonic()
    page.navigate(server.url)
    try:
        page.booted()
        if page.js("harness.phase") == "tap":
            page.tap_css(2, 2)
        page.wait_js("harness.phase === 'running'", 30)
        page.wait_py("app is not None and app.frame > 2 and scene.name == 'menu'", BOOT_SECONDS)
    except AssertionError as error:  # what the page and its worker were doing, for the log
        state = page.js("JSON.stringify({url: location.href, site: window.majlis && majlis.site,"
                        " phase: window.harness && harness.phase})")  # fmt: skip
        try:
            scene = page.py("(scene.name, app.frame, app.overlay is not None)")
        except RuntimeError as why:
            scene = str(why)
        raise AssertionError(f"{error}; the page: {state}; the game: {scene}") from error
    return round(time.monotonic() - began, 1)


def offline_ready(page) -> dict:
    page.wait_js("majlis.site.offline.ready", 120)
    return page.js("majlis.site.offline")


def test_manifest_parses_and_its_icons_exist(visitor, site):
    got = visitor.call("Page.getAppManifest")
    assert got["errors"] == [], got["errors"]
    manifest = json.loads(got["data"])
    assert manifest["display"] == "standalone" and manifest["lang"] == "ar"
    assert "orientation" not in manifest  # portrait preferred, never locked
    sizes = {}
    for icon in manifest["icons"]:
        size = visitor.js(
            f"fetch({icon['src']!r}).then(r => r.ok ? r.blob() : null)"
            ".then(b => b && createImageBitmap(b)).then(i => i && [i.width, i.height])"
        )
        assert size == [int(n) for n in icon["sizes"].split("x")], icon
        sizes.setdefault(icon["purpose"], []).append(size[0])
    assert sorted(sizes["any"]) == [192, 512] and sizes["maskable"] == [512]


def test_first_visit_then_offline_it_starts_and_a_match_against_bots_plays(visitor, site):
    kept = offline_ready(visitor)
    assert kept["refused"] == [] or all("cpythonrc" in u for u in kept["refused"]), kept
    # navigator.storage.persist() was asked once the game showed (its answer is the browser's)
    assert visitor.wait_js("majlis.site.persisted !== null", 10) is True
    cache = visitor.js(CACHE_SIZE_JS)
    assert len(cache["names"]) == 1, cache["names"]  # one build, one cache
    assert any(u.endswith("/majlis.apk") for u in cache["urls"])
    assert any(u.endswith("pyodide.asm.wasm") for u in cache["urls"])
    TIMES["site_cache_entries"] = cache["entries"]
    TIMES["site_cache_MiB"] = round(cache["bytes"] / 2**20, 1)

    visitor.call("Network.emulateNetworkConditions", OFFLINE)
    site.down = True
    try:
        TIMES["site_offline_visit_start_s"] = visit(visitor, site)
        assert visitor.js("navigator.onLine") is False
        home(visitor)
        visitor.tap(visitor.widget("online"))  # said at once (tests/ui/test_site_offline.py)
        visitor.wait_py("scene.name == 'lobby' and scene.state == 'offline'", 5)
        home(visitor)
        play_bots_a_little(visitor)
        assert_clean(visitor)
    finally:
        site.down = False
        visitor.call("Network.emulateNetworkConditions", OFFLINE | {"offline": False})


def play_bots_a_little(page) -> None:
    """Hareeja against three bots by taps: a bid, then cards until the bots have played too."""
    page.tap(page.widget("tile:hareeja"))
    page.wait_py("scene.name == 'setup'", 10)
    page.tap(page.widget("play"))
    if page.wait_py("scene.name == 'hareeja' or widget('yes')", 10) is not True:
        page.tap(page.widget("yes"))
    page.wait_py("scene.name == 'hareeja'", 10)
    page.wait_py("scene.can_bid() and scene.idle()", 60)
    page.tap(page.widget("bid:1"))
    page.wait_py("scene.bidding.pick == 1", 5)
    page.tap(page.widget("confirm"))
    for _ in range(2):
        page.wait_py("scene.my_turn() and scene.idle()", 90)
        legal = page.py("sorted(scene.legal_cards())")
        card = next(c for c in page.py("[c for c in scene.hand_order if c in scene.hand]")
                    if c in legal)  # fmt: skip
        log = page.py("len(scene.session.match.log)")
        page.tap(page.py(f"rect(scene.hand[{card!r}].rect())"))
        page.wait_py(f"len(scene.session.match.log) > {log}", 10)
    seats = page.py("sorted({s for s, a in scene.session.match.log if a['type'] == 'play'})")
    assert seats == [0, 1, 2, 3]  # the bots played their cards, offline


WAITING_JS = "navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))"
MARKER_PY = "__import__('os').path.exists('/data/data/majlis/assets/build-marker.txt')"


@pytest.mark.timeout(1200)  # three visits, each a boot that may take minutes on a loaded machine
def test_a_new_build_is_run_whole_at_the_next_visit_and_said_once(visitor, site, tmp_path):
    """The visit during which the browser finds the new build runs the old one (the new one
    installs beside it, fetching only its changed files, and waits); the next visit runs the
    new one whole (its page, site.js and apk), says "updated" once, and fetches none of the
    runtime again (carried over)."""
    offline_ready(visitor)
    old = visitor.js("majlis.site.version")
    fresh = new_build(site.build, tmp_path / "v2", marker="v2")
    assert fresh != old
    published = len(site.requests)
    site.publish(tmp_path / "v2")
    began = time.monotonic()
    visits = 0
    for visits in (1, 2):
        visit(visitor, site)
        version = visitor.js("majlis.site.version")
        assert version in (old, fresh)
        assert visitor.py(MARKER_PY) is (version == fresh)  # never the page of one, apk of other
        if version == fresh:
            break
        assert visits == 1, "the visit after the new build was found did not run it"
        visitor.wait_js(WAITING_JS, 120)  # found during this visit: installed, it waits
        asked = len(site.requests)
        fetched = set(site.requests[published:asked])  # the new build's install: what changed
        assert "/majlis.apk" in fetched and "/site.js" in fetched, fetched
        assert not fetched & {"/manifest.webmanifest", "/favicon.png", "/icons/majlis-512.png"}
    assert version == fresh
    TIMES["site_new_build_visits"] = visits
    TIMES["site_new_build_s"] = round(time.monotonic() - began, 1)
    assert visitor.js("majlis.site.updated") is True
    assert visitor.wait_js("majlis.site.saidUpdated", 10)
    if visits == 2:  # the runtime came from the old build's cache, not the network
        runtime = [p for p in site.requests[asked:] if p.startswith(("/pyodide/", "/wheels/"))]
        assert runtime == [], runtime
    visit(visitor, site)
    assert visitor.js("majlis.site.updated") is False  # said once
    assert visitor.js("majlis.site.version") == fresh
    cache = visitor.js(CACHE_SIZE_JS)
    assert cache["names"] == [f"majlis-{fresh}"]  # the old build's cache is gone
    assert any(u.endswith("pyodide.asm.wasm") for u in cache["urls"])
    assert_clean(visitor)


@pytest.mark.parametrize("fault", FAULTS)
def test_the_worker_never_keeps_an_error_or_a_partial_apk(browser, site, fault):
    site.fault = fault
    page = browser.open("about:blank", PHONE)
    try:
        page.navigate(site.url)
        page.wait_js("majlis.site.offline.worker === 'failed' || null", 60)
        registration = page.js(REGISTRATION_JS)  # a first install that failed: none left
        assert registration is None or registration["active"] is False
        assert page.js(CACHE_SIZE_JS)["entries"] == 0  # nothing of the build kept
    finally:
        site.fault = None
        browser.close_page(page)


def test_a_runtime_file_answering_an_error_is_not_kept(visitor, site):
    offline_ready(visitor)
    answer = visitor.js(
        "navigator.serviceWorker.ready.then(r => new Promise(done => {"
        " const c = new MessageChannel(); c.port1.onmessage = e => done(e.data);"
        f" r.active.postMessage({{type: 'keep', urls: [{site.url + 'nothing-here.js'!r}]}},"
        " [c.port2]); }))"
    )
    assert answer["refused"] == [site.url + "nothing-here.js"] and answer["kept"] == []
    cache = visitor.js(CACHE_SIZE_JS)
    assert not any(u.endswith("nothing-here.js") for u in cache["urls"])


INSTALL_EVENT_JS = """(() => {
  const e = new Event("beforeinstallprompt", {cancelable: true});
  e.prompt = () => { window.prompted = (window.prompted || 0) + 1; return Promise.resolve(); };
  e.userChoice = Promise.resolve({outcome: "dismissed", platform: ""});
  dispatchEvent(e);
  return e.defaultPrevented;
})()"""


def test_the_install_offer_shows_on_the_home_screen_only_and_not_on_a_first_visit(visitor, site):
    """Headless Chromium never fires beforeinstallprompt by itself: the page is given one with
    the event's own members (prompt, userChoice); the rest is the page's real logic."""
    visit(visitor, site)  # a second visit at least
    home(visitor)
    assert visitor.js(INSTALL_EVENT_JS) is True  # the browser's own banner is held back
    visits = visitor.js("majlis.site.visits")
    assert visits >= 2
    visitor.js("majlis.site.visits = 1")  # as on a first visit: no offer
    visitor.pump(1.5)
    assert visitor.js("majlis.site.offer") == "possible"
    visitor.js(f"majlis.site.visits = {visits}")
    visitor.wait_js("majlis.site.offer === 'shown'", 5)
    visitor.tap(visitor.widget("tile:hareeja"))  # another scene: the offer goes
    visitor.wait_py("scene.name == 'setup'", 10)
    visitor.wait_js("majlis.site.offer === 'possible'", 5)
    home(visitor)
    visitor.wait_js("majlis.site.offer === 'shown'", 5)
    box = visitor.js(
        "(() => { const r = document.querySelector('#majlis_install button')"
        ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
    )
    visitor.tap_css(*box)  # "Add": the browser's own install dialog, once
    visitor.wait_js("window.prompted === 1", 5)
    visitor.wait_js("localStorage.getItem('majlis.install') === 'dismissed'", 5)
    assert visitor.js("!!document.getElementById('majlis_install')") is False
    visitor.js(INSTALL_EVENT_JS)  # offered again by the browser: not by us, it was answered
    visitor.pump(1.5)
    assert visitor.js("majlis.site.offer") == "possible"
    assert visitor.py("scene.name") == "menu"  # the tap on the offer did not reach the game
