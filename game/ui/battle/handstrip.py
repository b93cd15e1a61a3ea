"""The hand strip: the viewer's private cards along the bottom of the board."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.kinds import (
    HAND_CARD,
    HAND_COST_UNIT,
    HAND_GROUP,
    HAND_NAME,
    HAND_OPTION,
    HAND_PLAYABLE,
    HAND_UNIT,
    HAND_WHY,
    VIEW_BARS,
)
from game.ui.battle.labels import display_name
from game.ui.chancefx import draw_card, is_standard_card
from game.ui.panels import (
    draw_hand_card,
)
from game.ui.theme import Fonts
from game.ui.view import Pile

#: the smallest card height (design px) the strip shrinks to before it wraps cards onto more rows
MIN_CARD = 40
#: the share of the board's height the strip's cards may take at most
CARD_SHARE = 0.2
#: the share of the board's height hands stacked one above the other may take before they shrink
STACK_SHARE = 0.45


def fit_cards(pieces: list[tuple[int, list[float]]], base: int, least: int, room: int, gap: int,
              space: int, tall: int = 0) -> tuple[int, list[list[tuple[int, int, int]]]]:
    """Card height and rows for titled groups of cards (title width, each card's width/height)
    in `room` pixels: all groups side by side with the largest cards from `base` down to `least`
    that fit; else groups one above another (the largest cards that fit whose rows together stay
    within `tall` pixels of cards); else at `least`, a group's cards wrapped over rows. Rows hold
    (group, first card, end card); a group's cards after the first row have no title."""

    def width(title: int, aspects: list[float], h: int) -> int:
        return max(title, sum(round(h * a) + gap for a in aspects) - gap if aspects else 0)

    whole = [(i, 0, len(a)) for i, (_t, a) in enumerate(pieces)]
    for h in range(base, least - 1, -1):
        if sum(width(t, a, h) for t, a in pieces) + space * (len(pieces) - 1) <= room:
            return h, [whole]
    for h in range(base, least - 1, -1):
        if all(width(t, a, h) <= room for t, a in pieces):
            rows: list[list[tuple[int, int, int]]] = []
            x = room + 1
            for i, (t, a) in enumerate(pieces):
                w = width(t, a, h)
                if x + space + w > room:
                    rows.append([])
                    x = -space
                rows[-1].append((i, 0, len(a)))
                x += space + w
            # a stack of large cards would hide the board: smaller ones while it is too tall
            if len(rows) * h <= tall or h == least:
                return h, rows
    rows = []
    for i, (_t, a) in enumerate(pieces):
        first, x = 0, 0
        for k, asp in enumerate(a):
            w = round(least * asp)
            if k > first and x + gap + w > room:
                rows.append([(i, first, k)])
                first, x = k, 0
            x = w if k == first else x + gap + w
        rows.append([(i, first, len(a))])
    return least, rows


def _head_lines(f: Fonts, head: str, room: int) -> list[str]:
    """The strip's heading in one line, else two split between its " · " parts (cut to fit)."""
    small = f.font(Fonts.SMALL)
    if small.size(head)[0] <= room:
        return [head]
    parts = head.split("  ·  ")
    n = 1
    while n < len(parts) and small.size("  ·  ".join(parts[:n + 1]))[0] <= room:
        n += 1
    first, rest = "  ·  ".join(parts[:n]), "  ·  ".join(parts[n:])
    return [f.fit(first, room, Fonts.SMALL), *([f.fit(rest, room, Fonts.SMALL)] if rest else [])]


class HandStripMixin:
    """The hand strip (a part of BattleScene)."""

    def hand_entries(self) -> tuple[str, list[dict[str, Any]]]:
        """The hand the strip shows: a title and its cards (one unit's when hands belong to units)."""
        if not self.hand:
            return "", []
        owners = [int(e[HAND_UNIT]) for e in self.hand if isinstance(e.get(HAND_UNIT), int)]
        if not owners:
            return "Hand", list(self.hand)
        ent = self.model.hand_owner(owners, self._offered_unit())
        if ent is None:
            return "", []
        u = self.unit_by_ent.get(ent)
        name = u.name if u is not None else "Your unit"
        entries = [e for e in self.hand if e.get(HAND_UNIT) == ent]
        title = f"{name}'s hand"
        # what is left to pay cards with: the unit's bar named like the cards' cost unit ("SP")
        unit_name = next((str(e[HAND_COST_UNIT]) for e in entries if e.get(HAND_COST_UNIT)), "")
        bars = u.view.get(VIEW_BARS) if u is not None else None
        left = next((b.get("value") for b in bars or [] if isinstance(b, dict) and unit_name
                     and b.get("label") == unit_name), None)
        if isinstance(left, int) and ent == self.model.acting:
            title += f" · {left} {unit_name} left"
        return title, [e for e in self.hand if e.get(HAND_UNIT) == ent]

    def _hand_card_at(self, pos: tuple[int, int]) -> dict[str, Any] | None:
        """The hand strip card under a point (not where an open prompt covers the strip)."""
        if not self.show_strip or self.modal_area.collidepoint(pos):
            return None
        return next((e for r, e in self.hand_hits if r.collidepoint(pos)), None)

    def _offered_unit(self) -> int | None:
        """With nobody selected, the unit of the action button under the mouse, else of the first
        button (a side choosing which unit acts sees that unit's panel and hand)."""
        hot = self._hot_button()
        by_label = {g.label: g for g in self.groups}
        for g in ([by_label[hot.label]] if hot is not None and hot.label in by_label else []) + self.groups:
            actor = g.actions[0].actor
            if actor is not None and actor in self.unit_by_ent:
                return actor
        return None

    def play_hand_card(self, entry: dict[str, Any]) -> None:
        """A click on a hand card: play it at once, or offer its targets, destinations and options."""
        self.dirty = True
        self._strip_surface = None
        group = entry.get(HAND_GROUP)
        if group and group == self.focus:
            self.cancel_focus()
            return
        d = self.session.decision
        if d is not None and not self.replay and self.handoff is None and self.session.waiting_for_human:
            # A prompt open: a card it offers ("option", e.g. a card to cheat in) answers it.
            if entry.get(HAND_PLAYABLE) and entry.get(HAND_OPTION) in d.keys():
                self.answer(str(entry[HAND_OPTION]))
            else:
                why = entry.get(HAND_WHY) or "not an answer to this prompt"
                self.toast = (f"{entry.get(HAND_NAME, 'That card')}: {why}.", 2.5)
            return
        if not self.human_input:
            return
        if not entry.get(HAND_PLAYABLE):
            why = entry.get(HAND_WHY) or "cannot be played now"
            self.toast = (f"{entry.get(HAND_NAME, 'That card')}: {why}.", 2.5)
            return
        legal = [a for a in self.session.legal() if group and a.hotkey_group == group
                 and (entry.get(HAND_UNIT) is None or a.actor == entry.get(HAND_UNIT))]
        if not legal:
            self.toast = (f"{entry.get(HAND_NAME, 'That card')} has no legal use now.", 2.5)
            return
        if len(legal) == 1 and legal[0].target is None and legal[0].cell is None and not legal[0].path:
            self.submit(legal[0])
            return
        self.focus = group
        self.chooser = None
        if legal[0].actor is not None and (self.turn is None or self.turn.unit is None):
            self.selected = legal[0].actor
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = None

    _strip_rect: pygame.Rect | None = None
    strip_faded = False
    #: where each card of the strip was drawn last (screen; clickable or not)
    strip_cards: list[pygame.Rect] = []  # replaced, never changed in place
    _strip_cards: list[pygame.Rect] = []

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The viewer's private cards (hand) along the bottom of the board, piles summarised."""
        self.hand_hits = []
        self.strip_cards = []
        self._strip_rect = None
        if (not self.piles and not self.hand) or not self.show_strip:
            return
        if self._strip_surface is None:
            self._strip_hits = []
            self._strip_cards = []
            self._strip_surface = self._render_hand_strip() if self.hand else self._render_strip()
        if self._strip_surface is not None:
            m = self.fonts.px(6)
            board = self.board_rect
            rect = self._strip_surface.get_rect(bottomleft=(board.x + m, board.bottom - m))
            # never over the acting unit: the other bottom corner, else faded to show it through
            ent = self.turn.unit if self.turn is not None else None
            acting = self.unit_by_ent.get(ent) if ent is not None else None
            keep = self._screen_cell_rect(acting.cell) if acting is not None else None
            faded = False
            if keep is not None and rect.colliderect(keep):
                right = self._strip_surface.get_rect(bottomright=(self.board_rect.right - m, rect.bottom))
                if not right.colliderect(keep) and right.left >= self.board_rect.x:
                    rect = right
                else:
                    faded = True
            self.strip_faded = faded
            if faded:
                ghost = self._strip_surface.copy()
                ghost.set_alpha(110)
                surface.blit(ghost, rect)
            else:
                surface.blit(self._strip_surface, rect)
            self._strip_rect = rect
            self.hand_hits = [(r.move(rect.topleft), e) for r, e in self._strip_hits]
            self.strip_cards = [r.move(rect.topleft) for r in self._strip_cards]
            for r, e in self.hand_hits:
                if r.collidepoint(self.mouse) and e.get(HAND_GROUP) != self.focus:
                    pygame.draw.rect(surface, (255, 255, 255), r.inflate(2, 2), 2, border_radius=5)

    def _strip_room(self) -> tuple[int, int, int]:
        """(width inside the strip, the cards' largest height, their smallest) for this board: the
        strip keeps inside the board, and its cards to a share of the board's height."""
        f = self.fonts
        board = self.board_rect
        inner = board.w - 2 * f.px(6) - 2 * f.px(6)
        base = min(f.px(66), max(f.px(MIN_CARD), round(board.h * CARD_SHARE)))
        return inner, base, f.px(MIN_CARD)

    def _render_hand_strip(self) -> pygame.Surface | None:
        """The hand from the ruleset's hand_view: cost, name, kind; what cannot be played is dimmed.
        Cards shrink to fit the board's width, then wrap onto a second row."""
        f, pal = self.fonts, self.pal
        title, entries = self.hand_entries()
        if not entries:
            return None
        owner = entries[0].get(HAND_UNIT)
        # the holder's other piles (a second card family's zones are prefixed and left out)
        summary = [f"{self._zone_name(p.zone)} {p.count}" for p in self.piles
                   if p.owner == owner and " " not in p.zone and not p.zone.startswith("hand")]
        pad = f.px(6)
        gap = f.px(4)
        inner, base, least = self._strip_room()
        aspects = [0.7 if is_standard_card(str(e.get(HAND_CARD, ""))) else 1.2 for e in entries]
        card_h, rows = fit_cards([(0, aspects)], base, least, inner, gap, 0)
        focus = self.focus
        cards = [draw_hand_card(f, pal, e, card_h, focused=focus is not None and e.get(HAND_GROUP) == focus)
                 for e in entries]
        playable = sum(1 for e in entries if e.get(HAND_PLAYABLE))
        hint = (f"{playable} playable: click one to play it" if playable and self.human_input
                else "nothing playable now" if self.human_input else "")
        head = f"{title}  ·  {hint}" if hint else title
        if summary:
            head += "  ·  " + ", ".join(summary[:5])
        lh = f.line_height(Fonts.SMALL)
        lines = [(a, b) for row in rows for _i, a, b in row]
        cards_w = max(sum(c.get_width() + gap for c in cards[a:b]) - gap for a, b in lines)
        width = min(max(cards_w, f.font(Fonts.SMALL).size(head)[0]) + 2 * pad, inner + 2 * pad)
        # a heading wider than the strip goes on two lines (its piles on the second)
        heads = _head_lines(f, head, width - 2 * pad)
        height = pad + lh * len(heads) + len(lines) * (card_h + gap) - gap + pad
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*pal.panel, 230), surf.get_rect(), border_radius=6)
        for k, text in enumerate(heads):
            surf.blit(f.render(text, Fonts.SMALL, pal.text), (pad, pad // 2 + k * lh))
        y = pad + lh * len(heads)
        for a, b in lines:
            x = pad
            for card, entry in zip(cards[a:b], entries[a:b], strict=True):
                surf.blit(card, (x, y))
                self._strip_hits.append((pygame.Rect(x, y, card.get_width(), card.get_height()), entry))
                self._strip_cards.append(self._strip_hits[-1][0])
                x += card.get_width() + gap
            y += card_h + gap
        return surf

    def shown_hands(self) -> list[Pile]:
        """Private zones the viewer may see: their side's hands and the selected unit's."""
        out = []
        for p in self.piles:
            if p.cards is None or p.visibility in ("all", "none"):
                continue
            owner_is_unit = p.owner in self.unit_by_ent
            if owner_is_unit and p.owner != self.selected:
                continue
            out.append(p)
        return out

    def _render_strip(self) -> pygame.Surface | None:
        """The hands the viewer may see (both sides' in a replay's all-revealed view), each titled,
        side by side with cards shrunk to fit the board's width, else one above the other; the other
        piles summed up on the first title line when there is room, else under the cards."""
        f, pal = self.fonts, self.pal
        hands = self.shown_hands()
        summary = []
        for p in self.piles:
            if p.owner in self.unit_by_ent and p.owner != self.selected:
                continue
            if " " in p.zone:
                continue  # a second card family's zones (prefixed ids) are the unit panel's to show
            if p.cards is None or p.visibility == "all" and p.zone != "hand":
                vis = "" if p.cards is not None else " hidden" if p.visibility not in ("none",) else ""
                summary.append(f"{self._zone_name(p.zone)} {p.count}{vis}")
        pad = f.px(6)
        gap = 3
        small = f.font(Fonts.SMALL)
        pieces: list[tuple[str, list[str]]] = []
        for p in hands:
            zone = p.zone.split(":")[0].replace("_", " ").capitalize()
            if p.owner in self.unit_by_ent:
                title = f"{p.owner_name}'s {zone.lower()}"  # as the hand strip of a side's view
            else:
                seen = self.side_name(p.visibility) if p.visibility in self.session.sides else p.visibility
                title = f"{zone} ({seen})" if p.visibility not in ("all", "none") else zone
            pieces.append((title, list(p.cards or ())))
        sum_text = "  ·  ".join(summary[:6])
        if not pieces and not sum_text:
            return None
        inner, base, least = self._strip_room()
        base = min(base, f.px(58))
        specs = [(small.size(t)[0], [0.7 if is_standard_card(c) else 1.25 for c in cards])
                 for t, cards in pieces]
        lh = f.line_height(Fonts.SMALL)
        tall = round(STACK_SHARE * self.board_rect.h) - len(pieces) * (lh + pad) - (lh + pad)
        card_h, rows = fit_cards(specs, base, least, inner, gap, 2 * pad, tall)
        if not pieces:
            rows = []  # piles only: one line of counts, no empty row of cards under it
        drawn = {i: [draw_card(f, c, card_h) for c in cards] for i, (_t, cards) in enumerate(pieces)}

        def row_width(row: list[tuple[int, int, int]]) -> int:
            return sum(max(small.size(pieces[i][0])[0] if a == 0 else 0,
                           sum(c.get_width() + gap for c in drawn[i][a:b]) - gap) for i, a, b in row) \
                + 2 * pad * (len(row) - 1)

        widths = [row_width(r) for r in rows]
        sum_w = small.size(sum_text)[0] if sum_text else 0
        # the summary on the first row's title line, right of its last title, when it fits there
        titles_end = 0
        if rows and rows[0]:  # (no group at all: one empty row)
            *before, (last, _a, _b) = rows[0]
            titles_end = (row_width(before) + 2 * pad if before else 0) + small.size(pieces[last][0])[0]
        beside = bool(sum_text) and bool(rows) and titles_end + 3 * pad + sum_w <= inner
        content = max([*widths, 0 if beside or not sum_text else sum_w,
                       titles_end + 3 * pad + sum_w if beside else 0])
        width = min(content, inner) + 2 * pad
        height = pad + len(rows) * (lh + card_h + pad) + (lh + pad if sum_text and not beside else 0)
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*pal.panel, 225), surf.get_rect(), border_radius=6)
        y = pad
        for row in rows:
            x = pad
            for i, a, b in row:
                if a == 0:
                    title = f.fit(pieces[i][0], inner, Fonts.SMALL)
                    surf.blit(f.render(title, Fonts.SMALL, pal.text), (x, y))
                cx = x
                for c in drawn[i][a:b]:
                    surf.blit(c, (cx, y + lh))
                    self._strip_cards.append(c.get_rect(topleft=(cx, y + lh)))
                    cx += c.get_width() + gap
                x = max(cx - gap, x + (small.size(pieces[i][0])[0] if a == 0 else 0)) + 2 * pad
            y += lh + card_h + pad
        if sum_text:
            text = f.render(f.fit(sum_text, inner, Fonts.SMALL), Fonts.SMALL, pal.dim)
            at = (width - pad - text.get_width(), pad) if beside else (pad, height - lh - pad // 2)
            surf.blit(text, at)
        return surf

    def _zone_name(self, zone: str) -> str:
        """A card zone as players read it: "hand:p2" -> "hand (their squad)", "deck_top" -> "deck top"."""
        base, _, owner = zone.partition(":")
        name = display_name(base)
        return f"{name} ({self.side_name(owner)})" if owner in self.session.sides else name
