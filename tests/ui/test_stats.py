"""Player statistics: recording finished, abandoned and online matches, the store surviving a
restart or corruption, and the statistics screen driven with real pygame events."""

import json
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_helpers import click, run_until

from game.client import stats, stats_record
from game.client.online import OnlineSession
from game.core.bots import bot_rng, run
from game.games.hareeja import bots as hareeja_bots
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.hareeja.scene import HareejaTable
from game.ui.scenes.home import HomeScene as MenuScene
from game.ui.scenes.stats import StatsScene
from game.ui.table_making import TableMaker


def bot_match(
    seed: int,
    game_module=HareejaMatch,
    bots=hareeja_bots,
    players: int = 4,
    options: dict | None = None,
):
    match = game_module.new(players, options, seed=seed)
    rngs = [bot_rng(seed * 4 + i) for i in range(players)]
    while match.phase != "over":
        seat = match.to_act()[0]
        match.apply(
            seat, run(bots.think(match.view(seat), match.legal_actions(seat), "easy", rngs[seat]))
        )
    return match


# ----- pure: what a match adds -------------------------------------------------------------------
def test_hareeja_figures_come_from_the_rounds_history():
    match = bot_match(5)
    view = match.view(0)
    fig = stats.figures("hareeja", view)
    mine = [(h["bids"][0], h["tricks"][0], h["scores"][0]) for h in view["history"]]
    assert fig["rounds"] == len(view["history"]) >= 5
    assert fig["exact"] == sum(b == t for b, t, _s in mine)
    assert fig["zero_made"] == sum(b == 0 == t for b, t, _s in mine)
    assert fig["best_round"] == max(s for _b, _t, s in mine)


def test_ronda_and_hand_rummy_figures_and_who_wins():
    from game.games.hand_rummy import bots as rummy_bots
    from game.games.hand_rummy.rules import Match as RummyMatch
    from game.games.ronda import bots as ronda_bots
    from game.games.ronda.rules import Match as RondaMatch

    ronda = bot_match(9, RondaMatch, ronda_bots, 4, {"rules": "quick"})
    entry = stats.make_entry("ronda", ronda.view(0), ["seat.you"] * 4, online=False)
    assert entry["figures"]["points"] == ronda.totals[0]  # your side's points
    assert entry["figures"]["deals"] == len(ronda.view(0)["history"])
    won = ronda.totals[0] > ronda.totals[1]
    assert (entry["result"] == "won") == won
    rummy = bot_match(2, RummyMatch, rummy_bots, 3, {"rounds": 3})
    entry = stats.make_entry("hand_rummy", rummy.view(0), ["seat.you"] * 3, online=False)
    history = rummy.view(0)["history"]
    assert entry["figures"]["rounds_won"] == sum(h["winner"] == 0 for h in history)
    assert entry["figures"]["score_sum"] == sum(h["scores"][0] for h in history)
    lowest = min(rummy.totals)  # the lowest total wins
    assert (entry["place"] == 1) == (rummy.totals[0] == lowest)


def test_outcome_places_and_shared_first():
    assert stats.outcome("hareeja", [50, 50, 10, 0], 0) == ("shared", 1)
    assert stats.outcome("hareeja", [60, 50, 10, 0], 0) == ("won", 1)
    assert stats.outcome("hareeja", [10, 50, 50, 0], 0) == ("place", 3)
    assert stats.outcome("hand_rummy", [-30, 40, 100], 0) == ("won", 1)
    assert stats.outcome("hand_rummy", [100, 40, -30], 0) == ("place", 3)


def entry(result: str, game: str = "hareeja") -> dict:
    return {
        "game": game,
        "date": "2025-01-01 20:00",
        "online": False,
        "players": [],
        "result": result,
        "place": 1 if result in ("won", "shared") else (None if result == "abandoned" else 2),
        "totals": [0, 0],
        "side": 0,
        "figures": {"rounds": 1, "best_round": 10},
    }


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(stats.RESULTS), max_size=260))
def test_aggregates_count_every_match_and_the_list_stays_bounded(results):
    data = stats.empty()
    for r in results:
        stats.add(data, entry(r))
    s = stats.summary(data, "hareeja")
    assert s["played"] == len(results)
    assert s["won"] == results.count("won")
    assert s["abandoned"] == results.count("abandoned")
    assert len(data["matches"]) == min(len(results), stats.MAX_MATCHES)
    streak = 0
    for r in reversed(results):
        if r != "won":
            break
        streak += 1
    assert s["streak"] == streak  # abandoned and shared end the streak
    assert data == stats.clean(json.loads(json.dumps(data)))  # the store round-trips


