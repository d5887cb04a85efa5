"""Ronda in the real browser: from the home screen by real taps (Continue on a
match saved natively from a seed whose first batch gives the player a pair: a declaration
never waits on luck; tests/browser/native_saves.py), a deal with a
capture (RO-9, RO-10: the played card takes its match and the run above it) and a
declaration (RO-16: declared before the first card of a batch); the bot plays the other
seat to the end of the deal; the deal's summary reads right (RO-21: cards over the free
count score a point each). At the phone and the desktop size."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import TIMES, assert_clean, resume
from game.games.ronda.rules import CARDS_FREE

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def saved_pair() -> str:
    out = subprocess.run(
        [sys.executable, str(HERE / "native_saves.py"), "ronda_pair"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])["match"]


def my_turn(page) -> bool:
    return page.wait_py("scene.my_turn() and scene.idle() or scene.score is not None", 90)


def declare(page) -> dict | None:
    """A declaration by a tap, when the engine offers one the hand holds."""
    held = page.py("sorted(scene.held_kinds())")
    if not held:
        return None
    kind = held[0]
    count = page.py("len(scene.session.match.log)")
    page.tap(page.widget(f"declare:{kind}"))
    page.wait_py(f"len(scene.session.match.log) > {count}", 10)
    assert page.py(f"scene.session.match.log[{count}]") == [0, {"type": "declare", "kind": kind}]
    return {"kind": kind, "held": bool(held)}


def play_card(page, prefer_capture: bool) -> list[str]:
    """A tap on a card (one that captures, if asked and there is one); the cards it took."""
    hand = page.py("sorted(scene.hand)")
    takes = {c: page.py(f"scene.would_capture({c!r})") for c in hand}
    card = next((c for c in hand if takes[c]), hand[0]) if prefer_capture else hand[0]
    count = page.py("len(scene.session.match.log)")
    page.tap(page.py(f"rect(scene.hand[{card!r}].rect())"))
    page.wait_py(f"len(scene.session.match.log) > {count}", 10)
    assert page.py(f"scene.session.match.log[{count}]") == [0, {"type": "play", "card": card}]
    if takes[card]:
        table = page.py("list(scene.session.view()['table'])")
        assert not set(takes[card]) & set(table), "the captured cards are still on the table"
    return takes[card]


def test_ronda_a_deal_with_a_capture_and_a_declaration_by_taps(page, saved_pair):
    """At the phone size to the end of the deal; at the desktop size until both are done."""
    began = time.monotonic()
    resume(page, saved_pair, "ronda")
    captured, declared = [], None
    to_the_end = page.device.touch
    for _ in range(40):
        my_turn(page)
        if page.py("scene.score") is not None:
            break
        declared = declared or declare(page)
        captured += play_card(page, prefer_capture=not captured)
        if captured and declared and not to_the_end:
            assert_clean(page)
            return
    page.wait_py("scene.score is not None", 120)
    assert captured, "no capture in the whole deal"
    assert declared, "no declaration in the whole deal"
    score = page.py("scene.score")
    entry, players = score["entry"], page.py("scene.players")
    assert sum(entry["cards"]) == 40  # every card ends in a pile
    assert entry["card_points"] == [max(0, c - CARDS_FREE[players]) for c in entry["cards"]]
    assert entry["totals"] == entry["points"]  # the first deal
    mine = [d for d in score["declarations"] if d["seat"] == 0]
    assert [d["kind"] for d in mine] == [declared["kind"]]
    assert mine[0]["valid"] == declared["held"]
    TIMES[f"ronda_deal_{page.device.language}_s"] = round(time.monotonic() - began, 1)
    assert_clean(page)
