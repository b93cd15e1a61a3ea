"""The replay viewer's timeline bar: play/pause, steppers (◀ Round ▶, ◀ Input ▶, ◀ Event ▶), the
speed, whose hidden information is shown, play from here, a typed round to jump to, where the view
stands, and a scrubber with one tick per round (click or drag it to jump).

The bar keeps to two rows of buttons where it can: when the full labels ("Speed 2/s") would take a
third row, the compact ones ("2/s") are used, and a long side name is cut short; every button's
tooltip says in full what it does and its key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.theme import Fonts
from game.ui.widgets import Button, percent, tooltip

#: digits a typed round may have
ROUND_DIGITS = 4


@dataclass
class BarItem:
    """One piece of the bar: a button, or a caption between a stepper's arrows (no action)."""

    key: str  # a stable name ("input_back"): the layout and tests find pieces by it
    label: str
    tip: str = ""
    action: Callable[[], None] | None = None
    enabled: bool = True
    #: the widest label the piece can take, so it keeps its place when its text changes
    widest: str = ""
    #: pieces of one group stay on one row
    group: int = 0
    selected: bool = False


class TimelineBarMixin:
    """The bar under the board (a part of ReplayScene)."""

    timeline_rect: pygame.Rect
    track_rect: pygame.Rect
    bar_buttons: list[Button]
    #: the typed round while the "go to round" entry is open (None: closed)
    round_entry: str | None = None

    # -- what the bar holds --------------------------------------------------------------------
    def bar_items(self, compact: bool = False) -> list[BarItem]:
        """The bar's pieces in order; `compact` gives the short labels."""
        tl = self.timeline
        start, end = tl.pos == 0 and tl.live, tl.pos >= tl.length and tl.live
        first = tl.log_at[0] if tl.log_at else 0
        speed = self.speed_label()
        views = self._view_labels(compact)
        entry = self.round_entry
        return [
            BarItem("play", "Pause" if self.playing else "Play", "Play or pause (Space)",
                    self.toggle_play, not end, "Pause", 0, self.playing),
            BarItem("round_back", "◀", "Start of this round, or the previous one (Page Up)",
                    self.previous_round, not start, group=1),
            BarItem("round", "Round", group=1),
            BarItem("round_next", "▶", "Start of the next round (Page Down)", self.next_round, not end,
                    group=1),
            BarItem("input_back", "◀", "One input back (Left)", lambda: self.step(-1), not start, group=2),
            BarItem("input", "Input", group=2),
            BarItem("input_next", "▶", "One input forward (Right)", lambda: self.step(1), not end, group=2),
            BarItem("event_back", "◀", "One log line back (Shift+Left)", lambda: self.step_event(-1),
                    tl.shown > first, group=3),
            BarItem("event", "Event", group=3),
            BarItem("event_next", "▶", "One log line forward (Shift+Right)", lambda: self.step_event(1),
                    tl.shown < len(tl.events), group=3),
            BarItem("speed", speed if compact else f"Speed {speed}",
                    f"Playing speed: {self.speed_words()}. Click for faster "
                    "([ slower, ] faster)", self.faster, True,
                    "0.5/s" if compact else "Speed 0.5/s", 4),
            BarItem("view", views[self._view_index()], self._view_tip(), self.toggle_view, True,
                    max(views, key=lambda t: self.fonts.font(Fonts.BODY).size(t)[0]), 5,
                    self.viewer is not None),
            BarItem("branch", "Play from here", "Start a new game from this point, each side played by "
                    "whom you choose (B)", self.branch, True, group=6),
            BarItem("goto", "Go to round" if entry is None else f"Round: {entry}_",
                    "Jump to a round: type its number, then Enter (G, or just type the number; "
                    "Esc cancels)", self.open_round_entry, True,
                    "Go to round", 7, entry is not None),
        ]

    def _view_options(self) -> list[str | None]:
        return [None, *self.session.sides]

    def _view_index(self) -> int:
        opts = self._view_options()
        return opts.index(self.viewer) if self.viewer in opts else 0

    def _view_labels(self, compact: bool) -> list[str]:
        """The view button's label for each choice (a long side name cut short)."""
        f = self.fonts
        cap = f.px(150 if compact else 220)
        out = []
        for v in self._view_options():
            name = "All revealed" if v is None else self.side_name(v)
            out.append("View: " + f.fit(name, cap, Fonts.BODY))
        return out

    def _view_tip(self) -> str:
        now = "all hidden information" if self.viewer is None else \
            f"what {self.side_name(self.viewer)} could see"
        return f"Showing {now}. Click for the next view: all revealed, or one side's (V)"

    # -- layout --------------------------------------------------------------------------------
    def bar_height(self, width: int) -> int:
        """Rows of buttons (wrapped to the width), the status lines and the scrubber."""
        rows = len(self._bar_layout(width)[1])
        f = self.fonts
        return self._s(6) + rows * (self._button_h() + self._gap()) + 3 * f.line_height(Fonts.SMALL) \
            + self._s(28)

    def _s(self, n: float) -> int:
        # Fonts.px never gives under 8 px: the bar's small sizes are scaled here
        return round(n * self.fonts.scale)

    def _gap(self) -> int:
        return self._s(4)

    def _button_h(self) -> int:
        return self.fonts.line_height(Fonts.BODY) + self._s(6)

    def _piece_w(self, item: BarItem) -> int:
        font = self.fonts.font(Fonts.BODY)
        text_w = max(font.size(item.label)[0], font.size(item.widest)[0] if item.widest else 0)
        if item.action is None:
            return text_w
        # Button.draw keeps px(8) before its text and px(6) after
        return text_w + self.fonts.px(8) + self.fonts.px(6) + 2

    def _rows_for(self, items: list[BarItem], width: int) -> list[list[tuple[int, int]]]:
        """(index, width) of the pieces on each row, a group never split."""
        gap, group_gap = self._gap(), 2 * self._gap()
        groups: list[list[int]] = []
        for i, item in enumerate(items):
            if groups and items[groups[-1][0]].group == item.group:
                groups[-1].append(i)
            else:
                groups.append([i])
        rows: list[list[tuple[int, int]]] = [[]]
        x = gap
        for g in groups:
            widths = [self._piece_w(items[i]) for i in g]
            total = sum(widths) + gap * (len(g) - 1)
            if rows[-1] and x + total > width - gap:
                rows.append([])
                x = gap
            rows[-1].extend(zip(g, widths, strict=True))
            x += total + group_gap
        return rows

    def _bar_layout(self, width: int) -> tuple[list[BarItem], list[list[tuple[int, int]]]]:
        """The pieces and their rows: the full labels when they fit in two rows, else the compact."""
        items = self.bar_items()
        rows = self._rows_for(items, width)
        if len(rows) > 2:
            compact = self.bar_items(compact=True)
            short = self._rows_for(compact, width)
            if len(short) < len(rows):
                return compact, short
        return items, rows

    def layout_bar(self) -> None:
        """Place the buttons, captions and the scrubber inside timeline_rect."""
        f = self.fonts
        r = self.timeline_rect
        items, rows = self._bar_layout(r.w)
        self.bar_buttons = []
        self.bar_captions: list[tuple[pygame.Rect, str]] = []
        self.bar_pieces: dict[str, pygame.Rect] = {}
        y = r.y + self._s(6)
        bh = self._button_h()
        for row in rows:
            x = r.x + self._gap()
            for n, (i, w) in enumerate(row):
                if n and items[row[n - 1][0]].group != items[i].group:
                    x += self._gap()  # a wider gap between groups
                item = items[i]
                rect = pygame.Rect(x, y, w, bh)
                self.bar_pieces[item.key] = rect
                if item.action is None:
                    self.bar_captions.append((rect, item.label))
                else:
                    b = Button(rect, item.label, item.action, enabled=item.enabled, tooltip=[item.tip])
                    b.selected = item.selected
                    self.bar_buttons.append(b)
                x += w + self._gap()
            y += bh + self._gap()
        self.status_y = y
        # the scrubber: a gap, the track, room under it for the knob (radius 7)
        top = y + 3 * f.line_height(Fonts.SMALL) + self._s(6)
        self.track_rect = pygame.Rect(r.x + f.px(12), top, r.w - f.px(24), self._s(12))

    # -- drawing -------------------------------------------------------------------------------
    def _draw_timeline(self, surface: pygame.Surface) -> None:
        f, pal = self.fonts, self.pal
        tl = self.timeline
        r = self.timeline_rect
        pygame.draw.rect(surface, pal.panel, r)
        pygame.draw.line(surface, pal.panel_edge, r.topleft, r.topright)
        self.layout_bar()
        for b in self.bar_buttons:
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse))
        for rect, text in self.bar_captions:
            cap = f.render(text, Fonts.BODY, pal.text)
            surface.blit(cap, cap.get_rect(center=rect.center))
        room = r.w - f.px(24)
        x = r.x + f.px(12)
        for i, line in enumerate(self.status_lines()):
            colour = pal.text if i == 0 else pal.dim
            surface.blit(f.render(f.fit(line, room, Fonts.SMALL), Fonts.SMALL, colour),
                         (x, self.status_y + i * f.line_height(Fonts.SMALL)))
        track = self.track_rect
        pygame.draw.rect(surface, pal.bg, track, border_radius=f.px(4))
        pygame.draw.rect(surface, pal.panel_edge, track, 1, border_radius=f.px(4))
        n = max(1, tl.length)
        done = track.copy()
        done.w = round(track.w * tl.pos / n)
        if done.w:
            pygame.draw.rect(surface, pal.active, done, border_radius=f.px(4))
        last = -1
        for rnd in range(1, tl.rounds + 1):
            x = track.x + round(track.w * tl.round_start(rnd) / n)
            if x - last < f.px(4):
                continue  # rounds closer than a few pixels share a tick
            last = x
            pygame.draw.line(surface, pal.text, (x, track.y - f.px(3)), (x, track.y + f.px(2)))
        knob = (track.x + done.w, track.centery)
        pygame.draw.circle(surface, pal.text, knob, self._s(7))
        pygame.draw.circle(surface, pal.active, knob, self._s(7), 2)
        hot = next((b for b in self.bar_buttons if b.rect.collidepoint(self.mouse)), None)
        if hot is not None and hot.tooltip:
            tooltip(surface, f, pal, hot.tooltip, self.mouse)

    def status_lines(self) -> tuple[str, str, str]:
        """Where the view stands (round, input, log line), what the next input does, its odds."""
        tl = self.timeline
        parts = [f"Round {tl.round} of {tl.rounds}", f"input {tl.pos} of {tl.length}",
                 f"event {tl.shown} of {len(tl.events)}"]
        if not tl.live:
            parts.append("inside an input")
        nxt = self.next_input_text()
        if nxt:
            nxt = f"{'Next' if tl.live else 'Now'}: {nxt}"
        elif tl.pos >= tl.length:
            nxt = "End of the game." if tl.over else "End of the recording."
        if self.round_entry is not None:
            nxt = f"Go to round (1 to {tl.rounds}): type its number, Enter to jump, Esc to cancel."
        odds = ""
        got = self.next_preview()
        if got is not None:
            p = got[0]
            crit = f"crit {percent(p.crit)}, " if p.crits else ""
            odds = (f"Odds: {p.headline} · O: details" if p.headline else
                    f"Odds: hit {percent(p.hit)}, {crit}kill {percent(p.kill)}, "
                    f"mean damage {p.expected_damage:.2f} · O: details")
        return " · ".join(parts), nxt, odds

    def track_press(self, pos: tuple[int, int]) -> bool:
        """A click or drag on the scrubber seeks there; True when it was on the scrubber."""
        hit = self.track_rect.inflate(0, self.fonts.px(16))
        if not hit.collidepoint(pos):
            return False
        frac = (pos[0] - self.track_rect.x) / max(1, self.track_rect.w)
        self.seek(round(max(0.0, min(1.0, frac)) * self.timeline.length))
        return True

    # -- go to a round -------------------------------------------------------------------------
    def open_round_entry(self, digits: str = "") -> None:
        """Open the typed-round entry (the button again closes it)."""
        if self.round_entry is not None and not digits:
            self.round_entry = None
        else:
            self.playing = False
            self.round_entry = digits[:ROUND_DIGITS]
        self.invalidate()

    def round_entry_key(self, event: pygame.event.Event) -> bool:
        """A key while the entry is open: digits, Backspace, Enter, Esc; True when it was used (any
        other key closes the entry and does what it does)."""
        assert self.round_entry is not None
        key = event.key
        digit = _digit(event)
        if digit is not None:
            if len(self.round_entry) < ROUND_DIGITS:
                self.round_entry += digit
        elif key == pygame.K_BACKSPACE:
            self.round_entry = self.round_entry[:-1]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed, self.round_entry = self.round_entry, None
            if typed:
                self.go_to_round(int(typed))
        elif key == pygame.K_ESCAPE:
            self.round_entry = None
        else:
            self.round_entry = None
            self.invalidate()
            return False
        self.invalidate()
        return True

    def go_to_round(self, rnd: int) -> None:
        """The first input of a round; a number past the game's rounds shows its last one."""
        tl = self.timeline
        last = max(1, tl.rounds)
        shown = max(1, min(rnd, last))
        self.seek(tl.round_start(shown))
        if shown != rnd:
            self.toast = (f"The game has rounds 1 to {last}: round {shown} shown", 2.0)
        self.invalidate()


#: keypad keys and the digits they type (SDL numbers them 1..9, 0)
_KEYPAD = {getattr(pygame, f"K_KP_{d}"): str(d) for d in range(10)}


def _digit(event: pygame.event.Event) -> str | None:
    """The digit a key types (main row or keypad), else None."""
    if pygame.K_0 <= event.key <= pygame.K_9:
        return chr(event.key)
    return _KEYPAD.get(event.key)
