"""A hint's reason in words (game/client/hint_words.py): its figures through the catalogs,
numbers as the language writes them, cards, ranks, suits and seats named, the plural form
picked by ``n``; the one legal move said alone; reasons as JSON (game/core/hints.py)."""

import json

import pytest

from game import i18n
from game.client.hint_words import hint_words, reason_words
from game.core.hints import ONLY, Reason

NAMES = {1: "Karim", 2: "Salem"}


def words(reason, game="hareeja", lang="en"):
    before = i18n.language()
    i18n.set_language(lang)
    try:
        return hint_words(reason, game, lambda seat: NAMES[seat])
    finally:
        i18n.set_language(before)


def test_HJ_12_a_reason_names_its_figures_and_card_in_english_and_arabic():
    take = Reason("hint.hareeja.take", {"won": 1, "bid": 3, "card": "QH"})
    assert words(take) == "Hint: You have 1 of 3: take it with the queen of hearts"
    arabic = words(take, lang="ar")
    assert arabic.startswith("تلميح: معك ١ من ٣") and "هاص" in arabic
    assert not any(d in arabic for d in "0123456789")


def test_the_only_legal_move_is_said_alone_without_the_hint_prefix():
    assert words(Reason(ONLY)) == "The only legal move"
    assert words(Reason(ONLY), lang="ar") == "الحركة الوحيدة المسموحة"
    assert "strongest" not in words(Reason(ONLY))


def test_a_seat_is_named_and_a_suit_worded():
    void = Reason("hint.hareeja.void", {"name": 2, "suit": "S"})
    assert words(void) == "Hint: Salem showed no spades: can't win this trick"
    assert "Salem" in words(void, lang="ar") and "سبيت" in words(void, lang="ar")


def test_n_picks_the_plural_form_in_both_languages():
    one, three = (Reason("hint.ronda.capture", {"n": n}) for n in (1, 3))
    assert words(one, "ronda") == "Hint: Takes 1 card from the table"
    assert words(three, "ronda") == "Hint: Takes 3 cards from the table"
    assert words(one, "ronda", "ar") == "تلميح: تأكل ورقة واحدة من الطاولة"
    assert words(three, "ronda", "ar") == "تلميح: تأكل ٣ أوراق من الطاولة"


def test_a_game_names_its_own_ranks_first():
    """Ronda's 10 is the sota; elsewhere a 10 is a number."""
    assert "sota" in words(Reason("hint.ronda.safe_lay", {"rank": "10"}), "ronda")
    assert "King" not in words(Reason("hint.rummy.feed", {"name": 1, "rank": "K"}), "hand_rummy")
    assert "Karim collects kings" in words(
        Reason("hint.rummy.feed", {"name": 1, "rank": "K"}), "hand_rummy"
    )
    assert "10s" in words(Reason("hint.rummy.feed", {"name": 1, "rank": "10"}), "hand_rummy")


def test_no_reason_says_the_plain_words():
    assert words(None) == "Hint: this move is the strongest here"


def test_a_reason_crosses_json_and_a_bare_key_still_reads():
    why = Reason("hint.rummy.dead", {"card": "KD", "points": 10})
    assert Reason.from_json(json.loads(json.dumps(why.to_json()))) == why
    assert Reason.from_json("hint.rummy.swap") == Reason("hint.rummy.swap")  # hints before figures


@pytest.mark.parametrize(
    "bad, message",
    [
        (None, "A hint's reason must be"),
        ({"fields": {}}, "A hint's reason must be"),
        ({"key": "hint.only", "fields": {"n": True}}, "fields must map"),
        ({"key": "hint.only", "fields": {"n": [1]}}, "fields must map"),
        ({"key": "hint.only", "fields": []}, "fields must map"),
    ],
)
def test_a_malformed_reason_is_refused_with_a_clear_message(bad, message):
    with pytest.raises(ValueError) as caught:
        Reason.from_json(bad)
    assert message in str(caught.value)


def test_HR_7_reason_words_alone_have_no_prefix():
    before = i18n.language()
    i18n.set_language("ar")
    try:
        opening = reason_words(Reason("hint.rummy.open", {"points": 54}), "hand_rummy", NAMES.get)
    finally:
        i18n.set_language(before)
    assert opening == "انزل بـ٥٤ (المطلوب ٥١)"
