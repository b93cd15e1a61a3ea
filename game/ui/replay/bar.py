"""The replay viewer's timeline bar: the transport buttons, where the view stands, and a scrubber
with one tick per round (click or drag it to jump)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.theme import Fonts
from game.ui.widgets import Button, percent, tooltip


class TimelineBarMixin:
    """The bar under the board (a part of ReplayScene)."""

    timeline_rect: pygame.Rect
    track_rect: pygame.Rect
    bar_buttons: list[Button]

    def bar_items(self) -> list[tuple[str, str, Callable[[], None], bool]]:
        """(label, what it does and its key, action, enabled) for each transport button."""
        tl = self.timeline
        start, end = tl.pos == 0 and tl.live, tl.pos >= tl.length and tl.live
        first = self.timeline.log_at[0] if self.timeline.log_at else 0
        return [
            ("◀◀ Round", "Start of this round, or the previous one (Page Up)", self.previous_round,
             not start),
            ("◀ Input", "One input back (Left)", lambda: self.step(-1), not start),
            ("◀ Event", "One log line back (Shift+Left)", lambda: self.step_event(-1),
             tl.shown > first),
            ("Pause" if self.playing else "Play", "Play or pause (Space)", self.toggle_play, not end),
            ("Event ▶", "One log line forward (Shift+Right)", lambda: self.step_event(1),
             tl.shown < len(tl.events)),
            ("Input ▶", "One input forward (Right)", lambda: self.step(1), not end),
            ("Round ▶▶", "Start of the next round (Page Down)", self.next_round, not end),
            (f"Speed {self.speed_label()}", "Inputs per second while playing ([ slower, ] faster)",
             self.faster, True),
            (f"View: {self.view_label()}", "Whose hidden information is shown (V)", self.toggle_view, True),
            ("Play from here", "Start a new game from this point, each side played by whom you "
             "choose (B)", self.branch, True),
        ]

    def bar_height(self, width: int) -> int:
        """Rows of buttons (wrapped to the width), the status line and the scrubber."""
        rows = len(self._button_rows(width))
        f = self.fonts
        return f.px(8) + rows * (self._button_h() + self._gap()) + 3 * f.line_height(Fonts.SMALL) + f.px(30)

    def _gap(self) -> int:
        # Fonts.px never gives under 8 px: the bar's small gaps are scaled here
        return round(4 * self.fonts.scale)

    def _button_h(self) -> int:
        return self.fonts.line_height(Fonts.BODY) + self.fonts.px(10)

    def _button_rows(self, width: int) -> list[list[tuple[int, int]]]:
        """(index, width) of the buttons on each row."""
        f = self.fonts
        font = f.font(Fonts.BODY)
        gap = self._gap()
        rows: list[list[tuple[int, int]]] = [[]]
        x = self._gap()
        # the widest label each button can have, so a button keeps its place when its text changes
        widest = {0: "◀◀ Round", 3: "Pause", 7: "Speed 0.5/s"}
        for i, (label, *_rest) in enumerate(self.bar_items()):
            text = label
            if i == 8:
                views = ["View: All revealed", *(f"View: {self.side_name(s)}" for s in self.session.sides)]
                text = max(views, key=lambda t: font.size(t)[0])
            # Button.draw keeps px(8) before its text and px(6) after
            w = max(font.size(text)[0], font.size(widest.get(i, ""))[0]) + f.px(8) + f.px(6) + 2
            if rows[-1] and x + w > width - self._gap():
                rows.append([])
                x = self._gap()
            rows[-1].append((i, w))
            x += w + gap
        return rows

    def layout_bar(self) -> None:
        """Place the buttons and the scrubber inside timeline_rect."""
        f = self.fonts
        r = self.timeline_rect
        items = self.bar_items()
        self.bar_buttons = []
        y = r.y + f.px(8)
        bh = self._button_h()
        for row in self._button_rows(r.w):
            x = r.x + self._gap()
            for i, w in row:
                label, tip, fn, enabled = items[i]
                b = Button(pygame.Rect(x, y, w, bh), label, fn, enabled=enabled, tooltip=[tip])
                b.selected = (i == 3 and self.playing) or (i == 8 and self.viewer is not None)
                self.bar_buttons.append(b)
                x += w + self._gap()
            y += bh + self._gap()
        self.status_y = y
        top = y + 3 * f.line_height(Fonts.SMALL) + f.px(6)
        self.track_rect = pygame.Rect(r.x + f.px(12), top, r.w - f.px(24), f.px(14))

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        f, pal = self.fonts, self.pal
        tl = self.timeline
        r = self.timeline_rect
        pygame.draw.rect(surface, pal.panel, r)
        pygame.draw.line(surface, pal.panel_edge, r.topleft, r.topright)
        self.layout_bar()
        for b in self.bar_buttons:
            b.draw(surface, f, pal, b.rect.collidepoint(self.mouse))
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
        pygame.draw.circle(surface, pal.text, knob, f.px(7))
        pygame.draw.circle(surface, pal.active, knob, f.px(7), 2)
        hot = next((b for b in self.bar_buttons if b.rect.collidepoint(self.mouse)), None)
        if hot is not None and hot.tooltip:
            tooltip(surface, f, pal, hot.tooltip, self.mouse)

    def status_lines(self) -> tuple[str, str, str]:
        """Where the view stands (input, round, log line), what the next input does, its odds."""
        tl = self.timeline
        parts = [f"Input {tl.pos} of {tl.length}", f"round {tl.round}",
                 f"event {tl.shown} of {len(tl.events)}"]
        if not tl.live:
            parts.append("inside an input")
        nxt = self.next_input_text()
        if nxt:
            nxt = f"{'Next' if tl.live else 'Now'}: {nxt}"
        elif tl.pos >= tl.length:
            nxt = "End of the game." if tl.over else "End of the recording."
        odds = ""
        got = self.next_preview()
        if got is not None:
            p = got[0]
            odds = (f"Odds: hit {percent(p.hit)}, crit {percent(p.crit)}, kill {percent(p.kill)}, "
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
