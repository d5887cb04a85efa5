"""One overlay system: modal panels over any scene (rules, confirmations, messages, pause).

The pieces, usable alone or together:

- :func:`panel` / :func:`dim`: an **opaque** rounded panel with the brass edge, and the dim
  layer that goes over the scene behind a modal (nothing is drawn above the dim layer except
  the overlay's own panel).
- :class:`game.ui.scroll_text.ScrollText`: wrapped text in a rect that scrolls, clipped to it
  (an overlay's body, the help pages).
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
:func:`dim`, :func:`panel`, :func:`panel_rect` and :class:`~game.ui.scroll_text.ScrollText`
directly, so it looks and scrolls the same.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import t
from game.ui import draw
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.scroll_text import ScrollText
from game.ui.widgets import Button, Segmented, Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout

PANEL = (20, 34, 33)  # opaque: nothing of the table shows through a panel
TITLE_SIZE = 32  # font sizes: logical
BUTTON_H = 60  # lengths: logical px, drawn at px(…)
PAD = 24
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
