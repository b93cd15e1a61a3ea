"""The turn bar: round, who acts, the turn order as tokens."""

from __future__ import annotations

import pygame

from game.ui.theme import Fonts


class TurnBarMixin:
    """The turn bar (a part of BattleScene)."""

    def _draw_bar(self, surface: pygame.Surface) -> None:
        if self._bar_surface is None:
            self._bar_surface = self._render_bar()
        surface.blit(self._bar_surface, self.bar_rect.topleft)
        # the portraits stay whole under a lesson's outline round the order
        self.word_rects += [r.move(self.bar_rect.topleft) for r in getattr(self, "bar_tokens", [])]

    def bar_side(self) -> str | None:
        """The side the bar names: the one whose input the match waits for (a prompt may ask the
        other side, as the AI's initiative checks do while the table's turn is not yet anyone's)."""
        need = self.session.need
        if need is not None and need.decision is not None:
            return need.side
        return self.turn.side if self.turn is not None else None

    def _render_bar(self) -> pygame.Surface:
        f, pal = self.fonts, self.pal
        surf = pygame.Surface(self.bar_rect.size)
        surf.fill(pal.panel)
        pygame.draw.line(
            surf, pal.panel_edge, (0, surf.get_height() - 1), (surf.get_width(), surf.get_height() - 1)
        )
        turn_text = f"Round {self.model.round}"
        head = f.render(turn_text, Fonts.BODY, pal.text, True)
        surf.blit(head, (f.px(10), f.px(6)))
        right = head.get_width()
        side = self.bar_side()
        if side is not None:
            who = self.side_name(side)
            if self.replay:
                who += " (replay)"
            elif self.session.players.get(side) is not None and "AI" not in who:
                who += " (AI" + (", fast" if self.fast else "") + ")"
            elif self.fast and self.session.players.get(side) is not None:
                who += " · fast"
            colour = pal.side(self.session.sides.index(side) if side in self.session.sides else 0)
            label = f.render(who, Fonts.SMALL, colour)
            surf.blit(label, (f.px(10), f.px(28)))
            right = max(right, label.get_width())
        # the order starts after the longest of round and side, so neither is cut at any scale
        x = f.px(10) + right + f.px(16)
        self.bar_order_x = x
        active = self.model.asked_unit() or (self.turn.unit if self.turn is not None else None)
        units = [self.unit_by_ent[e] for e in self.order if e in self.unit_by_ent]
        # every unit in the order when it fits: the tokens shrink (to about two thirds) before any
        # is left out, and what is left out is counted
        room = surf.get_width() - f.px(8) - x
        d = f.px(34)
        gap = f.px(12)
        if units and len(units) * (d + gap) > room:
            d = max(f.px(22), room // len(units) - f.px(6))
            gap = f.px(6)
        more = f.render("+00", Fonts.SMALL, pal.dim).get_width()
        fit = len(units) if len(units) * (d + gap) <= room else max(0, (room - more) // (d + gap))
        self.bar_shown = fit
        self.bar_tokens: list[pygame.Rect] = []
        for u in units[:fit]:
            token = self.tokens.surface(u, d, u.ent == active, False, None)
            at = token.get_rect(center=(x + d // 2, surf.get_height() // 2))
            surf.blit(token, at)
            self.bar_tokens.append(at)
            x += d + gap
        if fit < len(units):
            label = f.render(f"+{len(units) - fit}", Fonts.SMALL, pal.dim)
            surf.blit(label, label.get_rect(midleft=(x, surf.get_height() // 2)))
        return surf
