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

    def _render_bar(self) -> pygame.Surface:
        f, pal = self.fonts, self.pal
        surf = pygame.Surface(self.bar_rect.size)
        surf.fill(pal.panel)
        pygame.draw.line(
            surf, pal.panel_edge, (0, surf.get_height() - 1), (surf.get_width(), surf.get_height() - 1)
        )
        turn_text = f"Round {self.match.round}"
        surf.blit(f.render(turn_text, Fonts.BODY, pal.text, True), (f.px(10), f.px(6)))
        if self.turn is not None:
            who = self.turn.side
            if self.session.players.get(who) is not None:
                who += " (AI" + (", fast" if self.fast else "") + ")" if not self.replay else " (replay)"
            surf.blit(
                f.render(
                    who,
                    Fonts.SMALL,
                    pal.side(
                        self.session.sides.index(self.turn.side)
                        if self.turn.side in self.session.sides
                        else 0
                    ),
                ),
                (f.px(10), f.px(28)),
            )
        x = f.px(150)
        d = f.px(34)
        active = self.turn.unit if self.turn is not None else None
        for ent in self.order:
            u = self.unit_by_ent.get(ent)
            if u is None:
                continue
            if x + d > surf.get_width() - f.px(8):
                surf.blit(f.render("…", Fonts.LARGE, pal.dim), (x, f.px(10)))
                break
            token = self.tokens.surface(u, d, ent == active, False, None)
            surf.blit(token, token.get_rect(center=(x + d // 2, surf.get_height() // 2)))
            x += d + f.px(12)
        return surf
