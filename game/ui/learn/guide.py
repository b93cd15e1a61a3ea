"""The guide of a guided battle: a band across the top of the board with the step's words and
Next / Leave / Skip, and an outline with a line to the part of the screen the step points at.
The band takes its height from the board (the board and any prompt sit below it), as tall as the
lesson's longest step but at most two fifths of the board (a longer step's words are set smaller),
so the board does not move under the mouse from step to step."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.kinds import HAND_NAME
from game.learn.coach import NEXT_KEY, unit_named
from game.ui.theme import Fonts
from game.ui.widgets import Button, panel, text_block

if TYPE_CHECKING:
    from game.ui.learn.scene import LearnScene

BUTTONS_W = 130


def target_rect(scene: LearnScene, point: str) -> pygame.Rect | None:
    """The screen area a step's `point` names, if it is on screen now."""
    kind, _, name = point.partition(":")
    tile = (scene.layout.tw * scene.camera.zoom, scene.layout.th * scene.camera.zoom)
    if kind in ("unit", "cell"):
        if kind == "unit":
            ent = unit_named(scene.match, name)
            u = scene.unit_by_ent.get(ent) if ent is not None else None
            if u is None or not u.alive:
                return None
            cell = u.cell
        else:
            cell = tuple(int(v) for v in name.split(","))
        cx, cy = scene.camera.to_screen(scene.layout.centre(cell))
        pad = scene.fonts.px(3)
        r = pygame.Rect(0, 0, round(tile[0]) + 2 * pad, round(tile[1]) + 2 * pad)
        r.center = (round(cx), round(cy))
        return r
    if kind == "prompt":
        return scene.modal_area if scene.modal_area.w else None
    if kind == "option":
        _page, _pages, shown = scene.prompt_options()
        keys = [o.key for _n, o in shown]
        # the prompt's own buttons, in order: facing arrows drawn on the board go first and have no key
        buttons = [b for b in scene.modal_buttons if b.hotkey]
        if name in keys and keys.index(name) < len(buttons):
            return buttons[keys.index(name)].rect
        return scene.modal_area if scene.modal_area.w else None
    if kind in ("action", "end_turn"):
        ending = scene.match.ruleset.turn_ending
        wanted = [i for i, g in enumerate(scene.groups)
                  if (g.actions[0].kind in ending if kind == "end_turn" else g.actions[0].kind == name)]
        groups = getattr(scene, "panel_groups", [])
        for b, g in zip(scene.panel_buttons, groups, strict=False):
            if g is not None and g in wanted:
                return b.rect
        return scene.actions_rect if scene.actions_rect.w else None
    if kind == "actions":
        return scene.actions_rect if scene.actions_rect.w else None
    if kind == "turnbar":
        # the turn order only: an outline over the whole bar would cross its round and side words
        bar = scene.bar_rect
        x = bar.x + getattr(scene, "bar_order_x", 0) - scene.fonts.px(13)
        return pygame.Rect(x, bar.y, bar.right - x, bar.h)
    if kind == "panel":
        return scene.panel_rect
    if kind == "log":
        return scene.log.rect if scene.show_log else None
    if kind == "hand":
        return scene._strip_rect
    if kind == "card":  # a card of the hand strip, by the name the player sees on it
        return next((r for r, e in scene.hand_hits if e.get(HAND_NAME) == name), scene._strip_rect)
    return None


