"""One overlay system: modal panels over any scene (rules, confirmations, messages, pause).

The pieces, usable alone or together:

- :func:`panel` / :func:`dim`: an **opaque** rounded panel with the brass edge, and the dim
  layer that goes over the scene behind a modal (nothing is drawn above the dim layer except
  the overlay's own panel).
- :class:`ScrollText`: wrapped text in a rect that scrolls (mouse wheel, drag, ↑ ↓ PgUp PgDn
  Home End) and is clipped to its rect, right-aligned in Arabic. It draws nothing outside its
  rect, whatever the text.
- :class:`Overlay`: a modal layer the app hosts above the current scene: dims the scene, draws
  one opaque panel with a title (fitted to the panel), an optional scrolling body and a row
  (or column) of buttons, and takes every input event while it is open. Esc closes it (runs
  the last button's action when ``escape`` is given). Subclass and override
  :meth:`Overlay.content_height` / :meth:`Overlay.draw_content` for other contents (a score
  table, a settings form); its widgets go in ``self.widgets``.

Open one with ``app.open_overlay(overlay)`` (or the helpers :func:`confirm`, :func:`message`,
:func:`rules`); it closes itself when one of its buttons is pressed (unless the button's action
returns ``False``) or with ``overlay.close()``. While an overlay with ``pauses = True`` is open,
the scene below gets no ``update`` (a local match stands still). The app lays open overlays
out again when the window turns (``relayout``).

A scene that draws its own modal panel inside its ``draw`` (a table's score panel) can use
:func:`dim`, :func:`panel`, :func:`panel_rect` and :class:`ScrollText` directly, so it looks
and scrolls the same.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import t
from game.ui import draw, text
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.widgets import Button, Segmented, Widget

if TYPE_CHECKING:
    from pygame.typing import RectLike

    from game.ui.app import App
    from game.ui.layout import Layout

PANEL = (20, 34, 33)  # opaque: nothing of the table shows through a panel
TITLE_SIZE = 32  # font sizes: logical
BODY_SIZE = 22
BUTTON_H = 60  # lengths: logical px, drawn at px(…)
PAD = 24
WHEEL_STEP = 60  # pixels one wheel notch scrolls
DIM = 150  # the dim layer's alpha under an overlay (game/ui/overlay_stack.py draws it)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (the layer between a scene and its modal panel)."""
    draw.dim(surface, alpha)


def panel(surface: pygame.Surface, rect: pygame.Rect, edge: RGB = draw.GOLD) -> None:
    """An opaque rounded panel with a brass edge."""
    draw.panel(surface, rect, PANEL, 255, px(16), edge)


