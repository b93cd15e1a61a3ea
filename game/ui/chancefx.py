"""Chance made visible: cards (value + suit, jokers distinct), dice faces and coins, flipped in briefly.

A chance event's `data` may carry "cards" (card strings), "dice" (face names, with "die" naming
the kind of die, which colours it) and "coin" (True for heads); the popup shows them with the
event's text while the sound plays. Named faces of custom dice are drawn as symbols that a
ruleset's UI module registers (`register_faces`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.cards import BLACK_JOKER, RED_JOKER, STANDARD_RANKS, STANDARD_SUITS
from game.core.events import Event
from game.core.kinds import CTX_CARDS, CTX_DICE, CTX_DIE
from game.ui.theme import Fonts, Palette
from game.ui.widgets import clear_spot

SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = (200, 30, 40)
INK = (25, 25, 30)


def is_standard_card(card: str) -> bool:
    """A playing card string like '10H' or a joker."""
    if card in (RED_JOKER, BLACK_JOKER):
        return True
    return len(card) >= 2 and card[-1] in STANDARD_SUITS and card[:-1] in STANDARD_RANKS


def draw_card(fonts: Fonts, card: str, height: int, face_up: bool = True, name: str | None = None
              ) -> pygame.Surface:
    """A card picture: rank and suit, jokers in their own colours, other cards by name (`name`, the
    ruleset's display name, else the id made readable); every word of the name fits the card."""
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
        name = name or card_name(card)
        # a long single word ("Earthshaker") gets a smaller size rather than being cut off
        while size > 7 and max(fonts.font(size, True).size(word)[0] for word in name.split()) > w - 6:
            size -= 1
        parts = fonts.wrap(name, w - 6, size, True)
        while size > 7 and fonts.line_height(size) * len(parts) > h - 4:
            size -= 1
            parts = fonts.wrap(name, w - 6, size, True)
        lh = fonts.line_height(size)
        y = max(2, (h - lh * len(parts)) // 2)
        for part in parts:
            line = fonts.render(part, size, INK, True)
            surf.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += lh
    return surf


SMALL_WORDS = frozenset({"a", "an", "and", "at", "for", "in", "of", "on", "the", "to"})


def card_name(card: str) -> str:
    """A ruleset card id made readable: 'emergency_vent' -> 'Emergency Vent', 'call_to_arms' ->
    'Call to Arms' (the ruleset's own display name is better: `Ruleset.card_label`)."""
    if any(ch.isupper() for ch in card) or " " in card:
        return card
    words = card.replace("_", " ").replace("-", " ").split()
    return " ".join(w if (i and w in SMALL_WORDS) else w.capitalize() for i, w in enumerate(words))


Point = tuple[float, float]

#: die bodies by the kind an event names in data["die"] (custom dice tell their kind by colour too)
DIE_COLOURS: dict[str, tuple[int, int, int]] = {
    "attack": (236, 224, 200),
    "defense": (196, 214, 236),
}
#: die bodies by the kind an event names in data["die"] (a ruleset's UI module adds its dice)
DIE_COLOURS: dict[str, tuple[int, int, int]] = {}
#: painters of named die faces (lower-case name -> painter of a symbol on a size x size surface);
#: a ruleset's UI module registers its faces (casket: game/ui/rulesets/casket.py)
FACE_SYMBOLS: dict[str, Any] = {}


def register_faces(painters: dict[str, Any], colours: dict[str, tuple[int, int, int]] | None = None) -> None:
    """Add named die faces (and die body colours by kind) that dice and prompts draw as symbols."""
    FACE_SYMBOLS.update({name.lower(): p for name, p in painters.items()})
    DIE_COLOURS.update(colours or {})


def draw_symbol(surf: pygame.Surface, face: str, size: int) -> bool:
    """Draw a registered die face's symbol on a size x size surface; False for an unknown face."""
    painter = FACE_SYMBOLS.get(face.strip().lower())
    if painter is None:
        return False
    painter(surf, size)
    return True


def draw_die(
    fonts: Fonts, face: str, size: int, colour: tuple[int, int, int] | None = None, kind: str = ""
) -> pygame.Surface:
    """A die showing one face: pips for 1-6, a drawn symbol for named faces (with the name under
    it), the number or face name otherwise. `kind` (an event's data["die"]) picks the body colour."""
    colour = colour or DIE_COLOURS.get(kind, (245, 245, 245))
    text = str(face)
    symbol = text.strip().lower() in FACE_SYMBOLS
    label = fonts.render(text, Fonts.SMALL, (235, 235, 240), True) if symbol else None
    caption = label.get_height() if label is not None else 0
    width = max(size, label.get_width()) if label is not None else size
    surf = pygame.Surface((width, size + caption), pygame.SRCALPHA)
    rect = pygame.Rect((width - size) // 2, 0, size, size)
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
    if text in pips:
        r = max(2, size // 10)
        for fx, fy in pips[text]:
            pygame.draw.circle(surf, INK, (round(fx * size), round(fy * size)), r)
        return surf
    if label is not None:
        face_surf = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_symbol(face_surf, text, size)
        surf.blit(face_surf, rect.topleft)
        surf.blit(label, label.get_rect(midtop=(width // 2, size)))
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


#: heads: a bright gold coin with a crown; tails: a dim silver coin with a plain ring. The shapes
#: differ as well as the colours, so neither colour vision nor letters are needed to tell them apart.
HEADS_GOLD, HEADS_INK = (236, 196, 64), (96, 64, 8)
TAILS_SILVER, TAILS_INK = (150, 152, 162), (66, 68, 78)


def draw_coin(fonts: Fonts, heads: bool, size: int) -> pygame.Surface:
    """A token flip result: a crowned face for heads, a ringed face for tails (the caption names it)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c, r = size / 2, size // 2 - 1
    edge = max(2, size // 22)
    pygame.draw.circle(surf, HEADS_GOLD if heads else TAILS_SILVER, (c, c), r)
    pygame.draw.circle(surf, INK, (c, c), r, edge)
    if heads:
        def at(fx: float, fy: float) -> tuple[float, float]:
            return fx * size, fy * size
        crown = [at(0.27, 0.70), at(0.27, 0.38), at(0.39, 0.53), at(0.5, 0.30), at(0.61, 0.53),
                 at(0.73, 0.38), at(0.73, 0.70)]
        pygame.draw.polygon(surf, HEADS_INK, crown)
        pygame.draw.rect(surf, HEADS_INK, pygame.Rect(*at(0.25, 0.66), 0.5 * size, 0.08 * size))
        for fx, fy in ((0.27, 0.36), (0.5, 0.28), (0.73, 0.36)):
            pygame.draw.circle(surf, HEADS_INK, at(fx, fy), max(2, size * 0.05))
    else:
        pygame.draw.circle(surf, TAILS_INK, (c, c), r * 0.6, max(2, size // 14))
    return surf


def chance_items(event: Event) -> list[tuple[str, Any]]:
    """The visible chance pieces of an event: ('card', s), ('die', face), ('coin', bool)."""
    data = event.data or {}
    items: list[tuple[str, Any]] = []
    for card in data.get(CTX_CARDS) or []:
        items.append(("card", str(card)))
    for face in data.get(CTX_DICE) or []:
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
    if data.get(CTX_CARDS):
        return "flip"
    if data.get(CTX_DICE) or "coin" in data:
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
        #: card ids -> display names (the battle screen fills it from the ruleset)
        self.names: dict[str, str] = {}
        #: where the last draw put each popup (other boxes keep clear of them)
        self.rects: list[pygame.Rect] = []

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

    def _pieces(self, p: Popup, area: pygame.Rect, compact: bool
                ) -> tuple[list[pygame.Surface], list[pygame.Surface], int, int]:
        """A popup's pictures and text lines and its box's size: the pictures over the text, or
        (`compact`) smaller pictures beside the text."""
        fonts = self.fonts
        card_h, die = (fonts.px(36), fonts.px(26)) if compact else (fonts.px(74), fonts.px(44))
        pad = fonts.px(8)
        pieces: list[pygame.Surface] = []
        for kind, value in p.items:
            if kind == "card":
                pieces.append(draw_card(fonts, value, card_h, name=self.names.get(value)))
            elif kind == "die":
                die_kind = str((p.event.data or {}).get(CTX_DIE, ""))
                pieces.append(draw_die(fonts, value, die, kind=die_kind))
            else:
                pieces.append(draw_coin(fonts, value, die))
        # the event's text, up to two lines (a roll's result comes at the end of it)
        room = fonts.px(190) if compact else max(fonts.px(200), int(area.w * 0.8))
        lines = fonts.wrap(p.event.text, room, Fonts.SMALL)[:2]
        texts = [fonts.render(t, Fonts.SMALL, self.pal.text) for t in lines]
        text_w = max((t.get_width() for t in texts), default=0)
        text_h = sum(t.get_height() for t in texts)
        pics_w = sum(s.get_width() + pad for s in pieces) + pad
        pics_h = max((s.get_height() for s in pieces), default=0)
        if compact:
            return pieces, texts, pics_w + text_w + pad, max(pics_h, text_h) + 2 * pad
        return pieces, texts, max(pics_w, text_w + 2 * pad), pics_h + text_h + 3 * pad

    def draw(self, surface: pygame.Surface, area: pygame.Rect,
             avoid: list[pygame.Rect] | None = None) -> None:
        """Stack the popups at the top of the board area, moved the least to keep clear of the
        `avoid` boxes (an open prompt, the AI's reasoning; the first matter most); smaller, the
        pictures beside the text, where the full size finds no room clear of the first box. An
        older popup left no room of its own is not drawn under a newer one."""
        pad = self.fonts.px(8)
        y = area.y + pad
        first = avoid[0] if avoid else None
        placed: list[tuple[Popup, bool, pygame.Rect]] = []
        for p in self.popups:
            for compact in (False, True):
                _, _, width, height = self._pieces(p, area, compact)
                rect = pygame.Rect(0, y, width, height)
                rect.centerx = area.centerx
                # the nearest spot clear of the boxes (an open prompt first) and of the popups above
                rect = clear_spot(rect, area, [*(avoid or []), *(r for _, _, r in placed)], pad)
                if first is None or not rect.colliderect(first):
                    break
            placed.append((p, compact, rect))
            y = rect.bottom + pad
        shown = [x for i, x in enumerate(placed)
                 if not any(x[2].colliderect(r) for _, _, r in placed[i + 1:])]
        self.rects = [r for _, _, r in shown]
        for p, compact, rect in shown:
            pieces, texts, width, height = self._pieces(p, area, compact)
            fade = 1.0 if p.age < p.life - 0.3 else max(0.0, (p.life - p.age) / 0.3)
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (*self.pal.panel, round(230 * fade)), box.get_rect(), border_radius=8)
            pics_w = sum(s.get_width() + pad for s in pieces) - pad
            x = pad if compact else (width - pics_w) // 2
            t = min(1.0, p.age / p.flip) if p.flip > 0 else 1.0
            for s in pieces:
                # The flip: a piece grows from a sliver to full width.
                w = max(1, round(s.get_width() * t))
                piece = s if w == s.get_width() else pygame.transform.smoothscale(s, (w, s.get_height()))
                top = (height - s.get_height()) // 2 if compact else pad
                box.blit(piece, (x + (s.get_width() - w) // 2, top))
                x += s.get_width() + pad
            text_h = sum(t.get_height() for t in texts)
            ty = (height - text_h) // 2 if compact else height - text_h - pad
            for line in texts:
                tx = x if compact else (width - line.get_width()) // 2
                box.blit(line, (tx, ty))
                ty += line.get_height()
            if fade < 1.0:
                box.set_alpha(round(255 * fade))
            surface.blit(box, rect.topleft)
