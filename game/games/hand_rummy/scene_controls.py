"""The Hand rummy table's own buttons: Apply (Meld while three cards or more are selected) and
Discard, the staging area's Add group and Clear, the two sorts and Undo (HR-13 … HR-15).

:class:`RummyControls` is a part of :class:`game.games.hand_rummy.scene.RummyTable`: it owns the
buttons, builds them for the current layout (the scene's ``build_controls`` hook) and says every
frame which are shown and which take a tap (``place_controls``). A tap goes to the scene's
:class:`~game.games.hand_rummy.scene_input.RummyTaps`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import t
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable

SMALL = 22  # the staging area's and the sorts' font size (Apply and Discard: 24)


class RummyControls:
    """The table's seven buttons (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table
        self.buttons: list[Button] = []  # all seven, in the order they were built

    def build(self) -> list[Widget]:
        """The buttons, placed where this table's geometry puts them."""
        table, taps, b = self.table, self.table.taps, self.table.geo.buttons
        self.apply = Button(
            b["apply"],
            lambda: t("hr.meld") if table.workspace.melding() else t("hr.apply"),
            taps.apply_or_meld,
            24,
            primary=True,
            key="apply",
        )
        self.discard = Button(
            b["discard"],
            lambda: t("hr.discard"),
            taps.discard_selected,
            24,
            primary=True,
            key="discard",
        )
        self.add_group = Button(
            b["add_group"], lambda: t("hr.add_group"), taps.add_group, SMALL, key="add_group"
        )
        self.clear = Button(
            b["clear"], lambda: t("hr.clear"), taps.clear_staging, SMALL, key="clear"
        )
        self.sort_suit = Button(
            b["sort_suit"], lambda: t("hr.sort_suit"), taps.sort_suit, SMALL, key="sort_suit"
        )
        self.sort_rank = Button(
            b["sort_rank"], lambda: t("hr.sort_rank"), taps.sort_rank, SMALL, key="sort_rank"
        )
        self.undo = Button(b["undo"], lambda: t("hr.undo"), taps.undo, SMALL, key="undo")
        self.buttons = [
            self.apply,
            self.discard,
            self.add_group,
            self.clear,
            self.sort_suit,
            self.sort_rank,
            self.undo,
        ]
        return [*self.buttons]

    def place(self, modal: bool) -> None:
        """Shown while you play (not to a spectator, not while the table plays for you); each
        takes a tap only when what it does is possible now."""
        table = self.table
        playing = table.phase == "play" and not modal and table.session.phase != "over"
        playing = playing and not table.session.watching  # (a spectator gets no controls)
        assisted = table.my_seat.assisted
        for w in self.buttons:
            w.visible = playing and not assisted
        if not playing:
            return
        turn, workspace = table.turn, table.workspace
        mine = table.my_turn()
        chosen = workspace.melding() and mine and turn.drawn()
        self.apply.enabled = chosen or turn.apply_reason() is None
        self.discard.enabled = (
            mine and workspace.selected is not None and turn.drawn() and not turn.pending()
        )
        self.undo.enabled = workspace.staging.can_undo()
        self.clear.enabled = bool(workspace.staging.groups)
