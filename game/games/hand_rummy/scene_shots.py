"""Hand rummy's phases for ``main.py --screenshots`` (run by the harness in
game.ui.screenshots through the game's spec): a scripted first round from an explicit deck, the
moments of the same round (the hand at 14 and 15 cards, a card moved inside the hand, a drawn
card in flight, cards selected and melded, the others' hands face up at the round's end), then
a match end from a bot-played match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.bots import bot_rng, run
from game.core.cards import rummy_deck
from game.games.hand_rummy import bots
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.scene import RummyTable
from game.table import FakeClock, Seat, Table
from game.ui import coach_shots, scoreboard
from game.ui.scale import px
from game.ui.screenshots import Shooter

if TYPE_CHECKING:
    from game.ui.app import App

JSON = dict[str, Any]


def screenshot_scenes(shooter: Shooter) -> None:
    """The rummy phases for ``main.py --screenshots``: deal, the suggestion, Apply disabled with
    its reason, melds on the table, a joker swap, a discard in flight, the round's scores (a
    scripted first round from an explicit deck); a card moved inside the hand, a drawn card in
    flight and the others' hands face up at the round's end (the same round, from
    rummy_moments below); then a match end from a bot-played match."""
    scripted_round(shooter)
    rummy_moments(shooter)
    scripted_end(shooter)
    five_players(shooter)


# The scripted first round (dealer 0, so seat 1 starts with 15 cards; see docs/DESIGN.md "Explicit
# deals"): seat 1 opens with a spade run to the ace and a heart run holding a joker; you draw the
# 6♠, open with two sets and a spade run, take the joker back with your 6♥, meld it with 8♣ 9♣
# and go out on your last discard — a "hand" (−60).
SHOT_HANDS = {
    0: ["KD", "KC", "KH", "QH", "QD", "QC", "6H", "8C", "9C", "2S", "3S", "4S", "5S", "7D"],
    1: ["10S", "JS", "QS", "KS", "AS", "5H", "JK", "7H", "2D", "4C", "9D", "JH", "3H", "8D", "5C"],
    2: [],
    3: [],
}
SHOT_STOCK = ["10C", "4D", "6S"]  # drawn by seats 2, 3, then you
SHOT_MATCH_SEED = 5


def shot_deck() -> list[str]:
    """The explicit deck (top first) of the scripted round."""
    pool = rummy_deck()
    for code in [c for h in SHOT_HANDS.values() for c in h] + SHOT_STOCK:
        pool.remove(code)
    hands = {s: list(h) for s, h in SHOT_HANDS.items()}
    for seat in (2, 3):
        while len(hands[seat]) < 14:
            hands[seat].append(pool.pop())
    deck = []
    for i in range(56):
        deck.append(hands[(1 + i) % 4].pop(0))
    deck.append(hands[1].pop(0))
    return deck + SHOT_STOCK + pool


def _human_table(app: App, match: Match) -> Table:
    seats = [Seat("human", "seat.you")] + [
        Seat("human", f"name.{i}") for i in range(1, match.players)
    ]
    return Table(match, seats, FakeClock(), None)


def hint_shot(shooter: Shooter, sc: RummyTable, name: str) -> None:
    """H: the hard bot's move, marked and said why, shot as ``name``; then put away."""
    sc.aids.request_hint()
    shooter.until(lambda: sc.aids.suggestion is not None, 900)
    shooter.frames(3)
    shooter.shot(name)
    sc.aids.suggestion = None


