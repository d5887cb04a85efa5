"""Ronda's guided first round (game/client/coach.py): seed 7, two players, you at seat 0.
The bot declares a ronda and lays the 6 of oros; you catch it with your 6 (a caida, RO-12),
take the rey with your rey and the 1 with your 1 (RO-9), then in the second batch your 5 takes
the 5 and the 6 after it (the run, RO-9); after the bot's mesa (RO-14) you lay a card (RO-15).
The bots' moves follow from the seed (tests/test_coach.py walks it)."""

from game.core.lesson import Lesson, Step

LESSON = Lesson(
    game="ronda",
    seed=7,
    players=2,
    steps=(
        Step("coach.ro.caida", "", {"type": "play", "card": "6C"}, {"rank": "6"}),
        Step("coach.ro.capture", "", {"type": "play", "card": "12C"}, {"rank": "12"}),
        Step("coach.ro.last", "", {"type": "play", "card": "1C"}, {"rank": "1"}),
        Step("coach.ro.run", "", {"type": "play", "card": "5E"}, {"rank": "5"}),
        Step("coach.ro.after_mesa", "", {"type": "play", "card": "2B"}, {"rank": "2"}),
        Step("coach.ro.on_your_own"),
    ),
)
