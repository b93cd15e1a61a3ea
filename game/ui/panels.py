"""Panels drawn from the generic data a ruleset hands the UI, the same for every ruleset.

- the status block: a unit_view's "bars" ({label, value, max, good "high"/"low", note}), "tags"
  (short states) and "sections" ({title: [lines]});
- the odds box: a `Preview`'s outcomes as bars, its summary and its breakdown lines;
- hand cards: one `Ruleset.hand_view` entry (name, cost and its "cost_unit", playable, text, kind, why);
- facing arrows: the hex sides a unit may turn to, drawn around its token to be clicked.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.kinds import (
    HAND_CARD,
    HAND_COST,
    HAND_COST_UNIT,
    HAND_KIND,
    HAND_NAME,
    HAND_PLAYABLE,
    VIEW_BARS,
    VIEW_HEALTH_LABEL,
    VIEW_SECTIONS,
    VIEW_TAG_TIPS,
    VIEW_TAGS,
)
from game.core.ruleset import Preview
from game.ui.theme import Colour, Fonts, Palette
from game.ui.widgets import panel, percent

STRUCTURED_KEYS = frozenset({VIEW_BARS, VIEW_TAGS, VIEW_TAG_TIPS, VIEW_SECTIONS, VIEW_HEALTH_LABEL})
#: outcome names read as bad for the one attacking (drawn in the warning colour); a ruleset's UI
#: module adds its own (`register_card_kinds`)
BAD_WORDS: list[str] = ["miss", "fail", "catastroph", "fumble"]
#: hand card stripe colours by card kind, registered by a ruleset's UI module
KIND_COLOURS: dict[str, Colour] = {}


def register_card_kinds(colours: dict[str, Colour], bad_words: tuple[str, ...] = ()) -> None:
    """A ruleset's card kinds (stripe colours) and outcome words that read as bad."""
    KIND_COLOURS.update(colours)
    BAD_WORDS.extend(w for w in bad_words if w not in BAD_WORDS)


def has_status(view: dict[str, Any]) -> bool:
    """Whether a unit_view carries the generic status panel."""
    return any(view.get(k) for k in (VIEW_BARS, VIEW_TAGS, VIEW_SECTIONS))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def bar_colour(bar: dict[str, Any], pal: Palette) -> Colour:
    """Green while the value is on the good side, yellow half way, orange when it is bad."""
    value, top = _number(bar.get("value")), _number(bar.get("max"))
    if value is None or not top:
        return pal.dim
    frac = max(0.0, min(1.0, value / top))
    health = 1.0 - frac if bar.get("good") == "low" else frac
    if bar.get("note"):
        return pal.bad
    if health > 0.5:
        return pal.good
    return (240, 228, 66) if health > 0.25 else pal.bad


