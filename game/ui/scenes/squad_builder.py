"""The tokens squad builder: unit kinds and gear with their prices, the squad being built with each
unit's slots, live totals, the rules it breaks in plain words, Save under a name for this user.

Every figure and every judgement comes from the model (game.rulesets.tokens.squadbuild); this
screen only shows them and sends the player's choices. Keyboard: Tab / Shift+Tab moves between
the lists, Up/Down chooses, Enter adds (a unit kind, or gear to the chosen unit), Delete removes,
+ / - change the budget, Ctrl+S saves, Esc goes back. The mouse clicks rows (double-click acts).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game.core.wording import plural
from game.errors import UserError
from game.rulesets.tokens.gearrules import MAX_UNITS
from game.rulesets.tokens.squadbuild import BUDGET_STEP, NAME_LENGTH, SquadBuilder, saved_squads
from game.ui.scenes.gui import GuiScene
from game.ui.scenes.squad_choices import FILE_PREFIX
from game.ui.scenes.squad_input import SquadInputMixin
from game.ui.scenes.squad_lists import ListView, Row, fit, sp, wrap
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.ui.app import App

SLOT_WORDS = {"primary": "primary", "secondary": "secondary", "armour": "armour"}
HINT = "Tab: next list · ↑↓: choose · Enter: add · Delete: remove · +/−: budget · Ctrl+S: save · Esc: back"


class SquadBuilderScene(SquadInputMixin, GuiScene):
    """Build a squad, see what it costs and what it breaks, save it under a name."""

    def __init__(self, app: App, model: SquadBuilder | None = None) -> None:
        super().__init__(app)
        self.model = model or SquadBuilder()
        self.lists = {
            "kinds": ListView("Unit kinds", ("gear cost",)),
            "squad": ListView(
                "Squad", ("primary", "secondary", "armour", "wealth"), "No units yet: add some."
            ),
            "unit_gear": ListView("Gear of the chosen unit", ("slot", "wealth"), "No gear."),
            "gear": ListView("Gear", ("slot", "wealth")),
        }
        self.focus = "kinds"
        self.status = ""
        self.status_bad = False
        #: the squad as last saved or started from: leaving with anything else asks first
        self.saved_state = self._state()
        self.question: Any = None
        self.question_then: Any = None
        self.build()

    # -- unsaved changes ---------------------------------------------------------------------------
    def _state(self) -> str:
        m = self.model
        return repr((m.name.strip(), m.budget, m.player, m.loadouts()))

    def unsaved(self) -> bool:
        """The squad has units and changed since it was saved or started from."""
        return bool(self.model.units) and self._state() != self.saved_state

    def ask_first(self, then: Any, doing: str) -> None:
        """Run `then` at once, or with unsaved changes after the player agrees to drop them."""
        if not self.unsaved():
            then()
            return
        from pygame_gui.windows import UIConfirmationDialog

        f = self.app.fonts
        w, h = self.app.screen_size
        rect = pygame.Rect(0, 0, min(f.px(420), w - 40), min(f.px(220), h - 40))
        rect.center = (w // 2, h // 2)
        name = f"“{self.model.name.strip()}”" if self.model.name.strip() else "this squad"
        self.question = UIConfirmationDialog(
            rect, f"The changes to {name} are not saved. {doing} drops them (Cancel to keep them, "
            "then Save).", self.manager, window_title="Unsaved changes", action_short_name="Drop them")
        self.question_then = then

    def answer_question(self, drop: bool) -> None:
        """The unsaved-changes question is answered (closed: keep the changes)."""
        then, question = self.question_then, self.question
        self.question = self.question_then = None
        if question is not None and question.alive():
            question.kill()
        if drop and then is not None:
            then()
        self.dirty = True

    def go_back(self) -> None:
        """Back to the launcher (asking first when there are unsaved changes)."""
        self.ask_first(self.app.pop, "Going back")

    # -- model to rows -----------------------------------------------------------------------------
    def _slot_word(self, gid: str) -> str:
        g = self.model.gear[gid]
        return SLOT_WORDS[g.slot] + (" ×2" if g.bulky else "")

    def refresh(self) -> None:
        """Rows from the model (after every change)."""
        m = self.model
        self.lists["kinds"].set_rows([Row(k.name, (str(k.wealth),)) for k in m.kinds])
        self.lists["gear"].set_rows(
            [Row(g.name, (self._slot_word(g.id), str(g.wealth))) for g in m.gear.values()]
        )
        by_unit: dict[int, set[str]] = {}
        for p in m.problems():
            if p.unit is not None:
                by_unit.setdefault(p.unit, set()).add(p.field)
        rows = []
        for i in range(len(m.units)):
            p, s, a = m.slots(i)
            bad = by_unit.get(i, set())
            marks = ("weapons" in bad, "items" in bad, "armour" in bad, False)
            rows.append(
                Row(m.label(i), (f"{p}/4", f"{s}/6", f"{a}/1", str(m.unit_wealth(i))), bool(bad), marks)
            )
        self.lists["squad"].set_rows(rows)
        gear_rows = []
        if m.units:
            u = m.units[self.lists["squad"].index]
            gear_rows = [Row(m.gear[g].name, (self._slot_word(g), str(m.gear[g].wealth))) for g in u.gear]
            self.lists["unit_gear"].title = f"Gear of {m.label(self.lists['squad'].index)}"
        else:
            self.lists["unit_gear"].title = "Gear of the chosen unit"
        self.lists["unit_gear"].set_rows(gear_rows)
        if hasattr(self, "budget_label"):
            self.budget_label.set_text(f"{m.budget}")
            self.player_button.set_text(self._player_text())
        self.dirty = True

    def _player_text(self) -> str:
        return "Player characters: yes" if self.model.player else "Player characters: no"

    # -- widgets -----------------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out the widgets and lists for the window size and UI scale."""
        self.manager.clear_and_reset()
        f, (w, h) = self.app.fonts, self.app.screen_size
        m, gap, row = f.px(24), f.px(10), f.px(36)
        # a window short for the scale (720 px at 150 %) drops the title and a problem line so
        # the lists keep rows
        compact = h < f.px(640)
        y = sp(f, 10)
        if not compact:
            UILabel(
                pygame.Rect(m, y, w - 2 * m, f.px(46)),
                "Squad builder — Tokens",
                self.manager,
                object_id="#title",
            )
            y = f.px(62)
        x = m

        def place(width: int) -> pygame.Rect:
            nonlocal x, y
            if x > m and x + width > w - m:
                x, y = m, y + row + sp(f, 4)
            rect = pygame.Rect(x, y, width, row)
            x += width + gap
            return rect

        def text_w(text: str) -> int:
            return f.font(Fonts.BODY).size(text)[0] + f.px(16)

        UILabel(place(text_w("Name")), "Name", self.manager)
        self.name_entry = UITextEntryLine(place(f.px(220)), self.manager)
        self.name_entry.set_text_length_limit(NAME_LENGTH)
        self.name_entry.set_text(self.model.name)
        budget = place(text_w("Wealth budget") + 2 * f.px(36) + text_w("200") + 2 * gap)
        UILabel(pygame.Rect(budget.x, y, text_w("Wealth budget"), row), "Wealth budget", self.manager)
        bx = budget.x + text_w("Wealth budget")
        self.budget_down = UIButton(pygame.Rect(bx, y, f.px(36), row), "−", self.manager)
        self.budget_label = UILabel(
            pygame.Rect(bx + f.px(36) + gap, y, text_w("200"), row), str(self.model.budget), self.manager
        )
        self.budget_up = UIButton(
            pygame.Rect(bx + f.px(36) + text_w("200") + 2 * gap, y, f.px(36), row), "+", self.manager
        )
        self.player_button = UIButton(
            place(text_w("Player characters: yes") + f.px(10)), self._player_text(), self.manager
        )
        y += row + sp(f, 8)
        self.totals_y = y
        y += f.font(Fonts.LARGE, True).get_linesize() + sp(f, 8)
        # bottom: problems, then Save, Back and "Start from", then the hint (or what Save said)
        line = f.font(Fonts.BODY).get_linesize()
        btn_h = f.px(38)
        hint_h = f.font(Fonts.SMALL).get_linesize() + sp(f, 4)
        self.problem_lines = 2 if compact else 3
        bottom = self.problem_lines * line + f.px(10) + btn_h + sp(f, 6) + hint_h + sp(f, 8)
        main_h = h - y - bottom
        self.problems_y = y + main_h + sp(f, 6)
        cols = w - 2 * m - 2 * gap
        kw, sw = int(cols * 0.22), int(cols * 0.44)
        gw = cols - kw - sw
        detail_lines = 3
        detail_h = detail_lines * f.font(Fonts.SMALL).get_linesize() + sp(f, 6)
        self.detail_lines = detail_lines
        list_h = main_h - detail_h
        kx, sx = m, m + kw + gap
        gx = sx + sw + gap
        self.lists["kinds"].layout(pygame.Rect(kx, y, kw, list_h), f)
        squad_h = main_h * 11 // 20
        self.lists["squad"].layout(pygame.Rect(sx, y, sw, squad_h - sp(f, 8)), f)
        self.lists["unit_gear"].layout(pygame.Rect(sx, y + squad_h, sw, main_h - squad_h), f)
        self.lists["gear"].layout(pygame.Rect(gx, y, gw, list_h), f)
        self.detail_rects = {
            "kinds": pygame.Rect(kx, y + list_h + sp(f, 4), kw, detail_h),
            "gear": pygame.Rect(gx, y + list_h + sp(f, 4), gw, detail_h),
        }

        def button(lv: ListView, text: str) -> UIButton:
            """A list's button, at the right of its title."""
            r = lv.rect
            bw = text_w(text) + f.px(12)
            lv.title_room = bw
            return UIButton(pygame.Rect(r.right - bw, r.y, bw, lv.title_h - sp(f, 4)), text, self.manager)

        self.add_unit_button = button(self.lists["kinds"], "Add")
        self.remove_unit_button = button(self.lists["squad"], "Remove unit")
        self.remove_gear_button = button(self.lists["unit_gear"], "Remove gear")
        self.give_button = button(self.lists["gear"], "Give to unit")
        foot = self.problems_y + self.problem_lines * line + f.px(10)
        bw = f.px(130)
        self.save_button = UIButton(pygame.Rect(m, foot, bw, btn_h), "Save", self.manager)
        self.back_button = UIButton(pygame.Rect(m + bw + gap, foot, bw, btn_h), "Back", self.manager)
        # at the bottom of the screen the list opens upwards
        self.manager.get_theme().load_theme({"#start_menu": {"misc": {"expand_direction": "up"}}})
        starts = [("Start from…", ""), ("Empty squad", "empty")]
        starts += [(sq.name, f"squad:{sid}") for sid, sq in self.model.content.squads.items()]
        starts += [(f"Mine: {sq.name}", f"{FILE_PREFIX}{p}") for sq, p in saved_squads()]
        self.start_menu = UIDropDownMenu(
            starts,
            starts[0],
            pygame.Rect(m + 2 * (bw + gap), foot, min(f.px(280), w - 2 * m - 2 * (bw + gap)), btn_h),
            self.manager,
            expansion_height_limit=f.px(300),
            object_id="#start_menu",
        )
        self.hint_y = foot + btn_h + sp(f, 6)
        self.refresh()

    # -- actions -----------------------------------------------------------------------------------
    def _say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad
        self.dirty = True

    def add_unit(self) -> None:
        kinds = self.model.kinds
        if kinds:
            self.model.add_unit(kinds[self.lists["kinds"].index].id)
            self.refresh()
            self.lists["squad"].choose(len(self.model.units) - 1)  # the new unit is the chosen one
            self._say("")
            self.refresh()

    def remove_unit(self) -> None:
        if self.model.units:
            self.model.remove_unit(self.lists["squad"].index)
            self.refresh()

    def give_gear(self) -> None:
        if not self.model.units:
            self._say("Add a unit first, then give it gear.", True)
            return
        gid = list(self.model.gear)[self.lists["gear"].index]
        self.model.add_gear(self.lists["squad"].index, gid)
        self.refresh()
        self.lists["unit_gear"].choose(len(self.model.units[self.lists["squad"].index].gear) - 1)
        self.refresh()

    def remove_gear(self) -> None:
        if self.model.units:
            gear = self.model.units[self.lists["squad"].index].gear
            if gear:
                self.model.remove_gear(self.lists["squad"].index, gear[self.lists["unit_gear"].index])
                self.refresh()

    def change_budget(self, steps: int) -> None:
        self.model.set_budget(self.model.budget + steps * BUDGET_STEP)
        self.refresh()

    def save(self) -> None:
        from game.rulesets.tokens.squadbuild import slug, squads_dir

        self.model.name = self.name_entry.get_text().strip()
        try:
            existed = (squads_dir() / f"{slug(self.model.name)}.toml").exists()
            self.model.save()
        except UserError as exc:
            self._say(exc.line(), True)
            return
        except OSError as exc:
            self._say(f"Could not save: {exc.strerror or exc}", True)
            return
        self.saved_state = self._state()
        again = "saved again" if existed else "saved"
        self._say(f"“{self.model.name}” {again}: the launcher offers it for either side.")
        self.refresh()

    def start_from(self, value: str) -> None:
        from game.rulesets.tokens.squadbuild import read_squad

        try:
            if value == "empty":
                self.model = SquadBuilder(self.model.content)
            elif value.startswith("squad:"):
                self.model = SquadBuilder.from_squad(value[len("squad:") :], self.model.content)
            elif value.startswith(FILE_PREFIX):
                self.model = SquadBuilder.from_file(
                    read_squad(Path(value[len(FILE_PREFIX) :])), self.model.content
                )
            else:
                return
        except UserError as exc:
            self._say(exc.line(), True)
            return
        for lv in self.lists.values():
            lv.index = lv.top = 0
        self.name_entry.set_text(self.model.name)
        self.saved_state = self._state()
        self._say("")
        self.refresh()

    def act(self, which: str) -> None:
        """Enter on a list (or a double-click on its row)."""
        {"kinds": self.add_unit, "gear": self.give_gear, "squad": lambda: None, "unit_gear": lambda: None}[
            which
        ]()

    # -- drawing -----------------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        f, pal, m = self.app.fonts, self.app.palette, self.model
        w = surface.get_width()
        x0 = f.px(24)
        units = len(m.units)
        totals = (f"Wealth: {m.spent} spent of {m.budget}, {m.left} left · "
                  f"{plural(units, 'unit')} of {MAX_UNITS}")
        colour = pal.bad if m.left < 0 else pal.text
        surface.blit(
            f.render(fit(f.font(Fonts.LARGE, True), totals, w - 2 * x0), Fonts.LARGE, colour, True),
            (x0, self.totals_y),
        )
        for name, lv in self.lists.items():
            lv.draw(surface, f, pal, name == self.focus)
        self._details(surface)
        msgs = m.messages()
        line = f.font(Fonts.BODY).get_linesize()
        body = f.font(Fonts.BODY)
        if msgs:
            shown = msgs[: self.problem_lines]
            if len(msgs) > self.problem_lines:
                shown[-1] = f"{shown[-1]} (and {len(msgs) - self.problem_lines + 1} more)"
            for i, text in enumerate(shown):
                surface.blit(
                    f.render(fit(body, text, w - 2 * x0), Fonts.BODY, pal.bad),
                    (x0, self.problems_y + i * line),
                )
        else:
            surface.blit(
                f.render("No problems: the squad follows every rule and can be saved.", Fonts.BODY, pal.good),
                (x0, self.problems_y),
            )
        small = f.font(Fonts.SMALL)
        if self.status:
            text, colour = self.status, pal.bad if self.status_bad else pal.good
        else:
            text, colour = HINT, pal.dim
        surface.blit(f.render(fit(small, text, w - 2 * x0), Fonts.SMALL, colour), (x0, self.hint_y))

    def _details(self, surface: pygame.Surface) -> None:
        """The chosen kind's tokens and the chosen gear's effect, under their lists."""
        f, pal, m = self.app.fonts, self.app.palette, self.model
        small = f.font(Fonts.SMALL)
        texts = {}
        if m.kinds:
            k = m.kinds[self.lists["kinds"].index]
            texts["kinds"] = [f"{k.name}: {k.summary}."]
        if m.gear:
            g = list(m.gear.values())[self.lists["gear"].index]
            texts["gear"] = [f"{g.name}: {g.summary}."] + (["Bulky: takes two slots."] if g.bulky else [])
        for name, lines in texts.items():
            r = self.detail_rects[name]
            out = wrap(small, " ".join(lines), r.w)
            for i, text in enumerate(out[: self.detail_lines]):
                s = f.render(fit(small, text, r.w), Fonts.SMALL, pal.dim)
                surface.blit(s, (r.x, r.y + i * small.get_linesize()))
