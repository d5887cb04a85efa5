"""Ronda's phases for ``main.py --screenshots`` (run by the harness in game.ui.screenshots
through the game's spec): two players from a scripted first batch (deal, declaration, capture
preview, caida, mesa), the deal score and match end with two and four players, four players'
declaration turn, and three players' declarations turned up at the seats."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from game.core.bots import bot_rng, run
from game.core.cards import spanish_deck
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch
from game.games.ronda.scene import RondaTable
from game.table import FakeClock, Seat, Table
from game.ui import coach_shots, scoreboard
from game.ui.screenshots import DT, Shooter

RONDA_END_SEED = {2: 5, 4: 9}


def ronda_first_batch_deck() -> list[str]:
    """Two players, dealer 0: seat 1 gets 3, seat 0 gets 3, then 4 go to the table.

    Scripted below: seat 1 lays 5C, you declare ronda (1C 1E) and take it with 5O (caida);
    seat 1 takes 10B 11C with 10E; you lay 1C; seat 1 lays 3B; your 1E takes 1C 2E 3B 4E and
    clears the table (mesa)."""
    head = ["5C", "10E", "3B", "5O", "1C", "1E", "2E", "4E", "10B", "11C"]
    return head + [c for c in spanish_deck() if c not in head]


RONDA_SCRIPT = [
    (1, {"type": "play", "card": "5C"}),
    (0, {"type": "declare", "kind": "ronda"}),
    (0, {"type": "play", "card": "5O"}),
    (1, {"type": "play", "card": "10E"}),
    (0, {"type": "play", "card": "1C"}),
    (1, {"type": "play", "card": "3B"}),
    (0, {"type": "play", "card": "1E"}),
]


def ronda_bot_match(players: int, seed: int) -> RondaMatch:
    """A whole Ronda match played by bots (pure, fast): the script for the late shots."""
    match = RondaMatch.new(players, {"rules": "quick"}, seed=seed)
    rngs = [bot_rng(seed * 4 + i) for i in range(players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(
            seat,
            run(ronda_bots.think(match.view(seat), match.legal_actions(seat), "easy", rngs[seat])),
        )
    return match


def _ronda_scene(shooter: Shooter, match: RondaMatch, options: dict[str, Any]) -> RondaTable:
    """A Ronda table where the script moves every seat (all seats human)."""
    seats = [Seat("human", "seat.you")] + [
        Seat("human", f"ronda.name.{i}") for i in range(1, match.players)
    ]
    table = Table(match, seats, FakeClock(), None)
    events = [e.for_seat(0) for e in match.start_events] if not match.log else None
    sc = RondaTable(shooter.app, table, events, bot_seed=1, options=options)
    shooter.app.switch(sc)
    return sc


def screenshot_scenes(shooter: Shooter) -> None:
    """Ronda's phases: menu, deal, declaration, a hint, capture preview, caida, mesa, deal score and
    match end with two players; deal, declaration, score and end with four (teams); a turn, the
    declarations turned up at the seats and the deal score with three."""
    shooter.menu_for("ronda")
    shooter.shot("ronda_01_menu")
    shooter.app.settings["game"] = "hareeja"
    # Two players, scripted first batch.
    match = RondaMatch.new(2, {"rules": "maghribi"}, seed=1, deck=ronda_first_batch_deck())
    sc = _ronda_scene(shooter, match, {"players": 2, "rules": "maghribi"})
    shooter.frames(int(0.75 / DT))
    shooter.shot("ronda2_02_deal")
    steps = list(RONDA_SCRIPT)

    def ready() -> bool:
        return sc.idle() and sc.phase == "play" and not sc.events.timers

    def step_until(pred: Callable[[], bool]) -> None:
        """Play the script (seat 1's moves and yours) until ``pred`` holds."""

        def each() -> None:
            if steps and ready() and not pred():
                seat, action = steps.pop(0)
                sc.act(seat, action, human=True)

        shooter.until(pred, 4000, each)

    step_until(lambda: ready() and sc.can_declare())
    shooter.frames(4)
    shooter.shot("ronda2_03_declare")
    sc.taps.declare("tringa")  # not held (a pair only): asks first and names the cost (RO-18)
    shooter.frames(4)
    shooter.shot("ronda2_03a_false_declaration_asks")
    asking = sc.aids.asking
    assert asking is not None  # the question is open
    asking.button("no").on_click()
    steps.pop(0)
    sc.taps.declare("ronda")
    shooter.frames(int(0.3 / DT))
    shooter.until(sc.awaiting_me, 600)  # the declaration shown, the card to play is yours
    sc.aids.request_hint()  # H: the hard bot's card, marked, and why in Ronda's terms
    shooter.until(lambda: sc.aids.suggestion is not None, 900)
    shooter.frames(3)
    shooter.shot("ronda2_03b_hint")
    sc.aids.suggestion = None
    sc.selected = "5O"
    shooter.frames(4)
    shooter.shot("ronda2_04_capture_preview")
    steps.pop(0)
    sc.taps.play_selected()
    shooter.until(lambda: sc.callouts.flash is not None and bool(sc.table_cards.glow), 600)
    shooter.frames(8)
    shooter.shot("ronda2_05_caida")
    step_until(lambda: not steps and sc.callouts.flash is not None)
    shooter.frames(8)
    shooter.shot("ronda2_06_mesa")
    for players in (2, 4):
        ronda_scripted_end(shooter, players)
    # Four players: the deal, then your declaration turn with the bots' moves on the table.
    match = RondaMatch.new(4, {"rules": "maghribi"}, seed=3)
    sc = _ronda_scene(shooter, match, {"players": 4, "rules": "maghribi"})
    shooter.frames(int(0.9 / DT))
    shooter.shot("ronda4_02_deal")
    rng = bot_rng(5)

    def bots_move() -> None:
        if ready() and match.to_act() != [0]:
            seat = match.to_act()[0]
            thought = ronda_bots.think(match.view(seat), match.legal_actions(seat), "normal", rng)
            sc.act(seat, cast("dict[str, Any]", run(thought)), human=True)

    shooter.until(lambda: ready() and sc.can_declare(), 4000, bots_move)
    shooter.frames(4)
    shooter.shot("ronda4_03_declare")
    ronda_three_players(shooter)
    shooter.rules_page("ronda")
    shooter.shot("ronda_09_rules")


def ronda_scripted_end(shooter: Shooter, players: int) -> None:
    """Replay a bot match to its last action and play that through the scene: the sweep, the
    deal's score panel, then the match end."""
    full = ronda_bot_match(players, RONDA_END_SEED[players])
    record = full.record()
    *head, (seat, action) = record["log"]
    match = RondaMatch.replay({**record, "log": head})
    sc = _ronda_scene(shooter, match, {"players": players, "rules": "quick"})
    shooter.frames(3)
    scoreboard.shoot(shooter, sc, f"ronda{players}_06b_scoreboard")
    sc.act(seat, action, human=True)
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.2, 3000)
    shooter.shot(f"ronda{players}_07_deal_score")
    sc.close_score()
    shooter.until(lambda: sc.over is not None and sc.over["t"] > 0.8, 3000)
    shooter.shot(f"ronda{players}_08_match_end")


