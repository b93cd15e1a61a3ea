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

    def _action_labels(self) -> list[tuple[str, int | None]]:
        """(label, group index or None) of every entry the actions list would show, in order."""
        out: list[tuple[str, int | None]] = []
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
            out.append((label, i))
        return out

    def _actions_listed(self) -> bool:
        return bool(self.session.waiting_for_human and not self.replay and self.session.decision is None)

    def actions_need(self) -> int:
        """The panel height the actions want below the unit details: every entry at its slimmest,
        the log at its least (a short panel, 150 % on 720 pixels, shortens the details first)."""
        if not self._actions_listed():
            return 0
        f = self.fonts
        n = len(self.groups) + (self.focus is not None) + bool(self.session.can_undo)
        least = f.line_height(Fonts.SMALL) * 5 + f.px(12) if self.show_log else 0
        # (as `_render_actions` counts: the title, the slim buttons, the log, the "more" line;
        # and the gaps under the details)
        return f.line_height(Fonts.BODY) + n * (f.px(24) + f.px(4)) + least + f.px(24) + f.px(10)

    def scroll_actions_to(self, group: int) -> bool:
        """Scroll the list so the group's entry is shown (a lesson step points at it); True if it moved."""
        order = getattr(self, "actions_order", [])
        fit = getattr(self, "actions_fit", 0)
        if group not in order or fit <= 0:
            return False
        at = order.index(group)
        if self.actions_scroll <= at < self.actions_scroll + fit:
            return False
        self.actions_scroll = max(0, min(at, len(order) - fit))
        self._panel_surface = None
        self.dirty = True
        return True

    def _render_actions(self, surf: pygame.Surface, y: int) -> int:
        """The actions under the unit details, from y down; returns where the log may start."""
        f, pal = self.fonts, self.pal
        rect = self.panel_rect
        pad = f.px(10)
        inner = rect.w - 2 * pad
        # Actions: as many buttons as fit above the log; the wheel scrolls the rest, but the entry
        # that ends the turn stays in sight below them (at 150 % it hid under "more").
        self.panel_buttons = []
        #: the group index of each button in panel_buttons (None: cancel, undo)
        self.panel_groups: list[int | None] = []
        self.actions_order: list[int | None] = []
        self.actions_fit = 0
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        if self._actions_listed():
            surf.blit(f.render("Actions", Fonts.BODY, pal.dim, True), (pad, y))
            y += f.line_height(Fonts.BODY)
            bh, gap = f.px(28), f.px(4)
            entries: list[tuple[Button, int | None]] = []
            for label, i in self._action_labels():
                g = self.groups[i]
                hotkey = "E" if is_end(g.actions[0], self.match.ruleset) else (str(i + 1) if i < 9 else "")
                single = self.preview(g.actions[0]) if len(g.actions) == 1 else None
                entries.append((
                    Button(
                        pygame.Rect(0, 0, inner, bh),
                        label,
                        (lambda i=i: self._activate_group(i)),
                        hotkey=hotkey,
                        selected=self.armed == g.key,
                        tooltip=self._group_tooltip(g),
                        preview=single,
                        help=self._group_help(g),
                    ), i))
            if self.focus is not None:
                entries.append((Button(pygame.Rect(0, 0, inner, bh), "Cancel the card (right click)",
                                       self.cancel_focus, hotkey="Esc"), None))
            if self.session.can_undo:
                label, toast = self.undo_words()
                entries.append((Button(pygame.Rect(0, 0, inner, bh), label, self.undo, hotkey="U",
                                       tooltip=[toast.replace("Undone: ", "Takes back: ", 1)]), None))
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
            for b, _g in entries:
                b.rect.h = bh
            pinned: list[tuple[Button, int | None]] = []
            if len(entries) > fit:
                ends = [e for e in entries if e[1] is not None and is_end(self.groups[e[1]].actions[0],
                                                                        self.match.ruleset)]
                if ends and fit > 1:
                    pinned = ends[-1:]
                    entries = [e for e in entries if e is not ends[-1]]
                    fit -= 1
            self.actions_order = [g for _b, g in entries]
            self.actions_fit = fit
            self.actions_scroll = max(0, min(self.actions_scroll, len(entries) - fit))
            shown = entries[self.actions_scroll : self.actions_scroll + fit]
            top = y
            hot = self._hot_button()

            def place(b: Button, g: int | None, y: int) -> None:
                b.rect.topleft = (rect.x + pad, rect.y + y)
                local = Button(
                    pygame.Rect(pad, y, inner, bh), b.label, b.on_click, b.hotkey, True, [], b.selected
                )
                local.draw(surf, f, pal, hot is not None and hot.rect == b.rect, Fonts.SMALL)
                b.cut = local.cut
                self.panel_buttons.append(b)
                self.panel_groups.append(g)

            for b, g in shown:
                place(b, g, y)
                y += bh + gap
            self.actions_rect = pygame.Rect(rect.x, rect.y + top, rect.w, y - top)
            if len(entries) > fit:
                more = (f"▲ {self.actions_scroll} more  " if self.actions_scroll else "") + (
                    f"▼ {len(entries) - fit - self.actions_scroll} more"
                    if self.actions_scroll + fit < len(entries)
                    else ""
                )
                surf.blit(f.render(more + "  (wheel)", Fonts.SMALL, pal.active), (pad, y))
                y += f.line_height(Fonts.SMALL)
                self.actions_rect.h = y - top
            for b, g in pinned:
                place(b, g, y)
                y += bh + gap
            y = text_block(surf, f, notes, (pad, y), inner, Fonts.SMALL, pal.dim) if notes else y
        return y
