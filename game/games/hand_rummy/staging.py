"""The player's meld workspace (docs/RULES.md HR-13 … HR-15), pure logic for the table UI.

The workspace holds the seat's cards in two places: the hand row (in the player's order) and
staged groups. Nothing here reaches the table: :meth:`Staging.apply_action` returns the meld
action for the UI to submit, and :meth:`Staging.disabled_reason` says why Apply is greyed out.
Undo only restores the hand order (sorts and moves inside the hand), never a staged card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.core.cards import JOKER, split

from .melds import OPENING_MIN, RANK_NUMBER, classify, find_melds, groups_points
from .types import MeldAction

REASONS = {
    "not_your_turn": "It is not your turn.",
    "not_drawn": "Draw a card first.",
    "invalid_group": "A staged group is not a valid run or set.",
    "opening_under_51": "Your first melds must total at least 51 points.",
    "nothing_staged": "Put cards in a group first.",
}
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # black and red alternate


def rank_key(card: str) -> tuple[int, int]:
    """Ace to king, equal ranks side by side (suits in a fixed order), jokers last."""
    if card == JOKER:
        return (99, 9)
    rank, suit = split(card)
    number = RANK_NUMBER[rank]
    return (1 if number == 14 else number, SUIT_ORDER[suit])


def suit_key(card: str) -> tuple[int, int]:
    """Suit by suit, ace to king within a suit, jokers last."""
    if card == JOKER:
        return (9, 99)
    return (SUIT_ORDER[split(card)[1]], rank_key(card)[0])


class Staging:
    """One seat's workspace: ``hand`` (ordered) and ``groups`` (staged, not on the table)."""

    def __init__(self, hand: list[str] | tuple[str, ...] = (), variant: str = "majlis"):
        self.hand: list[str] = list(hand)
        self.groups: list[list[str]] = []
        self.variant = variant
        self._orders: list[list[str]] = []

    # ----- keeping in step with the engine ----------------------------------------------
    def cards(self) -> list[str]:
        """Every card of the workspace, hand row and groups."""
        return self.hand + [c for g in self.groups for c in g]

    def sync(self, hand: list[str], laid: list[str] | tuple[str, ...] = ()) -> None:
        """Follow the engine's hand after a draw, discard, meld, add or swap. ``laid`` are the
        cards just sent to the table (taken from the groups first); other cards gone leave the
        hand row first; new cards join the end of the hand row."""
        extra = Counter(self.cards()) - Counter(hand)
        for card in laid:
            if extra[card] and self._drop_from_groups(card):
                extra[card] -= 1
        for card in list(extra.elements()):
            if card in self.hand:
                self._drop_last(self.hand, card)
            else:
                self._drop_from_groups(card)
        missing = Counter(hand) - Counter(self.cards())
        for card in hand:
            if missing[card]:
                self.hand.append(card)
                missing[card] -= 1
        if laid:
            self.groups = [g for g in self.groups if g]

    @staticmethod
    def _drop_last(cards: list[str], card: str) -> None:
        del cards[len(cards) - 1 - cards[::-1].index(card)]

    def _drop_from_groups(self, card: str) -> bool:
        for group in self.groups:
            if card in group:
                group.remove(card)
                return True
        return False

    # ----- HR-13 staging ---------------------------------------------------------------------
    def suggest(self) -> list[list[str]]:
        """Put the finder's runs and sets into groups (everything staged goes back first)."""
        self.clear()
        found = find_melds(self.hand, self.variant)
        for group in found:
            for card in group:
                self._drop_last(self.hand, card)
        self.groups = [list(g) for g in found]
        return [list(g) for g in found]

    def add_group(self) -> int:
        self.groups.append([])
        return len(self.groups) - 1

    def stage(self, hand_index: int, group_index: int | None = None) -> None:
        """Move a card from the hand row into a group (the last one, opened if none)."""
        card = self.hand[hand_index]
        if group_index is None:
            if not self.groups:
                self.add_group()
            group_index = len(self.groups) - 1
        group = self.groups[group_index]
        del self.hand[hand_index]
        group.append(card)

    def unstage(self, group_index: int, card_index: int) -> str:
        """Tap a staged card: it goes back to the end of the hand row."""
        card = self.groups[group_index].pop(card_index)
        self.hand.append(card)
        return card

    def clear(self) -> None:
        """Every staged card back to the hand row; melds already on the table stay."""
        for group in self.groups:
            self.hand += group
        self.groups = []

    # ----- HR-15 sorting and undo ----------------------------------------------------------
    def sort_by_suit(self) -> None:
        self._reorder(sorted(self.hand, key=suit_key))

    def sort_by_rank(self) -> None:
        self._reorder(sorted(self.hand, key=rank_key))

    def move_in_hand(self, src: int, dst: int) -> None:
        order = list(self.hand)
        order.insert(dst, order.pop(src))
        self._reorder(order)

    def _reorder(self, order: list[str]) -> None:
        if order != self.hand:
            self._orders.append(list(self.hand))
            self.hand = order

    def can_undo(self) -> bool:
        return bool(self._orders)

    def undo(self) -> bool:
        """Restore the hand order from before the last sort or move. Cards staged, drawn or
        discarded since stay where they are (a new card keeps its place at the end)."""
        if not self._orders:
            return False
        previous = self._orders.pop()
        left = Counter(self.hand)
        order = []
        for card in previous:
            if left[card]:
                order.append(card)
                left[card] -= 1
        for card in self.hand:  # cards that arrived since keep their current order, at the end
            if left[card]:
                order.append(card)
                left[card] -= 1
        self.hand = order
        return True

    # ----- HR-14 apply ------------------------------------------------------------------------
    def group_state(self, index: int) -> str:
        """ "empty" | "valid" | "invalid" for the UI's group frames."""
        group = self.groups[index]
        if not group:
            return "empty"
        return "valid" if classify(group) is not None else "invalid"

    def valid_groups(self) -> list[list[str]]:
        return [list(g) for g in self.groups if g and classify(g) is not None]

    def staged_points(self) -> int:
        return groups_points(self.valid_groups(), self.variant)

    def apply_action(self) -> MeldAction | None:
        """The meld action for the valid staged groups, or None when nothing valid is staged."""
        groups = self.valid_groups()
        return {"type": "meld", "groups": groups} if groups else None

    def disabled_reason(self, view: Mapping[str, Any]) -> str | None:
        """Why Apply melds is disabled now (a code of REASONS), or None when it is enabled."""
        seat = view.get("you")
        if seat is None or view.get("phase") != "play" or seat not in view.get("to_act", []):
            return "not_your_turn"
        if not view.get("drawn"):
            return "not_drawn"
        if any(self.group_state(i) == "invalid" for i in range(len(self.groups))):
            return "invalid_group"
        if not self.valid_groups():
            return "nothing_staged"
        if not view["opened"][seat] and self.staged_points() < OPENING_MIN:
            return "opening_under_51"
        return None

    @staticmethod
    def reason_text(code: str | None) -> str:
        """English text of a reason code (the UI translates codes itself)."""
        return "" if code is None else REASONS[code]
