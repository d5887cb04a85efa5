"""The statistics shown by ``main.py --screenshots``: built the way the client builds them, from
the player's view at the end of whole bot matches of every game (fixed seeds and dates)."""

from __future__ import annotations

import copy
from typing import Any

from game.client import replay, stats, stats_record
from game.core import registry
from game.core.bots import bot_rng, run
from game.core.engine import Match
from game.core.spec import BotsModule
from game.core.types import JsonObject

_STATS_SAMPLE: JsonObject | None = None
AnyMatch = Match[Any, Any]  # a match of any game


def _bots_play(
    match: AnyMatch, bots_module: BotsModule, seed: int, level: str = "easy"
) -> AnyMatch:
    """Play ``match`` to its end with ``level`` bots in every seat (pure, no screen)."""
    rngs = [bot_rng(seed * 4 + i) for i in range(match.players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(
            seat,
            run(bots_module.think(match.view(seat), match.legal_actions(seat), level, rngs[seat])),
        )
    return match


def stats_sample() -> JsonObject:
    """Statistics for the screenshots, built the way the client builds them: entries made from
    the seat-0 view of whole bot matches of every game (fixed seeds and dates)."""
    global _STATS_SAMPLE
    if _STATS_SAMPLE is None:
        data = stats.empty()
        players = ["seat.you", "name.1", "name.2", "name.3"]
        day = 0

        def add(game: str, match: AnyMatch, online: bool = False, abandoned: bool = False) -> None:
            nonlocal day
            day += 1
            entry = stats.make_entry(
                game,
                match.view(0),
                players[: match.players],
                online,
                abandoned=abandoned,
                date=f"2025-03-{day:02d} {18 + day % 5}:{(day * 7) % 60:02d}",
            )
            if not online and not abandoned:  # as the table keeps it: local, finished
                entry["replay"] = replay.encode(match.record(), 0, entry["players"])
            stats.add(data, entry)

        def played(game: str, players: int, options: JsonObject, seed: int) -> AnyMatch:
            spec = registry.get(game)
            return _bots_play(
                spec.engine_class().new(players, options, seed=seed), spec.bots_module(), seed
            )

        for i, seed in enumerate((101, 5, 17, 23, 42, 64, 77, 88, 90, 99, 120, 131)):
            add("hareeja", played("hareeja", 4, {}, seed), online=i % 4 == 3)
        left = played("hareeja", 4, {}, 7)
        add("hareeja", left.replay({**left.record(), "log": left.log[:70]}), abandoned=True)
        for seed in (3, 9, 14, 21):
            add("ronda", played("ronda", 2, {"rules": "quick"}, seed))
        add("ronda", played("ronda", 4, {"rules": "quick"}, 5), online=True)
        for seed in (2, 8, 13):
            add("hand_rummy", played("hand_rummy", 4, {"rounds": 3}, seed))
        _STATS_SAMPLE = data
    return copy.deepcopy(_STATS_SAMPLE)


def replay_screens(shooter: Any) -> None:
    """The replay viewer, opened with a Replay button of the statistics list: a step in the
    second round, then every hand shown (``shooter``: game.ui.screenshots.Shooter)."""
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.stats import StatsScene

    stats_record.save(stats_sample())
    shooter.app.go("stats", game="hareeja")
    shooter.frames(2)
    shooter.scene_as(StatsScene).recent.replay_buttons[0].on_click()
    viewer = shooter.scene_as(ReplayScene)
    viewer.player.playing = False
    viewer.jump(viewer.session.round_start(2) + 9)
    shooter.frames(3)
    shooter.shot("replay_01_viewer")
    viewer.toggle_hands()
    shooter.frames(2)
    shooter.shot("replay_02_hands")
    viewer.back()
    stats_record.save(stats.empty())
