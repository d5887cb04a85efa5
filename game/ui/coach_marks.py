"""The coach marks of a guided first round (game/client/coach.py): a short line in a bubble,
a ring round what to do and an arrow to it, Skip always, "Got it" on a line that waits for a
tap. Drawn over a table whose session is a :class:`CoachedSession`, after the table and
before the scoreboard; nothing is drawn while a score or match-end panel is up.

Everything is opaque (a panel, outlines, a triangle): no per-pixel alpha over the frame.
The table scene keeps no coach state: this module keeps each coached scene's two buttons
(weakly, by scene) and reads the lesson's progress from the session.

What a step points at: the control its ``point`` names (``widget:<key>``), else what the
table's hint would mark for the action it waits for (``hinted_rects``: the card, the pile).
Two follow the player's own taps: Hareeja's bid, once picked, points at Confirm; Hand
rummy's card to discard, once picked, at Discard.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import pygame

from game import i18n
from game.client.coach import Coach, CoachedSession, lesson_of, step_words
from game.core import registry
from game.i18n import t
from game.ui import draw, games, text
from game.ui.scale import px
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

# A table scene (game.ui.cardtable.CardTable, which calls this module: named loosely here so
# that no import cycle forms, even for the type checker; tests/test_import_cycles.py)
CardTable = Any
OFFERED = "coach_offered"  # the setting: the games whose lesson was offered on a first Play
LINE_SIZE = 22
BUTTON_H = 44


class Marks:
    """A coached scene's bubble: its buttons and where it was last drawn. For a lesson, Skip
    (and "Got it" on a tap step); for the offer of one, "Guide me" and "No, just play"."""

    def __init__(self, coach: Coach | None, app: App | None = None, game: str = "") -> None:
        self.coach = coach
        self.game = game
        self.bubble: pygame.Rect | None = None
        self.answered = False
        if coach is not None:
            skip, ok = (lambda: t("coach.skip")), (lambda: t("coach.got_it"))
            self.skip = Button((0, 0, 10, 10), skip, coach.skip, LINE_SIZE, key="coach_skip")
            self.ok = Button(
                (0, 0, 10, 10), ok, coach.tapped, LINE_SIZE, primary=True, key="coach_ok"
            )
            return
        assert app is not None
        yes, no = (lambda: t("coach.offer_yes")), (lambda: t("coach.offer_no"))
        size = LINE_SIZE
        self.ok = Button(
            (0, 0, 10, 10), yes, lambda: self.answer(app, True), size, True, "coach_yes"
        )
        self.skip = Button(
            (0, 0, 10, 10), no, lambda: self.answer(app, False), size, key="coach_no"
        )

    def buttons(self) -> list[Button]:
        if self.coach is None:
            return [self.skip, self.ok]
        step = self.coach.step
        return [self.skip, self.ok] if step is not None and step.expect is None else [self.skip]

    def answer(self, app: App, yes: bool) -> None:
        """The offer's answer: the lesson now, or this match goes on."""
        self.answered = True
        if yes:
            start(app, self.game)


_MARKS: weakref.WeakKeyDictionary[Any, Marks] = weakref.WeakKeyDictionary()


# ----- starting a lesson ------------------------------------------------------------------------
def start(app: App, game: str) -> Scene | None:
    """``game``'s lesson as a table scene, switched to; None when the game has none."""
    lesson = lesson_of(game)
    if lesson is None:
        return None
    session = CoachedSession.lesson(lesson)
    options = {"players": lesson.players, **lesson.options}
    scene: Scene = games.table_class(game)(app, session, options=options)
    app.switch(scene)
    return scene


def choose_lesson(app: App) -> None:
    """Learn to play (the home screen): which game's guided round, in a panel."""
    from functools import partial

    from game.client.coach import games_with_lessons
    from game.ui.overlay import Action, Overlay

    actions = [
        Action(registry.get(g).title_key, partial(start, app, g), f"learn:{g}", primary=True)
        for g in games_with_lessons()
    ]
    actions.append(Action("cancel", None, "cancel"))
    app.open_overlay(
        Overlay(
            app,
            "coach.choose_title",
            lambda: t("coach.choose_body"),
            actions,
            stack=True,
            escape=actions[-1],
            key="learn",
        )
    )


