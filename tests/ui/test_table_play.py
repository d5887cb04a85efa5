"""Playing at the table as in the card apps and hints, driven with real
pygame events and time only through update(dt): one tap plays, a drag plays, Ronda offers a
declaration only when the hand holds it and asks before a false one, summaries stay a second,
the timer shows its seconds, a timeout says what was played, a hint marks a legal move."""

import pygame
import pytest
from ui_helpers import click, drag, key, run_until

import game.ui.table_drawing as td
from game.core.cards import spanish_deck
from game.games.hand_rummy.scene import RummyTable
from game.games.hareeja.scene import HareejaTable
from game.games.ronda.rules import Match as RondaMatch
from game.games.ronda.scene import RondaTable
from game.table import FakeClock, Seat, Table
from game.ui.table_aids import card_words, timer_color
from game.ui.table_making import TableMaker

DT = 1 / 60


def ronda_table(app, head: list[str], confirm: bool = False) -> RondaTable:
    """Two players, every seat moved by the test. Dealer 0 deals seat 1 ``head[0:3]``, you
    ``head[3:6]``, then lays ``head[6:10]`` on the table."""
    app.set_setting("confirm_play", confirm)
    deck = head + [c for c in spanish_deck() if c not in head]
    match = RondaMatch.new(2, {}, seed=1, deck=deck)
    table = Table(
        match, [Seat("human", "seat.you"), Seat("human", "ronda.name.1")], FakeClock(), None
    )
    scene = RondaTable(app, table, [e.for_seat(0) for e in match.start_events], bot_seed=1)
    app.switch(scene)
    assert run_until(
        app, lambda: scene.idle() and scene.phase == "play" and not scene.events.timers
    )
    scene.act(1, {"type": "play", "card": "5C"}, human=True)
    assert run_until(app, lambda: scene.my_turn() and scene.idle() and not scene.events.timers)
    app.step(DT)
    return scene


PAIR = ["5C", "10E", "3B", "5O", "1C", "1E", "2E", "4E", "10B", "11C"]  # you: 5O 1C 1E
NO_PAIR = ["5C", "10E", "3B", "5O", "1C", "7O", "2E", "4E", "10B", "11C"]  # you: 5O 1C 7O


def test_ronda_one_tap_plays_the_card(make_app):
    app = make_app()
    scene = ronda_table(app, NO_PAIR)
    for _ in range(30):
        app.step(DT)
    click(app, scene.hand["7O"].rect().center)
    assert scene.session.match.log[-1] == [0, {"type": "play", "card": "7O"}]


def test_RO_16_declare_is_offered_only_when_the_hand_holds_it(make_app):
    app = make_app()
    scene = ronda_table(app, PAIR)
    assert scene.can_declare() and scene.held_kinds() == {"ronda"}
    assert scene.widget("declare:ronda").visible and not scene.widget("declare:tringa").visible
    assert scene.painter.status_banner() is not None  # "You hold a pair: declare it now…"

    app = make_app()
    scene = ronda_table(app, NO_PAIR)
    assert scene.can_declare() and scene.held_kinds() == set()
    assert not scene.widget("declare:ronda").visible
    assert not scene.widget("declare:tringa").visible
    assert scene.painter.status_banner() is None


def test_RO_18_a_false_declaration_asks_first_and_names_its_cost(make_app):
    app = make_app()
    scene = ronda_table(app, NO_PAIR)
    log = list(scene.session.match.log)
    key(app, pygame.K_r)  # no pair in hand
    assert scene.aids.asking is not None and scene.session.match.log == log  # nothing taken yet
    text = scene.aids.asking.body()
    assert "no pair" in text and "1 point" in text and scene.places.seat_name(1) in text
    click(app, scene.aids.asking.button("no").rect.center)  # Cancel
    assert scene.aids.asking is None and scene.session.match.log == log
    key(app, pygame.K_t)  # no three either
    assert "5 points" in scene.aids.asking.body()
    click(app, scene.hand["7O"].rect().center)  # the question takes every tap
    assert scene.session.match.log == log
    click(app, scene.aids.asking.button("yes").rect.center)  # declared anyway, knowing the cost
    assert scene.session.match.log[-1] == [0, {"type": "declare", "kind": "tringa"}]


