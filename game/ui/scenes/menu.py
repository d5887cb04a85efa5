"""The main menu: game, bot level, turn time, language; Play, Continue, Settings, Rules."""
from __future__ import annotations

import pygame

from game import i18n
from game.i18n import t
from game.ui import draw, storage
from game.ui.scene import Scene
from game.ui.scenes.form import Form, place_control
from game.ui.widgets import Button, Segmented

LEVELS = ("easy", "normal", "hard")
TURNS = (0, 60, 90, 120)


def turn_label(n: int):
    return (lambda: t("turn.unlimited")) if n == 0 else \
        (lambda: t("turn.seconds", n=i18n.digits(n)))


class MenuScene(Scene):
    name = "menu"

    def build(self) -> None:
        app = self.app
        L = app.layout
        rtl = i18n.is_rtl
        top = 190 if not L.portrait else 300
        self.form = form = Form(L, top)
        s = app.settings
        self.widgets = []
        rows = [
            ("menu.game", Segmented(form.add("menu.game"),
                                    [("hareeja", lambda: t("game.hareeja"))],
                                    lambda: s["game"], lambda v: app.set_setting("game", v),
                                    rtl=rtl, key="game")),
            ("menu.level", Segmented(form.add("menu.level"),
                                     [(lv, (lambda lv=lv: t(f"level.{lv}"))) for lv in LEVELS],
                                     lambda: s["level"], lambda v: app.set_setting("level", v),
                                     rtl=rtl, key="level")),
            ("menu.turn", Segmented(form.add("menu.turn"),
                                    [(n, turn_label(n)) for n in TURNS],
                                    lambda: s["turn_seconds"],
                                    lambda v: app.set_setting("turn_seconds", v),
                                    rtl=rtl, key="turn")),
            ("menu.language", Segmented(form.add("menu.language"),
                                        [("ar", lambda: t("lang.ar")), ("en", lambda: t("lang.en"))],
                                        lambda: s["language"], self.set_language,
                                        rtl=rtl, key="language")),
        ]
        self.rows = rows
        for _key, widget in rows:
            self.widgets.append(widget)
        y = form.bottom + (14 if not L.portrait else 24)
        cx = L.w // 2
        self.saved, message = storage.load_match()
        if message:
            app.toast(message)
        if L.portrait:
            play = Button((cx - 200, y, 400, 76), lambda: t("menu.play"), self.play, 32,
                          primary=True, key="play")
            cont = Button((cx - 200, y + 92, 400, 64), lambda: t("menu.continue"), self.resume,
                          26, key="continue")
            y2 = y + 92 + (80 if self.saved else 0)
            sett = Button((cx - 200, y2, 192, 60), lambda: t("menu.settings"), self.open_settings,
                          24, key="settings")
            rules = Button((cx + 8, y2, 192, 60), lambda: t("menu.rules"), self.open_rules, 24,
                           key="rules")
        else:
            play = Button((cx - 150, y, 300, 72), lambda: t("menu.play"), self.play, 32,
                          primary=True, key="play")
            cont = Button((cx + 170, y + 6, 240, 60), lambda: t("menu.continue"), self.resume,
                          24, key="continue")
            y2 = y + 92
            sett = Button((cx - 210, y2, 200, 56), lambda: t("menu.settings"), self.open_settings,
                          24, key="settings")
            rules = Button((cx + 10, y2, 200, 56), lambda: t("menu.rules"), self.open_rules, 24,
                           key="rules")
        cont.visible = self.saved is not None
        self.buttons = [play, cont, sett, rules]
        self.widgets.extend(self.buttons)

    def set_language(self, lang: str) -> None:
        self.app.set_setting("language", lang)

    def _layout_rtl(self) -> None:
        for (key, widget), (_k, _label, control) in zip(self.rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)

    # ----- actions ----------------------------------------------------------------------------
    def play(self) -> None:
        from game.games.hareeja.table import HareejaTable
        storage.clear_match()
        s = self.app.settings
        self.app.switch(HareejaTable.new_match(self.app, level=s["level"],
                                               turn_seconds=s["turn_seconds"] or None,
                                               seed=self.app.options.seed))

    def resume(self) -> None:
        from game.games.hareeja.table import HareejaTable
        scene = HareejaTable.from_saved(self.app, self.saved) if self.saved else None
        if scene is None:
            self.app.toast("storage.match_corrupt")
            self.saved = None
            self.buttons[1].visible = False
            return
        self.app.switch(scene)

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene
        self.app.switch(SettingsScene(self.app, back=lambda: MenuScene(self.app)))

    def open_rules(self) -> None:
        from game.ui.scenes.help import HelpScene
        self.app.switch(HelpScene(self.app, back=lambda: MenuScene(self.app)))

    # ----- frame ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._layout_rtl()
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        surface.blit(draw.felt(L.w, L.h), (0, 0))
        title_y = 92 if not L.portrait else 150
        draw.blit_text(surface, t("app.title"), 64, (L.w // 2, title_y), draw.GOLD, bold=True,
                       shadow=True)
        draw.blit_text(surface, t("app.tagline"), 24, (L.w // 2, title_y + 54), draw.INK_DIM)
        self._layout_rtl()
        self.form.draw_labels(surface)
        super().draw(surface)