def offer_on(app: App, scene: Scene, game: str) -> bool:
    """The first match of a game offers its lesson, once (remembered in the settings), in a
    bubble over the table that nothing waits for: the match goes on under it, and it goes
    with the round's end. True when offered."""
    offered = app.settings.get(OFFERED)
    seen = [g for g in offered if isinstance(g, str)] if isinstance(offered, list) else []
    if game in seen or lesson_of(game) is None or app.options.screenshots:
        return False
    if app.options.autoplay:
        return False
    app.set_setting(OFFERED, [*seen, game])
    offer_anyway(app, scene, game)
    return True


def offer_anyway(app: App, scene: Scene, game: str) -> None:
    """The offer's bubble over ``scene``, asked or not before (the screenshot set)."""
    _MARKS[scene] = Marks(None, app, game)


# ----- the scene's hooks ------------------------------------------------------------------------
def marks_of(scene: CardTable) -> Marks | None:
    """The scene's bubble while its lesson runs or its offer waits, else None."""
    session = scene.session
    if not isinstance(session, CoachedSession):
        offer = _MARKS.get(scene)
        if offer is None or offer.answered:
            return None
        if scene.score is not None or _has_moved(scene):  # the round is on: no, thanks
            offer.answered = True
            return None
        return offer
    if session.coach.done:
        return None
    marks = _MARKS.get(scene)
    if marks is None or marks.coach is not session.coach:
        marks = _MARKS[scene] = Marks(session.coach)
    return marks


def _has_moved(scene: CardTable) -> bool:
    """The player has made a move in this match (a local one: its log says so)."""
    log = getattr(getattr(scene.session, "match", None), "log", None) or []
    return any(seat == scene.me for seat, _action in log)


def handle(scene: CardTable, event: pygame.event.Event) -> bool:
    """A tap on the bubble's buttons; True when taken (any other tap goes on to the table)."""
    marks = marks_of(scene)
    if marks is None or marks.bubble is None or not _shown(scene):
        return False
    return any(button.handle(event) for button in marks.buttons())


def _shown(scene: CardTable) -> bool:
    return scene.score is None and scene.over is None


def ready(scene: CardTable, coach: Coach) -> bool:
    """The step can be taken now: the screen has caught up and it is your move (a tap step:
    once the screen is still)."""
    step = coach.step
    if step is None or not scene.idle():
        return False
    return step.expect is None or scene.me in scene.shown_to_act()


def target(scene: CardTable, point: str, expect: Mapping[str, Any] | None) -> pygame.Rect | None:
    """Where a step points now (see the module docstring), None when it is not shown."""
    if point.startswith("widget:"):
        name = point.removeprefix("widget:")
        bidding = getattr(scene, "bidding", None)
        if name.startswith("bid:") and bidding is not None and str(bidding.pick) == name[4:]:
            name = "confirm"  # picked: now Confirm
        return scene.widget(name).rect if _visible(scene, name) else None
    if expect is None:
        return None
    action = dict(expect)
    picked = action.get("type") == "discard" and _picked(scene) == action.get("card")
    if picked and _visible(scene, "discard"):  # picked: now Discard
        return cast(pygame.Rect, scene.widget("discard").rect)
    rects: list[pygame.Rect] = scene.hinted_rects(action)  # where a hint would mark it
    return rects[0].unionall(rects[1:]) if rects else None


def _picked(scene: CardTable) -> str | None:
    workspace = getattr(scene, "workspace", None)
    picked = getattr(workspace, "picked", None)
    if callable(picked):
        return cast(str | None, picked())
    return getattr(scene, "selected", None)


def _visible(scene: CardTable, key: str) -> bool:
    try:
        widget = scene.widget(key)
    except KeyError:
        return False
    return bool(widget.visible and widget.rect.w > 0)


def passing(scene: CardTable) -> bool:
    """A passing line is up (a banner across the table, a refusal, a notice): the bubble
    waits the second or two it shows, rather than cover it."""
    return bool(scene.messages.banner or scene.messages.hint or scene.aids.notice)