def scripted_round(shooter: Shooter) -> None:
    app = shooter.app
    match = Match.new(4, {"rounds": 3}, seed=11, deck=shot_deck())
    sc = RummyTable(
        app,
        _human_table(app, match),
        [e.for_seat(0) for e in match.start_events],
        bot_seed=11,
        options={"players": 4, "rounds": 3},
    )
    app.switch(sc)
    shooter.frames(int(1.4 / (1 / 60)))
    shooter.shot("rummy_01_deal")
    shooter.until(lambda: sc.phase == "play" and sc.idle())

    def others(seat: int, actions: list[JSON]) -> None:
        for action in actions:
            shooter.until(sc.idle)
            sc.act(seat, action, human=True)

    others(
        1,
        [
            {"type": "meld", "groups": [["10S", "JS", "QS", "KS", "AS"], ["5H", "JK", "7H"]]},
            {"type": "discard", "card": "5C"},
        ],
    )
    others(2, [{"type": "draw", "from": "stock"}, {"type": "discard", "card": match.hands[2][0]}])
    others(3, [{"type": "draw", "from": "stock"}, {"type": "discard", "card": match.hands[3][0]}])
    shooter.until(sc.my_turn)
    shooter.frames(20)
    shooter.shot("rummy_02_staging_suggestion")
    hint_shot(shooter, sc, "rummy_02a_draw_hint")  # the draw, and what the discard's top fits
    sc.taps.tap_stock()
    shooter.until(sc.my_turn)
    sc.workspace.staging.suggest()  # the drawn 6♠ joins the spade run
    run = next(i for i, g in enumerate(sc.workspace.staging.groups) if "2S" in g)
    sc.taps.tap_staged(run, len(sc.workspace.staging.groups[run]) - 1)
    run = next(i for i, g in enumerate(sc.workspace.staging.groups) if "2S" in g)
    sc.taps.tap_staged(run, len(sc.workspace.staging.groups[run]) - 1)
    run = next(i for i, g in enumerate(sc.workspace.staging.groups) if "2S" in g)
    sc.taps.tap_staged(run, len(sc.workspace.staging.groups[run]) - 1)
    shooter.frames(30)
    sc.taps.tap(sc.controls.apply.rect.center)  # disabled: the reason shows as a hint too
    shooter.frames(4)
    shooter.shot("rummy_03_apply_disabled")
    sc.messages.hint = None
    sc.workspace.staging.suggest()
    sc.taps.apply_melds()
    shooter.until(sc.my_turn)
    shooter.frames(40)
    sc.messages.banner = None
    sc.workspace.selected = sc.workspace.staging.hand.index("6H")
    shooter.frames(12)
    shooter.shot("rummy_04_melds_on_table")
    heart_run = next(i for i, m in enumerate(sc.meld_rows.melds) if "JK" in m)
    sc.taps.tap_meld(heart_run)
    shooter.until(sc.my_turn)
    shooter.frames(12)
    shooter.shot("rummy_05_joker_swap")
    sc.messages.hint = None
    for code in ("JK", "8C", "9C"):
        sc.workspace.selected = sc.workspace.staging.hand.index(code)
        sc.taps.tap_group(None if code == "JK" else len(sc.workspace.staging.groups) - 1)
    sc.taps.apply_melds()
    shooter.until(sc.my_turn)
    shooter.frames(20)
    sc.messages.banner = None
    hint_shot(shooter, sc, "rummy_05a_hint")  # the hard bot's discard
    sc.workspace.selected = 0
    sc.taps.tap_discard_pile()
    shooter.frames(7)
    shooter.shot("rummy_06_discard")
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.2)
    shooter.shot("rummy_07_round_score")


