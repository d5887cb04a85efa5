"""No text or control is drawn over another, hidden in part, or out of its panel.

Every state of the screenshot set (``main.py --screenshots``: home, setup, rules, settings,
statistics, replay, check, the online lobby and every game's table script) is drawn once more
into a layout probe (:mod:`game.ui.layout_probe`) in Arabic and English, landscape and
portrait, at factor 1, and the tables' states again at factor 1.5. A finding fails the test
unless :data:`INTENDED` names it with the reason it is meant so.

The first tests check the probe itself on small pictures, so that the sweep cannot pass by
seeing nothing.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui import draw, games
from game.ui.app import App, Options
from game.ui.layout_probe import Finding, ProbeSurface, mark, shapes_noted
from game.ui.scenes.check_shots import check_screens
from game.ui.scenes.lobby_shots import screenshot_lobby
from game.ui.scenes.stats_shots import replay_screens
from game.ui.screenshots import PLAY_SEED, Shooter
from game.ui.table_drawing import next_below

# (shot, how, kind of the first box, kind of the second): meant so, and why.
INTENDED: dict[tuple[str, str, str, str], str] = {
    ("rummy_01_deal", "covered", "text", "image"): "a card dealt from the stock, in the air, "
    "passes over the stock's count",
    ("rummy_06_discard", "covered", "text", "image"): "the discard, in the air on its way to "
    "the pile, passes over the pile's word and the staging area's head",
    ("rummy_02b_draw_flight", "covered", "text", "image"): "the drawn card, in the air on its "
    "way from the stock to where the sort puts it in the hand, passes over the staging area's head",
}


# ----- the probe itself ----------------------------------------------------------------------
def text_image(label: str, w: int = 60, h: int = 20) -> pygame.Surface:
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    img.fill((255, 255, 255, 255))
    return mark(img, "text", label)


def card_image(w: int = 40, h: int = 60) -> pygame.Surface:
    img = pygame.Surface((w, h))
    img.fill((200, 10, 10))
    return img


@pytest.fixture
def probe() -> ProbeSurface:
    pygame.display.init()
    return ProbeSurface((400, 300))


def hows(surface: ProbeSurface) -> list[str]:
    return [f.how for f in surface.findings]


def test_two_texts_that_meet_are_an_overlap(probe):
    probe.blit(text_image("a"), (10, 10))
    probe.blit(text_image("b"), (50, 15))
    assert hows(probe) == ["overlap"]


def test_texts_apart_and_a_text_with_its_own_shadow_are_not(probe):
    probe.blit(text_image("a"), (10, 10))
    probe.blit(text_image("a"), (11, 12))  # its shadow, a pixel or two off
    probe.blit(text_image("b"), (10, 40))
    assert probe.findings == []


def test_a_card_over_part_of_a_text_covers_it_and_over_all_of_it_hides_it(probe):
    probe.blit(text_image("badge", 20, 12), (100, 100))
    probe.blit(card_image(), (110, 90))
    probe.blit(text_image("gone", 20, 12), (300, 100))
    probe.blit(card_image(), (290, 90))
    assert hows(probe) == ["covered"]
    assert [b.label for b in probe.boxes if b.kind == "text"] == ["badge"]


def test_a_text_across_a_panel_edge_leaves_its_panel(probe):
    panel = mark(pygame.Surface((100, 40)), "panel", "")
    probe.blit(panel, (20, 20))
    probe.blit(text_image("inside", 40, 10), (30, 30))
    probe.blit(text_image("across", 40, 10), (100, 30))
    assert [(f.how, f.a.label) for f in probe.findings] == [("outside", "across")]


def test_a_dim_drops_what_lies_under_it_and_a_layer_brings_its_boxes_where_it_lands(probe):
    probe.blit(text_image("a"), (10, 10))
    probe.blit(text_image("b"), (20, 12))
    draw.dim(probe)
    assert probe.findings == [] and probe.boxes == []
    layer = ProbeSurface((100, 100))
    layer.blit(text_image("c", 20, 10), (5, 5))
    probe.blit(layer, (200, 100))
    assert [(b.label, b.rect) for b in probe.boxes] == [("c", (205, 105, 20, 10))]


def test_a_control_drawn_over_a_text_is_one_overlap(probe):
    probe.blit(text_image("round 1 of 5", 100, 20), (10, 10))
    button = mark(card_image(60, 40), "control", "Hint")
    probe.blit(button, (80, 0))
    assert [(f.how, f.a.label, f.b.label) for f in probe.findings] == [
        ("overlap", "round 1 of 5", "Hint")
    ]


def test_a_filled_shape_drawn_over_part_of_a_text_covers_it_and_an_outline_does_not(probe):
    original = pygame.draw.rect
    probe.blit(text_image("second", 100, 24), (10, 10))
    with shapes_noted():
        pygame.draw.rect(probe, (0, 0, 0), (0, 30, 200, 30), 2)  # an outline
        assert probe.findings == []
        pygame.draw.rect(probe, (0, 0, 0), (0, 30, 200, 30), border_radius=4)  # the next band
    assert hows(probe) == ["covered"]
    assert pygame.draw.rect is original  # (noted only while it lasts)


# ----- every state of the screenshot set -----------------------------------------------------
class ProbingShooter(Shooter):
    """A Shooter that probes each shot's layout instead of saving a PNG."""

    def __init__(self, app: App):
        super().__init__(app, None, "")  # type: ignore[arg-type]
        self.layouts = []
        self.clashes: list[str] = []  # a score panel's button over a plate (dimmed: unprobed)

    def shot(self, name: str) -> None:
        assert self.layouts is not None
        self.layouts.append((name, self.app.painter.probe_layout().findings))
        self.clashes += next_over_plates(self.app.scene, name)


