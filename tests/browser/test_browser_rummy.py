"""Hand rummy in the real browser: a turn by real input only — draw from the stock
by a tap, stage melds by taps (HR-13: pick a card, tap a group), apply them (HR-14: an opening
of at least 51 points in one go), discard by a drag onto the discard pile (HR-15) — then the
bots play the other seats to the end of the round, and the round's summary reads right (the
hand's cards count against their holders). The match is one saved natively from the first
seed that deals the player an opening (tests/browser/native_saves.py), resumed by a tap on
Continue on the home screen. At the phone and the desktop size."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import TIMES, assert_clean, resume
from game.games.hand_rummy.scoring import round_scores

HERE = Path(__file__).resolve().parent
MELDS = "__import__('game.games.hand_rummy.melds', fromlist=['melds'])"


@pytest.fixture(scope="module")
def saved_opening() -> str:
    out = subprocess.run(
        [sys.executable, str(HERE / "native_saves.py"), "rummy_opening"],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])["match"]


STAGING = "scene.workspace.staging"  # your hand row and staged groups
# nothing flies, glides or is dragged
RESTING = "scene.idle() and scene.workspace.at_rest(scene.taps.held())"


def hand_card(page, code: str) -> list[int]:
    """A point of ``code`` in the hand row that the table's hit test gives to it, once the
    cards rest (fanned cards overlap; its index moves as cards are staged, and the table
    lays the row out again on its next frames)."""
    page.frames(3)
    page.wait_py(RESTING, 15)
    index = f"{STAGING}.hand.index({code!r})"
    return page.py(f"spot(scene.workspace.sprites[('h', {index})].rect(), ('hand', {index}))")


def stage(page, groups: list[list[str]]) -> None:
    """Clear the suggestion, then each group card by card: pick it, tap the group."""
    page.tap(page.widget("clear"))
    page.wait_py(f"{STAGING}.groups == [] or all(not g for g in {STAGING}.groups)", 15)
    for g, group in enumerate(groups):
        for j, code in enumerate(group):
            spot = hand_card(page, code)
            page.tap(spot)
            picked = f"scene.workspace.selected == {STAGING}.hand.index({code!r})"
            try:
                page.wait_py(picked, 15)
            except AssertionError:
                state = (
                    f"[scene.workspace.selected, {STAGING}.hand, {STAGING}.groups, scene.taps.hit"
                )
                where = page.py(state + f"({tuple(spot)})]")
                raise AssertionError(f"{code} at {spot}: {where}") from None
            page.frames(3)
            page.wait_py(RESTING, 15)
            if j == 0:
                target = "spot(scene.workspace.group_geometry()[1], ('new_group',))"
            else:
                target = f"spot(scene.workspace.group_geometry()[0][{g}], ('group', {g}))"
            page.tap(page.py(target))
            page.wait_py(f"{code!r} in {STAGING}.groups[{g}]", 15)


def test_hand_rummy_draw_stage_apply_and_discard_by_drag(page, saved_opening):
    """At the phone size on to the end of the round; at the desktop size the turn only."""
    began = time.monotonic()
    resume(page, saved_opening, "hand_rummy")
    page.wait_py("scene.my_turn() and not scene.turn.drawn()", 120)
    count = page.py("len(scene.session.match.log)")
    page.tap(page.py("list(scene.geo.stock)"))
    page.wait_py("scene.my_turn() and scene.turn.drawn()", 20)
    assert page.py(f"scene.session.match.log[{count}]") == [0, {"type": "draw", "from": "stock"}]
    hand = page.py(f"list({STAGING}.hand) + [c for g in {STAGING}.groups for c in g]")
    groups = page.py(f"{MELDS}.find_melds({hand!r})")
    assert page.py(f"{MELDS}.groups_points({groups!r})") >= 51
    stage(page, groups)
    page.wait_py("scene.turn.apply_reason() is None", 15)
    count = page.py("len(scene.session.match.log)")
    page.tap(page.widget("apply"))
    page.wait_py(f"len(scene.session.match.log) > {count}", 10)
    seat, action = page.py(f"scene.session.match.log[{count}]")
    assert seat == 0 and action["type"] == "meld"
    assert sorted(map(sorted, action["groups"])) == sorted(map(sorted, groups))
    page.wait_py("scene.my_turn()", 20)
    card = page.py(f"{STAGING}.hand[0]")
    count = page.py("len(scene.session.match.log)")
    page.drag(hand_card(page, card), page.py("list(scene.geo.discard)"))
    page.wait_py(f"len(scene.session.match.log) > {count}", 10)
    assert page.py(f"scene.session.match.log[{count}]") == [0, {"type": "discard", "card": card}]
    if not page.device.touch:
        assert_clean(page)
        return
    # the bots play on; the player's turns are the player's to take, so they go on by
    # drawing and discarding (by drag) until the round is scored
    for _ in range(60):
        page.wait_py("scene.my_turn() or scene.score is not None", 120)
        if page.py("scene.score") is not None:
            break
        if not page.py("scene.turn.drawn()"):
            page.tap(page.py("list(scene.geo.stock)"))
            page.wait_py("scene.turn.drawn() or scene.score is not None", 20)
            continue
        card = page.py(f"{STAGING}.hand[-1]")
        count = page.py("len(scene.session.match.log)")
        page.drag(hand_card(page, card), page.py("list(scene.geo.discard)"))
        page.wait_py(f"len(scene.session.match.log) > {count}", 10)
    page.wait_py("scene.score is not None", 60)
    entry = page.py("scene.score['entry']")
    opened = page.py("list(scene.opened)")
    assert opened[0]  # the player's opening stands
    assert entry["hands"][entry["winner"]] == []  # the winner went out
    seats = len(entry["hands"])
    scores, sides = round_scores(
        entry["winner"], entry["kind"], "majlis", entry["hands"], opened, lambda s: s, seats
    )
    assert entry["scores"] == scores and entry["side_scores"] == sides  # HR-12
    assert entry["totals"] == sides  # the first round
    TIMES[f"rummy_round_{page.device.language}_s"] = round(time.monotonic() - began, 1)
    assert_clean(page)