def bot_match(seed: int, options: JSON, players: int = 4) -> Match:
    """A whole match played by bots (pure and fast): the script for the match-end shot."""
    match = Match.new(players, options, seed=seed)
    rngs = [bot_rng(seed * 8 + s) for s in range(players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(
            seat, run(bots.think(match.view(seat), match.legal_actions(seat), "normal", rngs[seat]))
        )
    return match


def scripted_end(shooter: Shooter, seed: int = SHOT_MATCH_SEED) -> None:
    """Replay a two-round bot match to its last action, play that through the scene."""
    options = {"rounds": 2}
    record = bot_match(seed, options).record()
    *head, (seat, action) = record["log"]
    match = Match.replay({**record, "log": head})
    sc = RummyTable(
        shooter.app, _human_table(shooter.app, match), options={"players": 4, **options}
    )
    shooter.app.switch(sc)
    shooter.frames(3)
    scoreboard.shoot(shooter, sc, "rummy_07a_scoreboard")
    sc.act(seat, action, human=True)
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.2)
    shooter.shot("rummy_08_final_round_score")
    sc.close_score()
    shooter.until(lambda: sc.over is not None and sc.over["t"] > 0.8)
    shooter.shot("rummy_09_match_end")


def _rummy_script() -> list[tuple[int, JSON | None]]:
    """The moves of the scripted round of game.games.hand_rummy.scene.scripted_round (its
    explicit deck): seat 1 opens, seats 2 and 3 draw and throw their first card (None: chosen
    when played), then you draw the 6S, open, take the joker back with your 6H, meld it and go
    out with a "hand" on the 7D."""
    return [
        (1, {"type": "meld", "groups": [["10S", "JS", "QS", "KS", "AS"], ["5H", "JK", "7H"]]}),
        (1, {"type": "discard", "card": "5C"}),
        (2, {"type": "draw", "from": "stock"}),
        (2, None),
        (3, {"type": "draw", "from": "stock"}),
        (3, None),
        (0, {"type": "draw", "from": "stock"}),
        (
            0,
            {
                "type": "meld",
                "groups": [["2S", "3S", "4S", "5S", "6S"], ["KC", "KD", "KH"], ["QC", "QD", "QH"]],
            },
        ),
        (0, {"type": "swap_joker", "meld": 1, "card": "6H"}),
        (0, {"type": "meld", "groups": [["JK", "8C", "9C"]]}),
        (0, {"type": "discard", "card": "7D"}),
    ]


def _rummy_scene(shooter: Shooter, moves: int) -> tuple[RummyTable, list[tuple[int, JSON | None]]]:
    """A rummy table at the scripted round after its first ``moves`` moves; every seat is
    moved by the script (all human), nothing animates until the next move."""
    options = {"rounds": 3}
    match = Match.new(4, options, seed=11, deck=shot_deck())
    script = _rummy_script()
    for seat, action in script[:moves]:
        match.apply(seat, action or {"type": "discard", "card": match.hands[seat][0]})
    seats = [Seat("human", "seat.you")] + [Seat("human", f"name.{i}") for i in range(1, 4)]
    sc = RummyTable(
        shooter.app, Table(match, seats, FakeClock(), None), options={"players": 4, **options}
    )
    shooter.app.switch(sc)
    shooter.frames(3)
    return sc, script[moves:]


def rummy_moments(shooter: Shooter) -> None:
    """Hand rummy: your fourteen cards in their two fixed rows, a card dragged to another place
    (HR-15), the drawn card flying from the stock to where the sort puts it, the fifteen cards
    (the fourteen where they were), three cards selected (Meld), staged towards the opening
    (under 51), the opening laid from a second selection, a selection that is no meld refused;
    and at the round's end the others' hands face up under the "went out" line (HR-10)."""
    sc, _rest = _rummy_scene(shooter, 6)
    shooter.until(sc.my_turn, 600)
    shooter.frames(30)
    shooter.shot("rummy_02a_hand_14")
    sprites = sc.workspace.sprites
    _drag(shooter, sprites[("h", 0)].rect().center, sprites[("h", 12)].rect().center)
    shooter.frames(4)
    shooter.shot("rummy_02a_move_in_hand")
    shooter.frames(40)
    sc.taps.undo()  # sorted by suit again: the drawn card goes to its place
    shooter.frames(40)
    shooter.click(sc.geo.stock)
    shooter.frames(3)  # half way, still face down (it turns over on the way)
    shooter.shot("rummy_02b_draw_flight")
    shooter.until(sc.my_turn, 600)
    shooter.frames(40)
    shooter.shot("rummy_02c_hand_15")
    _select(shooter, sc, ["KD", "KC", "KH"])
    shooter.shot("rummy_02d_three_selected")
    shooter.click(sc.controls.apply.rect.center)  # 30 points: staged for the opening
    shooter.frames(30)
    shooter.shot("rummy_02e_selection_staged")
    sc.messages.hint = None
    _select(shooter, sc, ["QH", "QD", "QC"])
    shooter.click(sc.controls.apply.rect.center)  # 60 with the kings: the opening
    shooter.until(sc.my_turn, 600)
    shooter.frames(40)
    sc.messages.banner = None
    _select(shooter, sc, ["7D", "8C", "9C"])
    shooter.click(sc.controls.apply.rect.center)  # neither a run nor a set
    shooter.frames(4)
    shooter.shot("rummy_02f_not_a_meld")
    sc, rest = _rummy_scene(shooter, 10)
    seat, action = rest[0]
    assert action is not None  # the move that goes out is written out in the script
    sc.act(seat, action, human=True)
    shooter.until(lambda: sc.shown.ended is not None, 600)
    shooter.frames(50)
    shooter.shot("rummy_06a_hands_up")


def _select(shooter: Shooter, sc: RummyTable, cards: list[str]) -> None:
    """Tap each of ``cards`` in your hand (on its top edge, which shows in either row)."""
    for code in cards:
        rect = sc.workspace.sprites[("h", sc.workspace.staging.hand.index(code))].rect()
        shooter.click((rect.centerx, rect.y + px(12)))
        shooter.frames(6)
    shooter.frames(14)


def _drag(shooter: Shooter, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A real drag with the mouse from ``start`` to ``end``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    shooter.frames(1)
    for k in range(1, 7):
        pos = tuple(round(a + (b - a) * k / 6) for a, b in zip(start, end))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        shooter.frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    shooter.frames(1)


FIVE_SEED = 3


def five_players(shooter: Shooter) -> None:
    """A table of five (classic, HR-12) from a bot-played round: the melds on the table just
    before the round ends, a meld zoomed, then the hands face up and the round's scores."""
    options = {"rounds": 1, "variant": "classic"}
    record = bot_match(FIVE_SEED, options, players=5).record()
    log = record["log"]
    *head, (seat, action) = log
    match = Match.replay({**record, "log": head})
    sc = RummyTable(
        shooter.app, _human_table(shooter.app, match), options={"players": 5, **options}
    )
    shooter.app.switch(sc)
    shooter.frames(40)
    shooter.shot("rummy5_01_table")
    scoreboard.shoot(shooter, sc, "rummy5_01a_scoreboard_empty")
    if sc.meld_rows.melds:
        sc.taps.zoom_meld(len(sc.meld_rows.melds) - 1)
        shooter.frames(12)
        shooter.shot("rummy5_02_meld_zoom")
        sc.taps.zoom_meld(None)
    sc.act(seat, action, human=True)
    shooter.until(lambda: sc.shown.ended is not None, 600)
    shooter.frames(50)
    shooter.shot("rummy5_03_hands_up")
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.2)
    shooter.shot("rummy5_04_round_score")
    coach_shots.shoot(shooter, "hand_rummy")  # the guided first round (game/ui/coach_shots.py)
