"""The Hand rummy table driven with real pygame events: menu → match, draw by tapping the stock,
stage, apply (and its disabled reason, HR-14), discard, Continue, and a whole autoplay match."""

import pygame
import pytest
from ui_helpers import click, run_until

from game.games.hand_rummy import scene as rummy
from game.games.hand_rummy import scene_shots as shots
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.scene import RummyTable, make_geometry
from game.games.hand_rummy.scene_shots import shot_deck
from game.ui.table_making import TableMaker


def scripted_scene(app) -> RummyTable:
    """The screenshot round (explicit deck, every seat scripted): your turn after three others."""
    match = Match.new(4, {"rounds": 2}, seed=11, deck=shot_deck())
    scene = RummyTable(
        app,
        shots._human_table(app, match),
        [e.for_seat(0) for e in match.start_events],
        bot_seed=11,
        options={"players": 4, "rounds": 2},
    )
    app.switch(scene)
    assert run_until(app, lambda: scene.phase == "play" and scene.idle(), 3000)
    others = [
        (1, {"type": "meld", "groups": [["10S", "JS", "QS", "KS", "AS"], ["5H", "JK", "7H"]]}),
        (1, {"type": "discard", "card": "5C"}),
        (2, {"type": "draw", "from": "stock"}),
        (2, None),
        (3, {"type": "draw", "from": "stock"}),
        (3, None),
    ]
    for seat, action in others:
        run_until(app, scene.idle, 600)
        scene.act(seat, action or {"type": "discard", "card": match.hands[seat][0]}, human=True)
    assert run_until(app, scene.my_turn, 1000)
    return scene


