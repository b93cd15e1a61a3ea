"""Where a prompt goes: clear of the unit it is about (and the other units and odds boxes it
concerns), beside it or with the board slid aside, over the turn bar when taller than the board."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.kinds import CTX_UNIT


class PromptPlaceMixin:
    """A prompt's placement (a part of BattleScene, through PromptMixin)."""

    def _place_modal(self, rect: pygame.Rect, keep: int = 0, make_room: bool = False,
                     within: pygame.Rect | None = None) -> bool:
        """Centre a prompt on the board, moved aside so the acting unit (and `keep` pixels around
        it, for facing arrows) and the boxes the board keeps for the prompt (`prompt_keep`: the
        odds of the shot it asks about) stay in sight; True when it covers none. With `make_room`,
        the camera first slides the unit to the side away from where the prompt can go; `within`
        is where it may go (the board unless said)."""
        rect.center = self.board_rect.center
        ent = self._prompt_unit()
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is None:
            return True
        m = max(self.fonts.px(20), keep)
        room = self.fonts.px(12)
        if make_room:
            self._slide_unit_aside(u.cell, rect, m, room)
        x, y = self.camera.to_screen(self.layout.centre(u.cell))
        unit = pygame.Rect(0, 0, 2 * m, 2 * m)
        unit.center = (round(x), round(y))
        boxes = [r.inflate(4, 4) for r in self.prompt_keep]
        obstacles = [unit, *boxes]
        board = within or self.board_rect
        area = board.inflate(-2 * room, -2 * room)

        def low(r: pygame.Rect) -> pygame.Rect:
            """`r` moved down to the board's foot when that covers nothing either: the top of the
            board is where the chance popups stack (a tall prompt centred left them no room)."""
            down = pygame.Rect(r)
            down.bottom = board.bottom - self.fonts.px(4)
            return down if down.y > r.y and board.contains(down) and down.collidelist(obstacles) < 0 else r

        if not rect.collidelistall(obstacles):
            rect.topleft = low(rect).topleft
            return True
        # beside everything at once first (as before the boxes: beside the unit), then beside
        # one of them at a time
        anchors = [unit.unionall(boxes)] + (obstacles if boxes else [])
        tries = []
        for clear in anchors:
            for side in ("below", "above", "left", "right"):
                r = pygame.Rect(rect)
                r.clamp_ip(area)
                if side == "below":
                    r.top = clear.bottom + room
                elif side == "above":
                    r.bottom = clear.top - room
                elif side == "left":
                    r.right = clear.left - room
                else:
                    r.left = clear.right + room
                tries.append(r)
        for r in tries:
            if area.contains(r) and r.collidelist(obstacles) < 0:
                rect.topleft = low(r).topleft
                return True
        # Nowhere clear: the side that hides the least of the odds shown, then of the unit's
        # surroundings.
        for r in tries:
            r.clamp_ip(board)

        def hidden(r: pygame.Rect, o: pygame.Rect) -> int:
            c = r.clip(o)
            return c.w * c.h

        best = min(tries, key=lambda r: (sum(hidden(r, o) for o in boxes), hidden(r, unit), tries.index(r)))
        rect.topleft = best.topleft
        return False

    def _tall_area(self) -> pygame.Rect:
        """Where a prompt too tall for the board may go: the board and the turn bar above it."""
        board = self.board_rect
        return pygame.Rect(board.x, 0, board.w, board.bottom)

    def _keep_turn_unit(self) -> None:
        """The other units a prompt is about stay in sight, as its own unit does: the unit whose
        turn it is (a reaction to its attack, damage it deals: casket at 150 %, the prompt covered
        Brokk) and the target or opponent the decision names (varium's hit check on the guard)."""
        d = self.session.decision
        ctx = (d.context or {}) if d is not None else {}
        named = [ctx.get(k) for k in ("target", "foe", "attacker", "defender")]
        acting = self.turn.unit if self.turn is not None else None
        own = self._prompt_unit()
        for ent in dict.fromkeys([acting, *named]):
            u = self.unit_by_ent.get(ent) if isinstance(ent, int) and ent != own else None
            if u is None or not u.alive:
                continue
            x, y = self.camera.to_screen(self.layout.centre(u.cell))
            box = pygame.Rect(0, 0, 2 * self.fonts.px(20), 2 * self.fonts.px(20))
            box.center = (round(x), round(y))
            if self.board_rect.colliderect(box):
                self.prompt_keep.append(box)

    def _prompt_clear(self, cell: Any, m: int) -> pygame.Rect:
        """`m` pixels around the prompt's unit and the boxes the board keeps for the prompt."""
        x, y = self.camera.to_screen(self.layout.centre(cell))
        clear = pygame.Rect(0, 0, 2 * m, 2 * m)
        clear.center = (round(x), round(y))
        return clear.unionall([r.inflate(4, 4) for r in self.prompt_keep]) if self.prompt_keep else clear

    def _side_room(self, keep: int) -> int:
        """The widest free width left or right of the prompt's unit and its ring (0 without one)."""
        ent = self._prompt_unit()
        u = self.unit_by_ent.get(ent) if ent is not None else None
        if u is None:
            return 0
        m = max(self.fonts.px(20), keep)
        room = self.fonts.px(12)
        clear = self._prompt_clear(u.cell, m)
        board = self.board_rect
        return int(max(clear.left - board.x, board.right - clear.right) - 3 * room)

    def _slide_unit_aside(self, cell: Any, rect: pygame.Rect, m: int, room: int) -> None:
        """Pan so the unit and its ring sit by the board's left (or top) edge, leaving the rest of
        the board to a prompt that fits nowhere else."""
        board = self.board_rect
        clear = self._prompt_clear(cell, m)
        before = self.camera.to_screen(self.layout.centre(cell))
        # only as far as the prompt needs beside it (slid to the edge, a map smaller than the
        # board was cut off there with the board's other half left empty)
        if board.w - clear.w - 3 * room >= rect.w:
            need = clear.right + 2 * room + rect.w + 2 - board.right
            self.camera.make_room(min(clear.x - (board.x + room), max(0, need)), 0)
        elif board.h - clear.h - 3 * room >= rect.h:
            need = clear.bottom + 2 * room + rect.h + 2 - board.bottom
            self.camera.make_room(0, min(clear.y - (board.y + room), max(0, need)))
        after = self.camera.to_screen(self.layout.centre(cell))
        # the boxes kept in sight move with the board until the next frame draws them again
        for r in self.prompt_keep:
            r.move_ip(round(after[0] - before[0]), round(after[1] - before[1]))
        self._reach_surface = None
        if after != before:
            self.dirty = True  # the board under the prompt was drawn before it moved

    def _prompt_unit(self) -> int | None:
        """The unit a prompt is about: the decision's "unit", else the acting or selected one."""
        d = self.session.decision
        if d is not None and isinstance((d.context or {}).get(CTX_UNIT), int):
            return int(d.context[CTX_UNIT])
        if self.chooser and self.chooser[0].actor is not None:
            return self.chooser[0].actor
        return self.turn.unit if self.turn is not None and self.turn.unit is not None else self.selected