def test_RO_18_in_arabic_the_cost_is_named_too(make_app):
    app = make_app(lang="ar")
    scene = ronda_table(app, NO_PAIR)
    key(app, pygame.K_r)
    assert "نقطة واحدة" in scene.aids.asking.body()


def test_RO_16_a_held_pair_is_declared_by_key_without_asking(make_app):
    app = make_app()
    scene = ronda_table(app, PAIR)
    key(app, pygame.K_r)
    assert scene.aids.asking is None
    assert scene.session.match.log[-1] == [0, {"type": "declare", "kind": "ronda"}]


def test_RO_19_reveals_name_the_declarer_and_sit_beside_the_plate(make_app, monkeypatch):
    from game.games.ronda import scene_callouts

    app = make_app()
    scene = ronda_table(app, PAIR)
    scene.callouts.reveals = {0: [("Ronda of 1", "scores 1", (255, 255, 255))]}
    scene.callouts.reveal_left = 2.0
    drawn = []
    real = scene_callouts.place_beside

    def spy(rect, plate, spot, gap=None):
        real(rect, plate, spot, gap)
        drawn.append((rect.copy(), plate.copy()))

    monkeypatch.setattr(scene_callouts, "place_beside", spy)
    scene.draw(app.screen)
    rect, plate = drawn[-1]
    assert not rect.colliderect(plate) and rect.bottom <= plate.top


def hareeja_my_turn(app, turn_seconds=None) -> HareejaTable:
    scene = TableMaker(HareejaTable).new_match(
        app, "easy", seed=5, turn_seconds=turn_seconds, clock=FakeClock()
    )
    app.switch(scene)
    assert run_until(app, scene.can_bid, 4000)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)
    assert run_until(app, lambda: scene.my_turn() and scene.idle(), 8000)
    return scene


def test_an_illegal_tap_shakes_and_changes_nothing_even_in_one_tap_mode(make_app):
    from test_ui_flow import deck_with_every_suit_for_seat0

    app = make_app()
    scene = TableMaker(HareejaTable).new_match(
        app, "easy", seed=5, deck=deck_with_every_suit_for_seat0()
    )
    app.switch(scene)
    assert run_until(app, scene.can_bid, 4000)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)
    assert run_until(app, lambda: scene.my_turn() and scene.idle(), 8000)
    illegal = [c for c in scene.hand_order if c not in scene.legal_cards()]
    before = list(scene.session.match.log)
    click(app, scene.hand[illegal[0]].rect().center)
    assert scene.session.match.log == before and scene.hand[illegal[0]].shake > 0
    assert "Follow the suit" in scene.messages.hint[0]


def test_the_round_summary_ignores_enter_and_taps_in_its_first_second(make_app):
    app = make_app()
    scene = hareeja_my_turn(app)
    scene.score = {"entry": {"round": 1, "tiebreak": 0}, "t": 0.0}
    scene.score_panel.draw = lambda surface: None  # (the panel's contents do not matter here)
    app.step(DT)
    key(app, pygame.K_RETURN)
    assert scene.score is not None
    click(app, scene.buttons.next.rect.center)
    assert scene.score is not None
    for _ in range(60):  # one second of frames
        app.step(DT)
    key(app, pygame.K_RETURN)
    assert scene.score is None


