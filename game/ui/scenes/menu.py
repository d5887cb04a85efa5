"""The main menu: game and its options, bot level, turn time, language; Play, Continue,
Settings, Rules, Statistics. The games listed are those with a table module (game.ui.games)."""

from __future__ import annotations

import pygame

from game import i18n
from game.core.spec import BOT_LEVELS
from game.i18n import t
from game.ui import draw, games, stats, storage
from game.ui.scene import Scene
from game.ui.scenes.form import TURNS, Form, place_control, turn_label
from game.ui.widgets import Button, Segmented

LEVELS = BOT_LEVELS


class MenuScene(Scene):
    """Choose the game, then its own options (players, rules…), bot level, turn time and
    language; Play starts it, Continue resumes the saved match of whichever game."""

    name = "menu"

    def build(self) -> None:
        app = self.app
        L = app.layout
        rtl = i18n.is_rtl
        s = app.settings
        self.games = games.available()
        keys = [g.key for g in self.games]
        if s.get("game") not in keys:
            s["game"] = keys[0] if keys else games.DEFAULT_GAME
        self.game = games.info(s["game"])
        n_rows = 4 + len(self.game.choices)
        compact = n_rows > 4
        self.compact = compact
        if L.portrait:
            top = 300 if not compact else 210
        else:
            top = 190 if not compact else 132
        self.form = form = Form(
            L, top, row_h=(56 if not compact else 50), gap=(16 if not compact else 10)
        )
        rows: list = [
            Segmented(
                form.add("menu.game"),
                [(g.key, (lambda g=g: g.title)) for g in self.games],
                lambda: s["game"],
                self.set_game,
                rtl=rtl,
                key="game",
            )
        ]
        for choice in self.game.choices:
            rows.append(
                Segmented(
                    form.add(choice.label),
                    [(v, (lambda v=v, c=choice: c.text(v))) for v in choice.values],
                    lambda c=choice: games.options_for(s, self.game.key)[c.key],
                    lambda v, c=choice: self.set_option(c.key, v),
                    rtl=rtl,
                    key=f"opt.{choice.key}",
                )
            )
        rows += [
            Segmented(
                form.add("menu.level"),
                [(lv, (lambda lv=lv: t(f"level.{lv}"))) for lv in LEVELS],
                lambda: s["level"],
                lambda v: app.set_setting("level", v),
                rtl=rtl,
                key="level",
            ),
            Segmented(
                form.add("menu.turn"),
                [(n, turn_label(n)) for n in TURNS],
                lambda: s["turn_seconds"],
                lambda v: app.set_setting("turn_seconds", v),
                rtl=rtl,
                key="turn",
            ),
            Segmented(
                form.add("menu.language"),
                [("ar", lambda: t("lang.ar")), ("en", lambda: t("lang.en"))],
                lambda: s["language"],
                self.set_language,
                rtl=rtl,
                key="language",
            ),
        ]
        self.rows = rows
        self.widgets = list(rows)
        self.saved, message = storage.load_match()
        if message:
            app.toast(message)
        self.buttons = self._bottom_buttons(form.bottom)
        self.widgets.extend(self.buttons)

    def _bottom_buttons(self, y: int) -> list[Button]:
        """Play (and Continue when a match is saved), Settings, Rules, Statistics, Online."""
        L = self.app.layout
        cx = L.w // 2
        play = Button(
            (0, 0, 10, 10), lambda: t("menu.play"), self.play, 32, primary=True, key="play"
        )
        cont = Button((0, 0, 10, 10), lambda: t("menu.continue"), self.resume, 24, key="continue")
        sett = Button(
            (0, 0, 10, 10), lambda: t("menu.settings"), self.open_settings, 24, key="settings"
        )
        rules = Button((0, 0, 10, 10), lambda: t("menu.rules"), self.open_rules, 24, key="rules")
        online = Button(
            (0, 0, 10, 10), lambda: t("menu.online"), self.open_online, 24, key="online"
        )
        numbers = Button((0, 0, 10, 10), lambda: t("menu.stats"), self.open_stats, 24, key="stats")
        cont.visible = self.saved is not None
        if L.portrait:
            y += 14
            if cont.visible:
                play.rect = pygame.Rect(cx - 336, y, 328, 76)
                cont.rect = pygame.Rect(cx + 8, y + 6, 328, 64)
            else:
                play.rect = pygame.Rect(cx - 200, y, 400, 76)
            sett.rect = pygame.Rect(cx - 248, y + 92, 240, 60)
            rules.rect = pygame.Rect(cx + 8, y + 92, 240, 60)
            numbers.rect = pygame.Rect(cx - 248, y + 168, 240, 60)
            online.rect = pygame.Rect(cx + 8, y + 168, 240, 60)
            self._row = [play, cont, sett, rules, numbers, online]
        else:
            y += 6
            widths = [
                (sett, 150, 58),
                (rules, 140, 58),
                (numbers, 160, 58),
                (play, 240, 70),
                (online, 190, 58),
            ]
            if cont.visible:
                widths.append((cont, 180, 58))
            total = sum(w for _b, w, _h in widths) + 16 * (len(widths) - 1)
            x = cx - total // 2
            for b, w, h in widths:
                b.rect = pygame.Rect(x, y + (70 - h) // 2, w, h)
                x += w + 16
            self._row = [b for b, _w, _h in widths]
        return [play, cont, sett, rules, online, numbers]

    def set_language(self, lang: str) -> None:
        self.app.set_setting("language", lang)

    def set_game(self, key: str) -> None:
        """A new game brings its own option rows: lay the menu out again."""
        self.app.set_setting("game", key)
        self.build()

    def set_option(self, key: str, value) -> None:
        options = games.options_for(self.app.settings, self.game.key)
        options[key] = value
        self.app.set_setting(f"options.{self.game.key}", options)

    def _layout_rtl(self) -> None:
        for widget, (_k, _label, control) in zip(self.rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)
        if not self.app.layout.portrait:
            # The bottom row reads from the right in Arabic, like the form.
            xs = sorted(b.rect.x for b in self._row)
            order = list(reversed(self._row)) if i18n.is_rtl() else self._row
            x = xs[0]
            for b in order:
                b.rect.x = x
                x += b.rect.w + 16

    # ----- actions ----------------------------------------------------------------------------
    def play(self) -> None:
        if self.saved is not None:  # a match still in progress is abandoned: played, not won
            stats.record_abandoned(self.saved)
        storage.clear_match()
        self.app.switch(games.new_match(self.app, self.game.key, seed=self.app.options.seed))

    def resume(self) -> None:
        scene = games.from_saved(self.app, self.saved) if self.saved else None
        if scene is None:
            self.app.toast("storage.match_corrupt")
            self.saved = None
            self.buttons[1].visible = False
            return
        self.app.switch(scene)

    def open_online(self) -> None:
        self.app.go("lobby")

    def open_settings(self) -> None:
        self.app.go("settings")

    def open_stats(self) -> None:
        self.app.go("stats")

    def open_rules(self) -> None:
        self.app.go("help")

    # ----- frame ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._layout_rtl()
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        surface.blit(draw.felt(L.w, L.h), (0, 0))
        if self.compact:
            title_y = 52 if not L.portrait else 88
        else:
            title_y = 92 if not L.portrait else 150
        draw.blit_text(
            surface,
            t("app.title"),
            56 if self.compact else 64,
            (L.w // 2, title_y),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        draw.blit_text(
            surface,
            t("app.tagline"),
            22 if self.compact else 24,
            (L.w // 2, title_y + (46 if self.compact else 54)),
            draw.INK_DIM,
        )
        self._layout_rtl()
        self.form.draw_labels(surface)
        super().draw(surface)
