"""A Hand rummy hand for thumbs, driven by real events: the hand's two fixed
rows (the 15th card drawn and the discard move no other card), touch targets of 44 pt in the
hand, multi-select (a tap selects, a second tap lets go, nothing moves), a three-card meld in
four taps (HR-14), an illegal selection refused with a message, the 51-point opening staged
from selections (HR-14, HR-15's staging), a drawn card landing where the sort puts it, and
several cards onto one table meld (HR-7)."""

import pygame
import pytest
from test_rummy_table import scripted_scene
from ui_helpers import click, run_until

from game.games.hand_rummy import scene_shots as shots
from game.games.hand_rummy.rules import Match
from game.games.hand_rummy.scene import RummyTable
from game.games.hand_rummy.scene_geometry import HAND_TARGET, make_geometry
from game.games.hand_rummy.scene_input import add_order
from game.table import FakeClock, Seat, Table


def settled(app, scene) -> None:
    run_until(app, lambda: scene.idle() and scene.workspace.at_rest(scene.taps.held()), 600)
    for _ in range(60):  # (the last glide to the pixel)
        app.step(1 / 60)


def hand_places(scene) -> list[tuple[str, tuple[float, float]]]:
    """Each hand card's code and the pixel it is drawn at, in hand order."""
    sprites = [scene.workspace.sprites[("h", i)] for i in range(len(scene.workspace.staging.hand))]
    return [(s.code, (round(s.pos[0]), round(s.pos[1]))) for s in sprites]


def tap_card(app, scene, code: str) -> None:
    """A real tap on the exposed part of hand card ``code`` (its top edge: the upper row's
    cards show only their top above the lower row)."""
    rect = scene.workspace.sprites[("h", scene.workspace.staging.hand.index(code))].rect()
    click(app, (rect.centerx, rect.y + 12))


def scene_after(app, moves: int, lang: str = "en") -> RummyTable:
    """The scripted screenshot round after its first ``moves`` moves, your turn to go on."""
    match = Match.new(4, {"rounds": 3}, seed=11, deck=shots.shot_deck())
    for seat, action in shots._rummy_script()[:moves]:
        match.apply(seat, action or {"type": "discard", "card": match.hands[seat][0]})
    seats = [Seat("human", "seat.you")] + [Seat("human", f"name.{i}") for i in range(1, 4)]
    scene = RummyTable(
        app, Table(match, seats, FakeClock(), None), options={"players": 4, "rounds": 3}
    )
    app.switch(scene)
    settled(app, scene)
    return scene


@pytest.mark.parametrize("portrait", [True, False])
def test_the_first_14_cards_stay_put_when_the_15th_is_drawn_and_when_it_is_discarded(
    make_app, portrait
):
    app = make_app(portrait=portrait)
    scene = scripted_scene(app)
    click(app, scene.controls.clear.rect.center)  # all fourteen in the hand row
    settled(app, scene)
    assert len(scene.workspace.staging.hand) == 14
    before = hand_places(scene)
    click(app, scene.geo.stock)
    settled(app, scene)
    after = hand_places(scene)
    assert len(after) == 15 and after[:14] == before and after[14][0] == "6S"
    tap_card(app, scene, "6S")
    click(app, scene.controls.discard.rect.center)
    assert scene.session.match.log[-1] == [0, {"type": "discard", "card": "6S"}]
    settled(app, scene)
    assert hand_places(scene) == before


@pytest.mark.parametrize("portrait", [True, False])
@pytest.mark.parametrize("n", [14, 15, 16])
def test_every_hand_card_takes_a_tap_44_pt_wide(portrait, n):
    """The widest run of points across a card's top band that a tap finds that card at:
    81 layout px in portrait (44 pt on a 390 pt phone), 67 in landscape (844 pt)."""
    g = make_geometry(portrait, 4)
    cards = []
    for x, y in g.hand_slots(n):
        rect = pygame.Rect(0, 0, *g.hand_card)
        rect.center = (round(x), round(y))
        cards.append(rect)
    for i, rect in enumerate(cards):
        widest = run = 0
        for x in range(rect.x - 40, rect.right + 40):
            under = [j for j, r in enumerate(cards) if r.collidepoint(x, rect.y + 4)]
            run = run + 1 if under and under[-1] == i else 0  # the topmost card takes it
            widest = max(widest, run)
        assert widest >= HAND_TARGET[portrait], (i, widest)
    assert g.hand_target_width(n) >= HAND_TARGET[portrait]


