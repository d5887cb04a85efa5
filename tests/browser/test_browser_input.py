"""Input, shape, storage and sound in the real browser.

* every tap acts exactly once: a touch that starts and ends within one frame, a held touch,
  and a touch followed by the mouse events a browser emulates from it; a quick press on the
  setup sheet's Play starts the match (once it did nothing);
* the phone turned mid-match (portrait → landscape → portrait): laid out again, match kept;
* a reload keeps settings, statistics and the saved match, and Continue resumes it;
* after the first tap the page's AudioContext runs, and a card's sound reaches its output.
"""

from __future__ import annotations

import json
import time

from test_browser_hareeja import start_match

from conftest import TIMES, assert_clean, home

LANG = "app.settings['language']"


def other(language: str) -> str:
    return "en" if language == "ar" else "ar"


def settle(page, frames: int = 6) -> None:
    page.frames(frames)


def tap_lang_and_count(page, gesture) -> None:
    """``gesture(x, y)`` on the language button: the language flips exactly once, and
    nothing else acts (the row is mirrored after the flip: a second tap would hit another
    button)."""
    home(page)
    before = page.py(LANG)
    x, y = page.to_css(page.centre(page.widget("lang")))
    gesture(x, y)
    page.wait_py(f"{LANG} != {before!r}", 10)
    settle(page, 20)
    assert page.py(LANG) == other(before)
    assert page.py("scene.name") == "menu" and page.py("app.overlay") is None
    page.tap(page.widget("lang"))  # back, for the next test
    page.wait_py(f"{LANG} == {before!r}", 10)


def test_a_touch_within_one_frame_acts_once(phone):
    tap_lang_and_count(phone, phone.tap_css)
    assert_clean(phone)


def test_a_held_touch_acts_once(phone):
    tap_lang_and_count(phone, lambda x, y: phone.tap_css(x, y, hold=0.6))


def test_a_touch_with_the_browsers_emulated_mouse_events_acts_once(phone):
    """What a phone's browser sends for a tap nobody cancelled: the touch, then mousemove,
    mousedown, mouseup (and click) at the same place."""

    def touch_then_mouse(x, y):
        phone.tap_css(x, y)
        phone.click_css(x, y)

    tap_lang_and_count(phone, touch_then_mouse)


def test_a_quick_press_on_play_starts_the_match(page):
    """Press and release within one frame (no pause at all between them)."""
    home(page)
    page.tap(page.widget("tile:ronda"))
    page.wait_py("scene.name == 'setup'", 10)
    page.tap(page.widget("play"))
    if page.wait_py("scene.name == 'ronda' or widget('yes')", 10) is not True:
        page.tap(page.widget("yes"))
    page.wait_py("scene.name == 'ronda'", 10)
    first = page.py("id(scene)")
    settle(page, 30)
    assert page.py("id(scene)") == first  # one table, not a second one over it
    assert_clean(page)


def test_the_phone_turned_mid_match_lays_out_again_and_keeps_the_match(phone):
    start_match(phone, "hareeja")
    phone.wait_py("len(scene.session.match.log) >= 1 and scene.can_bid() and scene.idle()", 60)
    phone.tap(phone.widget("bid:2"))
    phone.tap(phone.widget("confirm"))
    phone.wait_py("len(scene.session.match.log) >= 5", 60)
    scene = phone.py("id(scene)")
    log = phone.py("scene.session.match.log")
    assert phone.py("list(app.screen.get_size())") == [1080, 1920]
    opened = phone.py("app.window.opened")
    began = time.monotonic()
    phone.emulate(phone.device.turned())
    phone.wait_py("not app.layout.portrait", 10)
    TIMES["relayout_after_turn_s"] = round(time.monotonic() - began, 2)
    assert phone.py("list(app.screen.get_size())") == [1920, 1080]
    box = phone.canvas_box()
    assert box["w"] > box["h"] and box["fw"] == 1920
    assert phone.py("app.window.opened") == opened  # the window resized, no second set_mode
    assert phone.py("id(scene)") == scene
    assert phone.py(f"scene.session.match.log[:{len(log)}]") == log
    settle(phone, 20)
    phone.emulate(phone.device.turned())
    phone.wait_py("app.layout.portrait", 10)
    assert phone.py("list(app.screen.get_size())") == [1080, 1920]
    assert phone.py("id(scene)") == scene
    assert phone.py(f"scene.session.match.log[:{len(log)}]") == log
    # still playable: a card of mine is where the new layout draws it, and a tap plays it
    phone.wait_py("scene.my_turn() and scene.idle()", 90)
    card = phone.py("sorted(scene.legal_cards())[0]")
    count = phone.py("len(scene.session.match.log)")
    phone.tap(phone.py(f"rect(scene.hand[{card!r}].rect())"))
    phone.wait_py(f"len(scene.session.match.log) > {count}", 10)
    assert phone.py(f"scene.session.match.log[{count}]") == [0, {"type": "play", "card": card}]
    assert_clean(phone)


