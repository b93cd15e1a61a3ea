"""Overlays over the battle: help, the unit info sheet, the hot-seat handoff, the Esc menu, toasts."""

from __future__ import annotations

import pygame

from game.core.ruleset import Ruleset
from game.ui.battle.extensions import ruleset_hook
from game.ui.battle.infosheet import InfoSheetMixin
from game.ui.theme import Fonts
from game.ui.widgets import clear_spot, panel

HELP_LINES: list[tuple[str, str]] = [
    # a click on an ally selects it: an action on an ally (a hand-off) is armed first (1 - 9)
    ("Left click", "select your unit · move to a lit cell · act on a foe or use the armed action"),
    ("Right click", "cancel the armed action / deselect"),
    ("Drag / arrows / WASD", "pan the map"),
    ("Wheel / + / -", "zoom"),
    ("C", "centre on the active unit"),
    ("Tab", "next unit of yours that can act"),
    ("1 – 9", "actions (or the options of an open prompt)"),
    ("E / Enter", "end turn (Enter also takes a prompt's default)"),
    ("U / Ctrl+Z", "undo the last move (until chance is drawn)"),
    ("Space / F", "fast-forward the AI (toggle)"),
    ("L", "show or hide the combat log"),
    ("H", "show or hide the hand strip (click a lit card to play it)"),
    ("I", "everything known about the selected unit"),
    ("X", "show or hide the AI's reasoning (its top choices; may name cards in its hand)"),
    ("Ctrl+S", "save the game"),
    ("Esc", "menu (save, load, settings, rules, quit)"),
    ("F1 / ?", "this help"),
    # the tile art marks cover with light dots (tools/make_art.py): the legend for them
    ("Dots on a tile", "its cover: • light, •• heavy, ••• substantial (hover it for its effect)"),
]


#: a help row as drawn: the keys and what they do, wrapped into lines
HelpRow = tuple[str, list[str]]
#: the "H" row of a game whose strip shows the card piles but no hand (varium)
PILES_STRIP = "show or hide the card piles' counts under the board"


