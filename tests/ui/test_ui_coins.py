"""The chance popup's coins: heads and tails are told apart by their pictures, not by letters and not
by colour alone (the popup's caption names the face in words)."""

from __future__ import annotations

import pygame
import pytest

from game.core.events import Event
from game.ui.chancefx import ChanceFx, draw_coin
from game.ui.theme import Fonts, palette


def dark_mask(surf: pygame.Surface) -> set[tuple[int, int]]:
    """The pixels drawn in ink (the crown or the ring and the rim): what is left in grey."""
    out = set()
    for x in range(surf.get_width()):
        for y in range(surf.get_height()):
            r, g, b, a = surf.get_at((x, y))
            if a > 128 and 0.3 * r + 0.59 * g + 0.11 * b < 110:
                out.add((x, y))
    return out


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_heads_and_tails_differ_in_shape_and_carry_no_letters(app, monkeypatch, scale):
    fonts = Fonts(scale)
    written: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda text, *a, **kw: written.append(text) or real(text, *a, **kw))
    size = fonts.px(44)
    heads, tails = draw_coin(fonts, True, size), draw_coin(fonts, False, size)
    assert written == []  # no "H" / "T": the faces are drawn
    assert heads.get_size() == tails.get_size() == (size, size)
    # in grey (colour aside) the inked shapes still differ over a good part of the coin
    ink_h, ink_t = dark_mask(heads), dark_mask(tails)
    assert len(ink_h ^ ink_t) > 0.08 * size * size
    # heads: the crown fills the middle; tails: a plain middle inside an inked ring
    c = size // 2
    assert (c, c) in ink_h and (c, c) not in ink_t
    ring = round(c - 0.6 * (size // 2 - 1))
    assert any((c, y) in ink_t for y in range(ring - 2, ring + 3))

def test_the_coin_popup_keeps_the_caption_words(app):
    fx = ChanceFx(Fonts(1.0), palette("okabe-ito"))
    drawn: list[str] = []
    real = fx.fonts.render
    fx.fonts.render = lambda text, *a, **kw: drawn.append(text) or real(text, *a, **kw)  # type: ignore[method-assign]
    text = "Pyro keeps watch with 2 tokens: heads, tails — 1 success."
    assert fx.add(Event("observe", text, data={"coin": [True, False]}, chance=True))
    assert fx.popups[-1].items == [("coin", True), ("coin", False)]
    fx.update(1.0)
    surface = pygame.Surface((800, 400))
    fx.draw(surface, surface.get_rect())
    assert any("heads" in t for t in drawn) and not any(t in ("H", "T") for t in drawn)