class Guide:
    """Draws the guide band and knows where its buttons are."""

    def __init__(self, scene: LearnScene) -> None:
        self.scene = scene
        self.buttons: list[Button] = []
        #: where the band sits over the board (the board starts below it); `rect` is where it was
        #: drawn: taller, over the board's top, for a step too long even in the small font
        self.base = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: the "Last turn" note's rect and whole words when it was cut to one line (read on hover)
        self.note_cut: tuple[pygame.Rect, str] | None = None
        self.target: pygame.Rect | None = None
        self._scrolled_for: object = None
        #: the outline drawn round the step's target this frame (None: none drawn)
        self.ring: pygame.Rect | None = None
        #: the pointer's line through the board, as last drawn (points), when it found its way
        self.line: list[tuple[int, int]] = []
        #: over the side panel's top (a prompt open that does not fit the board under the band):
        #: the words across the panel's width, the buttons in a row under them
        self.aside = False

    def _lines(self) -> tuple[str, str]:
        coach = self.scene.coach
        lesson = coach.lesson
        n = coach.screens
        if coach.done:
            return (f"Lesson complete  ·  step {n} of {n}",
                    lesson.summary or "You have played the whole guided battle.")
        st = coach.step
        assert st is not None
        return f"{st.title or lesson.title}  ·  step {coach.index + 1} of {n}", st.text

    def _text_w(self, width: int, aside: bool | None = None) -> int:
        f = self.scene.fonts
        if self.aside if aside is None else aside:
            return width - 2 * f.px(12)
        return width - 3 * f.px(12) - f.px(BUTTONS_W)

    def _texts(self) -> list[str]:
        lesson = self.scene.coach.lesson
        return [st.text for st in lesson.steps] + [lesson.summary or ""]

    def _need(self, width: int, text: str, size: int, aside: bool | None = None) -> int:
        """The band's height for one step's words at a font size (`aside`: over the side panel,
        the buttons in a row under the words; the band's own place unless said)."""
        f = self.scene.fonts
        aside = self.aside if aside is None else aside
        lines = len(f.wrap(text, self._text_w(width, aside), size))
        # the head line, the words, and a line for what the opponent just did
        text_h = 2 * (f.line_height(Fonts.SMALL) + f.px(4)) + lines * f.line_height(size)
        if aside:
            return 2 * f.px(10) + text_h + f.px(30) + f.px(8)
        buttons_h = 3 * f.px(30) + 2 * f.px(6)
        return 2 * f.px(10) + max(text_h, buttons_h)

    def height(self, width: int, board_h: int) -> int:
        """The band's height over a board this wide and tall: one height for the whole lesson (the
        board does not move from step to step under the mouse), its longest step's, but at most
        two fifths of the board (at 150 % on 720 pixels the board was left too short for a
        prompt): a longer step's words are set smaller to fit (`size`)."""
        longest = max(self._need(width, t, Fonts.BODY, False) for t in self._texts())
        return max(self._need(width, "", Fonts.BODY, False), min(longest, board_h * 2 // 5))

    def aside_height(self, width: int) -> int:
        """The band's height over a side panel this wide: the step shown, the buttons under it."""
        _head, body = self._lines()
        return self._need(width, body, Fonts.BODY, True)

    def size(self, text: str) -> int:
        """The font size for a step's words: the body's when they fit the band, else the small one."""
        return Fonts.BODY if self._need(self.base.w, text, Fonts.BODY) <= self.base.h else Fonts.SMALL

    def content_h(self) -> int:
        """The height the step shown needs (its words, the note line, the buttons): a prompt
        too tall for the board may come up to there, the band then drawn that short."""
        _head, body = self._lines()
        return self._need(self.base.w, body, self.size(body))

    def draw(self, surface: pygame.Surface) -> None:
        """The band, its buttons and the pointer."""
        s = self.scene
        f, pal = s.fonts, s.pal
        coach = s.coach
        head, body = self._lines()
        size = self.size(body)
        rect = self.rect = pygame.Rect(self.base)
        rect.h = max(rect.h, self._need(rect.w, body, size))
        if s.modal_area.w and s.modal_area.colliderect(rect):
            rect.h = self.content_h()  # a tall prompt came up into the band's empty part
        pad = f.px(12)
        panel(surface, rect, pal)
        pygame.draw.rect(surface, pal.active, rect, 2, border_radius=6)
        inner = self._text_w(rect.w)
        refused = coach.refused
        # an input the step did not ask for: the band's head line says so, in the warning colour
        y = text_block(surface, f, [refused or head], (rect.x + pad, rect.y + f.px(10)), inner, Fonts.SMALL,
                       pal.bad if refused else pal.active, bold=True)
        note_h = f.line_height(Fonts.SMALL) + f.px(4)
        bw, bh = f.px(BUTTONS_W), f.px(30)
        bottom = rect.bottom - (bh + f.px(8) if self.aside else 0)  # over the side panel: the buttons' row
        below = text_block(surface, f, [body], (rect.x + pad, y + f.px(4)), inner, size, pal.text,
                           max_y=bottom - note_h)
        self.note_cut = None
        self.note_lines: list[str] = []
        if coach.opponent_did and not coach.done:
            # the opponent's turn shows on the board only as log lines: say what it did (one line;
            # cut short, the whole of it is read on hover)
            did = "; ".join(coach.opponent_did[-3:])
            said = f"Last turn: {did}."
            whole = f"{said} The log {'below' if self.aside else 'on the right'} shows the math."
            lh = f.line_height(Fonts.SMALL)
            lines = f.wrap(whole, inner, Fonts.SMALL)
            if len(lines) * lh > bottom - f.px(4) - below:
                # no room to wrap: the log's hint goes first, then the line's end (read whole on hover)
                small = f.font(Fonts.SMALL)
                lines = [whole if small.size(whole)[0] <= inner else f.fit(said, inner, Fonts.SMALL)]
            at = (rect.x + pad, bottom - f.px(4) - len(lines) * lh)
            text_block(surface, f, lines, at, inner, Fonts.SMALL, pal.dim, max_y=bottom)
            self.note_lines = lines
            if len(lines) == 1 and lines[0] != whole:
                self.note_cut = (pygame.Rect(at, (inner, lh)), whole)
        labels: list[tuple[str, str]] = []
        if coach.done:
            labels.append(("finish", "Finish"))
        else:
            if coach.waits_next:
                labels.append(("next", f"Next  ({NEXT_KEY})"))
            labels += [("leave", "Leave"), ("skip", "Skip lesson")]
        self.buttons = []
        gap = f.px(6)
        x, y = rect.right - pad - bw, rect.y + f.px(10)
        if self.aside:
            bw = min(bw, (rect.w - 2 * pad - (len(labels) - 1) * gap) // len(labels))
            x, y = rect.right - pad - len(labels) * bw - (len(labels) - 1) * gap, rect.bottom - f.px(8) - bh
        for key, label in labels:
            b = Button(pygame.Rect(x, y, bw, bh), label, (lambda k=key: s.guide_button(k)),
                       selected=key in ("next", "finish"))
            b.draw(surface, f, pal, b.rect.collidepoint(s.mouse), Fonts.SMALL)
            self.buttons.append(b)
            if self.aside:
                x += bw + gap
            else:
                y += bh + gap
        if not coach.done and coach.step is not None:
            self._show_action(surface, coach.step.point)
        target = None if coach.done or coach.step is None else target_rect(s, coach.step.point)
        self.target = target
        self.ring = None
        self.line = []
        if target is not None:
            # the labels on the board stay whole: the outline and the line pass under them (the
            # marked square's outline cut "knock down" to "nock dow", "hidden 2" to "hidde 2")
            screen = surface.get_rect()
            words = [r.clip(screen) for r in s.word_rects if not r.colliderect(rect)]
            patches = [(r, surface.subsurface(r).copy()) for r in words if r.w and r.h]
            self._pointer(surface, rect, target)
            for r, patch in patches:
                surface.blit(patch, r)

    def _show_action(self, surface: pygame.Surface, point: str) -> None:
        """A step pointing at an action scrolled out of the list scrolls the list to it, once per
        step and list (the person may scroll away again); the panel is drawn again with it."""
        s = self.scene
        kind, _, name = point.partition(":")
        if kind not in ("action", "end_turn"):
            return
        ending = s.match.ruleset.turn_ending
        kinds = tuple(g.actions[0].kind for g in s.groups)
        key = (s.coach.index, kinds)
        if key == self._scrolled_for:
            return
        self._scrolled_for = key
        wanted = [i for i, k in enumerate(kinds) if (k in ending if kind == "end_turn" else k == name)]
        if wanted and s.scroll_actions_to(wanted[0]):
            s._panel_surface = None
            s._draw_panel(surface)

    def _pointer(self, surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect) -> None:
        s = self.scene
        colour = s.pal.active
        width = s.fonts.px(3)
        ring = target.inflate(s.fonts.px(6), s.fonts.px(6))
        self.ring = None
        step = s.coach.step
        on_board = step is not None and step.point.partition(":")[0] in ("unit", "cell")
        if s.modal_area.w and s.modal_area.colliderect(ring) and on_board:
            return  # a unit under the open prompt: an outline there would cross the prompt's words
        if box.colliderect(ring):
            # the turn bar, right above the band: inside it; the side panel beside the band: on its
            # edge (inside it, the outline ran through the panel's first letters)
            side = step is not None and step.point in ("panel", "log")
            ring = pygame.Rect(target) if side else target.inflate(-s.fonts.px(4), -s.fonts.px(4))
            pygame.draw.rect(surface, colour, ring, width, border_radius=6)
            self.ring = ring
            return
        pygame.draw.rect(surface, colour, ring, width, border_radius=6)
        self.ring = ring
        in_prompt = step is not None and step.point.partition(":")[0] in ("option", "prompt")
        if in_prompt or (s.modal_area.w and s.modal_area.colliderect(ring)):
            return  # an option of the open prompt: a line would cross the prompt's words
        if ring.right <= box.x:  # the band over the panel: in from its left edge
            inset, gap = s.fonts.px(20), s.fonts.px(12)
            start = (box.x, min(max(ring.centery, box.y + inset), box.bottom - inset))
            end = (ring.right, min(max(start[1], ring.y), ring.bottom))
            # straight in, else across above (or below) an open prompt and down (up) to the ring
            ys = [start[1], s.board_rect.y + gap]
            if s.modal_area.w:
                ys += [s.modal_area.y - gap, s.modal_area.bottom + gap]
            ways = [[start, end]]
            for y in ys:
                if s.board_rect.y <= y <= s.board_rect.bottom:
                    edge = ring.y if y < ring.y else ring.bottom
                    ways.append([(box.x, y), (ring.centerx, y), (ring.centerx, edge)])
            self._way(surface, target, ways)
            return
        elif ring.x >= box.right:  # the panel on the right: from the band's lower right corner
            start = (box.right - s.fonts.px(20), box.bottom)
            end = (ring.x, ring.centery)
        elif (strip := s._strip_rect) is not None and strip.colliderect(ring) and strip.top > box.bottom:
            # a card of the hand strip: straight down to the strip's top, over none of its words
            # or the cards beside it (the outline marks the card), where it crosses no token
            inset, gap = s.fonts.px(10), s.fonts.px(16)
            xs = (ring.centerx, ring.x + inset, ring.right - inset)
            ways = [[(x, box.bottom), (x, strip.top)] for x in xs]
            # else down beside the card's column and in over the strip's top
            y = strip.top - gap
            ways += [[(x, box.bottom), (x, y), (ring.centerx, y), (ring.centerx, strip.top)]
                     for x in (ring.right + gap, ring.x - gap, ring.right + 4 * gap, ring.x - 4 * gap)]
            self._way(surface, target, ways)
            return
        elif s.board_rect.collidepoint(ring.center) and ring.y > box.bottom:
            # a unit or square: down beside it and in from the side, not straight down through the
            # words drawn above a token (a hold, a status); the first way, right, left or from
            # above, that crosses no other unit's token, word box or open prompt (the line ended on
            # the neighbour's letter, on a "hidden 2", on the odds written by the target)
            gap = s.fonts.px(16)
            xr, xl, cy = ring.right + gap, ring.x - gap, ring.centery
            ways = [[(x, box.bottom), (x, cy), (edge, cy)] for x, edge in ((xr, ring.right), (xl, ring.x))
                    if s.board_rect.collidepoint(x, cy)]
            ways.append([(ring.centerx, box.bottom), (ring.centerx, ring.y)])
            # else down a line between the columns further out (the tokens on the way sat across
            # the near ones), along a row or between two rows, into the ring from the side, above
            # or below (saves: the line ran through B and R, its end on H's letter)
            ordered = len(ways)
            ways += self._detours(box, target, ring)
            self._way(surface, target, ways, ordered)
            return
        else:
            start = (min(max(ring.centerx, box.x + s.fonts.px(20)), box.right - s.fonts.px(20)), box.bottom)
            end = (min(max(start[0], ring.x), ring.right), min(max(start[1], ring.y), ring.bottom))
        pygame.draw.line(surface, colour, start, end, max(2, width - 1))
        pygame.draw.circle(surface, colour, end, s.fonts.px(5))

    def _detours(self, box: pygame.Rect, target: pygame.Rect,
                 ring: pygame.Rect) -> list[list[tuple[int, int]]]:
        """Ways from the band down between two columns, across along the target's row or between
        two rows, and into the ring from its side, above or below."""
        s = self.scene
        board = s.board_rect
        tw, th = s.layout.tw * s.camera.zoom, s.layout.th * s.camera.zoom
        cx, cy = target.center
        inset = s.fonts.px(8)
        xs = [round(cx + sign * (k + 0.5) * tw) for k in range(1, 5) for sign in (1, -1)]
        levels = [round(cy + sign * (k + 0.5) * th) for k in range(3) for sign in (-1, 1)]
        ends = (ring.centerx, ring.x + inset, ring.right - inset)
        ways = []
        for x in xs:
            if not board.x < x < board.right:
                continue
            ways.append([(x, box.bottom), (x, cy), (ring.right if x > cx else ring.x, cy)])
            for y in levels:
                if not box.bottom < y < board.bottom:
                    continue
                edge = ring.y if y < cy else ring.bottom
                ways += [[(x, box.bottom), (x, y), (e, y), (e, edge)] for e in ends]
        return ways

    def _way(self, surface: pygame.Surface, target: pygame.Rect, ways: list[list[tuple[int, int]]],
             ordered: int | None = None) -> None:
        """The first of `ways` (each a line through points) crossing fewest of what the line must
        not hide: other units' tokens, the words beside them, an open prompt."""
        s = self.scene
        thin = max(2, s.fonts.px(3) - 1)
        # the target's own token is the one centred in it (a neighbour's token may reach into it
        # at 150 %: the line ended on its letter)
        keep = [t for t in s._token_rects() if not target.collidepoint(t.center)]
        keep += [b for b in s.board_boxes + s.word_rects if not target.contains(b)]
        if s.modal_area.w:
            keep.append(s.modal_area)

        def crossed(points: list[tuple[int, int]]) -> int:
            legs = [pygame.Rect(min(a[0], b[0]) - thin, min(a[1], b[1]) - thin,
                                abs(a[0] - b[0]) + 2 * thin, abs(a[1] - b[1]) + 2 * thin)
                    for a, b in zip(points, points[1:], strict=False)]
            return sum(leg.collidelist(keep) >= 0 for leg in legs)

        def length(points: list[tuple[int, int]]) -> int:
            return sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(points, points[1:], strict=False))

        # the first way among the fewest crossings; past the first `ordered`, the shortest such
        n = len(ways) if ordered is None else ordered
        best = min(ways, key=lambda w: (crossed(w), min(ways.index(w), n), length(w)))
        self.line = best
        pygame.draw.lines(surface, s.pal.active, False, best, thin)
        pygame.draw.circle(surface, s.pal.active, best[-1], s.fonts.px(5))
