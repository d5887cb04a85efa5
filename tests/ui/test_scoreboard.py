"""The scoreboard one tap away at every table, both orientations: the top bar's
score button opens the panel (tapped with real events), a tap inside keeps it, a tap outside,
the button again or Esc closes it (Esc does not open the pause menu meanwhile), the pause
menu's Scoreboard entry opens it; the table plays on underneath; a round's rows reach the
board only once its score has been shown, and the totals on it are the table's."""

import pygame
import pytest
from ui_helpers import click, key, run_until

from game.ui import games, scoreboard
from game.ui.app import App, Options
from game.ui.scenes.pause import PauseMenu

KEYS = [g.key for g in games.available()]


def table_of(app, game):
    scene = games.new_match(app, game, seed=4)
    app.switch(scene)
    for _ in range(120):
        app.step(1 / 60)
    return scene


def board_of(table) -> scoreboard.Scoreboard:
    board = table.widget("board")
    assert isinstance(board, scoreboard.Scoreboard)
    return board


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("game", KEYS)
def test_the_score_button_opens_the_board_and_taps_outside_or_esc_close_it(
    make_app, game, portrait
):
    app = make_app(portrait=portrait)
    table = table_of(app, game)
    if game == "hand_rummy":
        table.workspace.selected = None
    board = board_of(table)
    frame = pygame.Rect(0, 0, *app.layout.size)
    assert board.visible and frame.contains(board.rect)
    bar = [w for w in table.widgets if w.visible and w.rect.y == board.rect.y and w is not board]
    assert bar and not any(board.rect.colliderect(w.rect) for w in bar)
    click(app, board.rect.center)
    assert board.is_open and board.button.selected
    assert frame.contains(board.panel) and not board.panel.colliderect(app.layout.top_bar)
    assert app.screen.get_at(board.panel.center)[:3] != (0, 0, 0)
    click(app, board.panel.center)  # inside: stays
    assert board.is_open
    elapsed = table.elapsed
    for _ in range(30):
        app.step(1 / 60)
    assert table.elapsed > elapsed  # the table plays on underneath
    click(app, (board.panel.centerx, board.panel.bottom + 10))  # outside: closes
    assert not board.is_open and app.overlay is None
    click(app, board.rect.center)
    assert board.is_open
    key(app, pygame.K_ESCAPE)
    assert not board.is_open and app.overlay is None  # Esc closed the board, no pause menu
    click(app, board.rect.center)
    click(app, board.rect.center)  # the button again
    assert not board.is_open
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.overlay, PauseMenu)
    click(app, app.overlay.button("scores").rect.center)
    assert app.overlay is None and board.is_open


def test_a_tap_that_closes_the_board_plays_no_card(make_app):
    app = make_app()
    table = table_of(app, "ronda")
    run_until(app, table.my_turn, 2000)
    assert table.my_turn()
    board = board_of(table)
    click(app, board.rect.center)
    log = list(table.session.match.log)
    card = table.hand[next(iter(table.hand))].rect()
    assert not card.colliderect(board.panel)
    click(app, card.center)  # one tap would play it: the board only closes
    assert not board.is_open and table.session.match.log == log
    click(app, card.center)
    assert table.session.match.log != log  # (the same tap plays with the board closed)


@pytest.mark.parametrize("game", KEYS)
def test_a_scored_round_reaches_the_board_once_shown_with_the_tables_totals(game):
    app = App(Options(lang="ar", seed=3, speed=20.0))
    table = games.maker(game).new_match(app, seed=3, all_bots=True)
    app.switch(table)
    board = board_of(table)
    assert board.sheet().rows == ()
    app.step(1 / 60)
    click(app, board.rect.center)
    assert board.is_open  # open all round: the bots play the round out underneath
    assert run_until(app, lambda: table.score is not None, 20000)
    app.step(1 / 60)
    assert not board.visible and not board.is_open  # the round's own panel closed it
    table.close_score()
    app.step(1 / 60)
    sheet = board.sheet()
    assert len(sheet.rows) == 1
    side = table.session.side_of
    assert list(sheet.totals) == [table.totals[side(c[0])] for c in sheet.columns]
    click(app, board.rect.center)
    assert board.is_open
    queued = [{"type": "round_scored"}, {"type": "deal_scored"}]
    table.events.queue.extend(queued)  # a score not shown yet is not on the board
    assert len(board.sheet().rows) == 0
    for ev in queued:
        table.events.queue.remove(ev)
    assert len(board.sheet().rows) == 1