def test_menu_play_starts_a_hand_rummy_match(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:hand_rummy").rect.center)
    click(app, app.scene.widget("play").rect.center)
    assert isinstance(app.scene, RummyTable)
    assert app.scene.session.match.players == 4 and app.scene.session.match.phase == "play"


def test_HR_13_round_starts_with_a_suggestion_that_lays_nothing(make_app):
    app = make_app()
    scene = scripted_scene(app)
    assert sorted(map(sorted, scene.workspace.staging.groups)) == sorted(
        [sorted(g) for g in (["2S", "3S", "4S", "5S"], ["KD", "KC", "KH"], ["QH", "QD", "QC"])]
    )
    assert scene.session.match.melds and all(o == 1 for o in scene.session.match.meld_owners)
    assert scene.session.match.hands[0] and len(scene.session.match.hands[0]) == 14


def test_HR_14_apply_is_disabled_before_the_draw_and_says_why(make_app):
    app = make_app()
    scene = scripted_scene(app)
    app.step(1 / 60)
    assert not scene.controls.apply.enabled and scene.turn.apply_reason() == "not_drawn"
    log = list(scene.session.match.log)
    click(app, scene.controls.apply.rect.center)
    assert scene.session.match.log == log
    assert scene.messages.hint is not None and scene.messages.hint[0] == "Draw a card first"


def test_draw_by_tapping_the_stock_then_stage_and_apply_then_discard(make_app):
    app = make_app()
    scene = scripted_scene(app)
    click(app, scene.geo.stock)
    assert scene.session.match.log[-1] == [0, {"type": "draw", "from": "stock"}]
    assert run_until(app, scene.my_turn, 600)
    assert "6S" in scene.workspace.staging.hand
    # Stage the drawn 6♠ onto the spade run: tap it in the hand, then tap the group.
    app.step(1 / 60)
    index = scene.workspace.staging.hand.index("6S")
    click(app, scene.workspace.sprites[("h", index)].rect().center)
    assert scene.workspace.selected == index
    run = next(i for i, g in enumerate(scene.workspace.staging.groups) if "2S" in g)
    boxes = scene.workspace.group_geometry()[0]
    click(app, (boxes[run].right - 4, boxes[run].bottom - 4))
    assert (
        "6S" in scene.workspace.staging.groups[run]
        and scene.workspace.staging.group_state(run) == "valid"
    )
    assert scene.controls.apply.enabled
    click(app, scene.controls.apply.rect.center)
    assert scene.session.match.log[-1][1]["type"] == "meld" and scene.session.match.opened[0]
    assert run_until(app, scene.my_turn, 600)
    assert not scene.workspace.staging.groups
    # Discard: pick a card, then the Discard button.
    app.step(1 / 60)
    click(app, scene.workspace.sprites[("h", 0)].rect().center)
    code = scene.workspace.staging.hand[0]
    app.step(1 / 60)
    click(app, scene.controls.discard.rect.center)
    assert scene.session.match.log[-1] == [0, {"type": "discard", "card": code}]


def test_HR_14_invalid_group_disables_apply_and_a_staged_card_goes_back(make_app):
    app = make_app()
    scene = scripted_scene(app)
    click(app, scene.geo.stock)
    run_until(app, scene.my_turn, 600)
    app.step(1 / 60)
    kings = next(i for i, g in enumerate(scene.workspace.staging.groups) if "KD" in g)
    sprite = scene.workspace.sprites[("g", kings, 0)]
    code = sprite.code
    click(app, (sprite.rect().x + 6, sprite.rect().centery))  # a staged card goes back
    assert (
        len(scene.workspace.staging.groups[kings]) == 2 and scene.workspace.staging.hand[-1] == code
    )
    assert scene.turn.apply_reason() == "invalid_group" and not scene.controls.apply.enabled
    log = list(scene.session.match.log)
    click(app, scene.controls.apply.rect.center)
    assert scene.session.match.log == log and "neither a run nor a set" in scene.messages.hint[0]


def test_HR_8_joker_swap_by_tapping_the_natural_card_then_the_meld(make_app):
    app = make_app()
    scene = scripted_scene(app)
    click(app, scene.geo.stock)
    run_until(app, scene.my_turn, 600)
    scene.workspace.staging.suggest()
    click(app, scene.controls.apply.rect.center)
    assert run_until(app, scene.my_turn, 600) and scene.session.match.opened[0]
    app.step(1 / 60)
    click(
        app, scene.workspace.sprites[("h", scene.workspace.staging.hand.index("6H"))].rect().center
    )
    heart = next(i for i, m in enumerate(scene.meld_rows.melds) if "JK" in m)
    rect = dict(scene.meld_rows.rects)[heart]
    click(app, rect.center)
    assert scene.session.match.log[-1] == [0, {"type": "swap_joker", "meld": heart, "card": "6H"}]
    assert run_until(app, scene.my_turn, 600) and "JK" in scene.workspace.staging.hand


def test_refusals_are_translated(make_app):
    app = make_app(lang="ar")
    scene = scripted_scene(app)
    scene.act(0, {"type": "discard", "card": "KD"}, human=True)
    assert (
        scene.messages.hint is not None
        and scene.messages.hint[0] == "اسحب ورقة من السحبة أو من الأرض أولًا"
    )


def test_HR_15_sort_and_undo_buttons_reorder_only_the_hand(make_app):
    app = make_app()
    scene = scripted_scene(app)
    groups = [list(g) for g in scene.workspace.staging.groups]
    before = list(scene.workspace.staging.hand)
    click(app, scene.controls.sort_rank.rect.center)
    assert (
        sorted(scene.workspace.staging.hand) == sorted(before)
        and scene.workspace.staging.groups == groups
    )
    app.step(1 / 60)
    click(app, scene.controls.undo.rect.center)
    assert scene.workspace.staging.hand == before


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_layout_keeps_controls_on_screen_large_and_apart(portrait, players):
    g = make_geometry(portrait, players)
    screen = (
        pygame.Rect(0, 0, g.w, g.h).inflate(-2 * 16, -2 * 16)
        if portrait
        else pygame.Rect(0, 0, g.w, g.h).inflate(-16, -16)
    )
    rects = list(g.buttons.values()) + list(g.plates.values())
    for r in g.buttons.values():
        assert screen.contains(r) and r.w >= 44 and r.h >= 44, r
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    for n in (14, 15, 18):
        slots = g.hand_slots(n)
        first_row = [x for x, y in slots if y == slots[0][1]]
        assert first_row[1] - first_row[0] >= 44
        for x, y in slots:
            card = pygame.Rect(0, 0, *g.hand_card)
            card.center = (round(x), round(y))
            assert screen.contains(card)


def test_saved_rummy_match_continues_after_restart(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:hand_rummy").rect.center)
    click(app, app.scene.widget("play").rect.center)
    scene = app.scene
    assert run_until(app, lambda: len(scene.session.match.log) >= 2, 6000)
    log = list(scene.session.match.log)
    # the bots' moves are written on the next quiet frame (game/ui/table_saver.py)
    assert run_until(app, lambda: scene.saver.due is None, 300)
    restarted = make_app()
    cont = restarted.scene.widget("continue:hand_rummy")
    assert cont.visible
    click(restarted, cont.rect.center)
    assert isinstance(restarted.scene, RummyTable)
    assert restarted.scene.session.match.log[: len(log)] == log
    restarted.step(1 / 60)


def test_autoplay_rummy_match_runs_to_the_end_through_the_loop(make_app, majlis_home):
    from game.ui.app import App, Options

    app = App(Options(autoplay=True, speed=60.0, seed=3, frames=40000, lang="en"))
    scene = TableMaker(rummy.RummyTable).start_autoplay(app, {"players": 4, "rounds": 2})
    while app.running:
        app.step(1 / 60)
    assert scene.session.match.phase == "over" and scene.over is not None
    assert len(scene.session.match.history) == 2
    assert app.autoplay_result["totals"] == scene.session.match.totals
    assert app.frame < 40000
    assert not (majlis_home / "match.hand_rummy.json").exists()
