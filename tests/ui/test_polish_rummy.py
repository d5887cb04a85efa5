"""Hand rummy table polish, driven by real events: moving a card inside the hand (drag it onto
another card; Undo restores the order, HR-15; a tap only selects), your drawn card
flying from the pile into the hand (HR-6), and the others' hands face up on the table at the
round's end before the score panel (HR-9, HR-10)."""

import pygame
from test_rummy_table import scripted_scene
from ui_helpers import click, drag, run_until

from game.games.hand_rummy import scene_shots as shots
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.scene import RummyTable


def settled(app, scene) -> None:
    run_until(app, lambda: not any(s.moving for s in scene.workspace.sprites.values()), 300)
    for _ in range(40):
        app.step(1 / 60)


def test_HR_15_move_a_card_by_dragging_it_onto_another_then_undo(make_app):
    app = make_app()
    scene = scripted_scene(app)
    settled(app, scene)
    before = list(scene.workspace.staging.hand)
    groups = [list(g) for g in scene.workspace.staging.groups]
    log = list(scene.session.match.log)
    moved = before[0]
    target = len(before) - 2
    start = scene.workspace.sprites[("h", 0)].rect().center
    drag(app, start, scene.workspace.sprites[("h", target)].rect().center)
    assert scene.workspace.staging.hand[target] == moved and scene.workspace.selected is None
    assert sorted(scene.workspace.staging.hand) == sorted(before)
    assert scene.workspace.staging.groups == groups and scene.session.match.log == log  # order only
    settled(app, scene)
    assert scene.workspace.sprites[("h", target)].code == moved  # the card went there
    click(app, scene.widget("undo").rect.center)
    assert scene.workspace.staging.hand == before


def test_a_tap_on_a_second_card_selects_it_too_and_moves_nothing(make_app):
    app = make_app()
    scene = scripted_scene(app)
    settled(app, scene)
    before = list(scene.workspace.staging.hand)
    click(app, scene.workspace.sprites[("h", 0)].rect().center)
    click(app, scene.workspace.sprites[("h", len(before) - 1)].rect().center)
    assert scene.workspace.staging.hand == before and scene.workspace.chosen == [0, len(before) - 1]
    first = scene.workspace.sprites[("h", 0)].rect()
    click(app, (scene.geo.hand.x + 2, first.centery))  # beside the cards: nothing happens
    assert scene.workspace.staging.hand == before and scene.workspace.chosen == [0, len(before) - 1]


def test_HR_6_the_drawn_card_flies_from_the_stock_into_the_hand(make_app):
    app = make_app()
    scene = scripted_scene(app)
    settled(app, scene)
    n = len(scene.workspace.staging.hand)
    click(app, scene.geo.stock)
    assert scene.session.match.log[-1] == [0, {"type": "draw", "from": "stock"}]
    app.step(1 / 60)
    index = scene.workspace.staging.hand.index("6S")  # where the suit sort puts it
    sprite = scene.workspace.sprites.get(("h", index))
    assert sprite is not None and sprite.moving and sprite.code == "6S"
    assert sprite.motion.start == scene.geo.stock  # it starts at the stock
    assert sprite.pos[1] < scene.geo.hand.y  # and is still on its way
    slot = scene.geo.hand_slots(n + 1)[index]
    assert sprite.motion.end == slot
    assert run_until(app, lambda: not sprite.moving, 200)
    assert sprite.face_up and sprite.size == scene.geo.hand_card


def test_HR_10_the_other_hands_turn_face_up_before_the_score_panel(make_app):
    app = make_app()
    options = {"rounds": 1}
    record = shots.bot_match(5, options).record()
    *head, (seat, action) = record["log"]
    match = Match.replay({**record, "log": head})
    scene = RummyTable(app, shots._human_table(app, match), options={"players": 4, **options})
    app.switch(scene)
    app.step(1 / 60)
    scene.act(seat, action, human=True)
    assert run_until(app, lambda: scene.shown.ended is not None, 600)
    hands = scene.shown.ended["hands"]
    shown = scene.painter.shown_hands()
    assert shown == [s for s in (1, 2, 3) if hands[s]] and shown
    assert scene.score is None
    for _ in range(30):
        app.step(1 / 60)
    with_hands = pygame.image.tobytes(app.screen, "RGB")
    assert run_until(app, lambda: scene.score is not None, 600)
    assert scene.shown.ended is None and scene.painter.shown_hands() == []
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != with_hands