def test_the_timer_shows_its_seconds_and_turns_red_in_the_last_five(make_app):
    app = make_app()
    scene = hareeja_my_turn(app, turn_seconds=60)
    clock = scene.session.table.clock

    texts: list[tuple[str, tuple]] = []
    blit = td.draw.blit_text

    def spy(surface, s, size, pos, color=None, *a, **kw):
        texts.append((s, color))
        return blit(surface, s, size, pos, color, *a, **kw)

    def draw_all() -> None:  # the still layer forgotten: the plates are painted again
        scene.frame.still.layer = None
        scene.draw(app.screen)

    td.draw.blit_text = spy
    try:
        draw_all()
        rem = scene.session.remaining(0)
        assert any(s == str(int(-(-rem // 1))) for s, _c in texts)
        clock.advance(rem - 4.2)  # 4.2 s left
        app.step(DT)
        texts.clear()
        draw_all()
        assert ("5", td.draw.RED) in texts
        assert timer_color(4.2) == td.draw.RED and timer_color(9) == td.draw.AMBER
        assert timer_color(30) != td.draw.AMBER
    finally:
        td.draw.blit_text = blit
    assert "tick" in app.audio.played


def test_TB_7_a_timeout_says_which_card_was_played_for_you(make_app):
    app = make_app()
    scene = hareeja_my_turn(app, turn_seconds=60)
    clock = scene.session.table.clock
    hand = set(scene.hand_order)
    clock.advance(61)
    assert run_until(app, lambda: scene.aids.notice is not None, 200)
    played = (hand - set(scene.session.match.hands[0])).pop()
    assert card_words(played) in scene.aids.notice[0]
    assert "Time ran out" in scene.aids.notice[0]


def test_your_turn_cue_plays_and_shows(make_app):
    app = make_app()
    scene = hareeja_my_turn(app)
    assert "turn" in app.audio.played and scene.aids.turn_cue > 0


def test_hint_by_key_marks_a_legal_card_without_holding_the_frame(make_app):
    app = make_app()
    scene = hareeja_my_turn(app)
    log = list(scene.session.match.log)
    key(app, pygame.K_h)
    assert scene.aids.hinting is not None or scene.aids.suggestion is not None
    assert run_until(app, lambda: scene.aids.suggestion is not None, 600)
    action = scene.aids.suggestion["action"]
    assert action["type"] == "play" and action["card"] in scene.legal_cards()
    assert scene.hinted_rects(action) == [scene.hand[action["card"]].rect()]
    assert scene.aids.hint_line().startswith("Hint:")
    assert scene.session.match.log == log  # a hint never plays for you


def test_hint_button_in_ronda_and_rummy(make_app):
    app = make_app()
    scene = ronda_table(app, PAIR)
    app.step(DT)
    click(app, scene.widget("hint").rect.center)
    assert run_until(app, lambda: scene.aids.suggestion is not None, 600)
    assert scene.hinted_rects(scene.aids.suggestion["action"])

    app = make_app()
    rummy = TableMaker(RummyTable).new_match(app, "easy", seed=3)
    app.switch(rummy)
    assert run_until(app, rummy.my_turn, 8000)
    app.step(DT)
    click(app, rummy.widget("hint").rect.center)
    assert run_until(app, lambda: rummy.aids.suggestion is not None, 600)
    assert rummy.aids.suggestion["action"]["type"] == "draw"
    assert rummy.hinted_rects(rummy.aids.suggestion["action"])


def test_HR_rummy_a_tap_picks_and_a_drag_onto_the_pile_discards(make_app):
    app = make_app()
    scene = TableMaker(RummyTable).new_match(app, "easy", seed=3)
    app.switch(scene)
    assert run_until(app, scene.my_turn, 8000)
    click(app, scene.piles.rect(scene.geo.stock).center)  # draw
    assert run_until(app, lambda: scene.my_turn() and scene.turn.drawn(), 600)
    for _ in range(40):
        app.step(DT)
    log = list(scene.session.match.log)
    click(
        app, scene.workspace.sprites[("h", 0)].rect().center
    )  # a tap only picks: nothing thrown away
    assert scene.workspace.selected == 0 and scene.session.match.log == log
    click(app, scene.workspace.sprites[("h", 0)].rect().center)  # and puts it down again
    assert scene.workspace.selected is None
    card = scene.workspace.staging.hand[2]
    drag(app, scene.workspace.sprites[("h", 2)].rect().center, scene.geo.discard)
    assert scene.session.match.log[-1] == [0, {"type": "discard", "card": card}]


def test_HJ_5_a_hint_while_bidding_picks_the_bid_and_leaves_the_confirm_to_you(make_app):
    app = make_app()
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=5, clock=FakeClock())
    app.switch(scene)
    assert run_until(app, lambda: scene.can_bid() and scene.idle(), 4000)
    key(app, pygame.K_h)
    assert run_until(app, lambda: scene.aids.suggestion is not None, 600)
    assert scene.aids.suggestion["action"]["type"] == "bid"
    assert scene.bidding.pick == scene.aids.suggestion["action"]["n"]
    assert not scene.bidding.confirmed[0]


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_RO_19_reveal_panels_cover_no_plate_and_no_other_panel(make_app, portrait, players):
    app = make_app(portrait=portrait)
    scene = TableMaker(RondaTable).new_match(app, "easy", options={"players": players}, seed=4)
    app.switch(scene)
    line = ("Ronda of caballo", "scores +1", (255, 255, 255))
    scene.callouts.reveals = {s: [line, line, line] for s in range(players)}  # three each: the most
    rects = scene.callouts.reveal_rects(52 if portrait else 56)
    plates = [scene.places.plate_rect(s) for s in range(players)]
    screen = app.screen.get_rect()
    for seat, rect in rects.items():
        assert screen.contains(rect)
        assert rect.top > app.layout.top_bar.bottom, (seat, rect)  # the buttons stay free
        assert rect.collidelist(plates) < 0, (seat, rect)
        others = [r for s, r in rects.items() if s != seat]
        assert rect.collidelist(others) < 0, (seat, rect, others)


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_RO_20_the_sweep_banner_never_covers_a_reveal_panel(make_app, portrait, players, lang):
    """At a deal's end the sweep's banner and the declarations' reveal panels are
    shown together; the banner goes where no panel is (one to three declarations a seat)."""
    from game import i18n

    app = make_app(portrait=portrait, lang=lang)
    scene = TableMaker(RondaTable).new_match(app, "easy", options={"players": players}, seed=4)
    app.switch(scene)
    line = ("Ronda of caballo", "scores +1", (255, 255, 255))
    sweeps = [i18n.t("ronda.sweep_you"), i18n.t("ronda.sweep", name="Khadija")]
    for sweep in sweeps:
        for count in (1, 2, 3):
            scene.callouts.reveals = {s: [line] * (1 + (s + count) % 3) for s in range(players)}
            scene.messages.show_banner(sweep, 1.6)
            banner, _img = scene.painter.banner_rect(sweep, scene.painter.table_banner_y())
            panels = scene.callouts.reveal_rects(scene.callouts.reveal_row_h())
            assert len(panels) == players
            assert app.screen.get_rect().contains(banner)
            assert banner.collidelist(list(panels.values())) < 0, (banner, panels)
    scene.callouts.reveals = {}  # nothing to avoid: the banner keeps its line
    assert scene.painter.table_banner_y() == app.layout.extras["tiebreak_y"]


def test_TB_7_ronda_and_rummy_timeouts_say_what_was_played(make_app):
    app = make_app()
    ronda = TableMaker(RondaTable).new_match(app, "easy", 60, seed=4, clock=FakeClock())
    app.switch(ronda)
    assert run_until(app, lambda: ronda.my_turn() and ronda.idle(), 4000)
    ronda.session.table.clock.advance(61)
    assert run_until(app, lambda: ronda.aids.notice is not None, 300)
    assert "Time ran out" in ronda.aids.notice[0] and "your " in ronda.aids.notice[0]

    app = make_app()
    rummy = TableMaker(RummyTable).new_match(app, "easy", 60, seed=3, clock=FakeClock())
    app.switch(rummy)
    assert run_until(app, rummy.my_turn, 8000)
    rummy.session.table.clock.advance(61)
    assert run_until(app, lambda: rummy.aids.notice is not None, 600)
    thrown = rummy.session.match.discard[-1]
    assert "drew and threw" in rummy.aids.notice[0] and card_words(thrown) in rummy.aids.notice[0]


def test_a_card_dragged_over_the_table_glows_and_plays_when_let_go(make_app):
    app = make_app()
    scene = hareeja_my_turn(app)
    code = sorted(scene.legal_cards())[0]
    log = len(scene.session.match.log)
    start = scene.hand[code].rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(DT)
    assert not scene.hand_view.chosen(code)  # pressed, not yet dragged
    for pos in ((start[0], start[1] - 60), app.layout.center):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.step(DT)
    assert scene.hand_view.chosen(code) and len(scene.session.match.log) == log
    assert scene.hand[code].pos == app.layout.center  # it follows the pointer
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.layout.center, button=1))
    app.step(DT)
    assert scene.session.match.log[log] == [0, {"type": "play", "card": code}]
