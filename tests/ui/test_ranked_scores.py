"""The between-rounds score panels list the round best first (ties by seat), not in seat order."""

import pytest
from ui_helpers import run_until

from game.core.ranking import best_first
from game.ui import draw, games


def drawn_texts(monkeypatch, scene, surface) -> list[tuple[str, tuple[float, float]]]:
    """The texts the score panel draws, with where."""
    seen: list[tuple[str, tuple[float, float]]] = []
    real = draw.blit_text

    def spy(surf, s, size, pos, *args, **kwargs):
        seen.append((s, pos))
        return real(surf, s, size, pos, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", spy)
    scene.score_panel.draw(surface)
    monkeypatch.setattr(draw, "blit_text", real)
    return seen


def open_score(make_app, game: str):
    app = make_app(speed=8.0)
    scene = games.new_match(app, game, seed=3)
    for seat in scene.session.seats:
        seat.kind = "bot"
    app.switch(scene)
    assert run_until(app, lambda: scene.score is not None, 40000)
    return app, scene


@pytest.mark.parametrize(("game", "low"), [("hareeja", False), ("hand_rummy", True)])
def test_round_rows_best_first(game, low, make_app, monkeypatch):
    app, scene = open_score(make_app, game)
    entry = scene.score["entry"]
    seen = drawn_texts(monkeypatch, scene, app.screen)
    names = [scene.places.seat_name(s) for s in range(len(entry["scores"]))]
    ys = {s: pos[1] for s, pos in seen if s in names}
    assert len(ys) == len(names)  # every name once (the names differ)
    by_y = [names.index(n) for n in sorted(ys, key=ys.__getitem__)]
    assert by_y == best_first(entry["scores"], low_wins=low)


def test_ronda_sides_best_first(make_app, monkeypatch):
    app, scene = open_score(make_app, "ronda")
    entry = scene.score["entry"]
    seen = drawn_texts(monkeypatch, scene, app.screen)
    names = [scene.sides.name(s) for s in range(len(entry["points"]))]
    xs = {s: pos[0] for s, pos in seen if s in names}
    by_x = [names.index(n) for n in sorted(xs, key=xs.__getitem__)]
    assert by_x == best_first(entry["points"])