def draw_over(scene: CardTable, surface: pygame.Surface) -> None:
    """The bubble, the ring and the arrow (see the module docstring)."""
    marks = marks_of(scene)
    if marks is None or not _shown(scene) or passing(scene):
        if marks is not None:
            marks.bubble = None
        return
    coach = marks.coach
    step = coach.step if coach is not None else None
    now = coach is not None and ready(scene, coach)
    aim = target(scene, step.point, step.expect) if step is not None and now else None
    if coach is None:  # the offer
        title = t(registry.get(marks.game).title_key)
        words = t("coach.offer_title", game=title) + " " + t("coach.offer_body")
    else:
        words = step_words(step, scene.name) if step is not None and now else t("coach.wait")
    bubble = _place(scene, words, aim, marks)
    marks.bubble = bubble
    if aim is not None:
        ring = aim.inflate(px(10), px(10))
        pygame.draw.rect(surface, draw.GOLD, ring, px(4), border_radius=px(10))
        _arrow(surface, bubble, ring)
    draw.panel(surface, bubble, alpha=255, edge=draw.GOLD)
    _draw_words(surface, words, bubble, len(marks.buttons()))
    for button in marks.buttons():
        button.draw(surface)


# ----- drawing ------------------------------------------------------------------------------------
BUTTON_W = 140
PAD = 14
LINE_H = 34  # logical: an Arabic line's box is 32 tall
TOP_ROOM = 96  # logical: the top bar's height


def _width(scene: CardTable) -> int:
    layout = scene.app.layout
    return layout.w - px(48) if layout.portrait else px(640)


def _text_width(width: int, buttons: int) -> int:
    """The words' room: the bubble less its padding and its buttons' column."""
    return width - px(2 * PAD) - px(BUTTON_W + 12) * (1 if buttons == 1 else 2)


def _lines(words: str, width: int, buttons: int) -> list[str]:
    return text.wrap(words, LINE_SIZE, _text_width(width, buttons))


def _clear_of(scene: CardTable, aim: pygame.Rect) -> pygame.Rect:
    """What the bubble keeps clear of: the target, and the panel holding it (Hareeja's bid
    picker, whose title sits above the bids)."""
    picker = getattr(scene.app.layout, "picker", None)
    if isinstance(picker, pygame.Rect) and picker.contains(aim):
        return picker.union(aim)
    return aim