# ----- recording through the real table scene -----------------------------------------------------
def finish_match_as_seat0(app, scene: HareejaTable, limit: int = 40000) -> None:
    """Seat 0 is a human seat whose choices a bot makes (bids with the picker and confirm
    buttons, cards through the scene); score panels are closed with their button."""
    rng = bot_rng(77)

    def drive() -> None:
        if scene.score is not None and scene.buttons.next.visible:
            click(app, scene.buttons.next.rect.center)
        elif scene.can_bid():
            view, legal = scene.session.match.view(0), scene.session.match.legal_actions(0)
            n = run(hareeja_bots.think(view, legal, "easy", rng))["n"]
            click(app, scene.widget(f"bid:{n}").rect.center)
            click(app, scene.widget("confirm").rect.center)
        elif scene.my_turn():
            view, legal = scene.session.match.view(0), scene.session.match.legal_actions(0)
            scene.act(0, run(hareeja_bots.think(view, legal, "easy", rng)), human=True)

    assert run_until(app, lambda: scene.over is not None, limit, drive)


def open_stats_from_menu(app) -> StatsScene:
    app.switch(MenuScene(app))
    app.step(1 / 60)
    click(app, app.scene.widget("stats").rect.center)
    assert isinstance(app.scene, StatsScene)
    return app.scene


def test_a_finished_match_shows_on_the_stats_screen_and_survives_a_restart(make_app, majlis_home):
    app = make_app(speed=40.0)
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=12)
    app.switch(scene)
    finish_match_as_seat0(app, scene)
    app.step(1 / 60)
    result = scene.session.match.result
    sc = open_stats_from_menu(app)
    s = sc.summary()
    assert s["played"] == 1 and s["won"] == (result["winners"] == [0])
    [shown] = stats.recent(sc.data, "hareeja")
    assert shown["totals"] == result["totals"] and not shown["online"]
    assert shown["figures"]["rounds"] == len(scene.session.match.view(0)["history"])
    app.step(1 / 60)  # drawn without trouble
    again = make_app(lang="ar")  # a restart keeps it
    sc2 = open_stats_from_menu(again)
    assert sc2.summary()["played"] == 1
    assert stats.recent(sc2.data, "hareeja")[0]["date"] == shown["date"]
    again.step(1 / 60)


def test_all_bot_and_autoplay_matches_are_not_recorded(make_app, majlis_home):
    from game.ui.app import App, Options

    app = App(Options(autoplay=True, speed=40.0, seed=3, frames=30000, lang="en"))
    TableMaker(HareejaTable).start_autoplay(app)
    while app.running:
        app.step(1 / 60)
    assert app.scene.over is not None
    data, _ = stats_record.load()
    assert data["matches"] == [] and data["games"] == {}


def test_online_matches_are_recorded_and_marked_online(make_app):
    """An online table's match ends: the entry comes from the session's view of our seat —
    server seat 2 here, with the seats as the server numbers them — and is marked online."""
    finished = bot_match(8)

    class Quiet:  # the server connection: nothing more arrives
        failed = False

        def poll(self):
            return []

        def send(self, *a, **k):
            return True

        def woke(self):
            return False

    room = {
        "seats": [{"name": n, "kind": "human"} for n in ("A", "B", "C", "D")],
        "you": 2,
        "game": "hareeja",
        "turn_seconds": None,
    }
    session = OnlineSession(
        Quiet(), room, first={"t": "events", "events": [], "view": finished.view(2), "legal": []}
    )
    scene = SimpleNamespace(name="hareeja", app=make_app(), session=session)
    assert stats_record.record_match(scene, session.result)
    assert sorted(vars(scene)) == ["app", "name", "session"]  # the table keeps the answer
    data, _ = stats_record.load()
    assert data["games"]["hareeja"]["online"] == 1
    entry = data["matches"][0]
    assert entry["online"] is True and entry["totals"] == finished.totals
    assert entry["side"] == 2 and entry["players"][2] == "seat.you"
    history = finished.view(2)["history"]
    assert entry["figures"]["exact"] == sum(1 for h in history if h["bids"][2] == h["tricks"][2])
    place = 1 + sum(1 for total in finished.totals if total > finished.totals[2])
    assert entry["place"] == place
    # A table that does not keep the answer yet: the old way in records once and keeps it.
    old = SimpleNamespace(name="hareeja", app=scene.app, session=session)
    assert stats_record.record_match_end(old, session.result) and old.stats_recorded
    assert not stats_record.record_match_end(old, session.result)  # once per match
    assert stats_record.load()[0]["games"]["hareeja"]["online"] == 2


