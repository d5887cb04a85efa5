"""Pictures made for the browser's cost model (game/ui/surfaces.py)."""

import pygame

from game.ui import assets, draw, surfaces

ABGR = (0xFF, 0xFF00, 0xFF0000, 0)


def alpha_values(img: pygame.Surface) -> set[int]:
    return {img.get_at((x, y)).a for x in range(img.get_width()) for y in range(img.get_height())}


def test_cards_are_opaque_but_for_their_corners_and_run_length_encoded(make_app):
    make_app()
    card = assets.card_face("KH", (104, 146))
    assert card.get_flags() & (pygame.RLEACCEL | pygame.RLEACCELOK)
    assert card.get_at((52, 73)).a == 255  # smoothscale had left the body at 252-253
    assert card.get_at((0, 0)).a == 0  # the rounded corner is still clear ...
    assert alpha_values(card) - {0, 255}  # ... and still antialiased


def test_composing_an_encoded_picture_keeps_its_alpha(make_app):
    """SDL's RLE blit writes opaque pixels into a surface with alpha: composing a cache goes
    through surfaces.blit, which blends as pygame does."""
    make_app()
    label = draw.label("Noura", 24)
    assert label.get_flags() & (pygame.RLEACCEL | pygame.RLEACCELOK)
    plain = pygame.Surface(label.get_size(), pygame.SRCALPHA)
    plain.blit(
        pygame.image.frombytes(pygame.image.tobytes(label, "RGBA"), label.get_size(), "RGBA"),
        (0, 0),
    )
    composed = pygame.Surface(label.get_size(), pygame.SRCALPHA)
    surfaces.blit(composed, label, (0, 0))
    assert pygame.image.tobytes(composed, "RGBA") == pygame.image.tobytes(plain, "RGBA")
    assert label.get_flags() & (pygame.RLEACCEL | pygame.RLEACCELOK)  # marked again after


def test_another_display_format_makes_every_picture_again(make_app):
    app = make_app()
    assets.card_face("KH", (104, 146))
    draw.label("Fahad", 24)
    assert assets._card_face.cache_info().currsize and draw.label.cache_info().currsize
    assert not surfaces.display_changed(app.screen)  # the same format: kept
    assert assets._card_face.cache_info().currsize
    browser = pygame.Surface((720, 1280), 0, 32, ABGR)  # the browser's display
    try:
        assert surfaces.display_changed(browser)
        assert assets._card_face.cache_info().currsize == 0
        assert draw.label.cache_info().currsize == 0
    finally:
        surfaces.display_changed(app.screen)
