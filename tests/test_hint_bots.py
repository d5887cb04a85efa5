"""Hints (game/core/hints.py): the hard bot's move from the seat's own view, and why (a
Reason: a catalog key and its figures). That each reason's claim is true: test_hint_reasons.py.
"""

import copy
import json
import random

import pytest

from game import i18n
from game.core.bots import run
from game.core.hints import ONLY, Reason, run_hint
from game.games.hand_rummy import bots as rummy_bots
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch
from helpers import ronda_deck
from test_rummy_support import new_match

GAMES = {
    "ronda": (RondaMatch, 2, ronda_bots),
    "hareeja": (HareejaMatch, 4, hareeja_bots),
    "rummy": (RummyMatch, 4, rummy_bots),
}


def said_in_both_languages(key: str) -> bool:
    before = i18n.language()
    try:
        words = []
        for lang in ("ar", "en"):
            i18n.set_language(lang)
            words.append(i18n.t(key))
        return key not in words and words[0] != words[1]
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hint_is_the_hard_move_from_the_view_alone_with_a_known_reason(game):
    match_class, players, bots = GAMES[game]
    match = match_class.new(players, {}, seed=11)
    rnd = random.Random(5)
    reasons = set()
    for _ in range(30):
        if match.phase == "over":
            break
        seat = match.to_act()[0]
        view = json.loads(json.dumps(match.view(seat)))  # only the view, as on the wire
        legal = match.legal_actions(seat)
        action, why = bots.hint(view, legal)
        assert action in legal or action["type"] == "meld"  # melds are judged, not listed
        copy.deepcopy(match).apply(seat, action)  # the engine accepts it
        assert action == run(bots.think(view, legal, "hard", random.Random(0)))
        assert (action, why) == run_hint(bots.hint_think(view, legal))  # same when sliced
        assert (why is not None and why.key == ONLY) == (len(legal) == 1)
        if why is not None:
            assert said_in_both_languages(why.key)
            assert Reason.from_json(json.loads(json.dumps(why.to_json()))) == why
            reasons.add(why.key)
        match.apply(seat, rnd.choice(legal) if rnd.random() < 0.5 else action)
    assert reasons  # some moves are explained


def test_RO_12_RO_14_ronda_reasons_name_caida_and_mesa():
    deck = ronda_deck(
        2, [{1: ["1C", "7C", "12C"], 0: ["5C", "7E", "2C"]}], ["1O", "2O", "3O", "5O"]
    )
    match = RondaMatch.new(2, seed=3, deck=deck)
    match.apply(1, {"type": "play", "card": "1C"})
    view = match.view(0)
    assert ronda_bots.reason(view, {"type": "play", "card": "5C"}) == Reason(
        "hint.ronda.mesa", {"n": 1}
    )
    assert ronda_bots.reason(view, {"type": "play", "card": "2C"}).key.startswith("hint.ronda.")
    match.apply(0, {"type": "play", "card": "5C"})
    match.apply(1, {"type": "play", "card": "7C"})
    view = match.view(0)
    assert ronda_bots.hint(view, match.legal_actions(0)) == (
        {"type": "play", "card": "7E"},
        Reason("hint.ronda.caida_mesa", {"n": 1}),
    )
    # RO-18: a false declaration is a move the hint never makes, and has no reason
    assert ronda_bots.reason(view, {"type": "declare", "kind": "tringa"}) is None


def test_HJ_8_HJ_12_hareeja_reasons_follow_low_take_and_duck():
    view = {
        "you": 0,
        "hand": ["8H", "QH", "AS"],
        "trick": [[3, "JH"]],
        "bids": [3, 1, 3, 2],
        "tricks": [1, 0, 0, 0],
        "played": [[3, "JH"]],
    }
    reason = hareeja_bots.reason
    take = {"won": 1, "bid": 3, "card": "QH"}
    assert reason(view, {"type": "play", "card": "QH"}) == Reason("hint.hareeja.take", take)
    assert reason(view, {"type": "play", "card": "8H"}) == Reason(
        "hint.hareeja.follow_low", {"suit": "H"}
    )
    short = dict(view, tricks=[2, 0, 0, 0])
    one_more = Reason("hint.hareeja.one_more", {"won": 2, "bid": 3, "card": "QH"})
    assert reason(short, {"type": "play", "card": "QH"}) == one_more
    made = dict(view, tricks=[3, 0, 0, 0])
    duck = Reason("hint.hareeja.duck", {"won": 3, "bid": 3})
    assert reason(made, {"type": "play", "card": "8H"}) == duck
    assert reason(view, {"type": "bid", "n": 2}) == Reason("hint.hareeja.bid", {"n": 2, "aces": 1})


def test_HR_7_HR_10_rummy_reasons_open_and_hold_for_a_hand():
    hand = [
        "7H",
        "8H",
        "9H",
        "KS",
        "KD",
        "KC",
        "QS",
        "QD",
        "QC",
        "2C",
        "3C",
        "4C",
        "10D",
        "5C",
        "AS",
    ]
    match = new_match({1: hand})
    view = match.view(1)
    groups = [["7H", "8H", "9H"], ["KS", "KD", "KC"]]
    opening = Reason("hint.rummy.open", {"points": 24 + 30})
    assert rummy_bots.reason(view, {"type": "meld", "groups": groups}) == opening
    action, why = rummy_bots.hint(view, match.legal_actions(1))
    assert action["type"] == "discard" and why == Reason("hint.rummy.hold_hand")


@pytest.mark.parametrize("bots", [ronda_bots, hareeja_bots, rummy_bots])
def test_every_reason_key_a_bot_can_give_is_said_in_arabic_and_english(bots):
    import inspect
    import re

    source = inspect.getsource(inspect.getmodule(bots.reason))
    keys = set(re.findall(r'"(hint\.[a-z_]+\.[a-z_]+)"', source))
    keys |= {f"hint.ronda.{kind}" for kind in ("ronda", "tringa")} if bots is ronda_bots else set()
    assert len(keys) >= 7
    assert all(said_in_both_languages(key) for key in sorted(keys | {ONLY}))
