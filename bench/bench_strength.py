"""Bot strength: seeded self-play, one level against another, in each game.

Usage: python bench/bench_strength.py [--games hareeja,ronda,rummy] [--pairs 20]
                                      [--seconds 150] [--levels hard:normal,normal:easy]

Every seed is played twice with the seats swapped (a "duplicate" pair: the same deals for both
sides), so luck of the cards cancels out of the margin. Printed per game and pairing:
- win rate of the first level over matches (draws count half), with a 95% interval;
- average score margin per match in the first level's favour (Hareeja: mean total of its two
  seats minus the other two; Ronda: its total minus the other's; Hand rummy: the other's total
  minus its own, since lowest wins), with a 95% interval over seed pairs;
- think time p50 / p95 / max of the first level.
Seeds are fixed (0, 1, 2 ...), so a run with the same arguments prints the same results unless
the time cap (``--seconds`` per pairing) stops it early: then the pair count says how far it got.
This is a benchmark, not a test.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.core.bots import bot_rng, run
from game.games.hand_rummy import bots as rummy_bots
from game.games.hand_rummy.rules import Match as RummyMatch
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.ronda import bots as ronda_bots
from game.games.ronda.rules import Match as RondaMatch

SEED_BASE = 20_000


@dataclass
class Tally:
    """Results of one pairing: per match a win share, per seed pair a margin."""
    wins: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)


def play(match, bots_module, levels: list[str], seed: int, times: list[float],
         timed_level: str) -> None:
    """Play ``match`` to the end, seat s at ``levels[s]``; think times of ``timed_level`` kept."""
    rnd = random.Random(seed)
    while match.phase != "over":
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        rng = bot_rng(rnd.getrandbits(32))
        t0 = time.perf_counter()
        action = run(bots_module.think(view, legal, levels[seat], rng))
        if levels[seat] == timed_level:
            times.append(time.perf_counter() - t0)
        match.apply(seat, action)


def hareeja_match(seed: int, a: str, b: str, a_first: bool, times: list[float]
                  ) -> tuple[float, float]:
    """Four seats, ``a`` at two opposite seats: (a's win share, a's mean total minus b's)."""
    levels = [a, b, a, b] if a_first else [b, a, b, a]
    match = HareejaMatch.new(4, {"first_dealer": seed % 4}, seed=seed)
    play(match, hareeja_bots, levels, seed, times, a)
    totals = match.totals
    mine = [totals[s] for s in range(4) if levels[s] == a]
    theirs = [totals[s] for s in range(4) if levels[s] == b]
    win = 1.0 if max(mine) > max(theirs) else 0.5 if max(mine) == max(theirs) else 0.0
    return win, sum(mine) / 2 - sum(theirs) / 2


def ronda_match(seed: int, a: str, b: str, a_first: bool, times: list[float]
                ) -> tuple[float, float]:
    """Two players, quick rules (to 25)."""
    levels = [a, b] if a_first else [b, a]
    match = RondaMatch.new(2, {"rules": "quick"}, seed=seed)
    play(match, ronda_bots, levels, seed, times, a)
    me = levels.index(a)
    result = match.result
    win = 0.5 if result["draw"] else float(result["winner"] == me)
    return win, float(match.totals[me] - match.totals[1 - me])


def rummy_match(seed: int, a: str, b: str, a_first: bool, times: list[float]
                ) -> tuple[float, float]:
    """Two players, three rounds; lowest total wins."""
    levels = [a, b] if a_first else [b, a]
    match = RummyMatch.new(2, {"rounds": 3}, seed=seed)
    play(match, rummy_bots, levels, seed, times, a)
    me = levels.index(a)
    mine, theirs = match.totals[me], match.totals[1 - me]
    win = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return win, float(theirs - mine)


GAMES: dict[str, Callable[..., tuple[float, float]]] = {
    "hareeja": hareeja_match, "ronda": ronda_match, "rummy": rummy_match}


def pairing(game: str, a: str, b: str, pairs: int, seconds: float) -> Tally:
    """Up to ``pairs`` duplicate seed pairs of ``a`` against ``b``, stopping at ``seconds``."""
    tally = Tally()
    end = time.perf_counter() + seconds
    for i in range(pairs):
        if time.perf_counter() >= end:
            break
        seed = SEED_BASE + i
        margin = 0.0
        for a_first in (True, False):
            win, diff = GAMES[game](seed, a, b, a_first, tally.times)
            tally.wins.append(win)
            margin += diff / 2
        tally.margins.append(margin)
    return tally


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(game: str, a: str, b: str, tally: Tally, elapsed: float) -> None:
    n = len(tally.wins)
    rate = sum(tally.wins) / n
    half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / n)
    margin, m_half = mean_interval(tally.margins)
    t = tally.times
    print(f"{game:7} {a:6} vs {b:6}: {n} matches ({len(tally.margins)} seed pairs, "
          f"{elapsed:.0f} s): wins {rate:.0%} ± {half:.0%}; "
          f"margin {margin:+.1f} ± {m_half:.1f} per match; "
          f"{a} think p50 {percentile(t, .5) * 1e3:.1f} ms, p95 {percentile(t, .95) * 1e3:.1f} ms,"
          f" max {max(t, default=0) * 1e3:.1f} ms", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="hareeja,ronda,rummy")
    parser.add_argument("--levels", default="hard:normal,normal:easy")
    parser.add_argument("--pairs", type=int, default=20, help="seed pairs per pairing")
    parser.add_argument("--seconds", type=float, default=150.0,
                        help="time cap per pairing (stops between seed pairs)")
    args = parser.parse_args()
    for game in args.games.split(","):
        for pair in args.levels.split(","):
            a, b = pair.split(":")
            start = time.perf_counter()
            tally = pairing(game, a, b, args.pairs, args.seconds)
            report(game, a, b, tally, time.perf_counter() - start)


if __name__ == "__main__":
    main()
