"""The home screen and the setup sheets: tiles open their game's sheet, the sheet
never moves under the finger, each game's Continue card names its saved match, Play over that
game's saved match asks first (another game's stays), a saved match that cannot be read is kept
aside, the language button."""

import json

import pygame
import pytest
from ui_helpers import click, key, run_until

from game import i18n
from game.client import stats_record, storage
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
    card = app.scene.widget("continue:ronda")
    assert card.visible
    summary = app.scene.summaries["ronda"]
    view = table.session.view()
    assert summary["game"] == "ronda" and summary["round"] >= 2
    assert summary["round"] == len(view["history"]) + 1
    assert summary["totals"] == view["totals"]
    mine = summary["totals"][summary["side"]]
    words = t("home.continue_game", game=t("game.ronda")) + " " + score_text(summary)
    assert "Ronda" in words and f"Deal {summary['round']}" in words and f"You {mine}" in words


def test_play_over_a_saved_match_of_that_game_asks_and_cancel_keeps_it(make_app, majlis_home):
    app = make_app()
    start_ronda(app)
    app.step(1 / 60)
    saved = (majlis_home / "match.ronda.json").read_text()
    app.go("menu")
    app.step(1 / 60)
    click(app, app.scene.widget("tile:ronda").rect.center)
    click(app, app.scene.widget("play").rect.center)
    ask = app.overlay
    assert ask is not None and isinstance(app.scene, SetupScene)
    click(app, ask.button("no").rect.center)
    assert app.overlay is None and isinstance(app.scene, SetupScene)
    assert (majlis_home / "match.ronda.json").read_text() == saved
    click(app, app.scene.widget("play").rect.center)
    key(app, pygame.K_ESCAPE)  # Esc is Cancel too
    assert (majlis_home / "match.ronda.json").read_text() == saved
    click(app, app.scene.widget("play").rect.center)
    click(app, app.overlay.button("yes").rect.center)
    assert isinstance(app.scene, CardTable) and app.scene.name == "ronda"
    assert (majlis_home / "match.ronda.json").read_text() != saved  # the new match's


def test_starting_another_game_keeps_the_saved_one_and_home_shows_both(make_app, majlis_home):
    app = make_app()
    start_ronda(app)
    app.step(1 / 60)
    ronda = (majlis_home / "match.ronda.json").read_text()
    app.go("menu")
    app.step(1 / 60)
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)  # no question: Ronda's save stays
    assert app.overlay is None and isinstance(app.scene, CardTable)
    assert app.scene.name == "hareeja"
    app.step(1 / 60)
    assert (majlis_home / "match.ronda.json").read_text() == ronda
    assert (majlis_home / "match.hareeja.json").exists()
    data, _ = stats_record.load()
    assert data["games"].get("ronda", {}).get("abandoned", 0) == 0
    restarted = make_app()
    home = restarted.scene
    cards = {c.game: c for c in home.cards if c.visible}
    assert sorted(cards) == ["hareeja", "ronda"]
    assert not cards["hareeja"].rect.colliderect(cards["ronda"].rect)
    click(restarted, cards["ronda"].rect.center)
    assert isinstance(restarted.scene, CardTable) and restarted.scene.name == "ronda"
    restarted.go("menu")
    restarted.step(1 / 60)
    click(restarted, restarted.scene.widget("continue:hareeja").rect.center)
    assert isinstance(restarted.scene, CardTable) and restarted.scene.name == "hareeja"
    restarted.go("menu")
    restarted.step(1 / 60)
    ronda = (majlis_home / "match.ronda.json").read_text()
    click(restarted, restarted.scene.widget("tile:hareeja").rect.center)
    click(restarted, restarted.scene.widget("play").rect.center)
    click(restarted, restarted.overlay.button("yes").rect.center)  # Hareeja's is abandoned
    data, _ = stats_record.load()
    assert data["games"]["hareeja"]["abandoned"] == 1
    assert data["games"].get("ronda", {}).get("abandoned", 0) == 0
    assert (majlis_home / "match.ronda.json").read_text() == ronda  # the other stays


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_games_continue_card_has_a_fixed_slot_of_its_own(make_app, portrait, lang):
    from game.client.local import LocalSession

    empty = make_app(portrait=portrait, lang=lang).scene
    slots = {c.game: c.rect.copy() for c in empty.cards}
    assert not any(c.visible for c in empty.cards)
    for game in KEYS:
        players = registry.get(game).first_players
        storage.save_match({"game": game, **LocalSession.new(game, players, seed=3).saved()})
    home = make_app(portrait=portrait, lang=lang).scene
    assert {c.game: c.rect for c in home.cards} == slots  # nothing moved
    assert all(c.visible for c in home.cards)
    rects = [c.rect for c in home.cards] + [t.rect for t in home.tiles]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


@pytest.mark.parametrize("content", ["{broken", "[1, 2]", '{"record": {"seed": "x"}}'])
def test_a_saved_match_that_cannot_be_read_is_kept_aside_and_said_once(
    make_app, majlis_home, content
):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "match.json").write_text(content)  # the single save of before
    app = make_app()
    app.step(1 / 60)
    assert not any(c.visible for c in app.scene.cards)
    box = app.overlay
    said = t("storage.match_corrupt_game", game="Hareeja") if "record" in content else None
    assert box is not None and box.body() == (said or t("storage.match_corrupt"))
    kept = list(majlis_home.glob("match*.corrupt-*.json"))  # readable: its game's, aside
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
    saved = json.loads((majlis_home / "match.hareeja.json").read_text())
    saved.pop("game")
    (majlis_home / "match.hareeja.json").unlink()
    (majlis_home / "match.json").write_text(json.dumps(saved))  # the single save of before
    assert LocalSession.from_saved("hareeja", saved) is not None
    home = make_app().scene
    assert home.summaries["hareeja"]["game"] == "hareeja"
    assert home.widget("continue:hareeja").visible


def test_score_text_with_two_sides_and_with_more(make_app):
    make_app(lang="en")
    two = {"game": "ronda", "round": 3, "totals": [8, 12], "side": 1}
    assert score_text(two) == "Deal 3 · You 12 – 8"  # Ronda's table says deal
    assert score_text({**two, "game": "hareeja"}) == "Round 3 · You 12 – 8"
    i18n.set_language("ar")
    assert score_text(two).startswith("التوزيعة ٣")  # not «الجولة»
    i18n.set_language("en")
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
    assert not app.scene.widget("continue:ronda").visible and app.overlay is None
    assert not (majlis_home / "match.ronda.json").exists()
    assert not list(majlis_home.glob("match.corrupt-*"))


def test_a_corrupt_save_of_one_game_is_named_and_the_others_continue(make_app, majlis_home):
    from game.client.local import LocalSession

    storage.save_match({"game": "hareeja", **LocalSession.new("hareeja", 4, seed=2).saved()})
    (majlis_home / "match.ronda.json").write_text("{broken")
    app = make_app()
    app.step(1 / 60)
    box = app.overlay
    assert box is not None and "Ronda" in box.body() and "not deleted" in box.body()
    assert [p.read_text() for p in majlis_home.glob("match.ronda.corrupt-*.json")] == ["{broken"]
    click(app, box.button("ok").rect.center)
    assert app.scene.widget("continue:hareeja").visible
    assert not app.scene.widget("continue:ronda").visible
