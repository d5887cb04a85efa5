"""The buttons every card table has: :class:`TableButtons` (``table.buttons``).

In the top bar, the menu (the pause menu) and the language ("عربي" / "English"); over the
table, "I'm back" while the table plays your seat for you (TB-8), in the play button's place;
under the score panel its next (the words follow the phase: a game says them with
``next_label``); under the match-over panel "Play again" and "Menu". The part builds them for
the current layout and shows and places them as the table stands; the table lists them among
its widgets and places the game's own controls, the scoreboard, the hint, the reactions and
the watch bar around them (``CardTable._place_widgets``). Each has a key for
``table.widget(key)``: menu, lang, back, next, again, menu2. The score panel's frame places
next under the panel (game/ui/table_drawing.py), the match end again and menu2
(game/ui/table_over.py); the input flow enables the three a second after their panel opens
(game/ui/table_input.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from game import i18n
from game.i18n import t
from game.ui import scale, table_exits
from game.ui.over_again import again_label
from game.ui.scale import px
from game.ui.table_exits import ExitingTable
from game.ui.widgets import Button, Widget

MENU_WIDTH, LANG_WIDTH = 100, 92  # logical px: room in the top bar for the score button


class ButtonTable(ExitingTable, Protocol):
    """What the buttons read of their table scene (and its ways out: table_exits.py)."""

    @property
    def score(self) -> dict[str, Any] | None: ...  # the score panel while open

    @property
    def over(self) -> dict[str, Any] | None: ...  # the match-over panel while open

    def open_pause(self) -> None: ...
    def close_score(self) -> None: ...
    def next_label(self) -> str: ...
    def assisted(self) -> bool: ...


def words(key: str) -> Callable[[], str]:
    """A label: the catalog's words for ``key`` in the language now."""
    return lambda: t(key)


class TableButtons:
    """The shared buttons of one table scene (see the module docstring)."""

    menu: Button  # the pause menu (top bar)
    lang: Button  # the other language (top bar)
    back: Button  # "I'm back": take your seat back from the table (TB-8)
    next: Button  # the score panel's
    again: Button  # the match-over panel's "Play again"
    menu2: Button  # the match-over panel's "Menu"

    def __init__(self, table: ButtonTable) -> None:
        self.table = table

    def build(self) -> None:
        """The buttons for the current layout (the top bar's at its height; the panels' are
        sized here and placed with their panels)."""
        table = self.table
        tb = table.app.layout.top_bar
        toggle = partial(table_exits.toggle_language, table.app)
        self.menu = Button(
            (0, tb.y, px(MENU_WIDTH), tb.h), words("menu.button"), table.open_pause, 22
        )
        self.lang = Button((0, tb.y, px(LANG_WIDTH), tb.h), words("lang.toggle"), toggle, 22)
        R = scale.rect
        self.back = Button(R(0, 0, 200, 56), words("assist.back"), table.session.reclaim, 24, True)
        next_words = lambda: t(table.next_label())  # noqa: E731 (the label follows the phase)
        self.next = Button(R(0, 0, 260, 60), next_words, table.close_score, 26, True)
        self.again = Button(
            R(0, 0, 240, 60),
            lambda: again_label(table),
            partial(table_exits.play_again, table),
            26,
            True,
        )
        self.menu2 = Button(
            R(0, 0, 200, 60), words("over.menu"), partial(table_exits.to_menu, table), 26
        )
        for key in ("menu", "lang", "back", "next", "again", "menu2"):
            getattr(self, key).key = key

    def top_bar(self) -> list[Widget]:
        return [self.menu, self.lang]

    def over_table(self) -> list[Widget]:
        """The buttons drawn over the table and its panels (after the game's controls)."""
        return [self.back, self.next, self.again, self.menu2]

    def place_top_bar(self, modal: bool) -> None:
        """Menu and language at the top bar's outer end (hidden under a panel)."""
        for button in (self.menu, self.lang):
            button.visible = not modal
        tb = self.table.app.layout.top_bar
        if i18n.is_rtl():
            self.menu.rect.x, self.lang.rect.x = tb.x, tb.x + px(MENU_WIDTH + 12)
        else:
            self.menu.rect.x = tb.right - px(MENU_WIDTH)
            self.lang.rect.x = tb.right - px(MENU_WIDTH + 12 + LANG_WIDTH)

    def place_over_table(self, modal: bool) -> None:
        """ "I'm back" where Play is (hidden while assisted), the panels' buttons with them."""
        table = self.table
        self.back.visible = table.assisted() and not modal
        self.back.rect = table.app.layout.play_button.copy()
        self.next.visible = table.score is not None
        self.again.visible = self.menu2.visible = table.over is not None