def stored(page, key: str):
    raw = page.js(f"localStorage.getItem('majlis.{key}')")
    return None if raw is None else json.loads(raw)


def play_a_ronda_card(page) -> str:
    """On my turn, a tap on my first card: it is played (RO-9: any card may be)."""
    page.wait_py("scene.my_turn() and scene.idle()", 60)
    card = page.py("sorted(scene.hand)[0]")
    count = page.py("len(scene.session.match.log)")
    page.tap(page.py(f"rect(scene.hand[{card!r}].rect())"))
    page.wait_py(f"len(scene.session.match.log) > {count}", 10)
    assert page.py(f"scene.session.match.log[{count}]") == [0, {"type": "play", "card": card}]
    return card


def test_a_reload_keeps_settings_statistics_and_the_match_and_continue_resumes_it(desktop):
    page = desktop
    # statistics: a match started and then replaced from the setup sheet counts as played
    start_match(page, "ronda")
    page.wait_py("len(scene.session.match.log) >= 1", 30)
    home(page)
    page.tap(page.widget("tile:ronda"))
    page.wait_py("scene.name == 'setup'", 10)
    page.tap(page.widget("play"))
    page.tap(page.widget("yes", 10))  # over the saved one: that one counts as played
    page.wait_py("scene.name == 'ronda'", 10)
    play_a_ronda_card(page)
    home(page)
    settings, stats = stored(page, "settings"), stored(page, "stats")
    match = stored(page, "match.ronda")
    assert settings["language"] == "en" and settings["speed"] == "fast"
    assert stats, "the replaced match was not recorded"
    assert match["game"] == "ronda" and match["record"]["log"]
    page.reload()
    page.start()
    assert page.py(LANG) == "en"  # no tap on the language button this time
    assert stored(page, "settings") == settings
    assert stored(page, "stats") == stats
    assert stored(page, "match.ronda")["record"] == match["record"]
    page.tap(page.widget("stats"))
    page.wait_py("scene.name == 'stats'", 10)
    home(page)
    page.tap(page.widget("continue:ronda"))
    page.wait_py("scene.name == 'ronda'", 10)
    log = match["record"]["log"]
    assert page.py(f"scene.session.match.log[:{len(log)}]") == log
    assert_clean(page)


def test_after_the_first_tap_the_audio_runs_and_a_card_sound_plays(phone):
    # The first tap started the page's audio; a game at rest since has suspended it again
    # (game/ui/pacing.py) until the next cue or gesture.
    assert "running" in phone.js("harness.audio.states")
    start_match(phone, "hareeja")
    phone.wait_py("scene.can_bid() and scene.idle()", 60)
    phone.tap(phone.widget("bid:1"))
    phone.tap(phone.widget("confirm"))
    phone.wait_py("scene.my_turn() and scene.idle()", 90)
    loud = phone.js("harness.audio.loud")
    card = phone.py("sorted(scene.legal_cards())[0]")
    phone.tap(phone.py(f"rect(scene.hand[{card!r}].rect())"))
    phone.wait_py("'play' in app.audio.played[-3:]", 10)
    phone.wait_js(f"harness.audio.loud > {loud}", 5)
    assert phone.js("harness.audioState()") == "running"
    assert phone.js("harness.audio.peak") > 0.01
    assert_clean(phone)
