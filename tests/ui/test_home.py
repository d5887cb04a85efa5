"""The home screen and the setup sheets: tiles open their game's sheet, the sheet
never moves under the finger, the Continue card names the saved match, Play over a saved
match asks first, a saved match that cannot be read is kept aside, the language button."""

import json

import pygame
import pytest
from ui_helpers import click, key, run_until

from game.client import storage
from game.core import registry
from game.i18n import t
from game.ui import games
from game.ui.cardtable import CardTable
from game.ui.scenes.home import HomeScene, score_text
from game.ui.scenes.setup import SetupScene

KEYS = [g.key for g in games.available()]


def all_rects(scene) -> dict[str, pygame.Rect]:
    """Every control's rect by key (segmented rows and each of their choices)."""
    out = {}
    for w in scene.widgets:
        out[getattr(w, "key", repr(w))] = w.rect.copy()
        for b in getattr(w, "buttons", []):
            w._placed()
            out[b.key] = b.rect.copy()
    return out


@pytest.mark.parametrize("game", KEYS)
def test_a_tile_opens_its_games_setup_sheet(make_app, game):
    app = make_app()
    assert isinstance(app.scene, HomeScene)
    assert [tile.game.key for tile in app.scene.tiles] == KEYS  # from the registry
    click(app, app.scene.widget(f"tile:{game}").rect.center)
    assert isinstance(app.scene, SetupScene) and app.scene.game.key == game
    rows = {w.key for w in app.scene.rows}
    spec = registry.get(game)
    assert {f"opt.{o.key}" for o in spec.options} <= rows
    assert ("opt.players" in rows) == (len(spec.players) > 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, HomeScene)


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("game", KEYS)
def test_choosing_any_option_moves_no_other_control(make_app, game, portrait, lang):
    app = make_app(portrait=portrait, lang=lang)
    click(app, app.scene.widget(f"tile:{game}").rect.center)
    scene = app.scene
    frame = pygame.Rect(0, 0, *app.layout.size).inflate(-32, -32)
    before = all_rects(scene)
    for name, rect in before.items():
        assert frame.contains(rect), (name, rect)  # nothing touches the frame
    choices = [b for row in scene.rows for b in row.buttons]
    for choice in choices:
        click(app, choice.rect.center)
        assert app.scene is scene
        assert all_rects(scene) == before, choice.key
    for row in scene.rows:  # every tap landed on the choice it aimed at
        if row.enabled:
            assert row.get() == row.buttons[-1].value, row.key


def test_partnership_row_greys_without_four_players_and_keeps_its_place(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:hand_rummy").rect.center)
    scene = app.scene
    row = next(r for r in scene.rows if r.key == "opt.partnership")
    click(app, scene.widget("opt.players:4").rect.center)
    click(app, scene.widget("opt.partnership:True").rect.center)
    assert row.enabled and games.options_for(app.settings, "hand_rummy")["partnership"] is True
    place = row.rect.copy()
    click(app, scene.widget("opt.players:2").rect.center)
    assert not row.enabled and row.rect == place
    click(app, scene.widget("opt.partnership:True").rect.center)  # greyed: takes no tap
    assert games.options_for(app.settings, "hand_rummy")["partnership"] is False


def start_ronda(app, players: int = 2) -> CardTable:
    click(app, app.scene.widget("tile:ronda").rect.center)
    click(app, app.scene.widget(f"opt.players:{players}").rect.center)
    click(app, app.scene.widget("play").rect.center)
    assert isinstance(app.scene, CardTable)
    return app.scene


def test_continue_card_names_game_round_and_score(make_app):
    app = make_app(speed=40.0)
    table = start_ronda(app)
    table.session.seats[0].kind = "bot"  # the table plays the seat: a deal is soon over
    assert run_until(app, lambda: len(table.session.view()["history"]) >= 1, 20000)
    table.saver.write()
    app.go("menu")
    app.step(1 / 60)
    card = app.scene.widget("continue")
    assert card.visible
    summary = app.scene.summary
    view = table.session.view()
    assert summary["game"] == "ronda" and summary["round"] >= 2
    assert summary["round"] == len(view["history"]) + 1
    assert summary["totals"] == view["totals"]
    mine = summary["totals"][summary["side"]]
    words = t("home.continue_game", game=t("game.ronda")) + " " + score_text(summary)
    assert "Ronda" in words and f"Round {summary['round']}" in words and f"You {mine}" in words


def test_play_over_a_saved_match_asks_and_cancel_keeps_it(make_app, majlis_home):
    app = make_app()
    start_ronda(app)
    app.step(1 / 60)
    saved = (majlis_home / "match.json").read_text()
    app.go("menu")
    app.step(1 / 60)
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)
    ask = app.overlay
    assert ask is not None and isinstance(app.scene, SetupScene)
    click(app, ask.button("no").rect.center)
    assert app.overlay is None and isinstance(app.scene, SetupScene)
    assert (majlis_home / "match.json").read_text() == saved
    click(app, app.scene.widget("play").rect.center)
    key(app, pygame.K_ESCAPE)  # Esc is Cancel too
    assert (majlis_home / "match.json").read_text() == saved
    click(app, app.scene.widget("play").rect.center)
    click(app, app.overlay.button("yes").rect.center)
    assert isinstance(app.scene, CardTable) and app.scene.name == "hareeja"


