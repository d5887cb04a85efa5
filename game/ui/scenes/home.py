"""The home screen: one tile per game (its own art), a Continue card for each game that has a
saved match (game, round, score; each game keeps its own save), and the ways out: play online,
statistics, settings, rules, language.

A tile opens that game's setup sheet (route ``setup``). The games and their art come from the
registry (:func:`game.ui.games.available`, :mod:`game.ui.tiles`): no game is named here.
Every rect is fixed per orientation (nothing moves when a save appears or goes, the Continue
card of each game has its own slot). A saved match that cannot be read is kept aside
(game.client.storage), the other games' saves untouched, and said once, over the home screen."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import storage
from game.core import registry
from game.core.spec import GameSpec
from game.i18n import digits, t, tn
from game.ui import draw, games, overlay, scale, tiles
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from pygame.typing import RectLike

    from game.ui.app import App

LANDSCAPE_TILE = (360, 300)
PORTRAIT_TILE = (656, 220)
ART_H = 190  # landscape: the art's height at the top of a tile
PORTRAIT_ART_W = 300  # portrait: the art's width at the side of a tile


def saved_summary(saved: dict[str, Any]) -> dict[str, Any] | None:
    """What the Continue card says of ``saved``: ``{"game", "round", "totals", "side",
    "over"}``, from a replay of its record; None when it cannot be replayed."""
    try:
        game = saved.get("game", games.DEFAULT_GAME)  # an old save is Hareeja's
        if not games.has_table(game):
            return None
        match = registry.get(game).engine_class().replay(saved["record"])
        view = match.view(0)
        history = view.get("history") or []
        totals = [int(x) for x in view.get("totals") or []]
        side = view.get("side")
        return {
            "game": game,
            "round": len(history) + 1,
            "totals": totals,
            "side": side if isinstance(side, int) else 0,
            "over": view.get("phase") == "over",
        }
    except Exception:
        return None


def score_text(summary: dict[str, Any], short: bool = False) -> str:
    """ "Round 3 · You 12 – 8" with two sides; "Round 3 · You 12 · others 8, 5, 3" with more
    (yours first, then the other sides in seat order); ``short``: "Round 3 · You 12". A game
    whose table has its own word for a round (Ronda's deal) says it through
    ``home.continue_score.<game>`` (and ``_many``, ``_short``) in its catalog."""
    totals = summary["totals"]
    mine = summary["side"] if 0 <= summary["side"] < len(totals) else 0
    others = [digits(v) for i, v in enumerate(totals) if i != mine]
    key = "home.continue_score" if len(others) <= 1 else "home.continue_score_many"
    key = "home.continue_score_short" if short else key
    own = f"{key}.{summary['game']}"
    return t(
        own if t(own) != own else key,
        round=digits(summary["round"]),
        you=digits(totals[mine]) if totals else digits(0),
        others=("، " if i18n.is_rtl() else ", ").join(others),
    )


def kept_text(game: str) -> str:
    """What the player is told of a saved match kept aside: which game's, where it is known
    (``""``: the single save of before, unreadable), and that nothing was deleted."""
    if not game:
        return t("storage.match_corrupt")
    return t("storage.match_corrupt_game", game=t(registry.get(game).title_key))


def players_text(spec: GameSpec) -> str:
    """ "4 players" / "2–4 players"."""
    low, high = min(spec.players), max(spec.players)
    if low == high:
        return tn("home.players_n", low)
    return t("home.players_range", low=digits(low), high=digits(high))


class GameTile(Button):
    """A game's tile: its art, its name and its player counts; a tap opens its setup sheet."""

    def __init__(
        self,
        rect: RectLike,
        game: games.GameInfo,
        on_click: Callable[[], object],
        portrait: bool,
    ):
        super().__init__(rect, lambda: game.title, on_click, 30, key=f"tile:{game.key}")
        self.game = game
        self.portrait = portrait

    def art_rect(self) -> pygame.Rect:
        r = self.rect
        if not self.portrait:
            return pygame.Rect(r.x + px(8), r.y + px(8), r.w - px(16), px(ART_H))
        x = r.right - px(8) - px(PORTRAIT_ART_W) if i18n.is_rtl() else r.x + px(8)
        return pygame.Rect(x, r.y + px(8), px(PORTRAIT_ART_W), r.h - px(16))

    def text_rect(self) -> pygame.Rect:
        r, art = self.rect, self.art_rect()
        if not self.portrait:
            return pygame.Rect(
                r.x + px(12), art.bottom + px(4), r.w - px(24), r.bottom - art.bottom - px(12)
            )
        if i18n.is_rtl():
            return pygame.Rect(r.x + px(16), r.y + px(8), art.x - r.x - px(32), r.h - px(16))
        return pygame.Rect(
            art.right + px(16), r.y + px(8), r.right - art.right - px(32), r.h - px(16)
        )

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.pressed or self.hover
        edge = draw.GOLD if lit else draw.PANEL_EDGE
        draw.panel(surface, self.rect.move(0, px(4)), (0, 0, 0), 120, px(18), None)
        fill = (24, 40, 38) if not lit else (34, 56, 52)
        draw.panel(surface, self.rect, fill, 255, px(18), edge)
        art = self.art_rect()
        surface.blit(tiles.art(self.game.key, art.size), art)
        pygame.draw.rect(surface, edge, art, px(2), border_radius=px(4))
        box = self.text_rect()
        title = self.game.title
        size = draw.fit_text(title, 34, box.w, bold=True)
        sub = players_text(self.game.spec)
        sub_size = draw.fit_text(sub, 22, box.w)
        gap = 12  # the lines' heights are their (logical) font sizes: placed in logical px
        top = box.centery - px(size + gap + sub_size) // 2 - px(4)
        title_y = top + px(size // 2 + 4)
        draw.blit_text(surface, title, size, (box.centerx, title_y), draw.GOLD, True)
        sub_y = top + px(size + gap + sub_size // 2 + 4)
        draw.blit_text(surface, sub, sub_size, (box.centerx, sub_y), draw.INK)


class ContinueCard(Button):
    """A game's saved match: "Continue <game>" and "Round 3 · You 12 – 8"; a tap resumes it.
    One per game with a save, each in its game's own slot (over its tile in landscape)."""

    def __init__(
        self,
        rect: RectLike,
        game: str,
        summary_of: Callable[[], dict[str, Any] | None],
        on_click: Callable[[], object],
    ):
        super().__init__(rect, lambda: t("menu.continue"), on_click, 26, key=f"continue:{game}")
        self.game = game
        self.summary_of = summary_of

    def draw(self, surface: pygame.Surface) -> None:
        summary = self.summary_of()
        if not self.visible or summary is None:
            return
        lit = self.pressed or self.hover
        draw.panel(
            surface, self.rect, (44, 34, 20) if not lit else (60, 46, 26), 255, px(16), draw.GOLD
        )
        rtl = i18n.is_rtl()
        wide = self.rect.w >= px(520)  # room for the Continue badge beside the words
        badge_w = min(px(220), self.rect.w // 3) if wide else 0
        if wide:
            badge = pygame.Rect(0, 0, badge_w, self.rect.h - px(24))
            badge.centery = self.rect.centery
            if rtl:
                badge.x = self.rect.x + px(14)
            else:
                badge.right = self.rect.right - px(14)
            fill, edge, ink = (212, 168, 72), (250, 226, 160), (28, 22, 12)
            surface.blit(
                _badge(badge.w, badge.h, fill, edge, ink, t("home.continue_button")),
                badge.topleft,
            )
        if not wide and self.rect.h >= px(100):
            self._draw_narrow(surface, summary)
            return
        text_w = self.rect.w - badge_w - px(52 if wide else 40)
        x = self.rect.right - px(20) if rtl else self.rect.x + px(20)
        anchor = "midright" if rtl else "midleft"
        head = t("home.continue_game", game=t(registry.get(summary["game"]).title_key))
        score = score_text(summary)
        head_size = draw.fit_text(head, 28, text_w, bold=True)
        score_size = draw.fit_text(score, 22, text_w)
        cy = self.rect.centery
        draw.blit_text(surface, head, head_size, (x, cy - px(16)), draw.GOLD, True, anchor)
        draw.blit_text(surface, score, score_size, (x, cy + px(18)), draw.INK, anchor=anchor)

    def _draw_narrow(self, surface: pygame.Surface, summary: dict[str, Any]) -> None:
        """A column of the portrait strip (narrow and tall): "Continue", the game's name,
        "Round 3 · You 12"."""
        box = self.rect.inflate(-px(20), 0)
        lines = [  # never under 22 px on a phone (tests/ui/test_phone_sizes.py)
            (t("home.continue_button"), 22, draw.SAND, False),
            (t(registry.get(summary["game"]).title_key), 26, draw.GOLD, True),
            (score_text(summary, short=True), 22, draw.INK, False),
        ]
        score = lines[2][0]
        if draw.fit_text(score, 22, box.w) < 22:
            lines[2] = (score.split(" · ")[0], 22, draw.INK, False)  # the round alone
        step = self.rect.h * 7 // 24
        for i, (words, size, ink, bold) in enumerate(lines):
            fitted = draw.fit_text(words, size, box.w, bold=bold)
            at = (box.centerx, self.rect.centery + (i - 1) * step)
            draw.blit_text(surface, words, fitted, at, ink, bold)


def _badge(w: int, h: int, fill: RGB, edge: RGB, ink: RGB, label: str) -> pygame.Surface:
    from game.ui.widgets import button_image

    return button_image(w, h, fill, edge, ink, label, 24)


class HomeScene(Scene):
    """See the module docstring."""

    name = "menu"

    def __init__(self, app: App):
        self.saves, kept = storage.load_matches()  # one per game ({game: saved})
        self.summaries: dict[str, dict[str, Any]] = {}
        for game, saved in list(self.saves.items()):
            summary = saved_summary(saved)
            if summary is None:  # readable but not replayable: kept aside, not deleted
                storage.keep_match_aside(game)
                kept.append(game)
            elif summary["over"]:
                storage.clear_match(game)  # finished (and recorded): nothing to continue
            else:
                self.summaries[game] = summary
                continue
            del self.saves[game]
        self.kept = kept[0] if kept else None  # whose save was kept aside: said once
        super().__init__(app)

    # ----- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        layout = self.app.layout
        self.games = games.available()
        self.tiles = [
            GameTile(rect, g, functools.partial(self.open_game, g.key), layout.portrait)
            for g, rect in zip(self.games, self._tile_rects(len(self.games)))
        ]
        self.cards = [
            ContinueCard(
                rect,
                g.key,
                functools.partial(self.summaries.get, g.key),
                functools.partial(self.resume, g.key),
            )
            for g, rect in zip(self.games, self._card_rects())
        ]
        for card in self.cards:
            card.visible = card.game in self.summaries
        self.bottom = self._bottom_buttons()
        self.widgets = [*self.cards, *self.tiles, *self.bottom]

    def _card_rects(self) -> list[pygame.Rect]:
        """Each game's Continue slot, fixed whether or not it (or another) has a save: over
        its tile in landscape, a column of the strip above the tiles in portrait."""
        if not self.app.layout.portrait:
            return [pygame.Rect(tile.rect.x, px(134), tile.rect.w, px(84)) for tile in self.tiles]
        n, gap = len(self.games), 12
        w = (656 - gap * (n - 1)) // max(1, n)
        rects = [scale.rect(32 + i * (w + gap), 192, w, 112) for i in range(n)]
        return list(reversed(rects)) if i18n.is_rtl() else rects

    def _tile_rects(self, n: int) -> list[pygame.Rect]:
        layout = self.app.layout
        if layout.portrait:
            w, h = PORTRAIT_TILE  # logical: the column of tiles is fixed, 720 px tall
            gap = max(12, min(20, (720 - n * h) // max(1, n - 1)))
            h = min(h, (720 - gap * (n - 1)) // max(1, n))
            return [scale.rect(32, 320 + i * (h + gap), w, h) for i in range(n)]
        gap = px(32)
        w = min(px(LANDSCAPE_TILE[0]), (layout.w - px(96) - gap * (n - 1)) // max(1, n))
        x0 = (layout.w - (n * w + gap * (n - 1))) // 2
        h = px(LANDSCAPE_TILE[1])
        rects = [pygame.Rect(x0 + i * (w + gap), px(238), w, h) for i in range(n)]
        return list(reversed(rects)) if i18n.is_rtl() else rects

    def _bottom_buttons(self) -> list[Button]:
        layout = self.app.layout
        online = Button(
            (0, 0, 10, 10), lambda: t("menu.online"), self.open_online, 26, key="online"
        )
        stats = Button((0, 0, 10, 10), lambda: t("menu.stats"), self.open_stats, 24, key="stats")
        sett = Button(
            (0, 0, 10, 10), lambda: t("menu.settings"), self.open_settings, 24, key="settings"
        )
        rules = Button((0, 0, 10, 10), lambda: t("menu.rules"), self.open_rules, 24, key="rules")
        lang = Button(
            (0, 0, 10, 10), lambda: t("lang.toggle"), self.toggle_language, 24, key="lang"
        )
        learn = Button((0, 0, 10, 10), lambda: t("coach.learn"), self.open_learn, 24, key="learn")
        if layout.portrait:  # Play online and Learn to play share the upper row
            pair = [(online, 32, 420), (learn, 468, 220)]
            for b, x, w in pair:
                b.rect = scale.rect(720 - x - w if i18n.is_rtl() else x, 1060, w, 64)
            row, y, widths = [stats, sett, rules, lang], 1140, [152, 152, 152, 152]
        else:
            row, y = [online, learn, stats, sett, rules, lang], 570
            widths = [230, 190, 170, 160, 140, 130]
        width_of = dict(zip(map(id, row), widths))
        order = list(reversed(row)) if i18n.is_rtl() else row
        x = (layout.w - sum(px(w) for w in widths) - px(16) * (len(row) - 1)) // 2
        for b in order:
            b.rect = pygame.Rect(x, px(y), px(width_of[id(b)]), px(60))
            x += b.rect.w + px(16)
        return [online, learn, stats, sett, rules, lang]

    # ----- actions ------------------------------------------------------------------------------
    def open_game(self, key: str) -> None:
        self.app.set_setting("game", key)
        self.app.go("setup", game=key)

    def resume(self, game: str) -> None:
        saved = self.saves.get(game)
        scene = games.from_saved(self.app, saved) if saved else None
        if scene is None:
            self.saves.pop(game, None)
            self.summaries.pop(game, None)
            for card in self.cards:
                card.visible = card.game in self.summaries
            overlay.message(self.app, "home.saved_title", functools.partial(kept_text, game))
            return
        self.app.switch(scene)

    def open_learn(self) -> None:
        """Learn to play: a guided round of the game chosen (game/ui/coach_marks.py)."""
        from game.ui import coach_marks

        coach_marks.choose_lesson(self.app)

    def open_online(self) -> None:
        self.app.go("lobby")

    def open_settings(self) -> None:
        self.app.go("settings")

    def open_stats(self) -> None:
        self.app.go("stats")

    def open_rules(self) -> None:
        self.app.go("help")

    def toggle_language(self) -> None:
        self.app.set_setting("language", "en" if i18n.language() == "ar" else "ar")
        self.build()  # tiles and the bottom row read from the other side

    # ----- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.kept is not None:  # said once, over the home screen
            game, self.kept = self.kept, None
            overlay.message(self.app, "home.saved_title", functools.partial(kept_text, game))

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        title_y, size = (64, 56) if not layout.portrait else (104, 68)
        draw.blit_text(
            surface,
            t("app.title"),
            size,
            (layout.w // 2, px(title_y)),
            draw.GOLD,
            True,
            shadow=True,
        )
        draw.blit_text(
            surface,
            t("app.tagline"),
            22 if not layout.portrait else 26,
            (layout.w // 2, px(title_y + size * 3 // 4 + 8)),
            draw.INK_DIM,
        )
        if not self.summaries:
            draw.blit_text(
                surface,
                t("home.choose"),
                26,
                (layout.w // 2, self.cards[0].rect.centery),
                draw.SAND,
                bold=True,
            )
        super().draw(surface)
