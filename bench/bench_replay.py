"""Replay link lengths and times: whole bot matches of every game as ``#replay=`` links.

Usage: python bench/bench_replay.py [--seeds N] [--level easy|normal|hard]
Prints, per game and table size, the link's length (the code after a site's address: median
and longest over the seeds), the actions per match, and the times to encode, decode (which
replays the engine: the check) and step back once from the end (the match rebuilt from its
log). It is not a test. Targets: a whole Hareeja match's link under 400 characters; a step back
under 20 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.client import replay
from game.client.page_links import replay_link
from game.core import registry
from game.core.bots import bot_rng, run

SITE = "https://majlis.example/play/"
TABLES = (("hareeja", 4, None), ("ronda", 2, None), ("ronda", 4, None), ("hand_rummy", 4, None))


def bot_match(game: str, players: int, options: dict | None, seed: int, level: str):
    spec = registry.get(game)
    match = spec.engine_class().new(players, options, seed=seed)
    bots = spec.bots_module()
    rngs = [bot_rng(seed * 8 + s) for s in range(players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal_actions(seat)
        match.apply(seat, run(bots.think(view, legal, level, rngs[seat])))
    return match


def timed(fn, *args):
    start = time.perf_counter()
    out = fn(*args)
    return out, (time.perf_counter() - start) * 1000


def bench_table(game: str, players: int, options: dict | None, seeds: int, level: str) -> None:
    links, steps, enc, dec, back = [], [], [], [], []
    for seed in range(1, seeds + 1):
        record = bot_match(game, players, options, seed, level).record()
        names = ["seat.you", *(f"name.{i}" for i in range(1, players))]
        code, ms = timed(replay.encode, record, 0, names)
        enc.append(ms)
        decoded, ms = timed(replay.decode, code)
        dec.append(ms)
        assert decoded.record == record, "a replay must reach exactly the recorded match"
        back.append(timed(replay.rebuilt, record, len(record["log"]) - 1)[1])
        links.append(len(replay_link(SITE, code)))
        steps.append(len(record["log"]))
    print(
        f"{game:<11} {players} seats: link {statistics.median(links):.0f} chars "
        f"(longest {max(links)}, site address {len(SITE)} of it), "
        f"{statistics.median(steps):.0f} actions; encode {statistics.median(enc):.1f} ms, "
        f"decode {statistics.median(dec):.1f} ms, step back {max(back):.1f} ms at most"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    print(f"Whole bot matches ({args.level}), {args.seeds} seeds each:")
    for game, players, options in TABLES:
        bench_table(game, players, options, args.seeds, args.level)


if __name__ == "__main__":
    main()
