"""What your turn at the Hand rummy table allows now, as the buttons, the piles, the melds on the
table and the staging area's line show it: drawn yet, a joker taken back waiting to be melded
(HR-8), why Apply is off (HR-14), which table melds the selected cards may go to.

:class:`YourTurn` is a part of :class:`game.games.hand_rummy.scene.RummyTable`; it asks the
session (the only source of truth) and your workspace, and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable


class YourTurn:
    """Questions about your turn (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table

    def drawn(self) -> bool:
        """The player to act has drawn this turn."""
        return bool(self.table.session.view().get("drawn"))

    def pending(self) -> bool:
        """A joker taken back this turn waits to be melded (no discard until then, HR-8)."""
        return bool(self.table.session.view().get("pending_joker"))

    def apply_reason(self) -> str | None:
        """Why Apply melds is disabled (a staging reason code), or None (HR-14)."""
        if not self.table.my_turn():
            return "not_your_turn"
        return self.table.workspace.staging.disabled_reason(self.table.session.view())

    def meld_targets(self) -> set[int]:
        """Melds the selected card (or all the selected cards) may go to now (add or joker
        swap)."""
        table = self.table
        if len(table.workspace.chosen) > 1:
            return table.taps.targets()
        card = table.workspace.picked()
        if card is None or not table.my_turn():
            return set()
        return {
            a["meld"]
            for a in table.session.legal()
            if a["type"] in ("add", "swap_joker")
            and (a.get("card") == card or card in a.get("cards", []))
        }

    def pile_marks(self) -> tuple[bool, bool]:
        """What the piles say now: (you are to draw, the picked card may be discarded)."""
        mine = self.table.my_turn()
        to_draw = mine and not self.drawn()
        selected = self.table.workspace.selected
        gold = mine and not to_draw and selected is not None and not self.pending()
        return to_draw, gold