def _place(scene: CardTable, words: str, aim: pygame.Rect | None, marks: Marks) -> pygame.Rect:
    """The bubble's rect: of a few places (next to what it points at, above your hand, under
    the top bar, the middle), the first that covers the least of the controls, the plates and
    the cards in hand; its words on one side and its buttons on the other."""
    layout = scene.app.layout
    w = _width(scene)
    n = len(marks.buttons())
    lines = _lines(words, w, n)
    h = max(len(lines) * px(LINE_H), px(BUTTON_H)) + px(2 * PAD)
    places = []
    if aim is not None:
        clear = _clear_of(scene, aim)
        gap = px(22) if clear == aim else px(10)
        places.append(pygame.Rect(0, 0, w, h))
        places[-1].midbottom = (aim.centerx, clear.top - gap)
        places.append(pygame.Rect(0, 0, w, h))
        places[-1].midtop = (aim.centerx, clear.bottom + gap)
    home = (layout.w // 2, _hand_top(scene) - px(16) - h // 2)  # just above your hand
    for y in range(px(TOP_ROOM), layout.h - h, px(24)):  # and anywhere down the middle
        places.append(pygame.Rect(layout.w // 2 - w // 2, y, w, h))
    margin = px(16)
    for rect in places:
        rect.x = max(margin, min(rect.x, layout.w - margin - rect.w))
        rect.y = max(px(TOP_ROOM), min(rect.y, layout.h - margin - rect.h))
    keep = _obstacles(scene, aim)
    near = aim.center if aim is not None else home

    def cost(r: pygame.Rect) -> tuple[int, float]:
        room = r.inflate(px(16), px(16))  # a little clearance too
        covered = sum(_area(room.clip(k)) for k in keep)
        return covered, math.dist(r.center, near)

    best = min(places, key=cost)
    _place_buttons(best, marks)
    return best


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _obstacles(scene: CardTable, aim: pygame.Rect | None) -> list[pygame.Rect]:
    """What the bubble should not cover: the target, the controls, the seat plates (with the
    turn tag above yours) and the cards in your hand."""
    out = [w.rect for w in scene.widgets if w.visible]
    for seat in range(scene.players):
        out.append(scene.places.plate_rect(seat))
    tag = scene.places.turn_tag_rect(
        scene.places.plate_rect(scene.me), px(200), px(56)
    )  # "Your turn"
    if tag is not None:
        out.append(tag)
    hand = getattr(scene, "hand", None) or {}
    out += [sprite.rect() for sprite in hand.values()]
    layout = scene.app.layout
    bw, bh = layout.small
    piles = [*layout.seat_hand[1:]]  # the others' backs and their counts; Ronda's stock
    places = getattr(getattr(scene, "places", None), "geometry", None)
    deck = getattr(places(), "deck", None) if callable(places) else None
    if isinstance(deck, tuple):
        piles.append(deck)
    for x, y in piles:
        out.append(pygame.Rect(x - bw - px(30), y - bh // 2 - px(30), 2 * bw + px(60), bh + px(60)))
    tw, th = layout.trick_card
    out.append(pygame.Rect(0, 0, 3 * tw, 2 * th))  # the cards in the middle
    out[-1].center = layout.center
    geo = getattr(scene, "geo", None)  # a game's own areas (Hand rummy's staging, its piles)
    out += [r for n in ("staging", "hand") if isinstance(r := getattr(geo, n, None), pygame.Rect)]
    melds = getattr(geo, "melds", None)  # Hand rummy's meld area: its line while empty
    if isinstance(melds, pygame.Rect):
        out.append(pygame.Rect(0, 0, px(420), px(70)))
        out[-1].center = melds.center
    regions = getattr(getattr(scene, "piles", None), "regions", None)
    if callable(regions):
        out += list(regions())
    if (
        scene.aids.hint_line() or scene.painter.status_banner() or scene.assisted()
    ):  # a lasting line
        out += [pygame.Rect(0, scene.painter.banner_y() - px(32), scene.app.layout.w, px(64))] * 4
    if aim is not None:  # the target counts most, and the panel it is in
        out += [aim.inflate(px(40), px(40)), _clear_of(scene, aim)] * 4
    return out


def _hand_top(scene: CardTable) -> int:
    hand = getattr(scene, "hand", None) or {}
    tops = [sprite.rect().top for sprite in hand.values()]
    return int(min(tops)) if tops else round(scene.app.layout.h * 0.62)


def _place_buttons(rect: pygame.Rect, marks: Marks) -> None:
    """The buttons in a column at the bubble's end (its left in Arabic), Skip last."""
    buttons = marks.buttons()[::-1]  # Got it, then Skip
    bw, bh, gap = px(BUTTON_W), px(BUTTON_H), px(8)
    if len(buttons) == 2 and rect.h < 2 * bh + gap + px(2 * PAD):  # side by side
        xs = [rect.right - px(PAD) - 2 * bw - gap, rect.right - px(PAD) - bw]
        ys = [rect.centery - bh // 2] * 2
    else:
        xs = [rect.right - px(PAD) - bw] * len(buttons)
        top = rect.centery - (len(buttons) * bh + (len(buttons) - 1) * gap) // 2
        ys = [top + i * (bh + gap) for i in range(len(buttons))]
    for button, x, y in zip(buttons, xs, ys):
        if i18n.is_rtl():
            x = rect.x + rect.right - x - bw
        button.rect = pygame.Rect(x, y, bw, bh)


def _draw_words(surface: pygame.Surface, words: str, rect: pygame.Rect, buttons: int) -> None:
    lines = _lines(words, rect.w, buttons)
    room = _text_width(rect.w, buttons)
    cx = rect.x + px(PAD) + room // 2
    if i18n.is_rtl():
        cx = rect.x + rect.right - cx
    y = rect.centery - (len(lines) - 1) * px(LINE_H) // 2
    for line in lines:
        draw.blit_text(surface, line, LINE_SIZE, (cx, y), draw.INK)
        y += px(LINE_H)


def _arrow(surface: pygame.Surface, bubble: pygame.Rect, ring: pygame.Rect) -> None:
    """A gold triangle from the bubble's edge to the ring (none when they are far apart: the
    ring says it alone)."""
    x = max(bubble.left + px(30), min(ring.centerx, bubble.right - px(30)))
    if bubble.bottom <= ring.top:
        base, tip = bubble.bottom - px(2), ring.top
    elif bubble.top >= ring.bottom:
        base, tip = bubble.top + px(2), ring.bottom
    else:
        return
    if abs(tip - base) > px(40):
        return
    half = px(12)
    pygame.draw.polygon(surface, draw.GOLD, [(x - half, base), (x + half, base), (x, tip)])