def test_a_tap_selects_a_second_tap_lets_go_and_nothing_moves(make_app):
    app = make_app(portrait=True)
    scene = scripted_scene(app)
    click(app, scene.controls.clear.rect.center)
    settled(app, scene)
    before = hand_places(scene)
    tap_card(app, scene, "KD")
    tap_card(app, scene, "QC")
    assert scene.workspace.chosen_cards() == ["KD", "QC"]
    settled(app, scene)
    lifted = hand_places(scene)
    moved = [code for (code, p), (_c, q) in zip(before, lifted) if p != q]
    assert sorted(moved) == ["KD", "QC"]  # the selected cards rise; nothing else moves
    assert all(
        q[1] == p[1] - scene.geo.lift for (c, p), (_c, q) in zip(before, lifted) if c in moved
    )
    tap_card(app, scene, "KD")
    assert scene.workspace.chosen_cards() == ["QC"]
    tap_card(app, scene, "QC")
    assert scene.workspace.chosen == []
    settled(app, scene)
    assert hand_places(scene) == before


def test_HR_14_a_three_card_meld_in_four_taps(make_app):
    app = make_app(portrait=True)
    scene = scene_after(app, 9)  # opened, the joker taken back: JK 8C 9C 7D in hand
    assert sorted(scene.workspace.staging.hand) == sorted(["JK", "8C", "9C", "7D"])
    log = len(scene.session.match.log)
    for code in ("JK", "8C"):
        tap_card(app, scene, code)  # taps 1-2
    assert scene.controls.apply.label() == "Apply melds"  # two cards are no meld yet
    tap_card(app, scene, "9C")  # tap 3
    assert scene.controls.apply.enabled and scene.controls.apply.label() == "Meld"
    assert scene.painter.staging_message()[0] == "Selected: 27 points, ready to meld"
    click(app, scene.controls.apply.rect.center)  # tap 4
    assert len(scene.session.match.log) == log + 1
    seat, action = scene.session.match.log[-1]
    assert seat == 0 and action["type"] == "meld"
    assert [sorted(g) for g in action["groups"]] == [["8C", "9C", "JK"]]


def test_HR_14_an_illegal_selection_says_why_and_changes_nothing(make_app):
    app = make_app(portrait=True)
    scene = scene_after(app, 9)
    hand, groups = (
        list(scene.workspace.staging.hand),
        [list(g) for g in scene.workspace.staging.groups],
    )
    log = list(scene.session.match.log)
    for code in ("7D", "8C", "9C"):
        tap_card(app, scene, code)
    assert "neither a run nor a set" in scene.painter.staging_message()[0]  # said before too
    click(app, scene.controls.apply.rect.center)
    assert scene.messages.hint is not None and "neither a run nor a set" in scene.messages.hint[0]
    assert scene.session.match.log == log
    assert scene.workspace.staging.hand == hand and scene.workspace.staging.groups == groups
    assert scene.workspace.chosen_cards() == ["8C", "9C", "7D"]  # still selected, to fix


def test_HR_14_an_illegal_selection_in_arabic(make_app):
    app = make_app(portrait=True, lang="ar")
    scene = scene_after(app, 9, lang="ar")
    for code in ("7D", "8C", "9C"):
        tap_card(app, scene, code)
    click(app, scene.controls.apply.rect.center)
    assert (
        scene.messages.hint is not None
        and scene.messages.hint[0] == "الأوراق المختارة ليست سرا ولا جماعة"
    )


