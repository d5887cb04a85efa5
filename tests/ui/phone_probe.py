"""Measures what a scene really draws: every text size and every card face size that reaches
the screen in one frame ("Reads on a phone").

How it is measured (honestly, and what it does not see):

- **Text**: every string goes through :func:`game.ui.text.render` (``draw.label`` and the
  cached plate and button images are built from it). The probe wraps ``text.render`` and
  empties the caches that hold rendered text (labels, plate bodies, button images) before the
  frame, so each string drawn in that frame is rendered again and its font size recorded. The
  size is the font's pixel size on the logical canvas (720 wide in portrait), not the ink
  height of one glyph. A surface that a scene keeps in its own attributes between frames is
  not re-rendered and so not seen (none of the table scenes does that).
- **Cards**: every face goes through :func:`game.ui.assets.card_face`; the probe records the
  size asked for. A card's corner index is derived from its height and the card art's
  proportion: ``sprites/make_sprites.py`` draws the rank ``RANK_H`` = 70 px tall on a card
  ``H`` = 280 px tall (glyphs are scaled to exactly that ink height), so the index is
  ``0.25 × height``. Card backs have no index and are not counted. A face scaled for a flip
  keeps its height, so it counts at its height.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ui import assets, draw, plates, text, widgets

RANK_SHARE = 70 / 280  # sprites/make_sprites.py: RANK_H / H, the rank's share of a card's height
MIN_TEXT = 22  # no text below 22 logical px in portrait
MIN_INDEX = 26  # no card index below 26 logical px in portrait


def index_height(card_height: int) -> float:
    """The corner rank's height on a card ``card_height`` tall (see the module docstring)."""
    return card_height * RANK_SHARE


@dataclass
class Drawn:
    """What one frame drew: (size, text) of each string, (code, (w, h)) of each face."""

    texts: list[tuple[int, str]] = field(default_factory=list)
    cards: list[tuple[str, tuple[int, int]]] = field(default_factory=list)

    def small_texts(self, minimum: int = MIN_TEXT) -> list[tuple[int, str]]:
        return sorted({(s, t) for s, t in self.texts if s < minimum and t.strip()})

    def small_cards(self, minimum: float = MIN_INDEX) -> list[tuple[str, tuple[int, int]]]:
        return sorted({(c, sz) for c, sz in self.cards if index_height(sz[1]) < minimum})


def _clear_text_caches() -> None:
    draw.label.cache_clear()
    plates.plate_body.cache_clear()
    widgets.button_image.cache_clear()


def measure(app, monkeypatch) -> Drawn:
    """Draw ``app``'s frame once (the scene, its open overlays, the toasts) onto its screen,
    as FramePainter.paint does without the flip, and return what it drew."""
    drawn = Drawn()
    render, face = text.render, assets.card_face

    def counted_render(s, size, color, bold=False):
        drawn.texts.append((int(size), str(s)))
        return render(s, size, color, bold)

    def counted_face(code, size, four_color=False, deck="french"):
        drawn.cards.append((code, (int(size[0]), int(size[1]))))
        return face(code, size, four_color, deck)

    _clear_text_caches()
    with monkeypatch.context() as m:
        m.setattr(text, "render", counted_render)
        m.setattr(assets, "card_face", counted_face)
        still = getattr(getattr(app.scene, "frame", None), "still", None)
        if still is not None:  # a full redraw: no part kept from before
            m.setattr(still, "STATIC_LAYER", False)
        app.scene.draw(app.screen)
        for layer in app.overlays:
            layer.draw(app.screen)
        app.painter.draw_toasts(app.screen)
    _clear_text_caches()  # nothing measured stays cached under the counting wrapper's name
    return drawn
