"""The actions panel: one button per group of legal actions, hotkeys 1-9 and E."""

from __future__ import annotations

import pygame

from game.ui.battle.model import Group, is_end
from game.ui.theme import Fonts
from game.ui.widgets import Button, text_block


class ActionsMixin:
    """The actions panel (a part of BattleScene)."""

    def _group_help(self, g: Group) -> str:
        """What the group's action does, from the ruleset ("" when it does not say)."""
        return self.match.ruleset.action_help(self.match, g.actions[0])

    def _group_tooltip(self, g: Group) -> list[str]:
        lines = [h] if (h := self._group_help(g)) else []
        if len(g.actions) == 1:
            a = g.actions[0]
            if a.label and a.label != g.label:
                lines.append(a.label)
            p = self.preview(a)
            if p is not None:
                lines += self._preview_lines(p)
        else:
            lines.append(f"{len(g.actions)} possible targets — press the key, then click one.")
            lines += [a.label for a in g.actions[:6] if a.label]
        return lines

    def _render_actions(self, surf: pygame.Surface, y: int) -> int:
        """The actions under the unit details, from y down; returns where the log may start."""
        f, pal = self.fonts, self.pal
        rect = self.panel_rect
        pad = f.px(10)
        inner = rect.w - 2 * pad
        # Actions: as many buttons as fit above the log; the wheel scrolls the rest.
        self.panel_buttons = []
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        if self.session.waiting_for_human and not self.replay and self.session.decision is None:
            surf.blit(f.render("Actions", Fonts.BODY, pal.dim, True), (pad, y))
            y += f.line_height(Fonts.BODY)
            bh, gap = f.px(28), f.px(4)
            entries: list[Button] = []
            for i, g in enumerate(self.groups):
                targets = len({(a.target, a.cell) for a in g.actions})
                if g.targeted and targets > 1:
                    label = f"{g.label}  ({targets} targets)"
                elif not g.targeted and len(g.actions) > 1:
                    label = f"{g.label}…  ({len(g.actions)} choices)"
                else:
                    label = g.label
                # the panel lists one unit's actions under its name: "Vanguard 1: sneak" -> "sneak"
                owner = self.unit_by_ent.get(g.actions[0].actor) if g.actions[0].actor is not None else None
                if owner is not None and owner.ent == self.selected and label.startswith(f"{owner.name}: ") \
                        and all(a.actor == owner.ent for a in g.actions):
                    label = label[len(owner.name) + 2:]
                hotkey = "E" if is_end(g.actions[0], self.match.ruleset) else (str(i + 1) if i < 9 else "")
                single = self.preview(g.actions[0]) if len(g.actions) == 1 else None
                entries.append(
                    Button(
                        pygame.Rect(0, 0, inner, bh),
                        label,
                        (lambda i=i: self._activate_group(i)),
                        hotkey=hotkey,
                        selected=self.armed == g.key,
                        tooltip=self._group_tooltip(g),
                        preview=single,
                        help=self._group_help(g),
                    )
                )
            if self.focus is not None:
                entries.append(Button(pygame.Rect(0, 0, inner, bh), "Cancel the card (right click)",
                                      self.cancel_focus, hotkey="Esc"))
            if self.session.can_undo:
                label, toast = self.undo_words()
                entries.append(Button(pygame.Rect(0, 0, inner, bh), label, self.undo, hotkey="U",
                                      tooltip=[toast.replace("Undone: ", "Takes back: ", 1)]))
            if not entries:
                hint = "Select one of your units." if self.session.legal() else "No actions."
                y = text_block(surf, f, [hint], (pad, y), inner, Fonts.SMALL, pal.dim)
            notes = self.model.action_notes()
            note_h = sum(len(f.wrap(n, inner, Fonts.SMALL)) for n in notes) * f.line_height(Fonts.SMALL)
            # the log gives up room, then the buttons get slimmer, before any action hides behind "more"
            fit = 1
            # the log keeps its title and four lines at least (at 150 % on a short window too)
            least = f.line_height(Fonts.SMALL) * 5 + f.px(12)
            logs = (max(f.px(150), least), max(f.px(70), least), least) if self.show_log else (0,)
            for log_min, bh in [(m, f.px(28)) for m in logs] + [(logs[-1], f.px(24))]:
                fit = max(1, (rect.h - y - log_min - note_h - f.px(24)) // (bh + gap))
                if fit >= len(entries):
                    break
            for b in entries:
                b.rect.h = bh
            self.actions_scroll = max(0, min(self.actions_scroll, len(entries) - fit))
            shown = entries[self.actions_scroll : self.actions_scroll + fit]
            self.actions_rect = pygame.Rect(rect.x, rect.y + y, rect.w, len(shown) * (bh + gap))
            hot = self._hot_button()
            for b in shown:
                b.rect.topleft = (rect.x + pad, rect.y + y)
                local = Button(
                    pygame.Rect(pad, y, inner, bh), b.label, b.on_click, b.hotkey, True, [], b.selected
                )
                local.draw(surf, f, pal, hot is not None and hot.rect == b.rect, Fonts.SMALL)
                b.cut = local.cut
                self.panel_buttons.append(b)
                y += bh + gap
            if len(entries) > fit:
                more = (f"▲ {self.actions_scroll} more  " if self.actions_scroll else "") + (
                    f"▼ {len(entries) - fit - self.actions_scroll} more"
                    if self.actions_scroll + fit < len(entries)
                    else ""
                )
                surf.blit(f.render(more + "  (wheel)", Fonts.SMALL, pal.active), (pad, y))
                y += f.line_height(Fonts.SMALL)
            y = text_block(surf, f, notes, (pad, y), inner, Fonts.SMALL, pal.dim) if notes else y
        return y
