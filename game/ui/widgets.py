"""Small drawn widgets shared by the scenes: panels, buttons, text blocks, bars, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.theme import Colour, Fonts, Palette


def panel(
    surface: pygame.Surface, rect: pygame.Rect, pal: Palette, alpha: int = 255, edge: bool = True
) -> None:
    """A filled, rounded panel with an edge."""
    if alpha >= 255:
        pygame.draw.rect(surface, pal.panel, rect, border_radius=6)
    else:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*pal.panel, alpha), tmp.get_rect(), border_radius=6)
        surface.blit(tmp, rect.topleft)
    if edge:
        pygame.draw.rect(surface, pal.panel_edge, rect, 1, border_radius=6)


def text_block(
    surface: pygame.Surface,
    fonts: Fonts,
    lines: list[str],
    pos: tuple[int, int],
    width: int,
    size: int = Fonts.BODY,
    colour: Colour = (230, 232, 236),
    bold: bool = False,
    max_y: int | None = None,
) -> int:
    """Draw wrapped lines from `pos`; returns the y below the last line."""
    x, y = pos
    lh = fonts.line_height(size)
    for line in lines:
        for part in fonts.wrap(line, width, size, bold):
            if max_y is not None and y + lh > max_y:
                return y
            surface.blit(fonts.render(part, size, colour, bold), (x, y))
            y += lh
    return y


def bar(
    surface: pygame.Surface, rect: pygame.Rect, fraction: float, colour: Colour, back: Colour = (30, 30, 30)
) -> None:
    """A horizontal fill bar."""
    pygame.draw.rect(surface, back, rect)
    fraction = max(0.0, min(1.0, fraction))
    if fraction > 0:
        pygame.draw.rect(surface, colour, (rect.x, rect.y, max(1, round(rect.w * fraction)), rect.h))


def fit_label(label: str, font: pygame.font.Font, room: int) -> str:
    """A one-line label shortened to `room` pixels sensibly: its closing remark in brackets goes
    first ("Second Move: 6 more squares (gives up the Action)" -> "...squares"), then whole words
    with "…"; a word is cut only when one alone is too wide. Hovering a shortened label shows it."""
    if font.size(label)[0] <= room:
        return label
    short = label
    while short.endswith(")") and " (" in short:
        short = short[:short.rindex(" (")].rstrip()
        if font.size(short)[0] <= room:
            return short
    words = short.split(" ")
    while len(words) > 1:
        words.pop()
        trial = " ".join(words).rstrip(":;,·—-") + "…"
        if font.size(trial)[0] <= room:
            return trial
    while short and font.size(short)[0] > room:
        short = short[:-2] + "…" if len(short) > 2 else ""
    return short


@dataclass
class Button:
    """A clickable, optionally hot-keyed rectangle with a label (and a tooltip)."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    hotkey: str = ""
    enabled: bool = True
    tooltip: list[str] = field(default_factory=list)
    selected: bool = False
    #: exact odds shown (as the odds box) when hovered, instead of the text tooltip
    preview: Any = None
    #: what the action does, in players' words: under the odds box (the tooltip starts with it)
    help: str = ""
    #: the label did not fit when last drawn (ends in "…"): hovering it shows it whole
    cut: bool = False

    def draw(
        self, surface: pygame.Surface, fonts: Fonts, pal: Palette, hot: bool, size: int = Fonts.BODY
    ) -> None:
        """Draw in its state (disabled, hovered, selected)."""
        colour = pal.button_hot if (hot and self.enabled) else pal.button
        pygame.draw.rect(surface, colour, self.rect, border_radius=5)
        edge = pal.active if self.selected else pal.panel_edge
        pygame.draw.rect(surface, edge, self.rect, 2 if self.selected else 1, border_radius=5)
        text_colour = pal.text if self.enabled else pal.dim
        x = self.rect.x + fonts.px(8)
        if self.hotkey:
            key = fonts.render(self.hotkey, size, pal.active if self.enabled else pal.dim, True)
            surface.blit(key, (x, self.rect.centery - key.get_height() // 2))
            x += key.get_width() + fonts.px(8)
        room = self.rect.right - x - fonts.px(6)
        label = fit_label(self.label, fonts.font(size), room)
        self.cut = label != self.label
        surf = fonts.render(label, size, text_colour)
        surface.blit(surf, (x, self.rect.centery - surf.get_height() // 2))


def tooltip(
    surface: pygame.Surface,
    fonts: Fonts,
    pal: Palette,
    lines: list[str],
    anchor: tuple[int, int],
    width: int = 300,
    title: str = "",
    within: pygame.Rect | None = None,
    avoid: list[pygame.Rect] | None = None,
) -> pygame.Rect:
    """A tooltip box near `anchor`, inside `within` (the board for a board hover; default the
    window): below and right of the pointer, flipped to its other side where that would cross
    the edge, then moved the least to cover none of `avoid` (the buttons beside the hovered one:
    End turn and Undo stay clickable); returns its rect."""
    width = fonts.px(width)
    pad = fonts.px(8)
    wrapped: list[tuple[str, bool]] = []
    if title:
        wrapped += [(p, True) for p in fonts.wrap(title, width - 2 * pad, Fonts.BODY, True)]
    for line in lines:
        wrapped += [(p, False) for p in fonts.wrap(line, width - 2 * pad, Fonts.SMALL)]
    lh_title = fonts.line_height(Fonts.BODY)
    lh = fonts.line_height(Fonts.SMALL)
    height = 2 * pad + sum(lh_title if bold else lh for _, bold in wrapped)
    area = surface.get_rect() if within is None else within
    rect = tooltip_rect(area, anchor, (width, height), fonts.px(18))
    if avoid:
        rect = clear_spot(rect, area.inflate(-8, -8), avoid, fonts.px(6))
    x, y = rect.topleft
    panel(surface, rect, pal, alpha=240)
    cy = y + pad
    for text, bold in wrapped:
        size = Fonts.BODY if bold else Fonts.SMALL
        surface.blit(fonts.render(text, size, pal.text, bold), (x + pad, cy))
        cy += lh_title if bold else lh
    return rect


def tooltip_rect(area: pygame.Rect, anchor: tuple[int, int], size: tuple[int, int], gap: int) -> pygame.Rect:
    """Where a box of `size` goes beside the pointer at `anchor`, inside `area` (4 px in): after
    the pointer on each axis, else before it (flipped), else pushed in from the far edge."""
    room = area.inflate(-8, -8)
    w, h = size

    def place(at: int, span: int, lo: int, hi: int) -> int:
        if at + gap + span <= hi:
            return at + gap
        if at - gap - span >= lo:
            return at - gap - span
        return max(lo, hi - span)

    x = place(anchor[0], w, room.left, room.right)
    return pygame.Rect(x, place(anchor[1], h, room.top, room.bottom), w, h)


def percent(p: float) -> str:
    """A probability as a short percentage."""
    value = 100.0 * p
    if 0 < value < 1:
        return f"{value:.1f}%"
    if 99 < value < 100:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


def clear_spot(rect: pygame.Rect, area: pygame.Rect, avoid: list[pygame.Rect], gap: int) -> pygame.Rect:
    """`rect` moved the least inside `area` to cover none of `avoid` (beside, above or below one
    of them); failing that, clear of as many of the first boxes as it can be (the first matter
    most); in the end where it was."""
    boxes = [b for b in avoid if b.w and b.h]
    w, h = rect.size
    xs = {rect.x, *(b.right + gap for b in boxes), *(b.left - gap - w for b in boxes)}
    ys = {rect.y, *(b.bottom + gap for b in boxes), *(b.top - gap - h for b in boxes)}
    spots = [pygame.Rect(x, y, w, h) for x in xs for y in ys]
    spots = sorted((s for s in spots if area.contains(s)),
                   key=lambda s: ((s.x - rect.x) ** 2 + (s.y - rect.y) ** 2, s.y, s.x))
    for n in range(len(boxes), 0, -1):
        for s in spots:
            if not any(s.colliderect(b) for b in boxes[:n]):
                return s
    return pygame.Rect(rect)