# Three players, the first deal of a fixed deck (top first; dealer 0, so seat 1 starts), every
# move scripted: a card code is that seat's play, "ronda"/"tringa" its declaration. Seat 1's
# tringa in the last batch is false (it holds a pair of sixes), so the reveal shows all three
# outcomes: scored, beaten (seat 2's rondas) and false (RO-17, RO-18, RO-19).
RONDA3_DECK = [
    "2O",
    "12O",
    "1C",
    "12E",
    "4C",
    "4B",
    "3E",
    "10O",
    "12C",
    "3B",
    "5O",
    "2C",
    "1B",
    "10C",
    "4O",
    "7E",
    "5B",
    "2E",
    "11E",
    "11C",
    "11B",
    "10E",
    "10B",
    "2B",
    "12B",
    "1O",
    "1E",
    "6B",
    "7O",
    "7C",
    "6E",
    "6C",
    "7B",
    "6O",
    "3O",
    "3C",
    "11O",
    "5E",
    "4E",
    "5C",
]
RONDA3_MOVES = [
    "1C",
    "ronda",
    "12E",
    "12C",
    "12O",
    "4C",
    "10O",
    "2O",
    "4B",
    "3E",
    "10C",
    "2E",
    "ronda",
    "10E",
    "4O",
    "5B",
    "11C",
    "7E",
    "11E",
    "11B",
    "10B",
    "ronda",
    "1O",
    "ronda",
    "7O",
    "12B",
    "1E",
    "7C",
    "2B",
    "6B",
    "6E",
    "tringa",
    "7B",
    "ronda",
    "3O",
    "ronda",
    "4E",
    "6O",
    "3C",
    "5C",
    "6C",
    "11O",
    "5E",
]
RONDA3_LAST_BATCH = 30  # index of your 6E, after which the last batch is dealt


def _ronda3_action(token: str) -> dict[str, Any]:
    if token in ("ronda", "tringa"):
        return {"type": "declare", "kind": token}
    return {"type": "play", "card": token}


def _ronda3_match(moves: int) -> RondaMatch:
    """The scripted three-player match after its first ``moves`` moves (pure)."""
    match = RondaMatch.new(3, {"rules": "maghribi"}, seed=8, deck=list(RONDA3_DECK))
    for token in RONDA3_MOVES[:moves]:
        match.apply(match.to_act()[0], _ronda3_action(token))
    return match


def ronda_three_players(shooter: Shooter) -> None:
    """Three players: your declaration turn in the last batch after both others declared, the
    capture preview, then the deal's end — every declaration turned up at its seat, then the
    deal score."""
    options = {"players": 3, "rules": "maghribi"}
    match = _ronda3_match(RONDA3_LAST_BATCH)
    sc = _ronda_scene(shooter, match, options)
    shooter.frames(3)
    moves = RONDA3_MOVES[RONDA3_LAST_BATCH:]

    def ready() -> bool:
        return sc.idle() and sc.phase == "play" and not sc.events.timers

    def play_script() -> None:  # your 6E, then the others' declarations and cards
        if ready() and moves:
            sc.act(match.to_act()[0], _ronda3_action(moves.pop(0)), human=True)

    shooter.until(lambda: ready() and sc.can_declare(), 4000, play_script)
    shooter.frames(4)
    shooter.shot("ronda3_03_declare")
    sc.taps.declare(moves.pop(0))
    shooter.frames(int(0.3 / DT))
    sc.selected = moves[0]
    shooter.frames(4)
    shooter.shot("ronda3_04_capture_preview")
    # The deal's last move, played through a fresh scene: the reveal, then the score panel.
    sc = _ronda_scene(shooter, _ronda3_match(len(RONDA3_MOVES) - 1), options)
    shooter.frames(3)
    sc.act(0, _ronda3_action(RONDA3_MOVES[-1]), human=True)
    shooter.until(lambda: bool(sc.callouts.reveals), 1200)
    shooter.frames(20)
    shooter.shot("ronda3_06a_reveal")
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.2, 3000)
    shooter.shot("ronda3_07_deal_score")
    coach_shots.shoot(shooter, "ronda")  # the guided first round (game/ui/coach_shots.py)
