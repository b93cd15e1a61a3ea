"""Input mapping: keys, mouse and wheel turned into selections, intents and camera moves."""

from __future__ import annotations

import pygame

from game.core.action import Action
from game.core.geometry import Cell
from game.ui.battle.autosetup import AUTO_KEY
from game.ui.battle.model import is_end
from game.ui.battle.prompt_parts import letter_option, shown_default
from game.ui.view import UnitInfo
from game.ui.widgets import Button


class InputMixin:
    """Input mapping (a part of BattleScene)."""

    # -- input ---------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[Button]:
        """Clickable buttons now: the prompt's while one is open, else the actions panel's."""
        return self.modal_buttons if self._modal_rect() is not None else self.panel_buttons

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard."""
        if event.type != pygame.MOUSEMOTION or self.drag is not None:
            self._still = None  # anything but a plain mouse move may change what is shown
        if self.overlay == "pause":
            self._handle_menu(event)
            return
        if self.handoff is not None:
            self._handle_handoff(event)
            return
        if self.overlay == "info" and self._scroll_info(event):
            return
        if self.overlay in ("help", "info"):
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.overlay = None
                self.dirty = True
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.keys_held.discard(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, event.buttons)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._press(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._release(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        elif event.type == pygame.WINDOWLEAVE:
            # the pointer left the window: no motion event says so, and the hovered path, its
            # cost label and the hover box would stay on the board
            self.mouse = (-1, -1)
            self.hover_cell = None
            self.model.hover_unit = None
            self._hover_view = None
            self._still = None
            self.dirty = True

    def _letter_answer(self, letter: str) -> bool:
        """A letter hotkey a ruleset gave the open prompt's options (hit, stand ...) answers it."""
        decision = self.session.decision if self.session.waiting_for_human else None
        if decision is None or self.handoff is not None or self.replay or self.chooser or not letter:
            return False
        picked = letter_option(decision, letter)
        if picked is None:
            return False
        self.answer(picked)
        return True

    def _key(self, event: pygame.event.Event) -> None:
        key, mods = event.key, event.mod
        ctrl = bool(mods & pygame.KMOD_CTRL)
        self.dirty = True
        if key == pygame.K_ESCAPE:
            if self.chooser:
                self.chooser = None
            elif self.focus is not None:
                self.cancel_focus()
            elif self.armed:
                self.armed = None
                self._reach_surface = None
                self._panel_surface = None
            else:
                self.open_menu()
            return
        if key == pygame.K_F1 or event.unicode == "?":
            self.overlay = "help"
            return
        if self._letter_answer(event.unicode or ""):
            return
        if (event.unicode or "").upper() == AUTO_KEY and self.human_input and not self.chooser \
                and self.auto_offer(self.session.decision) is not None:
            self.start_auto()
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) or (
            not ctrl and key in (pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s)
        ):
            self.keys_held.add(key)
            return
        if ctrl and key == pygame.K_s:
            self.save()
            return
        if (ctrl and key == pygame.K_z) or key == pygame.K_u:
            self.undo()
            return
        if key in (pygame.K_SPACE, pygame.K_f):
            self.fast = not self.fast
            if self.fast:
                self.fx.clear()
                self.slides.clear()
            self.toast = ("Fast-forward on" if self.fast else "Fast-forward off", 1.0)
            return
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(1, None)
            return
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1, None)
            return
        if key == pygame.K_c:
            self.centre_on_active()
            return
        if key == pygame.K_h:
            self.show_strip = not self.show_strip
            return
        if key == pygame.K_i:
            self.open_info()
            return
        if key == pygame.K_x:
            self.toggle_reasoning()
            return
        if key == pygame.K_l:
            self.show_log = not self.show_log
            self._panel_surface = None
            return
        if key == pygame.K_TAB:
            self._next_unit()
            return
        if self.layer_playing:
            return  # the last input is still being shown: nothing to pick yet
        if self.chooser:
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.chooser):
                self.submit(self.chooser[key - pygame.K_1])
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.model.chooser_default is not None:
                self.submit(self.chooser[self.model.chooser_default])
            return
        decision = self.session.decision if self.session.waiting_for_human else None
        if decision is not None and self.handoff is None and not self.replay:
            if pygame.K_1 <= key <= pygame.K_9:
                picked = self.prompt_key(key - pygame.K_0)
                if picked is not None:
                    self.answer(picked)
            elif key in (pygame.K_0, pygame.K_PAGEDOWN):
                self.turn_prompt_page(1)
            elif key == pygame.K_PAGEUP:
                self.turn_prompt_page(-1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                default = shown_default(self.match, decision)
                if default in decision.keys():
                    self.answer(default)
            return
        if pygame.K_1 <= key <= pygame.K_9:
            self._activate_group(key - pygame.K_1)
            return
        if key in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER):
            for g in self.groups:
                if is_end(g.actions[0], self.match.ruleset) and len(g.actions) == 1:
                    self.press(g.actions[0])
                    return
            if self.human_input:
                self.toast = (self.no_end_hint(), 3.0)

    def no_end_hint(self) -> str:
        """What to do when E (end) has nothing to end yet: e.g. a unit must be picked to act first."""
        picks = [g.label for g in self.groups if g.actions[0].actor is not None]
        if self.turn is not None and self.turn.unit is None and picks:
            shown = ", ".join(picks[:3]) + ("…" if len(picks) > 3 else "")
            return f"Nothing to end yet: first choose who acts ({shown}) with 1–9 or a click."
        return "Nothing to end yet: take one of the actions on the right first."

    def _activate_group(self, index: int) -> None:
        if index >= len(self.groups) or not self.human_input:
            return
        group = self.groups[index]
        if group.targeted:
            if self.armed == group.key and len(group.actions) == 1:
                # Pressed again with a single possible target: use it.
                self.submit(group.actions[0])
                return
            self.armed = None if self.armed == group.key else group.key
            self._panel_surface = None
            self._reach_surface = None
        elif len(group.actions) > 1:
            self.chooser = list(group.actions)  # e.g. the facings to turn to
            self.dirty = True
        else:
            self.press(group.actions[0])

    def _next_unit(self) -> None:
        mine = [
            u
            for u in self.units
            if u.alive and u.state == "active" and (self.viewer is None or u.side == self.viewer)
        ]
        if not mine:
            return
        ents = [u.ent for u in mine]
        i = (ents.index(self.selected) + 1) % len(ents) if self.selected in ents else 0
        if self.turn is not None and self.turn.unit is not None:
            return  # the ruleset fixes who acts
        self.selected = ents[i]
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = None
        self.camera.centre_on(self.layout.centre(mine[i].cell))

    def _zoom(self, steps: int, anchor: tuple[int, int] | None) -> None:
        if self.camera.zoom_by(steps, anchor):
            self._reach_surface = None
            self.dirty = True

    def _wheel(self, y: int) -> None:
        if self.actions_rect.collidepoint(self.mouse):
            self.actions_scroll = max(0, self.actions_scroll - y)
            # the entries move under a still mouse: no box pops up over the list until it moves
            self.wheel_quiet = True
            self._panel_surface = None
            self.dirty = True
            return
        if (
            self.panel_rect.collidepoint(self.mouse)
            and self.show_log
            and self.log.rect.collidepoint(self.mouse)
        ):
            self.log.scroll_by(y * 3)
            self.dirty = True
        elif self.board_rect.collidepoint(self.mouse) and y:
            self._zoom(1 if y > 0 else -1, self.mouse)

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, ...]) -> None:
        old = (self.hover_cell, self._hot_button(), self.model.hover_unit, self._tag_tip_at(self.mouse))
        if pos != self.mouse and getattr(self, "wheel_quiet", False):
            self.wheel_quiet = False
            self.dirty = True
        self.mouse = pos
        if self.drag is not None and any(buttons):
            dx, dy = pos[0] - self.drag[0], pos[1] - self.drag[1]
            if self.dragged or abs(dx) + abs(dy) > 6:
                self.dragged = True
                self.camera.pan(-dx, -dy)
                self.drag = pos
                self._reach_surface = None
                self.dirty = True
        cell = None
        if self.board_rect.collidepoint(pos):
            cell = self.layout.cell_at(*self.camera.to_map(pos))
        self.hover_cell = cell
        self._hover_view = self.view_key()
        under = self.unit_under(pos) if cell is not None else None
        self.model.hover_unit = under.ent if under is not None else None
        if (self.hover_cell, self._hot_button(), self.model.hover_unit, self._tag_tip_at(pos)) != old:
            self._still = None
            self.dirty = True
            if self._hot_button() != old[1]:
                self._panel_surface = None
                if self.turn is not None and self.turn.unit is None:
                    self._strip_surface = None  # the hand follows the unit under the mouse

    def _hot_button(self) -> Button | None:
        for b in self.buttons:
            if b.rect.collidepoint(self.mouse):
                return b
        return None

    def _press(self, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if button in (4, 5):
            return
        self._press_used = False
        if button == 3 and self.chooser:
            self.chooser = None
            self.dirty = True
            return
        if self.board_rect.collidepoint(pos):
            self.drag = pos
            self.dragged = False
        if button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(pos) and b.enabled:
                    b.on_click()
                    self.dirty = True
                    self._panel_surface = None
                    return
            entry = self._hand_card_at(pos)
            if entry is not None:
                self._press_used = True  # the release must not click the board under the strip
                self.play_hand_card(entry)
                return
            if self.show_log and self.log.rect.collidepoint(pos):
                if self.log.click(pos):
                    self.dirty = True
                return

    def _release(self, pos: tuple[int, int], button: int) -> None:
        dragged = self.dragged
        self.drag = None
        self.dragged = False
        if self._press_used:
            self._press_used = False
            return
        if dragged or not self.board_rect.collidepoint(pos) or self._modal_rect() is not None:
            return
        cell = self.layout.cell_at(*self.camera.to_map(pos))
        if button == 3:
            if self.focus is not None:
                self.cancel_focus()
            elif self.armed:
                self.armed = None
            elif self.turn is None or self.turn.unit is None:
                self.selected = None
                self._compute_actions()
            self._panel_surface = None
            self._reach_surface = None
            self.dirty = True
            return
        if button != 1 or cell is None:
            return
        self.click_cell(cell, self.unit_under(pos))

    def click_cell(self, cell: Cell, unit: UnitInfo | None = None) -> None:
        """What a left click on a board cell (on one of the units side by side there) means now."""
        self.dirty = True
        unit = unit if unit is not None and unit.cell == cell else self.unit_at(cell)
        if self.human_input:
            if unit is not None and unit.ent in self.target_actions and not self._picks_own(unit):
                self._submit_or_choose(self._candidates_for_target(unit.ent))
                return
            action = self._action_for_cell_target(cell)
            if action is not None:
                self._submit_or_choose(
                    [a for a in self.cell_actions[cell] if self.group_key(a) == self.armed]
                )
                return
            if cell in self.moves and (unit is None or unit.ent != self.selected):
                self._submit_or_choose(self.move_options.get(cell) or [self.moves[cell]])
                return
        if unit is not None:
            fixed = self.turn is not None and self.turn.unit is not None
            if not fixed or unit.ent == self.selected:
                self.selected = unit.ent
                self._compute_actions()
            self.inspected = unit.ent
            self._panel_surface = None
            self._reach_surface = None

    def _picks_own(self, unit: UnitInfo) -> bool:
        """A plain click on one of the acting side's units selects it (as the help says): an action
        on an ally (a hand-off, a medkit) is used only when its group is armed (1-9 or its button)."""
        if self.turn is None or unit.side != self.turn.side:
            return False
        armed = self.armed
        return not (armed and any(self.group_key(a) == armed for a in self.target_actions[unit.ent]))

    def cancel_focus(self) -> None:
        """Stop playing the chosen hand card: every action is offered again."""
        self.focus = None
        self.armed = None
        self._compute_actions()
        self._reach_surface = None
        self._panel_surface = None
        self._strip_surface = None
        self.dirty = True

    def _submit_or_choose(self, actions: list[Action]) -> None:
        """One candidate is sent at once; several (facings, aimed parts...) open a chooser."""
        if len(actions) == 1:
            self.submit(actions[0])
        elif actions:
            self.chooser = list(actions)
            self.dirty = True
