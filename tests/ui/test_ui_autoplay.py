"""A whole four-bot match through the real frame loop and scenes (the --autoplay path)."""

from game.games.hareeja.scene import HareejaTable
from game.ui.app import App, Options
from game.ui.table_making import TableMaker


def test_autoplay_match_runs_to_the_end_through_the_loop(majlis_home):
    app = App(Options(autoplay=True, speed=40.0, seed=7, frames=30000, lang="en"))
    scene = TableMaker(HareejaTable).start_autoplay(app)
    while app.running:
        app.step(1 / 60)
    assert scene.session.match.phase == "over"
    assert scene.over is not None
    shown = getattr(app, "autoplay_result", None)
    assert shown is not None
    expected = (scene.session.match.totals, scene.session.match.result["winners"])
    assert (shown["totals"], shown["winners"]) == expected
    assert app.frame < 30000
    assert not list(majlis_home.glob("match*.json"))  # autoplay never overwrites a saved match
