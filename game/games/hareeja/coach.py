"""Hareeja's guided first round (game/client/coach.py): seed 7, you at seat 0 against three
bots at the lesson's level. Your hand: 10♠ A♥ Q♥ 9♥ K♦ J♦ 7♦ A♣; the bots bid 2, 1 and 2 and
their moves follow from the seed (tests/test_coach.py walks it). You bid 3 (two aces and the
king once the ace of diamonds is gone), follow suit low, win with the aces and the king, then
stop taking tricks: the 3 are made exactly (HJ-5, HJ-9, HJ-12)."""

from game.core.lesson import Lesson, Step

LESSON = Lesson(
    game="hareeja",
    seed=7,
    players=4,
    steps=(
        Step("coach.hj.bid", "widget:bid:3", {"type": "bid", "n": 3}, {"n": 3}),
        Step("coach.hj.follow_low", "", {"type": "play", "card": "7D"}, {"card": "7D"}),
        Step("coach.hj.only_card", "", {"type": "play", "card": "AC"}, {"card": "AC"}),
        Step("coach.hj.lead_ace", "", {"type": "play", "card": "AH"}, {"card": "AH"}),
        Step("coach.hj.king_high", "", {"type": "play", "card": "KD"}, {"card": "KD"}),
        Step("coach.hj.made_it", "", {"type": "play", "card": "9H"}, {"n": 3, "card": "9H"}),
        Step("coach.hj.on_your_own"),
    ),
)
