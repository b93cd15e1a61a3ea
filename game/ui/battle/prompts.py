"""Prompts: a decision's question and options, and the chooser of several actions for one click."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.battle.autosetup import AUTO_KEY
from game.ui.battle.labels import split_labels
from game.ui.battle.prompt_parts import (
    PAGE,
    button_label,
    option_letter,
    option_odds,
    parts_for,
    shown_default,
)
from game.ui.battle.prompt_place import PromptPlaceMixin
from game.ui.battle.prompt_words import chooser_label, chooser_subject, no_odds_lines, prompt_keys
from game.ui.theme import Fonts
from game.ui.widgets import Button, panel, percent, text_block


class PromptMixin(PromptPlaceMixin):
    """Prompts (a part of BattleScene)."""

    def _modal_rect(self) -> pygame.Rect | None:
        if self.chooser and self.handoff is None:
            return pygame.Rect(0, 0, 10, 10)
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        if d is None or self.handoff is not None or self.layer_playing:
            return None
        w = min(self.fonts.px(560), self.board_rect.w - 40)
        return pygame.Rect(0, 0, w, 10)

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        """Several actions fit one click (facings, aimed parts): pick one with 1-9 or the mouse."""
        f, pal = self.fonts, self.pal
        actions = self.chooser or []
        pad, bh = f.px(12), f.px(30)
        shown = actions[:12]
        question = self.model.chooser_question if self.model.chooser_answers else None
        first = self.preview(shown[0]) if shown and question is None else None
        common, rests = split_labels([a.label for a in shown])
        subject = self.chooser_subject(shown, common) if shown else ""
        title = f"{subject}: choose one" if shown else "Choose"
        # the title names the one unit every option acts on: the buttons leave its name out
        labels = [(rests[i] if common else "") or chooser_label(a, subject) for i, a in enumerate(shown)]
        summary = ""
        details: list[list[str]] = [[] for _ in shown]
        wide = min(f.px(460), self.board_rect.w - 40)
        key_w = f.font(Fonts.BODY, True).size("9")[0]
        if question is not None:
            # the question the action would ask, before it is sent: nothing is spent yet
            # each choice's worth on its button (whole on hover when cut), keeping the prompt
            # short enough to leave the odds on the board in sight
            title = question.prompt
            room = wide - 2 * pad - 2 * f.px(8) - f.px(6) - key_w

            def worth(o: Any) -> str:
                """"Cleave — expected net damage 2.00, ...", its first part where all is too long."""
                for text in (o.detail, o.detail.split(",")[0]):
                    if text and f.font(Fonts.BODY).size(f"{o.label} — {text}")[0] <= room:
                        return f"{o.label} — {text}"
                return o.label

            labels = [worth(o) for o in question.options]
            summary = "Nothing is spent until you choose."
        elif first is not None and first.headline:
            summary = f"{first.headline} — hover an option for every modifier and outcome"
        elif first is not None:
            crit = f" · Crit {percent(first.crit)}" if first.crits else ""
            summary = (f"Hit {percent(first.hit)}{crit} · expected damage "
                       f"{first.expected_damage:.2f} — hover an option for every modifier and outcome")

        def sized(w: int, brief: bool = False) -> tuple[pygame.Rect, list[str], list[str]]:
            title_lines = f.wrap(title, w - 2 * pad, Fonts.LARGE, True)
            summary_lines = f.wrap(summary, w - 2 * pad, Fonts.SMALL) if summary and not brief else []
            notes = sum(len(f.wrap(x, w - 2 * pad - f.px(20), Fonts.SMALL)) for d in details for x in d)
            h = (3 * pad + len(title_lines) * f.line_height(Fonts.LARGE)
                 + (len(summary_lines) + notes) * f.line_height(Fonts.SMALL) + len(shown) * (bh + f.px(4))
                 + f.line_height(Fonts.SMALL))
            return pygame.Rect(0, 0, w, h), title_lines, summary_lines

        needed = max([f.font(Fonts.BODY).size(t)[0] for t in labels] + [0]) + key_w + f.px(40) + 2 * pad
        narrow = min(wide, max(f.px(260), needed))
        keep = self._facing_keep()
        target = self.unit_by_ent.get(shown[0].target) if shown and shown[0].target is not None else None
        if target is not None and all(a.target == target.ent for a in shown):
            self.prompt_keep.append(self._screen_cell_rect(target.cell))  # the unit it asks about, too
        tall = self._tall_area()  # over the turn bar rather than the unit
        # narrower beside the unit, then over the turn bar (the odds of a shot it asks about stay
        # in sight), then without the first option's odds line (hovering a button shows them all)
        # before covering the unit
        tries = [(w, within, brief) for brief in (False, True) for within in (None, tall)
                 for w in dict.fromkeys((wide, narrow))]
        for w, within, brief in tries:
            rect, title_lines, summary_lines = sized(w, brief)
            if self._place_modal(rect, keep, within=within):
                break
        else:
            # nowhere beside the unit (150 % on a small board): the board slides it aside
            rect, title_lines, summary_lines = sized(wide)
            self._place_modal(rect, keep, make_room=True)
        # never past the window's edge: a newcomer at 150 % in 720 pixels lost the last options
        # and the key line below it (the unit may be covered; the choice must be reachable)
        rect.clamp_ip(surface.get_rect())
        w = rect.w
        self.modal_area = pygame.Rect(rect)
        panel(surface, rect, pal)  # opaque: nothing under it shows through
        pygame.draw.rect(surface, pal.active, rect, 2, border_radius=6)
        y = rect.y + pad
        for line in title_lines:
            surface.blit(f.render(line, Fonts.LARGE, pal.text, True), (rect.x + pad, y))
            y += f.line_height(Fonts.LARGE)
        y = text_block(surface, f, summary_lines, (rect.x + pad, y), w - 2 * pad, Fonts.SMALL, pal.active)
        self.modal_buttons = []
        for i, a in enumerate(shown):
            p = self.preview(a) if question is None else None
            b = Button(
                pygame.Rect(rect.x + pad, y, w - 2 * pad, bh),
                labels[i],
                (lambda a=a: self.submit(a)),
                hotkey=str(i + 1) if i < 9 else "",
                tooltip=[] if p is not None or question is not None else self.no_odds_lines(a),
                preview=p,
                help=self.match.ruleset.action_help(self.match, a),
                selected=i == self.model.chooser_default,
            )
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse), Fonts.BODY)
            self.modal_buttons.append(b)
            y += bh + f.px(4)
            if details[i]:
                y = text_block(surface, f, details[i], (rect.x + pad + f.px(20), y), w - 2 * pad - f.px(20),
                               Fonts.SMALL, pal.dim)
        enter = " · Enter: the default" if self.model.chooser_default is not None else ""
        hint = f"{prompt_keys([b.hotkey for b in self.modal_buttons])} or click{enter} · Esc cancels"
        surface.blit(f.render(hint, Fonts.SMALL, pal.dim), (rect.x + pad, y + f.px(2)))
        self._draw_facings(surface)

    def no_odds_lines(self, action: Any) -> list[str]:
        """What hovering an option without odds says (see `prompt_words.no_odds_lines`)."""
        return no_odds_lines(self.match.ruleset.id, action)

    def chooser_subject(self, shown: list[Any], common: str) -> str:
        """What the chooser's title names (see `prompt_words.chooser_subject`)."""
        return chooser_subject(shown, common, self.unit_by_ent)

    def prompt_options(self) -> tuple[int, int, list[Any]]:
        """The open decision's page: (page, pages, [(number, option)]) with numbers 1-9 on it."""
        d = self.session.decision
        if d is None:
            return 0, 0, []
        if self._prompt_seen is not d:
            self._prompt_seen, self.prompt_page = d, 0
        pages = max(1, -(-len(d.options) // PAGE))
        self.prompt_page = max(0, min(self.prompt_page, pages - 1))
        start = self.prompt_page * PAGE
        return self.prompt_page, pages, list(enumerate(d.options[start:start + PAGE], start=1))

    def prompt_key(self, number: int) -> str | None:
        """The option key a number (1-9) picks on the open prompt's current page."""
        _, _, shown = self.prompt_options()
        return next((o.key for n, o in shown if n == number), None)

    def turn_prompt_page(self, step: int) -> None:
        """Show the next (or previous) nine options."""
        _, pages, _ = self.prompt_options()
        self.prompt_page = (self.prompt_page + step) % max(1, pages)
        self.dirty = True

    def _draw_decision(self, surface: pygame.Surface) -> None:
        """A person's prompt (any ruleset's, through the registry): the question, the pictures of
        its context, its options with their details and odds lines, 1-9 and paging past nine."""
        if self.chooser and self.handoff is None:
            self._draw_chooser(surface)
            return
        d = self.session.decision if self.session.waiting_for_human and not self.replay else None
        if d is None or self.handoff is not None or self.layer_playing:
            return  # (it opens once the ruleset's layer has played out what led to it)
        f, pal = self.fonts, self.pal
        pad = f.px(12)
        self.modal_cut = False
        self.modal_tips = False
        self.modal_whole_h = 0
        self._keep_turn_unit()
        page, pages, shown = self.prompt_options()
        default = shown_default(self.match, d)
        offer = self.auto_offer(d)  # "Draw for me" on a set-up prompt, its own row under the options
        odds = option_odds(d)
        lh = f.line_height(Fonts.SMALL)
        bh = f.px(30)
        # under an option's lines, room for the outline a lesson draws round the next option
        sep = f.px(6)

        def notes(o: Any) -> list[str]:
            return ([o.detail] if o.detail else []) + odds.get(o.key, [])

        measured: dict[int, tuple[list[str], list[pygame.Surface]]] = {}

        def measure(w: int, cols: int = 1) -> tuple[int, int, list[str], list[pygame.Surface]]:
            """(height without details, details' height, prompt lines, context pictures) at width w
            with the buttons in `cols` columns."""
            inner = w - 2 * pad
            if w not in measured:
                measured[w] = (f.wrap(d.prompt, inner, Fonts.LARGE, True),
                               parts_for(d, f, pal, inner, self.card_names))
            lines, pics = measured[w]
            h = pad + len(lines) * f.line_height(Fonts.LARGE) + pad
            h += sum(p.get_height() + pad // 2 for p in pics)
            rows = -(-len(shown) // cols) + (1 if offer is not None else 0)
            h += rows * (bh + f.px(4)) + pad + lh + (lh if pages > 1 else 0)
            detail_w = inner - f.px(20)
            details = lh * sum(len(f.wrap(x, detail_w, Fonts.SMALL)) for _, o in shown for x in notes(o))
            details += sep * sum(1 for _, o in shown[:-1] if notes(o))
            return h, details, lines, pics

        def labels_fit(w: int, cols: int) -> bool:
            """Every option's label (and hotkey) fits a button in one of `cols` columns."""
            # as `Button.draw` lays a button out: margin, hotkey letter, gap, label, margin
            key_w = f.font(Fonts.BODY, True).size("W")[0]
            room = (w - 2 * pad - (cols - 1) * gap) // cols - 2 * f.px(8) - f.px(6) - key_w
            body = f.font(Fonts.BODY)
            return all(body.size(button_label(d, o, cols, default))[0] <= room for _, o in shown)

        # Placed to cover neither the unit, its facing arrows nor the odds the board shows for it:
        # every detail inline if that fits, else inline in a narrower prompt beside the unit, else
        # the details as the buttons' tooltips (wide, then narrow), else the board slides the unit
        # aside (the details inline when that leaves room for them).
        # Too tall for the board, or to leave the unit in sight beside it (many options under a
        # tall context), the buttons go in two or three columns when their labels still fit.
        keep = self._facing_keep()
        top = self.board_rect.h - 20
        beside = self.board_rect.h - 2 * max(f.px(20), keep) - 3 * f.px(12)  # as _slide_unit_aside
        gap = f.px(6)
        w = min(f.px(560), self.board_rect.w - 40)
        cols = 1
        while cols < 3 and measure(w, cols)[0] > min(top, beside) and labels_fit(w, cols + 1):
            cols += 1
        wide, tips = (w, True, 1), (w, False, cols)
        tries = [wide, tips]
        narrow = self._side_room(keep)
        if f.px(220) <= narrow < w:
            # the details inline beside the unit before the details as tooltips over it
            tries = [wide, (narrow, True, 1), tips, (narrow, False, 1)]
        main_fits = measure(w, cols)[0] <= top
        placed = False
        for w, inline, cols in tries:
            h, details, prompt_lines, pics = measure(w, cols)
            if h + (details if inline else 0) > top and (inline or main_fits):
                continue
            rect = pygame.Rect(0, 0, w, min(h + details if inline else h, top))
            if self._place_modal(rect, keep):
                placed = True
                break
        if not placed:
            # a board too short for the details beside the unit (150 % on a small window): the
            # prompt may cover the turn bar above the board rather than the unit or drop them
            w, inline, cols = wide
            h, details, prompt_lines, pics = measure(w, cols)
            tall = self._tall_area()
            if h + details <= tall.h - 20:
                rect = pygame.Rect(0, 0, w, h + details)
                placed = self._place_modal(rect, keep, within=tall)
        if not placed:
            # the board slides the unit aside; the details stay inline when that leaves room for them
            w, inline, cols = wide
            h, details, prompt_lines, pics = measure(w, cols)
            if h + details > beside:
                w, inline, cols = tips
                h, details, prompt_lines, pics = measure(w, cols)
            need = h + details if inline else h
            tall = self._tall_area()
            if need <= top or tall.h <= self.board_rect.h:
                rect = pygame.Rect(0, 0, w, min(need, top))
                self._place_modal(rect, keep, make_room=True)
            else:
                # taller than the board: over the turn bar too, rather than its last lines cut
                rect = pygame.Rect(0, 0, w, min(need, tall.h - 20))
                self._place_modal(rect, keep, within=tall)
                rect.clamp_ip(tall)
            self.modal_cut = need > rect.h  # its last lines drawn over each other (a lesson moves its band)
        # the odds lines only on hover: a lesson whose step talks about them moves its band aside
        self.modal_tips = not inline and any(notes(o) for _, o in shown)
        self.modal_whole_h = sum(measure(wide[0], 1)[:2])  # its height with every line inline
        inner = w - 2 * pad
        col_w = (inner - (cols - 1) * gap) // cols
        detail_w = inner - f.px(20)
        self.modal_area = pygame.Rect(rect)
        panel(surface, rect, pal)  # opaque: nothing under it shows through
        pygame.draw.rect(surface, pal.active, rect, 2, border_radius=6)
        y = rect.y + pad
        for line in prompt_lines:
            surface.blit(f.render(line, Fonts.LARGE, pal.text, True), (rect.x + pad, y))
            y += f.line_height(Fonts.LARGE)
        for pic in pics:
            surface.blit(pic, (rect.x + pad, y))
            y += pic.get_height() + pad // 2
        y += pad // 2
        # Buttons live in screen space for clicks; they replace the actions panel's while open.
        self.modal_buttons = []
        for i, (n, o) in enumerate(shown):
            col = i % cols
            b = Button(
                pygame.Rect(rect.x + pad + col * (col_w + gap), y, col_w, bh),
                button_label(d, o, cols, default),
                (lambda k=o.key: self.answer(k)),
                hotkey=option_letter(d, o.key) or str(n),
                selected=o.key == default,
                tooltip=[] if inline else notes(o),
            )
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse), Fonts.BODY)
            self.modal_buttons.append(b)
            if col == cols - 1 or i == len(shown) - 1:
                y += bh + f.px(4)
            if inline and notes(o):
                y = text_block(surface, f, notes(o), (rect.x + pad + f.px(20), y), detail_w, Fonts.SMALL,
                               pal.dim)
                y += sep if i < len(shown) - 1 else 0
        keys = prompt_keys([b.hotkey for b in self.modal_buttons])
        if offer is not None:
            b = Button(pygame.Rect(rect.x + pad, y, inner, bh), offer[0], self.start_auto, hotkey=AUTO_KEY,
                       tooltip=[offer[1]])
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse), Fonts.BODY)
            self.modal_buttons.append(b)
            y += bh + f.px(4)
        arrows = bool(self.facing_choices()[1])
        # in columns the buttons have no room for "(default)": the hint names it
        named = next((button_label(d, o, cols, default) for o in d.options if o.key == default), "")
        enter = f" · Enter: {named} (the default)" if cols > 1 and named else " · Enter: the default"
        enter = enter if default else ""
        short = " · Enter: default" if default else ""
        click = " · click an arrow" if arrows else ""
        hints = [
            f"{self.side_name(d.side)}: press {keys}{enter}" + (" · or click an arrow" if arrows else ""),
            f"Press {keys}{short}{click}",
            keys + short,
        ]
        small = f.font(Fonts.SMALL)
        hint = next((h for h in hints if small.size(h)[0] <= inner), hints[-1])
        self.prompt_hint = hint
        if pages > 1:
            more = f"Page {page + 1} of {pages} · 0 or PgDn: next nine"
            surface.blit(f.render(more, Fonts.SMALL, pal.active), (rect.x + pad, rect.bottom - pad - 2 * lh))
        surface.blit(f.render(hint, Fonts.SMALL, pal.dim), (rect.x + pad, rect.bottom - pad - lh))
        self._draw_facings(surface)