def test_HR_14_the_opening_is_staged_from_selections_until_it_reaches_51(make_app):
    app = make_app(portrait=True)
    scene = scripted_scene(app)
    click(app, scene.geo.stock)
    settled(app, scene)
    click(app, scene.controls.clear.rect.center)
    settled(app, scene)
    log = len(scene.session.match.log)
    for code in ("KD", "KC", "KH"):
        tap_card(app, scene, code)
    assert scene.painter.staging_message()[0] == "Selected: 30 points towards your opening"
    click(app, scene.controls.apply.rect.center)  # 30 points: staged, not laid
    assert len(scene.session.match.log) == log and not scene.session.match.opened[0]
    assert [sorted(g) for g in scene.workspace.staging.groups] == [["KC", "KD", "KH"]]
    assert "30 of 51" in scene.messages.hint[0]
    settled(app, scene)
    for code in ("QH", "QD", "QC"):
        tap_card(app, scene, code)
    click(app, scene.controls.apply.rect.center)  # 60 with the kings: the opening
    action = scene.session.match.log[-1][1]
    assert action["type"] == "meld" and len(action["groups"]) == 2
    assert scene.session.match.opened[0]


def test_a_drawn_card_lands_where_the_sort_puts_it(make_app):
    app = make_app(portrait=True)
    scene = scripted_scene(app)
    click(app, scene.controls.clear.rect.center)
    click(
        app, scene.controls.sort_rank.rect.center
    )  # ace to king: 2S 3S 4S 5S 6H 7D 8C 9C Q Q Q K K K
    settled(app, scene)
    before = hand_places(scene)
    click(app, scene.geo.stock)
    app.step(1 / 60)
    index = scene.workspace.staging.hand.index("6S")
    assert (
        scene.workspace.staging.hand[index - 1] == "5S"
        and scene.workspace.staging.hand[index + 1] == "6H"
    )
    sprite = scene.workspace.sprites[("h", index)]
    assert sprite.moving and sprite.motion.end == scene.geo.hand_slots(15)[index]  # a flight
    settled(app, scene)
    after = hand_places(scene)
    assert after[:index] == before[:index]  # the cards before it stay put
    slots = scene.geo.hand_slots(15)
    assert [p for _c, p in after[index + 1 :]] == [(round(x), round(y)) for x, y in slots][
        index + 1 :
    ]  # the others, one place on
    assert [c for c, _p in after[index + 1 :]] == [c for c, _p in before[index:]]


def test_HR_7_several_selected_cards_go_onto_one_table_meld(make_app):
    app = make_app(portrait=True)
    scene = scene_after(app, 9)
    match = scene.session.match
    run = next(i for i, m in enumerate(match.melds) if "2S" in m.cards)  # 2S … 6S, yours
    match.hands[0] += ["7S", "8S"]  # two more spades for the test (the engine still judges)
    scene.session._view_key = scene.session._legal_key = None  # (its caches: read again)
    scene.shown.my_cards = list(match.hands[0])
    scene.workspace.staging.sync(scene.shown.my_cards)
    settled(app, scene)
    tap_card(app, scene, "8S")
    tap_card(app, scene, "7S")
    assert run in scene.turn.meld_targets()
    click(app, dict(scene.meld_rows.rects)[run].center)
    assert run_until(app, lambda: "8S" in match.melds[run].cards, 300)
    assert [a for _s, a in match.log[-2:]] == [
        {"type": "add", "card": "7S", "meld": run},
        {"type": "add", "card": "8S", "meld": run},
    ]


def test_add_order_finds_an_order_or_none():
    assert add_order(["3H", "4H", "5H"], ["7H", "6H"]) == ["6H", "7H"]
    assert add_order(["3H", "4H", "5H"], ["2H", "6H"]) == ["2H", "6H"]
    assert add_order(["3H", "4H", "5H"], ["7H", "8H"]) is None
    assert add_order(["KS", "KH", "KD"], ["KC"]) == ["KC"]
    assert add_order(["KS", "KH", "KD"], ["KC", "KC"]) is None