class OverlayMixin(InfoSheetMixin):
    """Overlays over the battle (a part of BattleScene)."""

    # -- overlays: handoff, menu, save ---------------------------------------------------------
    def _handle_handoff(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        ) or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            # each person at the screen finds the unit they had picked when the screen comes back
            # to them (a move's attack of opportunity asks the other person in between)
            kept = self.picked_by_viewer
            kept[self.viewer] = self.selected
            self.viewer = self.handoff
            self.handoff = None
            self.selected = kept.get(self.viewer)
            self.log.set_viewer(self.viewer, self._log_events())
            self.refresh()
            self.centre_on_active()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()

    def open_menu(self) -> None:
        """The pause menu (Esc)."""
        from game.ui.scenes.menus import PauseMenu

        self.overlay = "pause"
        self.menu = PauseMenu(self)
        self.dirty = True

    def _handle_menu(self, event: pygame.event.Event) -> None:
        closing = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN) and not closing:
            # a menu choice may save, load or restyle: the AI finishes its input first
            self.settle_ai()
        self.menu.handle(event)
        self.dirty = True

    def close_menu(self) -> None:
        """Back to the board."""
        self.overlay = None
        self.dirty = True

    def _draw_toast(self, surface: pygame.Surface) -> pygame.Rect | None:
        if self.toast is None:
            return None
        f = self.fonts
        # wrapped within the board: a long toast at 150 % is never cut at the window's edge
        lines = f.wrap(self.toast[0][:160], self.board_rect.w - 60, Fonts.BODY, True)[:3]
        pics = [f.render(line, Fonts.BODY, self.pal.text, True) for line in lines]
        lh = f.line_height(Fonts.BODY)
        rect = pygame.Rect(0, 0, max(p.get_width() for p in pics), lh * len(pics))
        rect.midbottom = (self.board_rect.centerx, self.board_rect.bottom - f.px(90))
        # clear of the hand strip (a long end-of-match line over the cards), then of an open prompt
        strip = getattr(self, "_strip_rect", None)
        avoid = [r for r in (strip, self.modal_area) if r is not None and r.w]
        box = clear_spot(rect.inflate(24, 14), self.board_rect, avoid, f.px(8))
        rect.center = box.center
        panel(surface, box, self.pal, alpha=235)
        for i, pic in enumerate(pics):
            surface.blit(pic, pic.get_rect(midtop=(rect.centerx, rect.y + i * lh)))
        return box

    def help_rows(self) -> list[tuple[str, str]]:
        """The keys the help lists: the replay viewer has its own; a game without hands leaves out
        the cards the AI's reasoning may name, and the hand strip's key unless the strip shows the
        card piles (varium); a ruleset's UI module adds its prompts' keys ("help_rows" hook)."""
        lines = getattr(self, "help_lines", HELP_LINES)
        if lines is not HELP_LINES:
            return list(lines)
        rs = self.match.ruleset
        if self.hand or type(rs).hand_view is not Ruleset.hand_view:
            rows = list(lines)
        else:
            rows = [(k, w.replace("; may name cards in its hand", "")) for k, w in lines
                    if k != "H" or self.piles]
            rows = [(k, PILES_STRIP if k == "H" else w) for k, w in rows]
        extra = ruleset_hook(rs.id, "help_rows")
        if extra is not None:
            at = next(i for i, (k, _w) in enumerate(rows) if k == "E / Enter") + 1
            rows[at:at] = list(extra())
        return rows

    def help_layout(self, size: tuple[int, int]) -> tuple[int, int, int, int, list[list[HelpRow]]]:
        """How the help fits a window of `size`: (font size, key column width, text width, row
        height, the rows of each column with their text wrapped). One column of body text when it
        fits, else two, else small text (150 % on 720 pixels: nothing cut at the window's edge)."""
        f = self.fonts
        rows = self.help_rows()
        w, h = size[0] - 20, size[1] - 20
        for size_, cols in ((Fonts.BODY, 1), (Fonts.BODY, 2), (Fonts.SMALL, 1), (Fonts.SMALL, 2)):
            lh = f.line_height(size_) + max(2, f.px(4) // 2)
            key_w = max(f.font(size_, True).size(k)[0] for k, _ in rows) + f.px(14)
            widest = max(f.font(size_).size(x)[0] for _, x in rows)
            gap = f.px(24)
            text_w = min(widest, (w - f.px(32) - (cols - 1) * gap) // cols - key_w)
            wrapped = [(k, f.wrap(x, text_w, size_)) for k, x in rows]
            columns = [wrapped]
            if cols == 2:
                # split where the two columns' line counts are the most even
                counts = [len(t) for _, t in wrapped]
                cut = min(range(1, len(wrapped)), key=lambda i: max(sum(counts[:i]), sum(counts[i:])))
                columns = [wrapped[:cut], wrapped[cut:]]
            tall = max(sum(len(t) for _, t in c) for c in columns)
            if self._help_height(tall, lh) <= h or (size_, cols) == (Fonts.SMALL, 2):
                return size_, key_w, text_w, lh, columns
        raise AssertionError("unreachable")

    def _help_height(self, lines: int, lh: int) -> int:
        """The help box's height for `lines` rows of text: title, rows, the closing hint."""
        f = self.fonts
        return f.px(30) + f.line_height(Fonts.LARGE) + lines * lh + f.line_height(Fonts.SMALL)

    def _draw_help(self, surface: pygame.Surface) -> None:
        f, pal = self.fonts, self.pal
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        size, key_w, text_w, lh, columns = self.help_layout(surface.get_size())
        gap = f.px(24)
        tall = max(sum(len(t) for _, t in c) for c in columns)
        width = len(columns) * (key_w + text_w) + (len(columns) - 1) * gap + f.px(32)
        rect = pygame.Rect(0, 0, min(width, surface.get_width() - 20), self._help_height(tall, lh))
        rect.center = surface.get_rect().center
        self.help_rect = rect
        panel(surface, rect, pal)
        top = rect.y + f.px(12)
        surface.blit(f.render("Keys and mouse", Fonts.LARGE, pal.text, True), (rect.x + f.px(16), top))
        top += f.line_height(Fonts.LARGE) + f.px(6)
        for i, column in enumerate(columns):
            x, y = rect.x + f.px(16) + i * (key_w + text_w + gap), top
            for key, what in column:
                surface.blit(f.render(key, size, pal.active, True), (x, y))
                for part in what:
                    surface.blit(f.render(part, size, pal.text), (x + key_w, y))
                    y += lh
        y = top + tall * lh
        surface.blit(f.render("Any key or click closes this.", Fonts.SMALL, pal.dim), (rect.x + f.px(16), y))

    def _draw_handoff(self, surface: pygame.Surface) -> None:
        f, pal = self.fonts, self.pal
        colour = (
            pal.side(self.session.sides.index(self.handoff))
            if self.handoff in self.session.sides
            else pal.text
        )
        title = f.render(f"Pass to {self.side_name(self.handoff)}", Fonts.TITLE, colour, True)
        rect = surface.get_rect()
        surface.blit(title, title.get_rect(center=(rect.centerx, rect.centery - f.px(40))))
        sub = f.render(
            "The other player looks away. Click or press Enter when you are ready.", Fonts.BODY, pal.text
        )
        surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.centery + f.px(10))))
