"""Hareeja's phases for ``main.py --screenshots`` (run by the harness in game.ui.screenshots
through the game's spec): a match against the bots from a fixed seed, then a tie-break deal and
a shared first place replayed from bot matches found once with fixed seeds.

Positions that bots rarely reach on their own (a tie after round 5, first place still shared
after three tie-break rounds) come from fixed seeds whose whole match was found once with the
easy bots; the match is replayed through the engine up to its last action, which is then played
through the table scene so the real events animate.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.bots import bot_rng, run
from game.games.hareeja import bots
from game.games.hareeja.rules import Match
from game.games.hareeja.scene import HareejaTable
from game.table import FakeClock, Seat, Table
from game.ui import coach_shots, scoreboard
from game.ui.screenshots import DT, PLAY_SEED, Shooter
from game.ui.table_making import TableMaker

TIEBREAK_SEED = 22  # easy bots tie for first after round 5 (one tie-break round)
SHARED_SEED = 3754  # easy bots still share first place after 3 tie-break rounds


def bot_match(seed: int, level: str = "easy") -> Match:
    """A whole match played by four bots (pure, fast): the script for the late-match shots."""
    match = Match.new(4, seed=seed)
    rngs = [bot_rng(seed * 4 + i) for i in range(4)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(
            seat, run(bots.think(match.view(seat), match.legal_actions(seat), level, rngs[seat]))
        )
    return match


def _first_action_dealing(record: dict[str, Any], round_no: int) -> int:
    """Index of the action after which round ``round_no`` is dealt."""
    match = Match.new(record["players"], record.get("options"), record["seed"], record.get("deck"))
    for i, (seat, action) in enumerate(record["log"]):
        match.apply(seat, action)
        if match.round_no >= round_no:
            return i
    raise ValueError(f"The match never reaches round {round_no}.")


def match(shooter: Shooter) -> None:
    """A match against normal bots: the deal, the secret bids (and a bid's hint), play (a card
    landing, an illegal card's hint), a trick collected, the last trick, the round's score,
    assistance."""
    app = shooter.app
    clock = FakeClock()
    sc = TableMaker(HareejaTable).new_match(app, "normal", 60, seed=PLAY_SEED, clock=clock)
    app.switch(sc)
    shooter.frames(int(1.3 / DT))
    shooter.shot("04_deal")
    sc.bidding.set_pick(3)
    shooter.until(lambda: sc.phase == "declare" and all(sc.bidding.confirmed[1:]))
    shooter.frames(6)
    shooter.shot("05_declare")
    shooter.until(sc.awaiting_me, 600)  # the others' confirmations shown
    sc.aids.request_hint()  # H while bidding: the bid the hand alone counts, picked for you
    shooter.until(lambda: sc.aids.suggestion is not None, 900)
    shooter.frames(3)
    shooter.shot("05a_bid_hint")
    sc.aids.suggestion = None
    sc.bidding.set_pick(3)  # the script's own bid, as before the hint
    sc.bidding.confirm()
    shooter.until(lambda: sc.bidding.revealed and sc.bidding.reveal_t >= 1.0)
    shooter.shot("06_bids_revealed")
    first_trick(shooter, sc, clock)
    round_end(shooter, sc, clock)


def play_first_legal(sc: HareejaTable) -> None:
    legal = [c for c in sc.hand_order if c in sc.legal_cards()]
    sc.act(0, {"type": "play", "card": legal[0]}, human=True)


def first_trick(shooter: Shooter, sc: HareejaTable, clock: FakeClock) -> None:
    """Our turn with a card still landing and cards we may not play; an illegal card tapped;
    the trick collected."""

    def wanted() -> bool:
        if not sc.my_turn():
            return False
        landing = sc.trick_area.landing()
        illegal = len(sc.legal_cards()) < len(sc.hand_order)
        if landing and illegal:
            return True
        if not landing:
            play_first_legal(sc)
        return False

    shooter.until(wanted, 6000)
    legal = [c for c in sc.hand_order if c in sc.legal_cards()]
    sc.selected = legal[-1]
    clock.advance(52)  # 8 s left: the ring turns amber
    shooter.frames(3)
    shooter.shot("07_play")
    shooter.until(lambda: not sc.trick_area.landing())
    illegal = [c for c in sc.hand_order if c not in sc.legal_cards()]
    if illegal:
        pos = sc.hand[illegal[0]].rect().center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    shooter.frames(14)
    shooter.shot("08_illegal_hint")
    sc.taps.play_selected()

    def collected_halfway() -> bool:
        sprites = sc.trick_area.sprites()
        flying = any(s.motion is not None and s.motion.progress > 0.4 for s in sprites)
        return sc.trick_area.collecting and flying

    shooter.until(collected_halfway)
    shooter.shot("09_trick_collect")


def round_end(shooter: Shooter, sc: HareejaTable, clock: FakeClock) -> None:
    """The last trick looked at, a hint with a choice of cards in the turn's last seconds,
    the round's score, and three missed turns."""

    def play_on() -> None:
        if sc.my_turn() and not sc.events.queue:
            play_first_legal(sc)

    def choice() -> bool:
        """Our turn with more than one card we may play (the others played meanwhile)."""
        if sc.my_turn() and not sc.events.queue and len(sc.legal_cards()) < 2:
            play_first_legal(sc)
        return sc.my_turn() and not sc.events.queue and len(sc.legal_cards()) > 1

    # On to a turn with a choice of cards, so the hint below has something to say.
    shooter.until(choice, 6000, play_on)
    # The last trick, peeked at with the button while the next one is on the table.
    area = sc.trick_area
    shooter.until(lambda: area.can_peek() and sc.my_turn() and len(area.cards) >= 2, 6000, play_on)
    shooter.until(sc.idle, 300)  # our turn waits: the table's clock is fake
    shooter.click(area.button.rect.center)
    shooter.frames(10)
    shooter.shot("09a_last_trick")
    area.toggle()
    # The last seconds of our turn (red, with the seconds) and a hint asked for with H.
    clock.advance((sc.session.remaining(0) or 60) - 4.3)
    sc.aids.request_hint()
    shooter.until(lambda: sc.aids.suggestion is not None, 600)
    shooter.frames(3)
    shooter.shot("09b_hint_timer_red")
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.4, 20000, play_on)
    shooter.shot("10_round_score")
    sc.close_score()
    # Three missed turns in a row: the table plays for us (TB-8).
    for _ in range(3):
        seat_missed = sc.session.seats[0].missed
        shooter.until(lambda: (sc.can_bid() and sc.idle()) or sc.my_turn(), 20000)
        clock.advance(61)
        shooter.until(lambda: sc.session.seats[0].missed > seat_missed, 600)  # noqa: B023
    shooter.frames(30)
    shooter.shot("11_assisted")


