"""game/core: decks, the match RNG, action checks, event redaction, slice-by-slice bots."""

import dataclasses

import pytest

from game.core import Event, IllegalAction, MatchRng, actions, cards, fresh_seed, redact
from game.core.bots import Thinking, run


def test_HJ_2_short_french_deck_has_32_cards_7_to_ace():
    deck = cards.french_deck(short=True)
    assert len(deck) == len(set(deck)) == 32
    assert {cards.rank_of(c) for c in deck} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_RO_2_spanish_deck_has_40_cards_without_8_and_9():
    deck = cards.spanish_deck()
    assert len(deck) == len(set(deck)) == 40
    assert not {"8", "9"} & {cards.rank_of(c) for c in deck}
    assert all(cards.is_spanish(c) for c in deck)


def test_HR_1_rummy_deck_is_two_decks_and_two_jokers():
    deck = cards.rummy_deck()
    assert len(deck) == 106
    assert deck.count("JK") == 2 and deck.count("10H") == 2
    assert all(cards.is_french(c) for c in deck)


def test_card_codes_split_into_rank_and_suit():
    assert cards.split("10H") == ("10", "H")
    assert cards.split("12B") == ("12", "B")
    assert cards.split("JK") == ("JK", "")
    assert not cards.is_french("1O") and not cards.is_spanish("AS")


def test_match_rng_is_reproducible_and_private():
    a, b = MatchRng(42), MatchRng(42)
    assert a.shuffled(list(range(50))) == b.shuffled(list(range(50)))
    assert MatchRng(43).shuffled(list(range(50))) != MatchRng(42).shuffled(list(range(50)))


def test_fresh_seeds_come_from_the_os_not_the_global_random_state():
    import random

    random.seed(1)
    first = fresh_seed()
    random.seed(1)
    assert fresh_seed() != first


@pytest.mark.parametrize("bad", [None, 3, "play", [], {"card": "QS"}, {"type": 5}, {"type": "fly"}])
def test_action_type_refuses_malformed_actions_with_a_message(bad):
    with pytest.raises(IllegalAction) as refused:
        actions.action_type(bad, ("bid", "play"))
    assert refused.value.message


def test_int_field_refuses_bools_strings_missing_and_out_of_range():
    for bad in (
        {"type": "bid"},
        {"type": "bid", "n": True},
        {"type": "bid", "n": "3"},
        {"type": "bid", "n": 9},
        {"type": "bid", "n": 2.0},
    ):
        with pytest.raises(IllegalAction):
            actions.int_field(bad, "n", 0, 8)
    assert actions.int_field({"type": "bid", "n": 8}, "n", 0, 8) == 8


def test_only_keys_refuses_unknown_fields():
    with pytest.raises(IllegalAction, match="Unexpected"):
        actions.only_keys({"type": "play", "card": "QS", "cheat": 1}, "card")
    actions.only_keys({"type": "play", "card": "QS"}, "card")


def test_card_fields_refuse_unknown_codes():
    with pytest.raises(IllegalAction):
        actions.card_field({"type": "play", "card": "1Z"}, "card", cards.is_french)
    with pytest.raises(IllegalAction):
        actions.card_field({"type": "play", "card": ["QS"]}, "card", cards.is_french)
    with pytest.raises(IllegalAction):
        actions.card_list(["QS", 7], cards.is_french)
    assert actions.card_list(["QS", "JK"], cards.is_french) == ["QS", "JK"]


def test_events_show_private_parts_only_to_their_seat():
    event = Event("deal", {"dealer": 0}, {1: {"hand": ["AS"]}})
    assert event.for_seat(1) == {"type": "deal", "dealer": 0, "hand": ["AS"]}
    assert "hand" not in event.for_seat(2)
    assert "hand" not in event.for_seat(None)
    assert redact([event], 3) == [{"type": "deal", "dealer": 0}]


def test_events_are_frozen_and_a_seat_copy_never_reaches_back_into_one():
    event = Event("deal", {"dealer": 0}, {1: {"hand": ["AS"]}})
    for name, value in (("type", "played"), ("data", {}), ("private", {})):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, name, value)
    shown = event.for_seat(1)
    shown["dealer"] = 3
    shown["extra"] = True
    assert event.data == {"dealer": 0} and event.for_seat(2) == {"type": "deal", "dealer": 0}