@pytest.mark.parametrize("content", ["{broken", "[1, 2]", '{"record": {"seed": "x"}}'])
def test_a_saved_match_that_cannot_be_read_is_kept_aside_and_said_once(
    make_app, majlis_home, content
):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "match.json").write_text(content)
    app = make_app()
    app.step(1 / 60)
    assert not app.scene.widget("continue").visible
    box = app.overlay
    assert box is not None and box.body() == t("storage.match_corrupt")
    kept = list(majlis_home.glob("match.corrupt-*.json"))
    assert [p.read_text() for p in kept] == [content]
    assert not (majlis_home / "match.json").exists()
    click(app, box.button("ok").rect.center)
    assert app.overlay is None
    again = make_app()
    again.step(1 / 60)
    assert again.overlay is None  # said once: the next start is clean


def test_keep_aside_names_carry_a_timestamp():
    assert storage.aside_name("match", 0).startswith("match.corrupt-19")


@pytest.mark.parametrize("portrait", [False, True])
def test_language_button_reads_the_other_language(make_app, portrait):
    app = make_app(portrait=portrait, lang="en")
    button = app.scene.widget("lang")
    assert button.label() == "عربي"
    click(app, button.rect.center)
    assert app.settings["language"] == "ar"
    assert app.scene.widget("lang").label() == "English"
    table = start_ronda(app)
    assert table.widget("lang").label() == "English"


def test_home_fits_with_and_without_a_saved_match(make_app):
    for portrait in (False, True):
        for lang in ("ar", "en"):
            app = make_app(portrait=portrait, lang=lang)
            frame = pygame.Rect(0, 0, *app.layout.size).inflate(-32, -32)
            for w in app.scene.widgets:
                assert frame.contains(w.rect), (w.key, w.rect)
                assert w.rect.h >= 44
            rects = [w.rect for w in app.scene.widgets]
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_old_save_without_game_is_hareejas(make_app, majlis_home):
    from game.client.local import LocalSession

    app = make_app()
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)
    app.step(1 / 60)
    saved = json.loads((majlis_home / "match.json").read_text())
    saved.pop("game")
    (majlis_home / "match.json").write_text(json.dumps(saved))
    assert LocalSession.from_saved("hareeja", saved) is not None
    home = make_app().scene
    assert home.summary is not None and home.summary["game"] == "hareeja"


def test_score_text_with_two_sides_and_with_more(make_app):
    make_app(lang="en")
    two = {"game": "ronda", "round": 3, "totals": [8, 12], "side": 1}
    assert score_text(two) == "Round 3 · You 12 – 8"
    five = {"game": "hand_rummy", "round": 2, "totals": [40, -30, 0, 200, 15], "side": 0}
    assert score_text(five) == "Round 2 · You 40 · others -30, 0, 200, 15"


def test_a_finished_saved_match_offers_no_continue_and_is_no_error(make_app, majlis_home):
    from game.games.ronda.rules import Match as RondaMatch

    match = RondaMatch.new(2, {"rules": "quick"}, seed=1)
    rng = __import__("random").Random(0)
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    seats = [{"kind": "human", "name": "seat.you", "level": "easy"}] + [
        {"kind": "bot", "name": "name.1", "level": "easy"}
    ]
    storage.save_match({"game": "ronda", "record": match.record(), "seats": seats})
    app = make_app()
    app.step(1 / 60)
    assert not app.scene.widget("continue").visible and app.overlay is None
    assert not (majlis_home / "match.json").exists()
    assert not list(majlis_home.glob("match.corrupt-*"))