def test_abandoned_match_counts_as_played_not_won(make_app):
    app = make_app(speed=40.0)
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)
    table = app.scene
    assert run_until(app, table.can_bid)
    click(app, table.widget("bid:1").rect.center)
    click(app, table.widget("confirm").rect.center)
    click(app, table.widget("menu").rect.center)  # the pause menu: leave it in progress
    click(app, app.overlay.button("leave").rect.center)
    click(app, app.overlay.button("yes").rect.center)
    assert app.scene.widget("continue:hareeja").visible
    click(app, app.scene.widget("tile:hareeja").rect.center)
    click(app, app.scene.widget("play").rect.center)  # a new match replaces it, once asked
    click(app, app.overlay.button("yes").rect.center)
    data, _ = stats_record.load()
    g = data["games"]["hareeja"]
    assert (g["played"], g["won"], g["abandoned"], g["streak"]) == (1, 0, 1, 0)
    assert data["matches"][-1]["result"] == "abandoned"


# ----- store: corrupt, damaged ------------------------------------------------------------------
@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"games": 3}', "\x00\xff"])
def test_corrupt_stats_fall_back_to_defaults_with_a_message(make_app, majlis_home, content):
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "stats.json").write_text(content, encoding="latin-1")
    app = make_app()
    sc = open_stats_from_menu(app)
    assert sc.summary()["played"] == 0
    assert any(t[0] == "storage.stats_corrupt" for t in app.painter.toasts)
    app.step(1 / 60)  # the message is drawn, no crash
    data, message = stats_record.load()  # said once; a fresh store follows
    assert message is None and data == stats.empty()


def test_damaged_parts_of_a_readable_store_are_dropped_one_by_one(majlis_home):
    good = entry("won")
    majlis_home.mkdir(parents=True, exist_ok=True)
    (majlis_home / "stats.json").write_text(
        json.dumps(
            {
                "version": 1,
                "games": {
                    "hareeja": {"played": 2, "won": "many", "sums": {"rounds": 5, "x": "y"}},
                    "ronda": 7,
                },
                "matches": [good, {"game": "hareeja"}, 5, dict(good, result="lost")],
            }
        )
    )
    data, message = stats_record.load()
    assert message is None
    assert data["games"]["hareeja"]["played"] == 2 and data["games"]["hareeja"]["won"] == 0
    assert data["games"]["hareeja"]["sums"] == {"rounds": 5}
    assert "ronda" not in data["games"]
    assert data["matches"] == [good]


# ----- the screen ---------------------------------------------------------------------------------
def filled_store(n: int = 12) -> None:
    data = stats.empty()
    for i in range(n):
        stats.add(data, entry("won" if i % 3 == 0 else "place"))
    stats.add(data, entry("won", "ronda"))
    stats_record.save(data)


def test_reset_asks_first_and_only_erases_that_game(make_app, majlis_home):
    filled_store()
    app = make_app()
    sc = open_stats_from_menu(app)
    before = (majlis_home / "stats.json").read_text()
    click(app, sc.widget("reset").rect.center)
    assert sc.confirming
    assert (majlis_home / "stats.json").read_text() == before  # nothing erased yet
    click(app, app.overlay.button("no").rect.center)
    assert not sc.confirming and sc.summary()["played"] == 12
    click(app, sc.widget("reset").rect.center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.step(1 / 60)  # Enter is Cancel here: erasing is never the default
    assert not sc.confirming and sc.summary()["played"] == 12
    click(app, sc.widget("reset").rect.center)
    click(app, app.overlay.button("yes").rect.center)
    assert sc.summary()["played"] == 0
    data, _ = stats_record.load()
    assert "hareeja" not in data["games"] and data["games"]["ronda"]["played"] == 1
    assert all(m["game"] == "ronda" for m in data["matches"])
    assert not sc.widget("reset").enabled  # nothing left to erase


def test_tabs_switch_games_with_a_click(make_app):
    filled_store()
    app = make_app()
    sc = open_stats_from_menu(app)
    click(app, sc.widget("page:ronda").rect.center)
    assert sc.game == "ronda" and sc.summary()["played"] == 1


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", ["ar", "en"])
def test_stats_screen_buttons_on_screen_and_large(make_app, portrait, lang):
    filled_store()
    app = make_app(portrait=portrait, lang=lang)
    sc = open_stats_from_menu(app)
    margin = 16 if portrait else 8
    screen = app.screen.get_rect().inflate(-2 * margin, -2 * margin)
    for asking in (False, True):
        if asking:
            sc.ask_reset()
        app.step(1 / 60)
        widgets = app.overlay.buttons if asking else sc.widgets
        shown = [b for w in widgets for b in (getattr(w, "buttons", None) or [w]) if w.visible]
        assert shown
        for b in shown:
            assert screen.contains(b.rect), (b.key, b.rect)
            assert b.rect.h >= 44 and b.rect.w >= 44
        for panel in (sc.tiles_rect, sc.figures_rect, sc.recent.rect):
            assert screen.contains(panel)
    app.overlay.close()
    menu = MenuScene(app)
    app.switch(menu)
    app.step(1 / 60)
    assert screen.contains(menu.widget("stats").rect)
