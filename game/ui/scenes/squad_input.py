"""The squad builder's keys and clicks (a part of SquadBuilderScene): they move between its lists
and send the player's choices to the scene's actions; nothing here judges a squad."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

ORDER = ("kinds", "squad", "unit_gear", "gear")


class SquadInputMixin:
    """Events for the squad builder (the scene supplies the lists, widgets and actions)."""

    app: Any
    model: Any
    lists: dict[str, Any]
    focus: str
    dirty: bool
    question: Any

    # -- events ------------------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            b = event.ui_element
            actions = {
                self.add_unit_button: self.add_unit,
                self.remove_unit_button: self.remove_unit,
                self.give_button: self.give_gear,
                self.remove_gear_button: self.remove_gear,
                self.budget_down: lambda: self.change_budget(-1),
                self.budget_up: lambda: self.change_budget(1),
                self.save_button: self.save,
                self.back_button: self.go_back,
                self.player_button: self._toggle_player,
            }
            if b in actions:
                actions[b]()
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.question:
            self.answer_question(True)
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.question:
            self.answer_question(False)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.start_menu:
            value = event.selected_option_id
            self.ask_first(lambda: self.start_from(value), "Starting from another squad")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.model.name = self.name_entry.get_text()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 4, 5):
            self._mouse(event)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            for lv in self.lists.values():
                if lv.body.collidepoint(pos):
                    lv.scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _toggle_player(self) -> None:
        self.model.player = not self.model.player
        self.refresh()

    def _mouse(self, event: pygame.event.Event) -> None:
        for name, lv in self.lists.items():
            if event.button in (4, 5) and lv.body.collidepoint(event.pos):
                lv.scroll(-1 if event.button == 4 else 1)
                return
            i = lv.row_at(event.pos) if event.button == 1 else None
            if i is not None:
                now = pygame.time.get_ticks()
                double = getattr(self, "_last_click", None) == (name, i) and now - self._click_at < 400
                self._last_click, self._click_at = (name, i), now
                self.focus = name
                lv.choose(i)
                if name == "squad":
                    self.lists["unit_gear"].index = 0
                self.refresh()
                if double:
                    self.act(name)
                return

    def _typing(self) -> bool:
        return self.name_entry.is_focused if hasattr(self, "name_entry") else False

    def _key(self, event: pygame.event.Event) -> None:
        key, mod = event.key, event.mod
        if self.question is not None:
            if key == pygame.K_ESCAPE:
                self.answer_question(False)  # Esc keeps the changes
            return
        if key == pygame.K_ESCAPE:
            if self._typing():
                self.name_entry.unfocus()
            else:
                self.go_back()
            return
        if key == pygame.K_s and mod & pygame.KMOD_CTRL:
            self.save()
            return
        if key == pygame.K_TAB:
            if self._typing():
                self.name_entry.unfocus()
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.focus = ORDER[(ORDER.index(self.focus) + step) % len(ORDER)]
            self.dirty = True
            return
        if self._typing():
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.name_entry.unfocus()
            return
        lv = self.lists[self.focus]
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -lv.visible,
            pygame.K_PAGEDOWN: lv.visible,
            pygame.K_HOME: -len(lv.rows),
            pygame.K_END: len(lv.rows),
        }
        if key in moves:
            lv.move(moves[key])
            if self.focus == "squad":
                self.lists["unit_gear"].index = 0
            self.refresh()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act(self.focus)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if self.focus == "squad":
                self.remove_unit()
            elif self.focus == "unit_gear":
                self.remove_gear()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_budget(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_budget(-1)
        elif key == pygame.K_LEFT:
            self.focus = ORDER[max(0, ORDER.index(self.focus) - 1)]
            self.dirty = True
        elif key == pygame.K_RIGHT:
            self.focus = ORDER[min(len(ORDER) - 1, ORDER.index(self.focus) + 1)]
            self.dirty = True
