"""The hand strip: the viewer's private cards along the bottom of the board."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.kinds import (
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
from game.ui.chancefx import draw_card
from game.ui.panels import (
    draw_hand_card,
)
from game.ui.theme import Fonts
from game.ui.view import Pile


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

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The viewer's private cards (hand) along the bottom of the board, piles summarised."""
        self.hand_hits = []
        self._strip_rect = None
        if (not self.piles and not self.hand) or not self.show_strip:
            return
        if self._strip_surface is None:
            self._strip_hits = []
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
            for r, e in self.hand_hits:
                if r.collidepoint(self.mouse) and e.get(HAND_GROUP) != self.focus:
                    pygame.draw.rect(surface, (255, 255, 255), r.inflate(2, 2), 2, border_radius=5)

    def _render_hand_strip(self) -> pygame.Surface | None:
        """The hand from the ruleset's hand_view: cost, name, kind; what cannot be played is dimmed."""
        f, pal = self.fonts, self.pal
        title, entries = self.hand_entries()
        if not entries:
            return None
        owner = entries[0].get(HAND_UNIT)
        # the holder's other piles (a second card family's zones are prefixed and left out)
        summary = [f"{self._zone_name(p.zone)} {p.count}" for p in self.piles
                   if p.owner == owner and " " not in p.zone and not p.zone.startswith("hand")]
        card_h = f.px(66)
        pad = f.px(6)
        gap = f.px(4)
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
        width = pad + sum(c.get_width() + gap for c in cards) - gap + pad
        width = max(width, f.font(Fonts.SMALL).size(head)[0] + 2 * pad)
        width = min(width, self.board_rect.w - 2 * pad)
        height = pad + lh + card_h + pad
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*pal.panel, 230), surf.get_rect(), border_radius=6)
        surf.blit(f.render(head, Fonts.SMALL, pal.text), (pad, pad // 2))
        x = pad
        for card, entry in zip(cards, entries, strict=True):
            if x + card.get_width() > width - pad:
                break
            surf.blit(card, (x, pad + lh))
            self._strip_hits.append((pygame.Rect(x, pad + lh, card.get_width(), card.get_height()), entry))
            x += card.get_width() + gap
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
        f = self.fonts
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
        card_h = f.px(58)
        pad = f.px(6)
        width = pad
        pieces: list[tuple[str, list[pygame.Surface]]] = []
        for p in hands:
            cards = [draw_card(f, c, card_h) for c in (p.cards or ())]
            zone = p.zone.split(":")[0].replace("_", " ").capitalize()
            if p.owner in self.unit_by_ent:
                title = f"{p.owner_name} · {zone}"
            else:
                seen = self.side_name(p.visibility) if p.visibility in self.session.sides else p.visibility
                title = f"{zone} ({seen})" if p.visibility not in ("all", "none") else zone
            pieces.append((title, cards))
            width += max(sum(c.get_width() + 3 for c in cards), f.font(Fonts.SMALL).size(title)[0]) + 2 * pad
        sum_text = "  ·  ".join(summary[:6])
        if not pieces and not sum_text:
            return None
        sum_surf = f.render(sum_text, Fonts.SMALL, self.pal.dim) if sum_text else None
        width = max(width, (sum_surf.get_width() + 2 * pad) if sum_surf else 0)
        width = min(width, self.board_rect.w - 2 * pad)
        lh = f.line_height(Fonts.SMALL)
        height = pad + (lh + card_h + pad if pieces else 0) + (lh + pad if sum_surf else 0)
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*self.pal.panel, 225), surf.get_rect(), border_radius=6)
        x = pad
        for title, cards in pieces:
            surf.blit(f.render(title, Fonts.SMALL, self.pal.text), (x, pad))
            cx = x
            for c in cards:
                surf.blit(c, (cx, pad + lh))
                cx += c.get_width() + 3
            x = max(cx, x + f.font(Fonts.SMALL).size(title)[0]) + 2 * pad
        if sum_surf:
            surf.blit(sum_surf, (pad, height - lh - pad // 2))
        return surf

    def _zone_name(self, zone: str) -> str:
        """A card zone as players read it: "hand:p2" -> "hand (their squad)", "deck_top" -> "deck top"."""
        base, _, owner = zone.partition(":")
        name = display_name(base)
        return f"{name} ({self.side_name(owner)})" if owner in self.session.sides else name