def next_over_plates(scene, shot: str) -> list[str]:
    """The plates a table's open score panel puts its "next" button over (the table is
    dimmed under the panel, which the probe leaves out: a plate half under the button still
    reads as clutter), but for a plate the panel itself lies over."""
    if getattr(scene, "score", None) is None or getattr(scene, "over", None) is not None:
        return []
    button = scene.buttons.next.rect
    panel_bottom = button.centery - next_below()
    plates = [(seat, scene.places.plate_rect(seat)) for seat in range(scene.players)]
    return [
        f"{shot}: next {button} over seat {seat}'s plate {plate}"
        for seat, plate in plates
        if button.colliderect(plate) and plate.top >= panel_bottom
    ]


def sweep(portrait: bool, lang: str, factor: float | None, tables_only: bool) -> ProbingShooter:
    app = App(Options(portrait=portrait, lang=lang, seed=PLAY_SEED, scale=factor))
    shooter = ProbingShooter(app)
    if not tables_only:
        shooter.menus()
        shooter.stats_screens()
        replay_screens(shooter)
        check_screens(shooter)
        screenshot_lobby(shooter)
    for g in games.available():
        script = games.screenshot_script(g.key)
        assert script is not None, g.key
        script(shooter)
    return shooter


def faults(layouts: list[tuple[str, list[Finding]]]) -> list[str]:
    """One line per finding that no entry of INTENDED names."""
    lines: dict[tuple[str, str, str, str], str] = {}  # (a text's shadow: the same finding)
    for shot, found in layouts:
        for f in found:
            if (shot, f.how, f.a.kind, f.b.kind) not in INTENDED:
                lines.setdefault((shot, f.how, f.a.label, f.b.label), f"{shot}: {f}")
    return sorted(lines.values())


SWEEPS = [
    pytest.param(False, "ar", None, False, id="landscape-ar"),
    pytest.param(False, "en", None, False, id="landscape-en"),
    pytest.param(True, "ar", None, False, id="portrait-ar"),
    pytest.param(True, "en", None, False, id="portrait-en"),
    pytest.param(False, "en", 1.5, True, id="landscape-en-tables-1.5"),
    pytest.param(True, "ar", 1.5, True, id="portrait-ar-tables-1.5"),
]


@pytest.mark.parametrize(("portrait", "lang", "factor", "tables_only"), SWEEPS)
def test_no_state_of_the_screenshot_set_draws_text_over_text(portrait, lang, factor, tables_only):
    shooter = sweep(portrait, lang, factor, tables_only)
    assert shooter.layouts is not None
    shots = {name for name, _ in shooter.layouts}
    assert len(shots) >= (40 if tables_only else 70)  # the scripts ran
    found = faults(shooter.layouts)
    assert found == [], f"{len(found)} findings:\n" + "\n".join(found)
    assert shooter.clashes == [], "\n".join(shooter.clashes)
