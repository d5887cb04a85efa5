"""Hand rummy table polish, driven by real events: moving a card inside the hand (tap a card,
then another card or a place beside them; Undo restores the order, HR-15), your drawn card
flying from the pile into the hand (HR-6), and the others' hands face up on the table at the
round's end before the score panel (HR-9, HR-10)."""

import pygame
from test_rummy_table import scripted_scene
from ui_helpers import click, run_until

from game.games.hand_rummy import table_shots as shots
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.table import RummyTable


def settled(app, scene) -> None:
    run_until(app, lambda: not any(s.moving for s in scene.workspace.sprites.values()), 300)
    for _ in range(40):
        app.step(1 / 60)


def test_HR_15_move_a_card_by_tapping_another_then_undo(make_app):
    app = make_app()
    scene = scripted_scene(app)
    settled(app, scene)
    before = list(scene.staging.hand)
    groups = [list(g) for g in scene.staging.groups]
    log = list(scene.session.match.log)
    moved = before[0]
    click(app, scene.workspace.sprites[("h", 0)].rect().center)
    assert scene.selected == 0
    target = len(before) - 2
    click(app, scene.workspace.sprites[("h", target)].rect().center)
    assert scene.staging.hand[target] == moved and scene.selected is None
    assert sorted(scene.staging.hand) == sorted(before)
    assert scene.staging.groups == groups and scene.session.match.log == log  # order only
    settled(app, scene)
    assert scene.workspace.sprites[("h", target)].code == moved  # the card went there
    click(app, scene.widget("undo").rect.center)
    assert scene.staging.hand == before


def test_HR_15_a_tap_beside_the_cards_moves_the_picked_card_to_that_end(make_app):
    app = make_app()
    scene = scripted_scene(app)
    settled(app, scene)
    before = list(scene.staging.hand)
    last = before[-1]
    click(app, scene.workspace.sprites[("h", len(before) - 1)].rect().center)
    first = scene.workspace.sprites[("h", 0)].rect()
    gap = (first.x - 12, first.centery) if first.x - 12 > scene.geo.hand.x else None
    if gap is None:  # the row fills its area: beside the first card's edge
        gap = (scene.geo.hand.x + 2, first.centery)
    click(app, gap)
    assert scene.staging.hand[0] == last and scene.selected is None


def test_HR_6_the_drawn_card_flies_from_the_stock_into_the_hand(make_app):
    app = make_app()
    scene = scripted_scene(app)
    settled(app, scene)
    n = len(scene.staging.hand)
    click(app, scene.geo.stock)
    assert scene.session.match.log[-1] == [0, {"type": "draw", "from": "stock"}]
    app.step(1 / 60)
    sprite = scene.workspace.sprites.get(("h", n))
    assert sprite is not None and sprite.moving
    assert sprite.motion.start == scene.geo.stock  # it starts at the stock
    assert sprite.pos[1] < scene.geo.hand.y  # and is still on its way
    slot = scene.geo.hand_slots(n + 1)[n]
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
    assert run_until(app, lambda: scene.ended is not None, 600)
    hands = scene.ended["hands"]
    shown = scene.painter.shown_hands()
    assert shown == [s for s in (1, 2, 3) if hands[s]] and shown
    assert scene.score is None
    for _ in range(30):
        app.step(1 / 60)
    with_hands = pygame.image.tobytes(app.screen, "RGB")
    assert run_until(app, lambda: scene.score is not None, 600)
    assert scene.ended is None and scene.painter.shown_hands() == []
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != with_hands