def scripted_end(shooter: Shooter, seed: int, name: str, until_over: bool) -> None:
    """Replay a bot match to its last action, then play that action through the scene."""
    full = bot_match(seed)
    record = full.record()
    *head, (seat, action) = record["log"]
    if not until_over:
        # Stop at the action that scores round 5 (the tie-break deal follows it).
        cut = _first_action_dealing(record, 6)
        head, (seat, action) = record["log"][:cut], record["log"][cut]
    match = Match.replay({**record, "log": head})
    seats = [Seat("human", "seat.you")] + [Seat("human", f"name.{i}") for i in range(1, 4)]
    table = Table(match, seats, FakeClock(), None)
    sc = HareejaTable(shooter.app, table)
    shooter.app.switch(sc)
    shooter.frames(3)
    scoreboard.shoot(shooter, sc, f"{name}_scoreboard")
    sc.act(seat, action, human=True)
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.0)
    sc.close_score()
    if until_over:
        shooter.until(lambda: sc.over is not None and sc.over["t"] > 0.8)
    else:
        shooter.until(lambda: sc.messages.banner is not None and sc.phase == "deal")
        shooter.frames(50)
    shooter.shot(name)


def screenshot_scenes(shooter: Shooter) -> None:
    """Hareeja's phases (named by the game's spec)."""
    match(shooter)
    scripted_end(shooter, TIEBREAK_SEED, "12_tiebreak", until_over=False)
    scripted_end(shooter, SHARED_SEED, "13_match_end_shared", until_over=True)
    coach_shots.shoot(shooter, "hareeja")  # the guided first round (game/ui/coach_shots.py)
