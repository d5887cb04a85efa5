"""Hareeja in the real browser: from the home screen, by real taps only, a bid and
all eight of the player's cards; the bots play the other seats to the end of the round; the
round's summary reads right (HJ-12: exact bid b >= 1 scores 10b, exact 0 scores 25, a miss -10
a trick of difference). At the phone size (390x844, ratio 3, touch, Arabic) and the desktop
size (1440x900, mouse, English)."""

from __future__ import annotations

import time

from conftest import TIMES, assert_clean, home
from game.games.hareeja.rules import round_score

HAND = "[c for c in scene.hand_order if c in scene.hand]"


def start_match(page, game: str) -> None:
    """Home screen → the game's tile → Play on its setup sheet, by taps."""
    home(page)
    page.tap(page.widget(f"tile:{game}"))
    page.wait_py("scene.name == 'setup'", 10)
    page.tap(page.widget("play"))
    if page.wait_py(f"scene.name == {game!r} or widget('yes')", 10) is not True:
        page.tap(page.widget("yes"))  # "Start a new match over the saved one?"
    page.wait_py(f"scene.name == {game!r}", 10)


def test_hareeja_bid_and_eight_tricks_by_taps_then_the_bots_end_the_round(page):
    began = time.monotonic()
    start_match(page, "hareeja")
    # the page is no headless run: scenes slide in, the deck is riffled (game/ui/transition.py,
    # game/ui/shuffle.py); the taps below land all the same
    assert page.py("app.transition.enabled and app.flourish") is True
    assert page.py("app.transition.started") >= 2  # home → setup → the table
    page.wait_py("scene.can_bid() and scene.idle()", 60)
    page.tap(page.widget("bid:1"))
    page.wait_py("scene.bidding.pick == 1", 5)
    page.tap(page.widget("confirm"))
    page.wait_py("scene.bidding.confirmed[scene.me]", 10)
    played: list[str] = []
    while len(played) < 8:
        page.wait_py("scene.my_turn() and scene.idle() or scene.score is not None", 90)
        assert page.py("scene.score") is None, "the round ended before my eighth card"
        legal = page.py("sorted(scene.legal_cards())")
        hand = page.py(HAND)
        card = next(c for c in hand if c in legal)
        log = page.py("len(scene.session.match.log)")
        page.tap(page.py(f"rect(scene.hand[{card!r}].rect())"))
        page.wait_py(f"len(scene.session.match.log) > {log}", 10)
        assert page.py(f"scene.session.match.log[{log}]") == [0, {"type": "play", "card": card}]
        played.append(card)
    page.wait_py("scene.score is not None", 120)
    entry = page.py("scene.score['entry']")
    mine = [a for s, a in page.py("scene.session.match.log") if s == 0]
    assert mine[0] == {"type": "bid", "n": 1}
    assert [a["card"] for a in mine[1:]] == played  # every tap acted once: 8 cards, no more
    assert entry["bids"][0] == 1 and sum(entry["tricks"]) == 8
    assert entry["scores"] == [round_score(b, t) for b, t in zip(entry["bids"], entry["tricks"])]
    assert entry["totals"] == entry["scores"]  # the first round
    TIMES[f"hareeja_round_{page.device.language}_s"] = round(time.monotonic() - began, 1)
    assert page.widget("next", 30)  # the summary panel offers the next round
    assert_clean(page)
