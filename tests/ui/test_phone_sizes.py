"""Reads on a phone: in portrait (720 logical px wide, shown about 390 CSS px wide
on a phone, so a logical px is ~0.54 of a CSS px) no text is drawn below 22 logical px and no
card index below 26, in every game.

The states are the screenshot set's own (``main.py --screenshots``): every game's table
script (deal, play, melds, staging, the round's scores, the match end, a table of five in
Hand rummy), run in portrait in Arabic and in English through the real scenes and frame loop.
At each shot the scene is drawn once more under :mod:`tests.ui.phone_probe`, which records the
size of every string and every card face drawn (see there for how, and what it cannot see).
"""

from __future__ import annotations

import pytest
from phone_probe import MIN_INDEX, MIN_TEXT, Drawn, index_height, measure

from game.ui import games
from game.ui.app import App, Options
from game.ui.scenes.lobby_shots import screenshot_lobby
from game.ui.screenshots import PLAY_SEED, Shooter


class MeasuringShooter(Shooter):
    """A Shooter that measures what each shot draws instead of saving a PNG."""

    def __init__(self, app: App, monkeypatch):
        super().__init__(app, None, "")
        self.monkeypatch = monkeypatch
        self.drawn: dict[str, Drawn] = {}

    def shot(self, name: str) -> None:
        scene = self.app.scene
        players = getattr(scene, "players", 0)
        self.drawn[f"{scene.name}/{players}/{name}"] = measure(self.app, self.monkeypatch)


def table_shots(lang: str, monkeypatch) -> dict[str, Drawn]:
    app = App(Options(portrait=True, lang=lang, seed=PLAY_SEED))
    shooter = MeasuringShooter(app, monkeypatch)
    for key in [g.key for g in games.available()]:
        script = games.screenshot_script(key)
        assert script is not None, key
        script(shooter)
    return shooter.drawn


def report(drawn: dict[str, Drawn]) -> list[str]:
    """One line per shot that draws something too small: the sizes and what they show."""
    lines = []
    for name, d in drawn.items():
        texts = d.small_texts()
        cards = d.small_cards()
        if texts or cards:
            lines.append(
                f"{name}: text {[(s, t[:24]) for s, t in texts][:8]} "
                f"cards {[(c, sz, round(index_height(sz[1]), 1)) for c, sz in cards][:4]}"
            )
    return lines


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_portrait_tables_draw_no_text_under_22_and_no_card_index_under_26(lang, monkeypatch):
    drawn = table_shots(lang, monkeypatch)
    tables = {tuple(name.split("/")[:2]) for name in drawn}
    assert {("hareeja", "4"), ("ronda", "2"), ("ronda", "4"), ("hand_rummy", "5")} <= tables
    texts = [s for d in drawn.values() for s, t in d.texts if t.strip()]
    faces = [sz[1] for d in drawn.values() for _c, sz in d.cards]
    assert texts and faces  # the probe saw the frames
    print(
        f"\n[{lang}] {len(drawn)} portrait table states: smallest text {min(texts)} px, "
        f"smallest card {min(faces)} px tall (index {index_height(min(faces)):.1f} px); "
        f"limits {MIN_TEXT} / {MIN_INDEX}"
    )
    assert report(drawn) == [], "\n".join(report(drawn))


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_portrait_home_settings_and_rules_draw_no_text_under_22(lang, monkeypatch):
    """The screens before a table, as the screenshot set shoots them."""
    app = App(Options(portrait=True, lang=lang, seed=PLAY_SEED))
    shooter = MeasuringShooter(app, monkeypatch)
    shooter.menus()
    assert len(shooter.drawn) >= 3 and all(d.texts for d in shooter.drawn.values())
    assert report(shooter.drawn) == [], "\n".join(report(shooter.drawn))


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_portrait_lobby_draws_no_text_under_22(lang, monkeypatch):
    """Every state of the online lobby the screenshot set shoots (home, each game's new-table
    form, typing a code, the wrong code, the public list, the host's and a guest's waiting
    rooms, waiting for the host, no server, connecting)."""
    app = App(Options(portrait=True, lang=lang, seed=PLAY_SEED))
    shooter = MeasuringShooter(app, monkeypatch)
    screenshot_lobby(shooter)
    shots = {name.split("/")[2] for name in shooter.drawn}
    assert {"lobby_01_home", "lobby_04_public_list", "lobby_05_room_host_request"} <= shots
    assert len(shots) >= 10 and all(d.texts for d in shooter.drawn.values())
    assert report(shooter.drawn) == [], "\n".join(report(shooter.drawn))