def panel_rect(layout: Layout, height: int, width: int | None = None) -> pygame.Rect:
    """A centred panel ``height`` tall (cut to the window with a margin) and ``width`` wide
    (default: 760 in landscape, the window less 2×32 in portrait); frame pixels, the
    numbers here logical."""
    margin = px(40 if not layout.portrait else 48)
    w = width or (min(px(760), layout.w - px(96)) if not layout.portrait else layout.w - px(64))
    h = min(height, layout.h - 2 * margin)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (layout.w // 2, layout.h // 2)
    return rect


class ScrollText(Widget):
    """Wrapped paragraphs in ``rect`` that scroll and are clipped (see the module docstring).

    ``source`` returns the text (re-read each frame, so a language switch shows at once);
    paragraphs are separated by "\\n" and get half a line between them."""

    def __init__(
        self,
        rect: RectLike,
        source: Callable[[], str],
        size: int = BODY_SIZE,
        color: RGB = draw.INK,
        key: str = "scroll",
    ):
        self.rect = pygame.Rect(rect)
        self.source = source
        self.size = size
        self.color = color
        self.key = key
        self.offset = 0  # pixels scrolled from the top
        self.visible = True
        self.enabled = True
        self._drag: tuple[int, int] | None = None  # (pointer y, offset) when the drag began
        # ((text, language, size, width), its lines) of the last lines() asked
        self._cache: tuple[tuple[str, str, int, int], list[tuple[str, int]]] | None = None

    @property
    def line_h(self) -> int:
        """A line's height: Arabic takes a little more (its marks above and below)."""
        return px(self.size * (1.6 if i18n.is_rtl() else 1.5))

    def lines(self) -> list[tuple[str, int]]:
        """(line, y from the top of the text) for the current text, size and width."""
        body = self.source()
        key = (body, i18n.language(), self.size, self.rect.w)
        if self._cache is None or self._cache[0] != key:
            out: list[tuple[str, int]] = []
            y = 0
            for para in body.split("\n"):
                if not para.strip():
                    y += self.line_h // 2
                    continue
                for line in text.wrap(para, self.size, self.rect.w - px(24)):
                    out.append((line, y))
                    y += self.line_h
                y += self.line_h // 2
            self._cache = (key, out)
        return self._cache[1]

    def content_height(self) -> int:
        lines = self.lines()
        if not lines:
            return 0
        last, y = lines[-1]
        # Arabic glyphs reach below the line pitch (the tail of a final ي): room for the ink.
        return y + max(self.line_h, text.size(last, self.size)[1])

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height() - self.rect.h)

    def scroll_by(self, dy: float) -> None:
        self.offset = int(min(self.max_offset, max(0, self.offset + dy)))

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        page = max(self.line_h, self.rect.h - 2 * self.line_h)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * px(WHEEL_STEP))
            return True
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_DOWN: self.line_h,
                pygame.K_UP: -self.line_h,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_END: self.content_height(),
                pygame.K_HOME: -self.content_height(),
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_offset = self._drag
            self.offset = start_offset
            self.scroll_by(start_y - event.pos[1])
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.scroll_by(0)  # the text may have become shorter (another language)
        old_clip = surface.get_clip()
        surface.set_clip(self.rect.clip(old_clip) if old_clip else self.rect)
        rtl = i18n.is_rtl()
        top = self.rect.y - self.offset
        for line, y in self.lines():
            if top + y + self.line_h < self.rect.y or top + y > self.rect.bottom:
                continue
            if rtl:
                pos, anchor = (self.rect.right - px(4), top + y), "topright"
            else:
                pos, anchor = (self.rect.x + px(4), top + y), "topleft"
            draw.blit_text(surface, line, self.size, pos, self.color, anchor=anchor)
        if self.max_offset:
            self._draw_bar(surface, rtl)
        surface.set_clip(old_clip)

    def _draw_bar(self, surface: pygame.Surface, rtl: bool) -> None:
        """A thin bar at the outer edge: how much there is, and where the view is."""
        total = self.content_height()
        h = max(px(40), self.rect.h * self.rect.h // total)
        y = self.rect.y + (self.rect.h - h) * self.offset // max(1, self.max_offset)
        bar, round_ = px(6), px(3)
        x = self.rect.x if rtl else self.rect.right - bar
        track = (x, self.rect.y, bar, self.rect.h)
        pygame.draw.rect(surface, (60, 70, 66), track, border_radius=round_)
        pygame.draw.rect(surface, draw.SAND, (x, y, bar, h), border_radius=round_)


@dataclass
class Action:
    """A button of an overlay: its label key (or a callable), what it does, its test name.
    The overlay closes after ``run`` unless ``run`` returns False."""

    label: str | Callable[[], str]
    run: Callable[[], Any] | None = None
    key: str = ""
    primary: bool = False

    def text(self) -> str:
        return self.label() if callable(self.label) else t(self.label)


class Overlay:
    """A modal panel the app draws above the scene (see the module docstring)."""

    pauses = False  # True: the scene below does not update while this is open

    def __init__(
        self,
        app: App,
        title: str | Callable[[], str],
        body: Callable[[], str] | None = None,
        actions: list[Action] | None = None,
        stack: bool | None = None,
        escape: Action | None = None,
        key: str = "overlay",
    ):
        self.app = app
        self.title = title
        self.body = body
        self.actions = actions or [Action("close", key="close", primary=True)]
        self.stack = stack  # buttons in a column (None: a column when more than two)
        self.escape = escape
        self.key = key
        self.open = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll: ScrollText | None = None
        self.buttons: list[Button] = []
        self.widgets: list[Widget] = []
        self.build()

    # ----- layout --------------------------------------------------------------------------
    def title_text(self) -> str:
        return self.title() if callable(self.title) else t(self.title)

    def content_height(self, width: int) -> int:
        """Override: the height the contents would like at ``width`` (body text by default;
        longer than fits, it scrolls)."""
        if self.body is None:
            return 0
        probe = ScrollText((0, 0, width, 10), self.body)
        return probe.content_height()

    def _stacked(self) -> bool:
        return self.stack if self.stack is not None else len(self.actions) > 2

    def _buttons_height(self) -> int:
        n = len(self.actions)
        return px(n * BUTTON_H + (n - 1) * 14) if self._stacked() else px(BUTTON_H)

    def panel_width(self) -> int:
        """Override: the panel's width (760 in landscape, the window less 2×32 in portrait)."""
        layout = self.app.layout
        return min(px(760), layout.w - px(96)) if not layout.portrait else layout.w - px(64)

    def build(self) -> None:
        """Place the panel, body and buttons for the current layout (again after a turn)."""
        layout = self.app.layout
        width = self.panel_width()
        pad = px(PAD)
        inner_w = width - 2 * pad
        head = px(76) if self.title_text() else pad
        wanted = head + self.content_height(inner_w) + self._buttons_height() + 2 * pad
        self.rect = panel_rect(layout, wanted, width)
        body = pygame.Rect(
            self.rect.x + pad,
            self.rect.y + head,
            inner_w,
            self.rect.h - head - self._buttons_height() - 2 * pad,
        )
        self.content_rect = body
        self.scroll = ScrollText(body, self.body) if self.body is not None else None
        self.buttons = self._place_buttons()
        self.widgets = [*self.buttons, *([self.scroll] if self.scroll else [])]
        self.build_content(body)

    def build_content(self, rect: pygame.Rect) -> None:
        """Override: make the contents' own widgets in ``rect`` (append to self.widgets)."""

    def _place_buttons(self) -> list[Button]:
        pad, button_h = px(PAD), px(BUTTON_H)
        bottom = self.rect.bottom - pad
        out = []
        n = len(self.actions)
        order = (
            list(reversed(self.actions)) if i18n.is_rtl() and not self._stacked() else self.actions
        )
        if self._stacked():
            w = min(px(420), self.rect.w - 2 * pad)
            y = bottom - self._buttons_height()
            rects = [
                pygame.Rect(self.rect.centerx - w // 2, y + px(i * (BUTTON_H + 14)), w, button_h)
                for i in range(n)
            ]
        else:
            gap = px(16)
            w = min(px(280), (self.rect.w - 2 * pad - gap * (n - 1)) // n)
            x = self.rect.centerx - (n * w + gap * (n - 1)) // 2
            rects = [
                pygame.Rect(x + i * (w + gap), bottom - button_h, w, button_h) for i in range(n)
            ]
        for action, rect in zip(order, rects):
            out.append(
                Button(
                    rect,
                    action.text,
                    functools.partial(self._run, action),
                    24,
                    primary=action.primary,
                    key=action.key,
                )
            )
        return out

    def relayout(self) -> None:
        offset = self.scroll.offset if self.scroll else 0
        self.build()
        if self.scroll:
            self.scroll.offset = offset

    # ----- open / close ------------------------------------------------------------------
    def _run(self, action: Action) -> None:
        keep_open = action.run() is False if action.run else False
        if not keep_open:
            self.close()

    def close(self) -> None:
        if self.open:
            self.app.close_overlay(self)

    def button(self, key: str) -> Button:
        """The button named ``key`` (tests, screenshots)."""
        return next(b for b in self.buttons if b.key == key)

    def widget_key(self, key: str) -> Widget:
        """The widget (or a segmented row's choice) named ``key`` (tests, screenshots)."""
        for w in self.widgets:
            if w.key == key:
                return w
            if isinstance(w, Segmented):
                for b in w.buttons:
                    if b.key == key:
                        return b
        raise KeyError(key)

    # ----- frame -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Every event stops here while the overlay is open (it is modal)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.escape is not None:
                self._run(self.escape)
            else:
                self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            primary = [a for a in self.actions if a.primary]
            if len(primary) == 1:
                self._run(primary[0])
                return True
        for widget in list(self.widgets):
            if widget.handle(event):
                return True
        return True

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The dim layer over everything drawn so far, then the panel."""
        dim(surface, DIM)
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The panel, its title, contents and buttons (no dim layer)."""
        panel(surface, self.rect)
        title = self.title_text()
        if title:
            size = draw.fit_text(title, TITLE_SIZE, self.rect.w - 2 * px(PAD), bold=True)
            center = (self.rect.centerx, self.rect.y + px(42))
            draw.blit_text(surface, title, size, center, draw.GOLD, bold=True)
        self.draw_content(surface, self.content_rect)
        for widget in self.widgets:
            widget.draw(surface)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Override: draw contents that are not widgets inside ``rect`` (clip to it)."""


# ----- the usual overlays ------------------------------------------------------------------------
def confirm(
    app: App,
    title: str | Callable[[], str],
    message: Callable[[], str],
    yes: str,
    on_yes: Callable[[], Any],
    no: str = "cancel",
    key: str = "confirm",
    danger: bool = False,
) -> Overlay:
    """Ask before doing something that cannot be undone: Cancel (Esc) or ``yes``. With
    ``danger`` (erasing something), Cancel is the lit button and Enter's choice."""
    cancel = Action(no, None, "no", primary=danger)
    return app.open_overlay(
        Overlay(
            app,
            title,
            message,
            [cancel, Action(yes, on_yes, "yes", primary=not danger)],
            stack=False,
            escape=cancel,
            key=key,
        )
    )


def message(app: App, title: str, body: Callable[[], str], key: str = "message") -> Overlay:
    """Tell the player something; one OK button."""
    return app.open_overlay(Overlay(app, title, body, [Action("ok", None, "ok", True)], key=key))


def rules(app: App, game: str) -> Overlay:
    """``game``'s rules page in a scrolling panel (from the game's own strings)."""
    from game.core import registry

    title, body = registry.get(game).help_keys
    return app.open_overlay(
        Overlay(app, title, lambda: t(body), [Action("close", None, "close", True)], key="rules")
    )
