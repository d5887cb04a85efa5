""" "Check this match": the findings of :func:`game.client.fair_check.check` for one online
match the client kept, in plain words.

The verdict is a line in the title's place (green when everything checked matches, red when
something does not); below it, in an opaque panel that scrolls, one paragraph per finding,
what was checked and what it does not prove. The check runs once, when the scene opens (a
replay of one match: milliseconds). Reached by the ``check_match`` route
(``app.go("check_match", record=..., back="stats")``) or :func:`open_check`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.client import fair_check
from game.client.fair_check import Finding
from game.i18n import digits, t
from game.ui import draw, overlay
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.scroll_text import ScrollText
from game.ui.widgets import back_button

if TYPE_CHECKING:
    from game.ui.app import App

MARKS = {"ok": "•", "note": "–", "bad": "×"}  # glyphs every font of the game has


def open_check(app: App, record: dict[str, Any], back: str = "stats") -> None:
    """Show the check of ``record`` (one of :func:`game.client.fair_check.recent_records`);
    Back goes to the route ``back``."""
    app.go("check_match", record=record, back=back)


def finding_text(finding: Finding) -> str:
    """One finding as a sentence, its numbers written as the language writes them."""
    args = {k: digits(v) if isinstance(v, int) else v for k, v in finding.args.items()}
    return f"{MARKS.get(finding.level, '•')} {t(finding.key, **args)}"


class CheckMatchScene(Scene):
    name = "check_match"
    scroll: ScrollText

    def __init__(self, app: App, record: dict[str, Any], back: str = "stats"):
        self.record = record
        self.back_to = back
        self.findings = fair_check.check(record)
        self.passed = fair_check.passed(self.findings)
        super().__init__(app)

    def build(self) -> None:
        layout = self.app.layout
        y = layout.h - px(92 if not layout.portrait else 110)
        self.back_button = back_button(layout.w, y, self.back, lambda: t("back"))
        offset = self.scroll.offset if hasattr(self, "scroll") else 0
        self.scroll = ScrollText(
            self._box().inflate(-px(40), -px(32)),
            self.body,
            22 if not layout.portrait else 24,
        )
        self.scroll.offset = offset
        self.widgets = [self.back_button, self.scroll]

    def body(self) -> str:
        return "\n\n".join(finding_text(f) for f in self.findings)

    def back(self) -> None:
        self.app.go(self.back_to)

    def _top(self) -> int:
        return px(56 if not self.app.layout.portrait else 80)

    def _box(self) -> pygame.Rect:
        layout = self.app.layout
        box_top = self._top() + px(118)
        width = min(px(1040), layout.w - px(48))
        return pygame.Rect(
            (layout.w - width) // 2, box_top, width, self.back_button.rect.top - px(20) - box_top
        )

    def subtitle(self) -> str:
        game = self.record.get("game", "")
        return t("fair.subtitle", game=t(f"game.{game}"), code=str(self.record.get("code", "")))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        top, room = self._top(), layout.w - px(64)
        title = t("fair.title")
        size = draw.fit_text(title, 40, room, bold=True)
        draw.blit_text(
            surface, title, size, (layout.w // 2, top), draw.GOLD, bold=True, shadow=True
        )
        sub = self.subtitle()
        draw.blit_text(
            surface, sub, draw.fit_text(sub, 22, room), (layout.w // 2, top + px(42)), draw.INK_DIM
        )
        key = fair_check.verdict_key(self.findings)  # "nothing to check" is not a mismatch
        verdict = t(key)
        nothing = key == "fair.verdict_none"
        color = draw.TURN if self.passed else draw.INK_DIM if nothing else draw.RED
        size = draw.fit_text(verdict, 26, room, bold=True)
        draw.blit_text(
            surface, verdict, size, (layout.w // 2, top + px(84)), color, bold=True, shadow=True
        )
        overlay.panel(surface, self._box())
        super().draw(surface)
