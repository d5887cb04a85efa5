"""Settings: language, sound and volume, animation speed, reduced motion, four-colour cards,
confirm before playing a card, the card back and the felt, the picture (automatic, smooth or
sharp), and your face at the table (a grid of the drawn set: game/ui/scenes/settings_avatar.py)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import storage
from game.i18n import t
from game.ui import draw
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.scenes.form import Form, place_control
from game.ui.scenes.settings_avatar import AvatarButton
from game.ui.widgets import Label, Segmented, Toggle, back_button, label_for

if TYPE_CHECKING:
    from game.ui.app import App

VOLUMES = (0.25, 0.5, 0.75, 1.0)


def percent(value: float) -> str:
    """``value`` (0..1) as a percentage the language writes: "75%", Arabic «٧٥٪» (its own
    digits and its own percent sign, never a Latin % among Arabic digits)."""
    text = i18n.digits(f"{round(value * 100)}%")
    return text.replace("%", "\u066a") if i18n.language() == "ar" else text


def setting_rows(app: App, form: Form) -> list[Segmented]:
    """The settings' rows, one per setting, added to ``form`` (the settings screen and the
    settings panel of the pause menu show the same rows)."""
    s = app.settings
    rtl = i18n.is_rtl
    on, off = (lambda: t("on")), (lambda: t("off"))

    def toggle(label: str, setting: str, key: str) -> Segmented:
        """An on/off row for a boolean setting."""
        return Toggle(
            form.add(label),
            lambda: s[setting],
            lambda v: app.set_setting(setting, v),
            on,
            off,
            rtl=rtl,
            key=key,
        )

    def choose(label: str, setting: str, key: str, options: list[tuple[Any, Label]]) -> Segmented:
        """A row choosing one of ``options`` for ``setting``."""
        return form.segmented(
            label, key, options, lambda: s[setting], lambda v: app.set_setting(setting, v)
        )

    def words(prefix: str, values: tuple[str, ...]) -> list[tuple[Any, Label]]:
        return [(k, label_for(f"{prefix}.{k}")) for k in values]

    return [
        choose("settings.language", "language", "language", words("lang", ("ar", "en"))),
        toggle("settings.sound", "sound", "sound"),
        form.segmented(
            "settings.volume",
            "volume",
            [(v, functools.partial(percent, v)) for v in VOLUMES],
            lambda: min(VOLUMES, key=lambda v: abs(v - s["volume"])),
            lambda v: app.set_setting("volume", v),
        ),
        choose("settings.speed", "speed", "speed", words("speed", ("slow", "normal", "fast"))),
        toggle("settings.reduced", "reduced_motion", "reduced"),
        toggle("settings.fourcolor", "four_color", "four_color"),
        toggle("settings.confirm_play", "confirm_play", "confirm_play"),
        # the card back (its key is not "back": that is the screen's Back button)
        choose("settings.back", "back", "card_back", words("back", storage.BACKS)),
        choose("settings.felt", "felt", "felt", words("felt", storage.FELTS)),
        # the drawing factor (game/ui/drawing_factor.py)
        choose(
            "settings.drawing", "drawing", "drawing", words("drawing", ("auto", "smooth", "sharp"))
        ),
    ]


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: App, back: str = "menu"):
        self.back_to = back
        super().__init__(app)

    def build(self) -> None:
        layout = self.app.layout
        self.form = form = Form(  # (ten rows: tight, the controls still 44 px tall)
            layout,
            px(112 if not layout.portrait else 150),
            row_h=px(44 if not layout.portrait else 52),
            gap=px(8 if not layout.portrait else 10),
        )
        self.rows = setting_rows(self.app, form)
        y = form.bottom + px(8)
        self.back_button = back_button(layout.w, y, self.back, lambda: t("back"))
        self.avatar_button = AvatarButton(self.back_button.rect.copy(), self.app)
        self.avatar_button.rect.w = px(280)
        gap = px(20)
        left = (layout.w - self.avatar_button.rect.w - gap - self.back_button.rect.w) // 2
        first, second = (
            (self.back_button, self.avatar_button)
            if i18n.is_rtl()
            else (self.avatar_button, self.back_button)
        )  # your face reads first, Back last
        first.rect.x = left
        second.rect.x = first.rect.right + gap
        self.widgets = [*self.rows, self.avatar_button, self.back_button]

    def back(self) -> None:
        self.app.go(self.back_to)

    def _layout_rtl(self) -> None:
        for widget, (_k, _label, control) in zip(self.rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)

    def handle(self, event: pygame.event.Event) -> None:
        self._layout_rtl()
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        draw.blit_text(
            surface,
            t("settings.title"),
            44,
            (layout.w // 2, px(70 if not layout.portrait else 90)),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        self._layout_rtl()
        self.form.draw_labels(surface)
        super().draw(surface)
