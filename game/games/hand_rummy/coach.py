"""Hand rummy's guided first round (game/client/coach.py): seed 3, two players, majlis rules,
you at seat 0. The bot starts and discards the 9♥ (HR-3); you draw from the stock (the 4♥,
HR-6), lay the melds staged for you, worth 51 or more (HR-7: the 6-7-8 of spades and two aces
with the joker, the three 4s if you staged them), and discard the jack of spades. The bots'
moves follow from the seed (tests/test_coach.py walks it)."""

from game.core.lesson import Lesson, Step

LESSON = Lesson(
    game="hand_rummy",
    seed=3,
    players=2,
    options={"variant": "majlis", "rounds": 1},
    steps=(
        Step("coach.hr.melds"),
        Step("coach.hr.draw", "", {"type": "draw", "from": "stock"}),
        Step("coach.hr.open", "widget:apply", {"type": "meld"}, {"n": 51}),
        Step("coach.hr.discard", "", {"type": "discard", "card": "JS"}, {"card": "JS"}),
        Step("coach.hr.on_your_own"),
    ),
)
