"""Hand rummy figures: random four-player rounds per second, bot think time, meld finder time.

Usage: python bench/bench_rummy.py [--rounds N] [--seconds S]
Prints figures; it is not a test. Targets: >= 200 rounds/s on one core, bot p95 <= 100 ms,
meld finder p95 <= 20 ms on 15 cards with two jokers.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.core.cards import JOKER, rummy_deck
from game.games.hand_rummy import bots
from game.games.hand_rummy.melds import OPENING_MIN, find_melds, groups_points
from game.games.hand_rummy.rules import Match


def random_turn_action(match: Match, rnd: random.Random, looked: set) -> tuple[int, dict]:
    """Random legal play that melds what the finder offers once it may (so rounds end); the
    finder is asked once per turn, after the draw."""
    seat = match.turn
    turn = (match.round, match.turn_no)
    if match.drawn and not match.pending and turn not in looked:
        looked.add(turn)
        groups = find_melds(match.hands[seat])
        if groups and (match.opened[seat] or groups_points(groups) >= OPENING_MIN):
            return seat, {"type": "meld", "groups": groups}
    legal = match.legal_actions(seat)
    if not legal:
        return seat, {"type": "timeout"}
    lays = [a for a in legal if a["type"] in ("add", "swap_joker")]
    if lays and rnd.random() < 0.7:
        return seat, rnd.choice(lays)
    return seat, rnd.choice([a for a in legal if a["type"] in ("draw", "discard")] or legal)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def bench_rounds(rounds: int) -> None:
    rnd = random.Random(1)
    match = Match.new(4, {"rounds": 20}, seed=1)
    done, actions, engine = 0, 0, 0.0
    looked: set = set()
    start = time.perf_counter()
    while done < rounds:
        if match.phase == "over":
            match = Match.new(4, {"rounds": 20}, seed=rnd.randrange(1 << 30))
            looked.clear()
        before = len(match.history)
        seat, action = random_turn_action(match, rnd, looked)
        t = time.perf_counter()
        match.apply(seat, action)
        engine += time.perf_counter() - t
        actions += 1
        done += len(match.history) - before if match.history else 0
    elapsed = time.perf_counter() - start
    print(
        f"random 4-player rounds: {rounds / elapsed:.0f} rounds/s "
        f"({actions / rounds:.0f} actions per round, {actions / elapsed:.0f} actions/s); "
        f"engine apply() alone: {rounds / engine:.0f} rounds/s "
        f"(the rest is the random player's meld finder and legal_actions)"
    )


def bench_bots(seconds: float) -> None:
    times: list[float] = []
    end = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < end:
        match = Match.new(4, {"rounds": 1}, seed=seed)
        while match.phase != "over":
            seat = match.to_act()[0]
            view, legal = match.view(seat), match.legal_actions(seat)
            t = time.perf_counter()
            action = bots.choose(view, legal, level="hard", seed=seed)
            times.append(time.perf_counter() - t)
            match.apply(seat, action)
        seed += 1
    print(
        f"bot think (hard, {len(times)} decisions, {seed} rounds): "
        f"p50 {percentile(times, 0.5) * 1e3:.2f} ms, p95 {percentile(times, 0.95) * 1e3:.2f} ms, "
        f"max {max(times) * 1e3:.2f} ms"
    )


def bench_finder(samples: int) -> None:
    rnd = random.Random(2)
    naturals = [c for c in rummy_deck() if c != JOKER]
    times = []
    for _ in range(samples):
        hand = rnd.sample(naturals, 13) + [JOKER, JOKER]
        t = time.perf_counter()
        find_melds(hand)
        times.append(time.perf_counter() - t)
    # A dense hand (long runs, duplicates) is the finder's hardest case.
    dense = [
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8H",
        "3H",
        "4H",
        "5H",
        "5S",
        "5D",
        "5C",
        JOKER,
        JOKER,
    ]
    t = time.perf_counter()
    find_melds(dense)
    dense_ms = (time.perf_counter() - t) * 1e3
    print(
        f"meld finder, 15 cards with 2 jokers ({samples} hands): "
        f"p50 {percentile(times, 0.5) * 1e3:.2f} ms, p95 {percentile(times, 0.95) * 1e3:.2f} ms, "
        f"max {max(times) * 1e3:.2f} ms; dense hand {dense_ms:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    bench_rounds(args.rounds)
    bench_bots(args.seconds)
    bench_finder(2000)


if __name__ == "__main__":
    main()
