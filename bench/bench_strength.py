"""Bot strength: seeded self-play, every level against every other level and a random-legal
player, in each game, with 95 % intervals and think times per level.

Usage: python bench/bench_strength.py [--games hareeja,ronda,rummy] [--levels all|a:b,...]
                                      [--pairs 20] [--seconds 150] [--alone 0] [--markdown]
                                      [--seed-base 20000] [--hard-budget 0.003]

Every seed is played twice with the levels' seats swapped (a "duplicate" pair: the same deals for
both sides), so luck of the cards largely cancels out. Formats:
- hareeja: 4 players, level a at seats 0 and 2, b at 1 and 3, whole matches (HJ rules). A match
  is a's when its best seat's total beats b's best (a tie counts half). Margin: a's mean total
  minus b's. ``--alone N`` also plays N seeds of one a alone against three b, the lone seat
  going round all four seats (first places; parity 25 %).
- ronda: 2 players, whole quick matches (to 25). Margin: a's total minus b's.
- rummy: 4 players, a at seats 0 and 2, b at 1 and 3, one round per deal (first dealer = seed
  mod 4): a wins the round when one of its seats goes out first. Margin: b's mean round score
  minus a's (lowest wins, HR-10).
"random" is a player choosing uniformly among the legal actions (in Hand rummy it never lays a
meld, since melds are not listed as legal actions, so it never opens).
Printed per pairing: a's win rate with its 95 % interval (normal approximation), the mean
margin per unit with its 95 % interval over seed pairs; at the end, per game and level, think
time p50 / p95 / max over every decision that level made in that game (natively, one call to
``run(think(...))``; the client and server think the same work in slices), in CPU time of this
process, so that other programs on a shared machine do not inflate it.
Seeds are fixed (SEED_BASE + i; ``--seed-base`` plays another range), so a run with the same
arguments prints the same results unless the time cap (``--seconds`` per pairing) stops it
early: the counts say how far it got.
``--hard-budget S`` gives every hard move S seconds of search (Hareeja and Ronda take a
budget; Hand rummy's bot thinks fast and ignores it), as a busy server does
(``game.net.botplay.think_budget``): how strong hard still is under load.
This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.core.bots import bot_rng, run
from game.games.hand_rummy import bots as rummy_bots
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch
from game.net.botplay import start_thinking

SEED_BASE = 20_000
HARD_BUDGET: float | None = None  # --hard-budget: the search a loaded server leaves hard bots
LEVELS = ("hard", "normal", "easy", "random")
TIMES: dict[tuple[str, str], list[float]] = defaultdict(list)  # (game, level) -> seconds


@dataclass
class Tally:
    """Results of one pairing: per unit a win share, per seed pair a margin."""

    wins: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)


def play(game: str, match: Any, bots_module: Any, levels: list[str], seed: int) -> None:
    """Play ``match`` to the end, seat s at ``levels[s]``; every think time is kept."""
    rnd = random.Random(seed)
    while match.phase != "over":
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        rng = bot_rng(rnd.getrandbits(32))
        level = levels[seat]
        t0 = time.process_time()
        if level == "random":
            action = rng.choice(legal) if legal else {"type": "timeout"}
        elif level == "hard" and HARD_BUDGET is not None:
            engine_name = "hand_rummy" if game == "rummy" else game
            action = run(start_thinking(engine_name, view, legal, level, rng, HARD_BUDGET))
        else:
            action = run(bots_module.think(view, legal, level, rng))
        TIMES[game, level].append(time.process_time() - t0)
        match.apply(seat, action)


def hareeja_match(seed: int, a: str, b: str, a_first: bool) -> tuple[float, float]:
    levels = [a, b, a, b] if a_first else [b, a, b, a]
    match = HareejaMatch.new(4, {"first_dealer": seed % 4}, seed=seed)
    play("hareeja", match, hareeja_bots, levels, seed)
    totals = match.totals
    mine = [totals[s] for s in range(4) if levels[s] == a]
    theirs = [totals[s] for s in range(4) if levels[s] == b]
    win = 1.0 if max(mine) > max(theirs) else 0.5 if max(mine) == max(theirs) else 0.0
    return win, sum(mine) / 2 - sum(theirs) / 2


def ronda_match(seed: int, a: str, b: str, a_first: bool) -> tuple[float, float]:
    levels = [a, b] if a_first else [b, a]
    match = RondaMatch.new(2, {"rules": "quick"}, seed=seed)
    play("ronda", match, ronda_bots, levels, seed)
    me = levels.index(a)
    result = match.result
    win = 0.5 if result["draw"] else float(result["winner"] == me)
    return win, float(match.totals[me] - match.totals[1 - me])


def rummy_round(seed: int, a: str, b: str, a_first: bool) -> tuple[float, float]:
    levels = [a, b, a, b] if a_first else [b, a, b, a]
    match = RummyMatch.new(4, {"rounds": 1, "first_dealer": seed % 4}, seed=seed)
    play("rummy", match, rummy_bots, levels, seed)
    entry = match.history[-1]
    scores = entry["scores"]
    mine = sum(scores[s] for s in range(4) if levels[s] == a) / 2
    theirs = sum(scores[s] for s in range(4) if levels[s] == b) / 2
    return float(levels[entry["winner"]] == a), float(theirs - mine)


GAMES: dict[str, Callable[[int, str, str, bool], tuple[float, float]]] = {
    "hareeja": hareeja_match,
    "ronda": ronda_match,
    "rummy": rummy_round,
}
UNITS = {"hareeja": "matches", "ronda": "matches", "rummy": "rounds"}


def pairing(game: str, a: str, b: str, pairs: int, seconds: float) -> Tally:
    """Up to ``pairs`` duplicate seed pairs of ``a`` against ``b``, stopping at ``seconds``."""
    tally = Tally()
    end = time.perf_counter() + seconds
    for i in range(pairs):
        if time.perf_counter() >= end:
            break
        margin = 0.0
        for a_first in (True, False):
            win, diff = GAMES[game](SEED_BASE + i, a, b, a_first)
            tally.wins.append(win)
            margin += diff / 2
        tally.margins.append(margin)
    return tally


def hareeja_alone(a: str, b: str, seeds: int, seconds: float) -> list[float]:
    """One ``a`` against three ``b``, the lone seat going round the table: its first places
    (a tie for first shares it)."""
    firsts = []
    end = time.perf_counter() + seconds
    for i in range(seeds):
        if time.perf_counter() >= end:
            break
        seed = SEED_BASE + i
        for seat in range(4):
            levels = [a if s == seat else b for s in range(4)]
            match = HareejaMatch.new(4, {"first_dealer": seed % 4}, seed=seed)
            play("hareeja", match, hareeja_bots, levels, seed)
            top = max(match.totals)
            leaders = [s for s in range(4) if match.totals[s] == top]
            firsts.append(1.0 / len(leaders) if seat in leaders else 0.0)
    return firsts


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % normal interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def rate_interval(wins: list[float]) -> tuple[float, float]:
    n = len(wins)
    rate = sum(wins) / n
    return rate, 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / n)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def pairings(spec: str) -> list[tuple[str, str]]:
    if spec == "all":
        return [(a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i + 1 :]]
    return [(pair.split(":")[0], pair.split(":")[1]) for pair in spec.split(",")]


def main() -> None:
    global SEED_BASE, HARD_BUDGET
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default="hareeja,ronda,rummy")
    parser.add_argument(
        "--levels",
        default="hard:normal,normal:easy",
        help='"all" or a list like hard:normal,normal:random',
    )
    parser.add_argument("--pairs", type=int, default=20, help="seed pairs per pairing")
    parser.add_argument(
        "--seconds",
        type=float,
        default=150.0,
        help="time cap per pairing (stops between seed pairs)",
    )
    parser.add_argument(
        "--alone",
        type=int,
        default=0,
        help="Hareeja: seeds of hard alone against three normal (x4 seats)",
    )
    parser.add_argument("--markdown", action="store_true", help="also print README tables")
    parser.add_argument("--seed-base", type=int, default=SEED_BASE, help="first seed played")
    parser.add_argument(
        "--hard-budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="hard bots search this long a move, as on a loaded server (game/net/botplay.py)",
    )
    args = parser.parse_args()
    SEED_BASE = args.seed_base
    HARD_BUDGET = args.hard_budget
    rows = []
    for game in args.games.split(","):
        for a, b in pairings(args.levels):
            start = time.perf_counter()
            tally = pairing(game, a, b, args.pairs, args.seconds)
            rate, half = rate_interval(tally.wins)
            margin, m_half = mean_interval(tally.margins)
            print(
                f"{game:7} {a:6} vs {b:6}: {len(tally.wins)} {UNITS[game]} "
                f"({len(tally.margins)} seed pairs, {time.perf_counter() - start:.0f} s): "
                f"{a} wins {rate:.1%} ± {half:.1%}; margin {margin:+.1f} ± {m_half:.1f}",
                flush=True,
            )
            rows.append(
                f"| {game} | {a} vs {b} | {len(tally.wins)} {UNITS[game]} | "
                f"{rate:.1%} ± {half:.1%} | {margin:+.1f} ± {m_half:.1f} |"
            )
        if game == "hareeja" and args.alone:
            firsts = hareeja_alone("hard", "normal", args.alone, args.seconds)
            rate, half = rate_interval(firsts)
            print(
                f"hareeja hard alone vs three normal: {len(firsts)} matches: first places "
                f"{rate:.1%} ± {half:.1%} (parity 25 %)",
                flush=True,
            )
            rows.append(
                f"| hareeja | hard alone vs 3 normal | {len(firsts)} matches | "
                f"{rate:.1%} ± {half:.1%} first places | |"
            )
    times = []
    for (game, level), values in sorted(TIMES.items()):
        line = (
            f"| {game} | {level} | {len(values)} | {percentile(values, 0.5) * 1e3:.1f} | "
            f"{percentile(values, 0.95) * 1e3:.1f} | {max(values) * 1e3:.0f} |"
        )
        times.append(line)
        print(
            f"think {game:7} {level:6}: {len(values)} decisions, p50 "
            f"{percentile(values, 0.5) * 1e3:.1f} ms, p95 {percentile(values, 0.95) * 1e3:.1f} ms,"
            f" max {max(values) * 1e3:.0f} ms",
            flush=True,
        )
    if args.markdown:
        print("\n| game | pairing | played | first level wins (95 %) | margin per unit (95 %) |")
        print("|---|---|---|---|---|")
        print("\n".join(rows))
        print("\n| game | level | decisions | think p50 ms | p95 ms | max ms |")
        print("|---|---|---|---|---|---|")
        print("\n".join(times))


if __name__ == "__main__":
    main()
