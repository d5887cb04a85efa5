"""``python main.py --screenshots DIR``: a PNG of every scene and phase, both languages, both
orientations, from fixed seeds and scripted actions, through the real scenes and frame loop.

The menus are shot here; each game's table module shoots its own phases with
``screenshot_scenes(shooter)`` (see game.ui.games). Hareeja's and Ronda's scripts live in this
module (:func:`hareeja_scenes`, :func:`ronda_scenes`), where they were first written, and so do
the later Hand rummy moments (:func:`rummy_moments`).

The run never touches the player's own settings: it works in a temporary MAJLIS_HOME.
Positions that bots rarely reach on their own (a tie after round 5, first place still shared
after three tie-break rounds) come from fixed seeds whose whole match was found once with the easy
bots; the match is replayed through the engine up to its last action, which is then played
through the table scene so the real events animate.
"""
from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pygame

from game.core.bots import bot_rng, run
from game.games.hareeja import bots
from game.games.hareeja.rules import Match
from game.games.hareeja.table import HareejaTable
from game.table import FakeClock, Seat, Table
from game.ui.app import App, Options

PLAY_SEED = 11
TIEBREAK_SEED = 22          # easy bots tie for first after round 5 (one tie-break round)
SHARED_SEED = 3754          # easy bots still share first place after 3 tie-break rounds
DT = 1 / 60


