"""The home screen offers exactly the games that have a table module (a tile each), each with
its own options on its setup sheet."""

from pathlib import Path

from ui_helpers import click

from game.ui import games
from game.ui.scenes.home import HomeScene
from game.ui.scenes.setup import SetupScene
from game.ui.table_making import TableMaker

ROOT = Path(__file__).resolve().parents[2]


def shown_games(scene) -> list[str]:
    return [tile.game.key for tile in scene.tiles]


def test_menu_shows_exactly_the_games_with_a_scene_module(make_app):
    app = make_app()
    on_disk = [
        k
        for k in ("hareeja", "ronda", "hand_rummy")
        if (ROOT / "game" / "games" / k / "scene.py").exists()
    ]
    assert [g.key for g in games.available()] == on_disk
    assert shown_games(app.scene) == on_disk


def test_a_game_without_a_table_module_is_not_offered(make_app, monkeypatch):
    monkeypatch.setattr(games, "has_table", lambda key: key == "hareeja")
    app = make_app()
    assert shown_games(app.scene) == ["hareeja"]


def test_choosing_ronda_shows_its_options_and_remembers_them(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:ronda").rect.center)
    assert app.settings["game"] == "ronda"
    click(app, app.scene.widget("opt.players:3").rect.center)
    click(app, app.scene.widget("opt.rules:quick").rect.center)
    assert games.options_for(app.settings, "ronda") == {"players": 3, "rules": "quick"}
    again = SetupScene(app, game="ronda")
    assert again.widget("opt.players:3").rect.w >= 44
    click(app, app.scene.widget("back").rect.center)
    assert isinstance(app.scene, HomeScene)
    click(app, app.scene.widget("tile:hareeja").rect.center)
    keys = {getattr(w, "key", "") for w in app.scene.widgets}
    assert not any(k.startswith("opt.") for k in keys)  # Hareeja has no options


def test_each_games_options_survive_a_restart(make_app):
    app = make_app()
    click(app, app.scene.widget("tile:ronda").rect.center)
    click(app, app.scene.widget("opt.players:4").rect.center)
    click(app, app.scene.widget("back").rect.center)
    click(app, app.scene.widget("tile:hand_rummy").rect.center)
    click(app, app.scene.widget("opt.rounds:1").rect.center)  # HR-2: 1 to 20 rounds
    again = make_app()
    assert games.options_for(again.settings, "ronda")["players"] == 4
    assert games.options_for(again.settings, "hand_rummy")["rounds"] == 1
    assert again.settings["game"] == "hand_rummy"


def test_saved_match_of_another_game_continues_into_that_game(make_app):
    from game.games.ronda.scene import RondaTable

    app = make_app()
    scene = TableMaker(RondaTable).new_match(
        app, "easy", options={"players": 3, "rules": "quick"}, seed=2
    )
    scene.saver.write()
    again = make_app()
    click(again, again.scene.widget("continue:ronda").rect.center)
    assert isinstance(again.scene, RondaTable)
    assert again.scene.session.match.players == 3 and again.scene.session.match.target == 25
