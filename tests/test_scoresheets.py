"""Each game's scoresheet (game/games/<name>/scoresheet.py, pure) over seeded bot matches: after
every scored round its running totals are the engine's totals (HJ-12/HJ-13, RO-22, HR-10/HR-11),
one row per round in order, the viewer's column first; it reads only what the seat's view
shows (no hand: the sheet is the same with every hidden card wiped) and an online view (the
same view through JSON, as the server sends it) gives the same sheet."""

from __future__ import annotations

import importlib
import itertools
import json
from typing import Any

import pytest

from game.core import registry
from game.core.bots import bot_rng, run
from game.core.scoresheet import Sheet

CASES = [
    ("hareeja", 4, {}, 5),
    ("hareeja", 4, {}, 11),
    ("ronda", 2, {"rules": "quick"}, 3),
    ("ronda", 3, {"rules": "quick"}, 4),
    ("ronda", 4, {"rules": "quick"}, 9),
    ("hand_rummy", 3, {"rounds": 3}, 2),
    ("hand_rummy", 4, {"rounds": 2, "partnership": True}, 6),
    ("hand_rummy", 5, {"rounds": 2, "variant": "classic"}, 8),
]
SCORED = ("round_scored", "deal_scored")


def sheet_of(game: str, view: dict[str, Any]) -> Sheet:
    module = importlib.import_module(f"game.games.{game}.scoresheet")
    sheet: Sheet = module.sheet(view)
    return sheet


def wiped(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with the seat's hidden cards replaced: a sheet must not change."""
    return {**view, "hand": [], "hand_counts": [0] * len(view["hand_counts"])}


def play(game: str, players: int, options: dict[str, Any], seed: int):
    """Yield (match, scored rounds so far) after every round scored of a bot match."""
    spec = registry.get(game)
    match = spec.engine_class().new(players, options, seed=seed)
    bots = spec.bots_module()
    rngs = [bot_rng(seed * 8 + s) for s in range(players)]
    rounds = 0
    while match.phase != "over":
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        events = match.apply(seat, run(bots.think(match.view(seat), legal, "easy", rngs[seat])))
        if any(e.type in SCORED for e in events):
            rounds += 1
            yield match, rounds


@pytest.mark.parametrize(("game", "players", "options", "seed"), CASES)
def test_sheet_totals_are_the_engines_after_every_round(game, players, options, seed):
    scored = 0
    for match, rounds in play(game, players, options, seed):
        scored = rounds
        totals = match.totals
        for seat in range(players):
            view = match.view(seat)
            sheet = sheet_of(game, view)
            assert len([r for r in sheet.rows if not r.live]) == rounds
            mine = match.side_of(seat)
            assert seat in sheet.columns[0], "the viewer's column comes first"
            for column, total in zip(sheet.columns, sheet.totals):
                sides = {match.side_of(s) for s in column}
                assert len(sides) == 1
                assert total == totals[sides.pop()], (game, seat, rounds)
            assert sorted(s for c in sheet.columns for s in c) == list(range(players))
            assert [r.n for r in sheet.rows if r.key != "board.tiebreak"] == list(
                range(1, 1 + sum(r.key != "board.tiebreak" for r in sheet.rows))
            )
            assert sheet_of(game, json.loads(json.dumps(view))) == sheet  # online
            assert sheet_of(game, wiped(view)) == sheet  # no hidden card read
            assert sheet.columns[0] == tuple(s for s in range(players) if match.side_of(s) == mine)
    assert scored >= 1 and match.phase == "over"
    result = match.result
    sheet = sheet_of(game, match.view(0))
    leaders = {sheet.columns[c][0] for c in sheet.leaders()}
    best = min(result["totals"]) if game == "hand_rummy" else max(result["totals"])
    assert {match.side_of(s) for s in leaders} == {
        side for side, total in enumerate(result["totals"]) if total == best
    }


def test_hareeja_sheet_rows_are_round_scores_and_ranking_shares_places():
    """HJ-12: each row is the round's scores; HJ-13: ranked by total, equal totals share."""
    for match, _rounds in play("hareeja", 4, {}, 5):
        view = match.view(2)
        sheet = sheet_of("hareeja", view)
        last = view["history"][-1]
        order = [c[0] for c in sheet.columns]
        assert order == [2, 3, 0, 1]
        assert sheet.rows[-1].points == tuple(last["scores"][s] for s in order)
        places = sheet.ranking()
        totals = [sheet.totals[c] for _p, c in places]
        assert totals == sorted(totals, reverse=True)
        for (p1, c1), (p2, c2) in itertools.pairwise(places):
            assert (p1 == p2) == (sheet.totals[c1] == sheet.totals[c2])
    assert sheet.goal == ("hj.board.goal", 5)


def test_rummy_lowest_total_leads_and_ronda_goal_is_the_target():
    """HR-11: the lowest total leads in Hand rummy; RO-22: Ronda's goal is its target."""
    for match, _ in play("hand_rummy", 2, {"rounds": 2}, 4):
        sheet = sheet_of("hand_rummy", match.view(0))
        low = min(sheet.totals)
        assert [sheet.totals[c] for c in sheet.leaders()] == [low] * len(sheet.leaders())
        assert sheet.ranking()[0][1] in sheet.leaders()
    ronda = registry.get("ronda").engine_class().new(2, {"rules": "quick"}, seed=1)
    assert sheet_of("ronda", ronda.view(0)).goal == ("ronda.board.goal", 25)
    empty = sheet_of("ronda", ronda.view(1))
    assert empty.rows == () and empty.totals == (0, 0) and empty.leaders() == ()
    assert empty.ranking() == [(1, 0), (1, 1)]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 9)])
def test_ronda_sheet_counts_caidas_and_mesas_at_once(players, seed):
    """RO-12, RO-14: caida and mesa points count the moment they are made, so mid-deal the
    sheet's last (live) row holds them and its totals are the engine's after every move."""
    spec = registry.get("ronda")
    match = spec.engine_class().new(players, {"rules": "quick"}, seed=seed)
    rngs = [bot_rng(seed * 8 + s) for s in range(players)]
    lives = 0
    while match.phase != "over":
        seat = match.to_act()[0]
        view = match.view(seat)
        match.apply(
            seat, run(spec.bots_module().think(view, match.legal_actions(seat), "easy", rngs[seat]))
        )
        sheet = sheet_of("ronda", match.view(0))
        side = [match.side_of(c[0]) for c in sheet.columns]
        assert list(sheet.totals) == [match.totals[s] for s in side]
        live = [r for r in sheet.rows if r.live]
        assert len(live) <= 1 and all(r is sheet.rows[-1] for r in live)
        lives += bool(live)
        if live:
            assert live[0].key == "ronda.board.so_far" and live[0].n == match.view(0)["deal"]
    assert lives > 0