def bot_match(seed: int, level: str = "easy") -> Match:
    """A whole match played by four bots (pure, fast): the script for the late-match shots."""
    match = Match.new(4, seed=seed)
    rngs = [bot_rng(seed * 4 + i) for i in range(4)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(seat, run(bots.think(match.view(seat), match.legal_actions(seat), level,
                                         rngs[seat])))
    return match


class Shooter:
    """Steps one app frame by frame and saves named screenshots."""

    def __init__(self, app: App, out: Path, prefix: str):
        self.app = app
        self.out = out
        self.prefix = prefix
        self.saved: list[Path] = []

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step(DT)

    def until(self, pred: Callable[[], bool], limit: int = 3000,
              each: Callable[[], None] | None = None) -> bool:
        for _ in range(limit):
            if pred():
                return True
            if each:
                each()
            self.app.step(DT)
        return pred()

    def click(self, pos: tuple[int, int]) -> None:
        """A real left click at ``pos`` (button down and up), then one frame."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(1)

    def menu_for(self, game: str) -> None:
        """The menu with ``game`` chosen (its option rows showing)."""
        from game.ui.scenes.menu import MenuScene
        self.app.settings["game"] = game
        self.app.switch(MenuScene(self.app))
        self.frames(2)

    def shot(self, name: str) -> None:
        path = self.out / f"{self.prefix}_{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)

    # ----- the scenes ----------------------------------------------------------------------------
    def menus(self) -> None:
        from game.ui.scenes.help import HelpScene
        from game.ui.scenes.settings import SettingsScene
        self.menu_for("hareeja")
        self.shot("01_menu")
        self.app.switch(SettingsScene(self.app))
        self.frames(2)
        self.shot("02_settings")
        self.app.switch(HelpScene(self.app))
        self.frames(2)
        self.shot("03_rules")

    def stats_screens(self) -> None:
        """The statistics screen: empty, then filled from real bot matches (every game tab),
        and the reset question."""
        from game.ui import stats, storage
        from game.ui.scenes.stats import StatsScene
        storage.save_stats(stats.empty())
        self.app.switch(StatsScene(self.app, game="hareeja"))
        self.frames(2)
        self.shot("stats_01_empty")
        storage.save_stats(stats_sample())
        from game.ui import games
        for i, g in enumerate(games.available()):
            self.app.switch(StatsScene(self.app, game=g.key))
            self.frames(2)
            self.shot(f"stats_{i + 2:02d}_{g.key}")
        scene = StatsScene(self.app, game="hareeja")
        self.app.switch(scene)
        scene.ask_reset()
        self.frames(2)
        self.shot("stats_05_reset_confirm")
        storage.save_stats(stats.empty())

    def match(self) -> None:
        app = self.app
        clock = FakeClock()
        sc = HareejaTable.new_match(app, "normal", 60, seed=PLAY_SEED, clock=clock)
        app.switch(sc)
        self.frames(int(1.3 / DT))
        self.shot("04_deal")
        sc.set_pick(3)
        self.until(lambda: sc.phase == "declare" and all(sc.confirmed[1:]))
        self.frames(6)
        self.shot("05_declare")
        sc.confirm_bid()
        self.until(lambda: sc.revealed and sc.reveal_t >= 1.0)
        self.shot("06_bids_revealed")

        def play_first_legal() -> None:
            legal = [c for c in sc.hand_order if c in sc.legal_cards()]
            sc.act(0, {"type": "play", "card": legal[0]}, human=True)

        # Our turn with a card still landing and cards we may not play.
        def wanted() -> bool:
            if not sc.my_turn():
                return False
            landing = any(s.moving for _x, s in sc.trick)
            illegal = len(sc.legal_cards()) < len(sc.hand_order)
            if landing and illegal:
                return True
            if not landing and not any(s.moving for _x, s in sc.trick):
                play_first_legal()
            return False
        self.until(wanted, 6000)
        legal = [c for c in sc.hand_order if c in sc.legal_cards()]
        sc.selected = legal[-1]
        clock.advance(52)            # 8 s left: the ring turns amber
        self.frames(3)
        self.shot("07_play")
        self.until(lambda: not any(s.moving for _x, s in sc.trick))
        illegal = [c for c in sc.hand_order if c not in sc.legal_cards()]
        if illegal:
            pos = sc.hand[illegal[0]].rect().center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(14)
        self.shot("08_illegal_hint")
        sc.play_selected()
        self.until(lambda: sc.collecting and any(
            s.motion is not None and s.motion.progress > 0.4 for _x, s in sc.trick))
        self.shot("09_trick_collect")

        def play_on() -> None:
            if sc.my_turn() and not sc.queue:
                play_first_legal()
        # The last trick, peeked at with the button while the next one is on the table.
        self.until(lambda: sc.can_peek() and sc.my_turn() and len(sc.trick) >= 2, 6000, play_on)
        self.until(sc.idle, 300)                 # our turn waits: the table's clock is fake
        self.click(sc.peek_button.rect.center)
        self.frames(10)
        self.shot("09a_last_trick")
        sc.toggle_last_trick()
        self.until(lambda: sc.score is not None and sc.score["t"] > 1.4, 20000, play_on)
        self.shot("10_round_score")
        sc.close_score()
        # Three missed turns in a row: the table plays for us (TB-8).
        for _ in range(3):
            seat_missed = sc.table.seats[0].missed
            self.until(lambda: (sc.can_bid() and sc.idle()) or sc.my_turn(), 20000)
            clock.advance(61)
            self.until(lambda: sc.table.seats[0].missed > seat_missed, 600)  # noqa: B023
        self.frames(30)
        self.shot("11_assisted")

    def scripted_end(self, seed: int, name: str, until_over: bool) -> None:
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
        sc = HareejaTable(self.app, table)
        self.app.switch(sc)
        self.frames(3)
        sc.act(seat, action, human=True)
        self.until(lambda: sc.score is not None and sc.score["t"] > 1.0)
        sc.close_score()
        if until_over:
            self.until(lambda: sc.over is not None and sc.over["t"] > 0.8)
        else:
            self.until(lambda: sc.banner is not None and sc.phase == "deal")
            self.frames(50)
        self.shot(name)


_STATS_SAMPLE: dict | None = None


def _bots_play(match, bots_module, seed: int, level: str = "easy"):
    """Play ``match`` to its end with ``level`` bots in every seat (pure, no screen)."""
    rngs = [bot_rng(seed * 4 + i) for i in range(match.players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(seat, run(bots_module.think(match.view(seat), match.legal_actions(seat),
                                                level, rngs[seat])))
    return match


def stats_sample() -> dict:
    """Statistics for the screenshots, built the way the client builds them: entries made from
    the seat-0 view of whole bot matches of every game (fixed seeds and dates)."""
    import copy
    global _STATS_SAMPLE
    if _STATS_SAMPLE is None:
        from game.games.hand_rummy import bots as rummy_bots
        from game.games.hand_rummy.rules import Match as RummyMatch
        from game.games.ronda import bots as ronda_bots
        from game.games.ronda.rules import Match as RondaMatch
        from game.ui import stats
        data = stats.empty()
        players = ["seat.you", "name.1", "name.2", "name.3"]
        day = 0

        def add(game: str, match, online: bool = False, abandoned: bool = False) -> None:
            nonlocal day
            day += 1
            entry = stats.make_entry(game, match.view(0), players[:match.players], online,
                                     abandoned=abandoned,
                                     date=f"2025-03-{day:02d} {18 + day % 5}:{(day * 7) % 60:02d}")
            stats.add(data, entry)
        for i, seed in enumerate((101, 5, 17, 23, 42, 64, 77, 88, 90, 99, 120, 131)):
            add("hareeja", bot_match(seed), online=i % 4 == 3)
        add("hareeja", Match.replay({**bot_match(7).record(), "log": bot_match(7).log[:70]}),
            abandoned=True)
        for seed in (3, 9, 14, 21):
            add("ronda", _bots_play(RondaMatch.new(2, {"rules": "quick"}, seed=seed),
                                    ronda_bots, seed))
        add("ronda", _bots_play(RondaMatch.new(4, {"rules": "quick"}, seed=5), ronda_bots, 5),
            online=True)
        for seed in (2, 8, 13):
            add("hand_rummy", _bots_play(RummyMatch.new(4, {"rounds": 3}, seed=seed),
                                         rummy_bots, seed))
        _STATS_SAMPLE = data
    return copy.deepcopy(_STATS_SAMPLE)


def _first_action_dealing(record: dict, round_no: int) -> int:
    """Index of the action after which round ``round_no`` is dealt."""
    match = Match.new(record["players"], record.get("options"), record["seed"], record.get("deck"))
    for i, (seat, action) in enumerate(record["log"]):
        match.apply(seat, action)
        if match.round_no >= round_no:
            return i
    raise ValueError(f"The match never reaches round {round_no}.")


def hareeja_scenes(shooter: Shooter) -> None:
    """Hareeja's phases (called through game.games.hareeja.table.screenshot_scenes)."""
    shooter.match()
    shooter.scripted_end(TIEBREAK_SEED, "12_tiebreak", until_over=False)
    shooter.scripted_end(SHARED_SEED, "13_match_end_shared", until_over=True)


async def take_all(out_dir: str, options: Options | None = None) -> list[Path]:
    """Every scene, in Arabic and English, landscape and portrait; ``options.game`` (when set)
    limits the tables to that game's."""
    from game.ui import games
    only = getattr(options, "game", None) if options is not None else None
    keys = [g.key for g in games.available() if only in (None, g.key)]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-shots-")
    saved: list[Path] = []
    for portrait in (False, True):
        for lang in ("ar", "en"):
            app = App(Options(portrait=portrait, lang=lang, screenshots=str(out), seed=PLAY_SEED))
            shooter = Shooter(app, out, f"{'portrait' if portrait else 'landscape'}_{lang}")
            shooter.menus()
            shooter.stats_screens()
            from game.ui.scenes import lobby
            if hasattr(lobby, "screenshot_lobby"):
                lobby.screenshot_lobby(shooter)
            for key in keys:
                games.table_module(key).screenshot_scenes(shooter)
            saved.extend(shooter.saved)
            await asyncio.sleep(0)
    print(f"{len(saved)} screenshots in {out}")
    return saved


# ----- Ronda ------------------------------------------------------------------------------------
RONDA_END_SEED = {2: 5, 4: 9}


def ronda_first_batch_deck() -> list[str]:
    """Two players, dealer 0: seat 1 gets 3, seat 0 gets 3, then 4 go to the table.

    Scripted below: seat 1 lays 5C, you declare ronda (1C 1E) and take it with 5O (caida);
    seat 1 takes 10B 11C with 10E; you lay 1C; seat 1 lays 3B; your 1E takes 1C 2E 3B 4E and
    clears the table (mesa)."""
    from game.core.cards import spanish_deck
    head = ["5C", "10E", "3B", "5O", "1C", "1E", "2E", "4E", "10B", "11C"]
    return head + [c for c in spanish_deck() if c not in head]


RONDA_SCRIPT = [(1, {"type": "play", "card": "5C"}),
                (0, {"type": "declare", "kind": "ronda"}),
                (0, {"type": "play", "card": "5O"}),
                (1, {"type": "play", "card": "10E"}),
                (0, {"type": "play", "card": "1C"}),
                (1, {"type": "play", "card": "3B"}),
                (0, {"type": "play", "card": "1E"})]


def ronda_bot_match(players: int, seed: int):
    """A whole Ronda match played by bots (pure, fast): the script for the late shots."""
    from game.games.ronda import bots as ronda_bots
    from game.games.ronda.rules import Match as RondaMatch
    match = RondaMatch.new(players, {"rules": "quick"}, seed=seed)
    rngs = [bot_rng(seed * 4 + i) for i in range(players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(seat, run(ronda_bots.think(match.view(seat), match.legal_actions(seat),
                                               "easy", rngs[seat])))
    return match


def _ronda_scene(shooter: Shooter, match, options: dict):
    """A Ronda table where the script moves every seat (all seats human)."""
    from game.games.ronda.table import RondaTable
    seats = [Seat("human", "seat.you")] + [Seat("human", f"ronda.name.{i}")
                                           for i in range(1, match.players)]
    table = Table(match, seats, FakeClock(), None)
    events = [e.for_seat(0) for e in match.start_events] if not match.log else None
    sc = RondaTable(shooter.app, table, events, bot_seed=1, options=options)
    shooter.app.switch(sc)
    return sc


def ronda_scenes(shooter: Shooter) -> None:
    """Ronda's phases: menu, deal, declaration, capture preview, caida, mesa, deal score and
    match end with two players; deal, declaration, score and end with four (teams); a turn, the
    declarations turned up at the seats and the deal score with three."""
    from game.games.ronda.rules import Match as RondaMatch
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
        return sc.idle() and sc.phase == "play" and not sc.timers

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
    steps.pop(0)
    sc.declare("ronda")
    shooter.frames(int(0.3 / DT))
    sc.selected = "5O"
    shooter.frames(4)
    shooter.shot("ronda2_04_capture_preview")
    steps.pop(0)
    sc.play_selected()
    shooter.until(lambda: sc.flash is not None and sc.glow, 600)
    shooter.frames(8)
    shooter.shot("ronda2_05_caida")
    step_until(lambda: not steps and sc.flash is not None)
    shooter.frames(8)
    shooter.shot("ronda2_06_mesa")
    for players in (2, 4):
        ronda_scripted_end(shooter, players)
    # Four players: the deal, then your declaration turn with the bots' moves on the table.
    match = RondaMatch.new(4, {"rules": "maghribi"}, seed=3)
    sc = _ronda_scene(shooter, match, {"players": 4, "rules": "maghribi"})
    shooter.frames(int(0.9 / DT))
    shooter.shot("ronda4_02_deal")
    from game.games.ronda import bots as ronda_bots
    rng = bot_rng(5)

    def bots_move() -> None:
        if ready() and sc.match.to_act() != [0]:
            seat = sc.match.to_act()[0]
            sc.act(seat, run(ronda_bots.think(sc.match.view(seat), sc.match.legal_actions(seat),
                                              "normal", rng)), human=True)
    shooter.until(lambda: ready() and sc.can_declare(), 4000, bots_move)
    shooter.frames(4)
    shooter.shot("ronda4_03_declare")
    ronda_three_players(shooter)
    from game.ui.scenes.help import HelpScene
    shooter.app.switch(HelpScene(shooter.app, game="ronda"))
    shooter.frames(2)
    shooter.shot("ronda_09_rules")


def ronda_scripted_end(shooter: Shooter, players: int) -> None:
    """Replay a bot match to its last action and play that through the scene: the sweep, the
    deal's score panel, then the match end."""
    from game.games.ronda.rules import Match as RondaMatch
    full = ronda_bot_match(players, RONDA_END_SEED[players])
    record = full.record()
    *head, (seat, action) = record["log"]
    match = RondaMatch.replay({**record, "log": head})
    sc = _ronda_scene(shooter, match, {"players": players, "rules": "quick"})
    shooter.frames(3)
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
    "2O", "12O", "1C", "12E", "4C", "4B", "3E", "10O", "12C", "3B", "5O", "2C", "1B", "10C", "4O",
    "7E", "5B", "2E", "11E", "11C", "11B", "10E", "10B", "2B", "12B", "1O", "1E", "6B", "7O", "7C",
    "6E", "6C", "7B", "6O", "3O", "3C", "11O", "5E", "4E", "5C",
]
RONDA3_MOVES = [
    "1C", "ronda", "12E", "12C", "12O", "4C", "10O", "2O", "4B", "3E", "10C", "2E", "ronda", "10E",
    "4O", "5B", "11C", "7E", "11E", "11B", "10B", "ronda", "1O", "ronda", "7O", "12B", "1E", "7C",
    "2B", "6B", "6E", "tringa", "7B", "ronda", "3O", "ronda", "4E", "6O", "3C", "5C", "6C", "11O",
    "5E",
]
RONDA3_LAST_BATCH = 30      # index of your 6E, after which the last batch is dealt


def _ronda3_action(token: str) -> dict:
    if token in ("ronda", "tringa"):
        return {"type": "declare", "kind": token}
    return {"type": "play", "card": token}


def _ronda3_match(moves: int):
    """The scripted three-player match after its first ``moves`` moves (pure)."""
    from game.games.ronda.rules import Match as RondaMatch
    match = RondaMatch.new(3, {"rules": "maghribi"}, seed=8, deck=list(RONDA3_DECK))
    for token in RONDA3_MOVES[:moves]:
        match.apply(match.to_act()[0], _ronda3_action(token))
    return match


def ronda_three_players(shooter: Shooter) -> None:
    """Three players: your declaration turn in the last batch after both others declared, the
    capture preview, then the deal's end — every declaration turned up at its seat, then the
    deal score."""
    options = {"players": 3, "rules": "maghribi"}
    sc = _ronda_scene(shooter, _ronda3_match(RONDA3_LAST_BATCH), options)
    shooter.frames(3)
    moves = RONDA3_MOVES[RONDA3_LAST_BATCH:]

    def ready() -> bool:
        return sc.idle() and sc.phase == "play" and not sc.timers

    def play_script() -> None:      # your 6E, then the others' declarations and cards
        if ready() and moves:
            sc.act(sc.match.to_act()[0], _ronda3_action(moves.pop(0)), human=True)
    shooter.until(lambda: ready() and sc.can_declare(), 4000, play_script)
    shooter.frames(4)
    shooter.shot("ronda3_03_declare")
    sc.declare(moves.pop(0))
    shooter.frames(int(0.3 / DT))
    sc.selected = moves[0]
    shooter.frames(4)
    shooter.shot("ronda3_04_capture_preview")
    # The deal's last move, played through a fresh scene: the reveal, then the score panel.
    sc = _ronda_scene(shooter, _ronda3_match(len(RONDA3_MOVES) - 1), options)
    shooter.frames(3)
    sc.act(0, _ronda3_action(RONDA3_MOVES[-1]), human=True)
    shooter.until(lambda: bool(sc.reveals), 1200)
    shooter.frames(20)
    shooter.shot("ronda3_06a_reveal")
    shooter.until(lambda: sc.score is not None and sc.score["t"] > 1.2, 3000)
    shooter.shot("ronda3_07_deal_score")


# ----- Hand rummy -------------------------------------------------------------------------------
def _rummy_script() -> list[tuple[int, dict | None]]:
    """The moves of the scripted round of game.games.hand_rummy.table.scripted_round (its
    explicit deck): seat 1 opens, seats 2 and 3 draw and throw their first card (None: chosen
    when played), then you draw the 6S, open, take the joker back with your 6H, meld it and go
    out with a "hand" on the 7D."""
    return [(1, {"type": "meld", "groups": [["10S", "JS", "QS", "KS", "AS"],
                                            ["5H", "JK", "7H"]]}),
            (1, {"type": "discard", "card": "5C"}),
            (2, {"type": "draw", "from": "stock"}), (2, None),
            (3, {"type": "draw", "from": "stock"}), (3, None),
            (0, {"type": "draw", "from": "stock"}),
            (0, {"type": "meld", "groups": [["2S", "3S", "4S", "5S", "6S"], ["KC", "KD", "KH"],
                                            ["QC", "QD", "QH"]]}),
            (0, {"type": "swap_joker", "meld": 1, "card": "6H"}),
            (0, {"type": "meld", "groups": [["JK", "8C", "9C"]]}),
            (0, {"type": "discard", "card": "7D"})]


def _rummy_scene(shooter: Shooter, moves: int):
    """A rummy table at the scripted round after its first ``moves`` moves; every seat is
    moved by the script (all human), nothing animates until the next move."""
    from game.games.hand_rummy.rules import Match as RummyMatch
    from game.games.hand_rummy.table import RummyTable, shot_deck
    options = {"rounds": 3}
    match = RummyMatch.new(4, options, seed=11, deck=shot_deck())
    script = _rummy_script()
    for seat, action in script[:moves]:
        match.apply(seat, action or {"type": "discard", "card": match.hands[seat][0]})
    seats = [Seat("human", "seat.you")] + [Seat("human", f"name.{i}") for i in range(1, 4)]
    sc = RummyTable(shooter.app, Table(match, seats, FakeClock(), None),
                    options={"players": 4, **options})
    shooter.app.switch(sc)
    shooter.frames(3)
    return sc, script[moves:]


def rummy_moments(shooter: Shooter) -> None:
    """Hand rummy: a card of the hand being moved to another place (HR-15), the drawn card
    flying from the stock and turning over, and at the round's end the others' hands face up
    under the "went out" line (HR-10)."""
    sc, _rest = _rummy_scene(shooter, 6)
    shooter.until(sc.my_turn, 600)
    shooter.frames(20)
    shooter.click(sc.ws[("h", 0)].rect().center)
    shooter.frames(20)
    shooter.click(sc.ws[("h", len(sc.staging.hand) - 1)].rect().center)
    shooter.frames(4)
    shooter.shot("rummy_02a_move_in_hand")
    shooter.frames(40)
    shooter.click(sc.geo.stock)
    shooter.frames(3)                    # half way, still face down (it turns over on the way)
    shooter.shot("rummy_02b_draw_flight")
    sc, rest = _rummy_scene(shooter, 10)
    seat, action = rest[0]
    sc.act(seat, action, human=True)
    shooter.until(lambda: sc.ended is not None, 600)
    shooter.frames(50)
    shooter.shot("rummy_06a_hands_up")