def draw_bars(surface: pygame.Surface, fonts: Fonts, pal: Palette, bars: list[dict[str, Any]],
              pos: tuple[int, int], width: int) -> int:
    """Labelled value bars, two columns when there are more than four; returns the y below."""
    x0, y = pos
    cols = 2 if len(bars) > 4 else 1
    gap = fonts.px(10)
    col_w = (width - gap * (cols - 1)) // cols
    lh = fonts.line_height(Fonts.SMALL)
    label_w = max(fonts.font(Fonts.SMALL).size(str(b.get("label", "")))[0] for b in bars) + fonts.px(6)
    label_w = min(label_w, col_w // 2)
    for i, b in enumerate(bars):
        col, row = i % cols, i // cols
        x = x0 + col * (col_w + gap)
        by = y + row * lh
        surface.blit(fonts.render(str(b.get("label", "")), Fonts.SMALL, pal.dim), (x, by))
        value, top = _number(b.get("value")), _number(b.get("max"))
        text = f"{b.get('value')}/{b.get('max')}" if top else str(b.get("value", ""))
        if b.get("note"):
            text += f" {b['note']}"
        # a long note ("10/10 overheating") is cut to what the column leaves after the bar
        room = col_w - label_w - fonts.px(16) - fonts.px(6)
        value_surf = fonts.render(fonts.fit(text, room, Fonts.SMALL), Fonts.SMALL, pal.text)
        bar_w = max(fonts.px(16), col_w - label_w - value_surf.get_width() - fonts.px(6))
        rect = pygame.Rect(x + label_w, by + lh // 2 - fonts.px(4), bar_w, fonts.px(8))
        pygame.draw.rect(surface, (24, 24, 28), rect)
        if value is not None and top:
            frac = max(0.0, min(1.0, value / top))
            if frac > 0:
                pygame.draw.rect(surface, bar_colour(b, pal), (rect.x, rect.y, max(1, round(rect.w * frac)),
                                                               rect.h))
        pygame.draw.rect(surface, pal.panel_edge, rect, 1)
        surface.blit(value_surf, (rect.right + fonts.px(4), by))
    rows = (len(bars) + cols - 1) // cols
    return y + rows * lh


def draw_tags(surface: pygame.Surface, fonts: Fonts, pal: Palette, tags: list[str], pos: tuple[int, int],
              width: int, hits: list[tuple[pygame.Rect, str]] | None = None) -> int:
    """Short states as pills, wrapped; returns the y below. `hits` collects each pill's rect and tag
    (for hover text)."""
    x0, y = pos
    x = x0
    lh = fonts.line_height(Fonts.SMALL) + fonts.px(4)
    for tag in tags:
        text = fonts.render(str(tag), Fonts.SMALL, pal.text)
        w = text.get_width() + fonts.px(10)
        if x > x0 and x + w > x0 + width:
            x = x0
            y += lh
        rect = pygame.Rect(x, y, w, lh - fonts.px(2))
        pygame.draw.rect(surface, pal.button, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, pal.panel_edge, rect, 1, border_radius=rect.h // 2)
        surface.blit(text, text.get_rect(center=rect.center))
        if hits is not None:
            hits.append((rect, str(tag)))
        x += w + fonts.px(4)
    return y + lh if tags else y


def section_lines(sections: dict[str, Any]) -> list[tuple[str, bool]]:
    """(text, is_title) rows of a unit_view's sections."""
    rows: list[tuple[str, bool]] = []
    for title, lines in sections.items():
        rows.append((str(title), True))
        items = lines if isinstance(lines, (list, tuple)) else [lines]
        rows += [(str(line), False) for line in items]
    return rows


def draw_status(surface: pygame.Surface, fonts: Fonts, pal: Palette, view: dict[str, Any],
                pos: tuple[int, int], width: int, max_y: int,
                hits: list[tuple[pygame.Rect, str]] | None = None) -> int:
    """The generic status block (bars, tags, sections) of a unit_view; returns the y below (`hits`
    collects the tags' rects, see `draw_tags`)."""
    x, y = pos
    bars = [b for b in view.get(VIEW_BARS) or [] if isinstance(b, dict)]
    if bars:
        y = draw_bars(surface, fonts, pal, bars, (x, y), width) + fonts.px(4)
    tags = [str(t) for t in view.get(VIEW_TAGS) or []]
    if tags:
        y = draw_tags(surface, fonts, pal, tags, (x, y), width, hits) + fonts.px(2)
    sections = view.get(VIEW_SECTIONS) or {}
    lh = fonts.line_height(Fonts.SMALL)
    for text, title in section_lines(sections if isinstance(sections, dict) else {}):
        indent = 0 if title else fonts.px(10)
        for part in fonts.wrap(text, width - indent, Fonts.SMALL, title):
            if y + lh > max_y:
                # in place of the last line shown (cleared first: nothing drawn over other text)
                more = fonts.render("… press I for everything", Fonts.SMALL, pal.active)
                at = max(pos[1], y - lh)
                surface.fill(pal.panel, pygame.Rect(x, at, width, lh))
                surface.blit(more, (x, at))
                return y
            colour = pal.dim if title else pal.text
            surface.blit(fonts.render(part, Fonts.SMALL, colour, title), (x + indent, y))
            y += lh
    return y


# -- the odds box --------------------------------------------------------------------------------
def preview_rows(preview: Preview) -> tuple[list[str], list[tuple[str, float]], list[str]]:
    """(summary lines, outcome bars, breakdown lines) of a preview."""
    if preview.headline:
        return [preview.headline], list(preview.outcomes), list(preview.lines)
    crit = f" · Crit {percent(preview.crit)}" if preview.crits else ""
    summary = [f"Hit {percent(preview.hit)}{crit} · Kill {percent(preview.kill)}"
               f" · Expected damage {preview.expected_damage:.2f}"]
    return summary, list(preview.outcomes), list(preview.lines)


def draw_preview(surface: pygame.Surface, fonts: Fonts, pal: Palette, preview: Preview,
                 anchor: tuple[int, int], footer: str = "", width: int = 380,
                 avoid: list[pygame.Rect] | None = None, within: pygame.Rect | None = None,
                 spare: list[pygame.Rect] | None = None) -> pygame.Rect:
    """The exact odds of an action before committing: every outcome as a bar, then the breakdown.
    Placed beside the anchor on the first side where it covers none of `avoid` (the acting unit,
    the odds written on the board), else in a corner of `within` (the board) that
    covers none; among those, the one covering least of `spare` (the units)."""
    width = min(fonts.px(width), surface.get_width() - 8)
    pad = fonts.px(8)
    inner = width - 2 * pad
    lh = fonts.line_height(Fonts.SMALL)
    summary, outcomes, lines = preview_rows(preview)
    title = fonts.wrap(preview.title or "Odds", inner, Fonts.BODY, True)
    wrapped_summary = [p for s in summary for p in fonts.wrap(s, inner, Fonts.SMALL)]
    wrapped_lines = [p for s in lines for p in fonts.wrap(s, inner - fonts.px(8), Fonts.SMALL)]
    foot = fonts.wrap(footer, inner, Fonts.SMALL, True) if footer else []  # drawn bold
    # each outcome's name left of its bar, wrapped where longer than its column (a grapple's
    # "hold reaches +3 (Restrained)"): the bar never runs over the words
    pct_w = fonts.font(Fonts.SMALL).size("100.0%")[0] + fonts.px(4)
    name_w = min(max((fonts.font(Fonts.SMALL).size(n)[0] for n, _ in outcomes), default=0) + fonts.px(8),
                 inner - pct_w - fonts.px(60))
    names = [fonts.wrap(n, name_w - fonts.px(6), Fonts.SMALL) or [n] for n, _ in outcomes]
    height = (2 * pad + len(title) * fonts.line_height(Fonts.BODY) + len(wrapped_summary) * lh
              + (sum(len(n) for n in names) * lh + pad if outcomes else 0) + len(wrapped_lines) * lh
              + (len(foot) * lh + pad // 2 if foot else 0))
    if within is not None and height > within.h - 2 * pad and wrapped_lines:
        # taller than the board (150 % on a small window): the breakdown is cut, never the box
        # spilled over the guide's band or the side panel
        fixed = height - len(wrapped_lines) * lh
        room = max(0, (within.h - 2 * pad - fixed) // lh)
        if room < len(wrapped_lines):
            wrapped_lines = wrapped_lines[:max(0, room - 1)] + ["…"] if room else []
            height = fixed + len(wrapped_lines) * lh
    sw, sh = surface.get_size()
    gap = fonts.px(18)
    spots = [(anchor[0] + gap, anchor[1] + gap), (anchor[0] - gap - width, anchor[1] + gap),
             (anchor[0] + gap, anchor[1] - gap - height), (anchor[0] - gap - width, anchor[1] - gap - height)]
    if within is not None:
        spots += [(within.x + pad, within.y + pad), (within.right - pad - width, within.y + pad),
                  (within.x + pad, within.bottom - pad - height),
                  (within.right - pad - width, within.bottom - pad - height)]
    rects = []
    for x, y in spots:
        r = pygame.Rect(min(max(4, x), sw - width - 4), min(max(4, y), sh - height - 4), width, height)
        if within is not None and r.w <= within.w:
            r.clamp_ip(within)  # never over the panel beside the board (nor the band above it)
        rects.append(r)
    def covered(r: pygame.Rect, under: list[pygame.Rect] | None) -> int:
        return sum(r.clip(a).w * r.clip(a).h for a in under or [])

    # the first spot that covers nothing, else the one covering least (spots in order of preference)
    rect = min(rects, key=lambda r: (covered(r, avoid) > 0, covered(r, avoid), covered(r, spare),
                                     rects.index(r)))
    panel(surface, rect, pal)  # opaque: the text under it never shows through
    cy = rect.y + pad
    for part in title:
        surface.blit(fonts.render(part, Fonts.BODY, pal.text, True), (rect.x + pad, cy))
        cy += fonts.line_height(Fonts.BODY)
    for part in wrapped_summary:
        surface.blit(fonts.render(part, Fonts.SMALL, pal.active), (rect.x + pad, cy))
        cy += lh
    if outcomes:
        cy += pad // 2
        for (name, prob), parts in zip(outcomes, names, strict=True):
            for part in parts[:-1]:
                surface.blit(fonts.render(part, Fonts.SMALL, pal.text), (rect.x + pad, cy))
                cy += lh
            surface.blit(fonts.render(parts[-1], Fonts.SMALL, pal.text), (rect.x + pad, cy))
            bar_rect = pygame.Rect(rect.x + pad + name_w, cy + lh // 2 - fonts.px(5),
                                   inner - name_w - pct_w, fonts.px(10))
            pygame.draw.rect(surface, (24, 24, 28), bar_rect)
            bad = any(w in name.lower() for w in BAD_WORDS)
            if prob > 0:
                filled = pygame.Rect(bar_rect)
                filled.w = max(1, round(bar_rect.w * min(1.0, prob)))
                pygame.draw.rect(surface, pal.bad if bad else pal.good, filled)
            pct = fonts.render(percent(prob), Fonts.SMALL, pal.text)
            surface.blit(pct, (rect.right - pad - pct.get_width(), cy))
            cy += lh
        cy += pad // 2
    for part in wrapped_lines:
        surface.blit(fonts.render(part, Fonts.SMALL, pal.dim), (rect.x + pad + fonts.px(8), cy))
        cy += lh
    if foot:
        cy += pad // 2
        for part in foot:
            surface.blit(fonts.render(part, Fonts.SMALL, pal.text, True), (rect.x + pad, cy))
            cy += lh
    return rect


# -- hand cards ----------------------------------------------------------------------------------
def draw_hand_card(fonts: Fonts, pal: Palette, entry: dict[str, Any], height: int,
                   focused: bool = False, hot: bool = False) -> pygame.Surface:
    """One card of a hand_view: cost badge, name, kind stripe; dimmed when it cannot be played now.

    A playing card ("card" like "10H" or a joker) is drawn as one, with its value and suit.
    """
    from game.ui.chancefx import draw_card, is_standard_card

    card_id = str(entry.get(HAND_CARD, ""))
    if is_standard_card(card_id):
        surf = draw_card(fonts, card_id, height)
        if not entry.get(HAND_PLAYABLE):
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(shade, (40, 40, 46, 120), shade.get_rect(), border_radius=max(3, height // 12))
            surf.blit(shade, (0, 0))
        edge = pal.active if focused else ((255, 255, 255) if hot else None)
        if edge is not None:
            radius = max(3, height // 12)
            pygame.draw.rect(surf, edge, surf.get_rect(), 3 if focused else 2, border_radius=radius)
        return surf
    w, h = round(height * 1.2), height
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, h // 12)
    playable = bool(entry.get(HAND_PLAYABLE))
    face = (248, 246, 240) if playable else (170, 170, 172)
    ink = (25, 25, 30) if playable else (85, 85, 92)
    pygame.draw.rect(surf, face, rect, border_radius=radius)
    kind = str(entry.get(HAND_KIND, ""))
    stripe = KIND_COLOURS.get(kind, (150, 150, 160))
    if not playable:
        stripe = tuple(int(v * 0.5 + 60) for v in stripe)  # type: ignore[assignment]
    pygame.draw.rect(surf, stripe, (0, h - max(4, h // 7), w, max(4, h // 7)),
                     border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    edge = pal.active if focused else ((255, 255, 255) if hot else (110, 110, 120))
    pygame.draw.rect(surf, edge, rect, 3 if focused else (2 if hot else 1), border_radius=radius)
    size = max(8, min(Fonts.SMALL, round(h * 0.17 / fonts.scale)))
    cost = entry.get(HAND_COST)
    if not cost and not entry.get(HAND_COST_UNIT):
        cost = None  # a free card of a ruleset without costs: no badge
    badge_r = max(7, h // 7)
    name_top = 2
    if cost is not None:
        centre = (badge_r + 3, badge_r + 3)
        pygame.draw.circle(surf, (40, 70, 130) if playable else (110, 110, 118), centre, badge_r)
        num = fonts.render(str(cost), size, (255, 255, 255), True)
        surf.blit(num, num.get_rect(center=centre))
        name_top = badge_r * 2 + 4
    lh = fonts.line_height(size)
    parts = fonts.wrap(str(entry.get(HAND_NAME, "?")), w - 8, size, True)
    room = max(1, (h - max(4, h // 7) - name_top) // lh)
    y = name_top
    for part in parts[:room]:
        line = fonts.render(part, size, ink, True)
        surf.blit(line, line.get_rect(midtop=(w // 2, y)))
        y += lh
    unit = entry.get(HAND_COST_UNIT)
    if cost is not None and unit:
        sp = fonts.render(str(unit), max(7, size - 3), ink)
        surf.blit(sp, (badge_r * 2 + 6, badge_r + 3 - sp.get_height() // 2))
    return surf


# -- facing arrows -------------------------------------------------------------------------------
Point = tuple[float, float]


def arrow_points(centre: Point, angle: float, radius: float, size: float) -> list[Point]:
    """A triangle pointing outwards at `angle`, its base `radius` from the centre."""
    cx, cy = centre
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    base = (cx + ux * radius, cy + uy * radius)
    tip = (base[0] + ux * size, base[1] + uy * size)
    half = size * 0.62
    return [tip, (base[0] + px * half, base[1] + py * half), (base[0] - px * half, base[1] - py * half)]


def draw_arrow(surface: pygame.Surface, fonts: Fonts, pal: Palette, pts: list[Point], number: str,
               current: bool, hot: bool) -> pygame.Rect:
    """One facing arrow with its hotkey number; returns its clickable rect."""
    fill = pal.active if hot else ((255, 255, 255) if current else (250, 250, 250))
    pygame.draw.polygon(surface, (15, 15, 20), pts, 0)
    mid = (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)
    inner = [(mid[0] * 0.18 + p[0] * 0.82, mid[1] * 0.18 + p[1] * 0.82) for p in pts]
    pygame.draw.polygon(surface, fill, inner, 0)
    if current:
        pygame.draw.polygon(surface, pal.good, inner, 3)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    rect = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)) + 1,
                       round(max(ys) - min(ys)) + 1)
    if number:
        label = fonts.render(number, Fonts.SMALL, (15, 15, 20), True)
        cx, cy = sum(xs) / 3, sum(ys) / 3
        surface.blit(label, label.get_rect(center=(round(cx), round(cy))))
    return rect.inflate(6, 6)
