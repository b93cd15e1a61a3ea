"""Chance made visible: cards (value + suit, jokers distinct), dice faces and coins, flipped in briefly.

A chance event's `data` may carry "cards" (card strings), "dice" (face names) and "coin"
(True for heads); the popup shows them with the event's text while the sound plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.cards import BLACK_JOKER, RED_JOKER, STANDARD_RANKS, STANDARD_SUITS
from game.core.events import Event
from game.ui.theme import Fonts, Palette

SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = (200, 30, 40)
INK = (25, 25, 30)


def is_standard_card(card: str) -> bool:
    """A playing card string like '10H' or a joker."""
    if card in (RED_JOKER, BLACK_JOKER):
        return True
    return len(card) >= 2 and card[-1] in STANDARD_SUITS and card[:-1] in STANDARD_RANKS


def draw_card(fonts: Fonts, card: str, height: int, face_up: bool = True) -> pygame.Surface:
    """A card picture: rank and suit, jokers in their own colours, other cards by name."""
    named = not is_standard_card(card)
    # A named card (a casket's "emergency_vent") is wider so its name stays readable.
    w, h = round(height * (1.25 if named else 0.7)), height
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, h // 12)
    if not face_up:
        pygame.draw.rect(surf, (60, 70, 120), rect, border_radius=radius)
        pygame.draw.rect(surf, (200, 200, 220), rect.inflate(-6, -6), 2, border_radius=radius)
        return surf
    if card == RED_JOKER or card == BLACK_JOKER:
        base = (200, 40, 50) if card == RED_JOKER else (30, 30, 36)
        pygame.draw.rect(surf, base, rect, border_radius=radius)
        pygame.draw.rect(surf, (240, 200, 60), rect.inflate(-4, -4), 2, border_radius=radius)
        star = fonts.render("★", max(8, round(h * 0.38 / fonts.scale)), (240, 200, 60), True)
        surf.blit(star, star.get_rect(center=(w // 2, h // 2 - h // 10)))
        label = fonts.render("JOKER", max(7, round(h * 0.13 / fonts.scale)), (255, 255, 255), True)
        surf.blit(label, label.get_rect(center=(w // 2, h - h // 6)))
        return surf
    pygame.draw.rect(surf, (248, 246, 240), rect, border_radius=radius)
    pygame.draw.rect(surf, (120, 120, 130), rect, 1, border_radius=radius)
    if is_standard_card(card):
        rank, suit = card[:-1], card[-1]
        colour = RED if suit in "HD" else INK
        corner = fonts.render(rank, max(7, round(h * 0.22 / fonts.scale)), colour, True)
        surf.blit(corner, (max(2, w // 12), max(1, h // 20)))
        glyph = fonts.render(SUIT_GLYPH[suit], max(8, round(h * 0.42 / fonts.scale)), colour, True)
        surf.blit(glyph, glyph.get_rect(center=(w // 2, h // 2 + h // 10)))
    else:
        size = max(8, min(Fonts.SMALL, round(h * 0.2 / fonts.scale)))
        parts = fonts.wrap(card_name(card), w - 8, size, True)[:4]
        lh = fonts.line_height(size)
        y = max(2, (h - lh * len(parts)) // 2)
        for part in parts:
            line = fonts.render(part, size, INK, True)
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += lh
    return surf


def card_name(card: str) -> str:
    """A ruleset card id made readable: 'emergency_vent' -> 'Emergency Vent'."""
    if any(ch.isupper() for ch in card) or " " in card:
        return card
    return card.replace("_", " ").replace("-", " ").title()


def draw_die(
    fonts: Fonts, face: str, size: int, colour: tuple[int, int, int] = (245, 245, 245)
) -> pygame.Surface:
    """A die showing one face: pips for 1-6, the number or face name otherwise."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, colour, rect, border_radius=max(3, size // 6))
    pygame.draw.rect(surf, (90, 90, 100), rect, 1, border_radius=max(3, size // 6))
    pips = {
        "1": [(0.5, 0.5)],
        "2": [(0.25, 0.25), (0.75, 0.75)],
        "3": [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        "4": [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        "5": [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        "6": [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
    }
    text = str(face)
    if text in pips:
        r = max(2, size // 10)
        for fx, fy in pips[text]:
            pygame.draw.circle(surf, INK, (round(fx * size), round(fy * size)), r)
        return surf
    font_size = max(7, round(size * (0.42 if len(text) <= 2 else 0.2) / fonts.scale))
    parts = fonts.wrap(text, size - 4, font_size, True)[:2]
    total = sum(fonts.line_height(font_size) for _ in parts)
    y = (size - total) // 2
    for part in parts:
        line = fonts.render(part, font_size, INK, True)
        surf.blit(line, line.get_rect(midtop=(size // 2, y)))
        y += fonts.line_height(font_size)
    return surf


def draw_coin(fonts: Fonts, heads: bool, size: int) -> pygame.Surface:
    """A token flip result."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = (230, 190, 60) if heads else (150, 150, 160)
    pygame.draw.circle(surf, colour, (size // 2, size // 2), size // 2)
    pygame.draw.circle(surf, INK, (size // 2, size // 2), size // 2, 2)
    label = fonts.render("H" if heads else "T", max(8, round(size * 0.45 / fonts.scale)), INK, True)
    surf.blit(label, label.get_rect(center=(size // 2, size // 2)))
    return surf


def chance_items(event: Event) -> list[tuple[str, Any]]:
    """The visible chance pieces of an event: ('card', s), ('die', face), ('coin', bool)."""
    data = event.data or {}
    items: list[tuple[str, Any]] = []
    for card in data.get("cards") or []:
        items.append(("card", str(card)))
    for face in data.get("dice") or []:
        items.append(("die", str(face)))
    coin = data.get("coin")
    if isinstance(coin, bool):
        items.append(("coin", coin))
    elif isinstance(coin, list):
        items += [("coin", bool(c)) for c in coin]
    return items


def sound_for(event: Event) -> str | None:
    """Which sound an event makes: flip for cards, roll for dice/coins, hit/miss for outcomes."""
    kind = event.kind.lower()
    if "miss" in kind or "fail" in kind:
        return "miss"
    if "hit" in kind or "damage" in kind or "crit" in kind:
        return "hit"
    data = event.data or {}
    if data.get("cards"):
        return "flip"
    if data.get("dice") or "coin" in data:
        return "roll"
    return None


@dataclass
class Popup:
    """One event's chance pieces on screen for a moment."""

    event: Event
    items: list[tuple[str, Any]]
    age: float = 0.0
    life: float = 1.6
    flip: float = 0.3
    cache: dict[str, pygame.Surface] = field(default_factory=dict)


class ChanceFx:
    """The queue of chance popups; `update` ages them, `draw` shows the newest few."""

    def __init__(self, fonts: Fonts, pal: Palette) -> None:
        self.fonts = fonts
        self.pal = pal
        self.popups: list[Popup] = []
        self.speed = 1.0

    def add(self, event: Event) -> bool:
        """Show an event's chance pieces; False when it has none."""
        items = chance_items(event)
        if not items or self.speed <= 0:
            return False
        life = 1.8 / self.speed
        self.popups.append(Popup(event, items, life=life, flip=min(0.3, life / 4)))
        self.popups = self.popups[-3:]
        return True

    @property
    def active(self) -> bool:
        """Something is still on screen."""
        return bool(self.popups)

    def update(self, dt: float) -> bool:
        """Age the popups; True while anything is animating."""
        for p in self.popups:
            p.age += dt
        self.popups = [p for p in self.popups if p.age < p.life]
        return bool(self.popups)

    def clear(self) -> None:
        """Drop every popup (fast-forward)."""
        self.popups.clear()

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Stack the popups at the top of the board area."""
        fonts = self.fonts
        card_h = fonts.px(74)
        die = fonts.px(44)
        pad = fonts.px(8)
        y = area.y + pad
        for p in self.popups:
            pieces: list[pygame.Surface] = []
            for kind, value in p.items:
                if kind == "card":
                    pieces.append(draw_card(fonts, value, card_h))
                elif kind == "die":
                    pieces.append(draw_die(fonts, value, die))
                else:
                    pieces.append(draw_coin(fonts, value, die))
            text = fonts.render(p.event.text[:90], Fonts.SMALL, self.pal.text)
            height = max(s.get_height() for s in pieces) if pieces else 0
            width = sum(s.get_width() + pad for s in pieces) + pad
            width = max(width, text.get_width() + 2 * pad)
            rect = pygame.Rect(0, y, width, height + text.get_height() + 3 * pad)
            rect.centerx = area.centerx
            fade = 1.0 if p.age < p.life - 0.3 else max(0.0, (p.life - p.age) / 0.3)
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (*self.pal.panel, round(230 * fade)), box.get_rect(), border_radius=8)
            x = (width - (sum(s.get_width() + pad for s in pieces) - pad)) // 2
            t = min(1.0, p.age / p.flip) if p.flip > 0 else 1.0
            for s in pieces:
                # The flip: a piece grows from a sliver to full width.
                w = max(1, round(s.get_width() * t))
                piece = s if w == s.get_width() else pygame.transform.smoothscale(s, (w, s.get_height()))
                box.blit(piece, (x + (s.get_width() - w) // 2, pad))
                x += s.get_width() + pad
            box.blit(text, ((width - text.get_width()) // 2, height + 2 * pad))
            if fade < 1.0:
                box.set_alpha(round(255 * fade))
            surface.blit(box, rect.topleft)
            y = rect.bottom + pad