def _thought(steps):
    for _ in range(steps):
        yield
    return {"type": "play", "card": "AS"}


def test_bots_think_in_slices_that_yield_to_the_frame_loop():
    ticks = iter(range(1000))
    thinking = Thinking(_thought(10), clock=lambda: next(ticks))
    slices = 0
    while not thinking.step(slice_seconds=3):
        slices += 1
    assert slices >= 2
    assert thinking.action == {"type": "play", "card": "AS"}
    assert run(_thought(5)) == {"type": "play", "card": "AS"}


def test_refusals_carry_a_stable_code_for_translation():
    from game.games.hareeja.rules import Match

    match = Match.new(4, seed=3)
    for seat in range(4):
        match.apply(seat, {"type": "bid", "n": 1})
    leader = match.to_act()[0]
    with pytest.raises(IllegalAction) as refused:
        match.apply((leader + 1) % 4, {"type": "play", "card": "AS"})
    assert refused.value.code == "not_your_turn"
    match.apply(leader, {"type": "play", "card": match.hands[leader][0]})
    follower = match.to_act()[0]
    led = match.trick[0][1][-1]
    off_suit = [c for c in match.hands[follower] if c[-1] != led]
    assert off_suit and len(off_suit) < len(match.hands[follower])  # seed 3 gives this spot
    with pytest.raises(IllegalAction) as refused:
        match.apply(follower, {"type": "play", "card": off_suit[0]})
    assert refused.value.code == "follow_suit"
    with pytest.raises(IllegalAction) as refused:
        actions.action_type(None, ("play",))
    assert refused.value.code == "illegal"


def test_every_refusal_code_has_words_in_arabic_and_english():
    import re
    from pathlib import Path

    from game import i18n
    from game.i18n.catalog import load

    shared = load(i18n.COMMON)  # the refusals are words every game shares
    root = Path(__file__).resolve().parents[1] / "game"
    codes = {"illegal"}
    for path in root.rglob("*.py"):
        codes |= set(
            re.findall(
                r'IllegalAction\((?:[^()]|\([^()]*\))*?,\s*"([a-z_0-9]+)",?\s*\)',
                path.read_text(encoding="utf-8"),
            )
        )
    assert {
        "not_your_turn",
        "follow_suit",
        "draw_first",
        "opening_under_51",
        "joker_pending",
        "declare_first_card",
    } <= codes
    for code in codes:
        key = f"refusal.{code}"
        english = shared.english[key][0]
        assert english and shared.translations.pgettext(key, english) != english, code
    i18n.set_language("ar")
    assert i18n.refusal(IllegalAction("It is not your turn.", "not_your_turn")) == "ليس دورك بعد."
    i18n.set_language("en")
    assert i18n.refusal(IllegalAction("Odd.", "no_such_code")) == "Odd."
    i18n.set_language("ar")


def test_seat_copies_share_the_public_part_and_keep_its_key_order():
    from game.core.views import seat_copies

    history: list = [[1]]
    public = {"you": None, "history": history, "hand": []}
    views = seat_copies(public, 3, lambda seat: {"hand": [seat], "you": seat})
    assert [list(v) for v in views] == [["you", "history", "hand"]] * 3
    assert [v["hand"] for v in views] == [[0], [1], [2]] and views[2]["you"] == 2
    assert all(v["history"] is history for v in views)
    assert public == {"you": None, "history": history, "hand": []}  # unchanged


def test_grown_copies_reuse_what_was_copied_and_never_change_it():
    from game.core.views import grown_copies

    source = [{"n": 1}]
    first = grown_copies([], source, dict)
    assert first == source and first[0] is not source[0]
    assert grown_copies(first, source, dict) is first  # nothing grew: the same list
    source.append({"n": 2})
    second = grown_copies(first, source, dict)
    assert second == source and second[0] is first[0] and len(first) == 1  # a new list
