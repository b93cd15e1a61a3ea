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

    def bar_who(self, side: str, fast: bool) -> str:
        """The bar's words for the side to act: its name, and who plays it ("(AI)", "(replay)")."""
        who = self.side_name(side)
        if self.replay:
            who += " (replay)"
        elif self.session.players.get(side) is not None and "AI" not in who:
            who += " (AI" + (", fast" if fast else "") + ")"
        elif fast and self.session.players.get(side) is not None:
            who += " · fast"
        return who

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
        # room for a two-digit round from the first: the order does not move at round 10
        right = max(head.get_width(), f.font(Fonts.BODY, True).size("Round 99")[0])
        side = self.bar_side()
        if side is not None:
            colour = pal.side(self.session.sides.index(side) if side in self.session.sides else 0)
            label = f.render(self.bar_who(side, self.fast), Fonts.SMALL, colour)
            surf.blit(label, (f.px(10), f.px(28)))
        # the order starts after the widest of round and every side's label (fast or not), so it
        # neither is cut at any scale nor shifts sideways when the side to act changes
        for s in self.session.sides:
            for fast in (False, True):
                right = max(right, f.font(Fonts.SMALL).size(self.bar_who(s, fast))[0])
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
