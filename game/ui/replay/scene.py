"""The replay viewer: the battle screen (board, panels, log: read-only) over a timeline that steps
both ways, one input, one log line or one round at a time, plays at a chosen speed, shows the
hidden information of one side or all of it, and branches into a new game from any input.

State comes from game.core.timeline (pygame-free, exact); this scene only draws it and asks it to
seek. Nothing here plays a rule.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.timeline import Timeline
from game.core.wording import plural
from game.ui.battle.scene import BattleScene
from game.ui.replay.bar import TimelineBarMixin
from game.ui.replay.camera import StripCamera
from game.ui.replay.feeds import ReplayLogPanel, viewer_session
from game.ui.theme import Fonts

if TYPE_CHECKING:
    from game.ui.app import App

#: inputs per second while playing
SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
DEFAULT_SPEED = 2

HELP_LINES: list[tuple[str, str]] = [
    ("Space", "play or pause"),
    ("Left / Right", "one input back / forward"),
    ("Shift+Left / Right", "one log line back / forward"),
    ("Page Up / Down", "start of this (or the previous) round / the next round"),
    ("G or digits, Enter", "go to a round (1 2 Enter: round 12)"),
    ("Home / End", "start / end of the game"),
    ("[ / ]", "play slower / faster"),
    ("Click the timeline", "jump there (each tick starts a round)"),
    ("V", "hidden information: all revealed, or one side's view"),
    ("O", "the next input's odds box beside its target"),
    ("B", "play from here: a new game from this point"),
    ("Drag / Up, Down, WASD", "pan the map"),
    ("Wheel / + / -", "zoom"),
    ("C · L · I · H · X", "centre · log · unit details · hand strip · AI reasoning"),
    ("Esc", "menu (settings, rules, leave)"),
    ("F1 / ?", "this help"),
]


class ReplayScene(TimelineBarMixin, BattleScene):
    """A recorded game, stepped through."""

    help_lines = HELP_LINES

    def __init__(self, app: App, timeline: Timeline, path: Path | None = None,
                 controllers: dict[str, str] | None = None, at: int | None = None) -> None:
        self.timeline = timeline
        self.path = path
        self.recorded_controllers = dict(controllers or {})
        self.playing = False
        self.speed_index = DEFAULT_SPEED
        self.play_clock = 0.0
        self.bar_buttons = []
        self.timeline_rect = pygame.Rect(0, 0, 0, 0)
        self.track_rect = pygame.Rect(0, 0, 0, 0)
        self.status_y = 0
        self.dragging_track = False
        self.round_entry: str | None = None
        #: the next input's full odds box on the board (O toggles it; the bar always sums them up)
        self.show_odds = False
        timeline.seek(timeline.length if at is None else at)
        super().__init__(app, viewer_session(timeline, controllers), replay=True)
        self._cached_log()
        self.camera = StripCamera(self.board_rect, self.layout.size())
        self.camera.reserve = self._strip_reserve()
        self.camera.fit()
        self.centre_on_active()

    def _cached_log(self) -> None:
        old = self.log
        self.log = ReplayLogPanel(self.fonts, self.pal, names=self.side_names)
        self.log.side_colours = dict(old.side_colours)
        self.log.rect = old.rect
        self.log.set_viewer(self.viewer, self._log_events())

    def restyle(self) -> None:
        """Settings changed: the battle's restyle, with the cached log again."""
        super().restyle()
        self._cached_log()

    # -- layout --------------------------------------------------------------------------------
    def layout_rects(self, size: tuple[int, int]) -> None:
        """The battle layout with the timeline bar under the board."""
        super().layout_rects(size)
        bh = self.bar_height(self.board_rect.w)
        self.board_rect.h -= bh
        self.timeline_rect = pygame.Rect(0, self.board_rect.bottom, self.board_rect.w, bh)
        if hasattr(self, "camera"):
            self.camera.view = pygame.Rect(self.board_rect)
            self.camera.clamp()

    def _strip_reserve(self) -> int:
        """The band at the bottom of the board a map shorter than it keeps clear for the hand strip
        (one hand's height; none when the strip is hidden or the game has no cards)."""
        if not self.show_strip or not (self.piles or self.hand):
            return 0
        f = self.fonts
        card = min(self._strip_room()[1], f.px(58))
        return 5 * f.px(6) + 2 * f.line_height(Fonts.SMALL) + card

    def _draw_screen(self, surface: pygame.Surface) -> None:
        reserve = self._strip_reserve()
        if isinstance(self.camera, StripCamera) and reserve != self.camera.reserve:
            self.camera.reserve = reserve
            self.camera.clamp()
        super()._draw_screen(surface)
        self._draw_timeline(surface)

    # -- the battle screen, read-only ----------------------------------------------------------
    @property
    def animating(self) -> bool:
        """Frames while playing, sliding, popping up or panning."""
        if self.overlay == "pause":
            return False
        return self.playing or bool(self.slides) or self.fx.active or bool(self.keys_held) \
            or self.toast is not None

    def _run_ai(self, dt: float) -> None:
        """The timeline moves the game, never a controller."""

    def _finish(self, dt: float) -> None:
        """The end of a replay stays on screen (no results screen)."""

    def update(self, dt: float) -> None:
        """Animations, then the next input when playing."""
        super().update(dt)
        if not self.playing or self.overlay is not None:
            return
        self.play_clock += min(dt, 0.25) * SPEEDS[self.speed_index]
        while self.play_clock >= 1.0 and self.playing:
            self.play_clock -= 1.0
            self.step(1)
            if self.timeline.pos >= self.timeline.length:
                self.playing = False
        self.dirty = True

    def _status_line(self) -> str:
        tl = self.timeline
        if tl.pos >= tl.length and self.match.result is not None:
            return super()._status_line()
        who = self.side_name(tl.side_at[tl.pos]) if tl.pos < tl.length else ""
        return f"Replay — {who} to act. F1 for keys." if who else "Replay. F1 for keys."

    def next_input_text(self) -> str:
        """What the next recorded input does, as far as the view may know."""
        tl = self.timeline
        if tl.pos >= tl.length:
            return ""
        side = tl.side_at[tl.pos]
        who = self.side_name(side)
        if self.viewer is not None and side != self.viewer:
            return f"{who} acts"
        item = tl.inputs[tl.pos]
        if item.get("t") == "answer":
            d = self.match.pending_decision if tl.live else None
            label = next((o.label for o in d.options if o.key == item.get("key")), "") if d else ""
            return f"{who} answers: {label or item.get('key')}"
        act = item.get("action") or {}
        actor = self.unit_by_ent.get(act.get("actor")) if act.get("actor") is not None else None
        label = str(act.get("label") or act.get("kind", "")).replace("_", " ")
        if actor is not None and actor.name in label:
            return label  # "Activate Hilda Anvilborn", not "Hilda Anvilborn: Activate Hilda Anvilborn"
        return f"{actor.name}: {label}" if actor is not None else f"{who}: {label}"

    def next_preview(self) -> tuple[Any, Any] | None:
        """The exact odds of the next recorded input when it involves chance, and its action (the
        same Ruleset.preview the battle's odds box shows); None when there is none or the view may
        not know it."""
        from game.core.action import Action

        tl = self.timeline
        if not tl.live or tl.pos >= tl.length:
            return None
        if self.viewer is not None and tl.side_at[tl.pos] != self.viewer:
            return None
        item = tl.inputs[tl.pos]
        if item.get("t") != "action":
            return None
        action = Action.from_json(item["action"])
        if action.target is None and action.cell is None:
            return None
        p = self.model.preview(action)
        return None if p is None else (p, action)

    def _draw_hover_info(self, surface: pygame.Surface) -> None:
        """The next input's odds box beside its target, then the battle's hover information."""
        from game.ui.panels import draw_preview

        got = self.next_preview() if self.overlay is None and self.show_odds else None
        if got is not None:
            p, action = got
            target = self.unit_by_ent.get(action.target) if action.target is not None else None
            cell = target.cell if target is not None else action.cell
            if cell is not None:
                # drawn on the board's own area, so the box is placed inside it (never over the bar)
                board = surface.subsurface(self.board_rect.clip(surface.get_rect()))
                x, y = self.camera.to_screen(self.layout.centre(cell))
                ox, oy = self.board_rect.topleft
                # the acting unit and the hand strip left in sight where a side of the target allows
                keep = [r.move(-ox, -oy) for r in self._keep_rects()]
                if self._strip_rect is not None and not self.strip_faded:
                    keep.append(self._strip_rect.move(-ox, -oy))
                draw_preview(board, self.fonts, self.pal, p, (round(x) - ox, round(y) - oy), avoid=keep)
        super()._draw_hover_info(surface)

    # -- moving through the game ---------------------------------------------------------------
    def _shown(self) -> None:
        """Re-read everything after the timeline moved."""
        tl = self.timeline
        if tl.match is not self.match:  # a game with set-up decisions was set up afresh
            self.match = self.session.match = self.model.match = tl.match
            self.session.match.controllers = {s: self.session.match.controllers.get(s)
                                              for s in self.session.sides}
        from game.core.match import HumanController

        self.match.controllers = {s: HumanController() for s in self.session.sides}
        if tl.live:
            self.session.refresh()
        else:
            self.session.need = None
        self.slides.clear()
        self.fx.clear()
        try:
            self.log.set_events(self._log_events())
            self.refresh()
        except Exception:  # noqa: BLE001 - a mid-input state a ruleset cannot describe: its input's start
            if tl.live:
                raise
            tl.seek(tl.pos)
            self._shown()
            return
        self.invalidate()

    def seek(self, i: int) -> None:
        """The state after input i."""
        self.timeline.seek(i)
        self._shown()

    def step(self, n: int) -> None:
        """n inputs forward or back."""
        self.timeline.step(n)
        self._shown()

    def step_event(self, n: int) -> None:
        """n log lines forward or back."""
        self.timeline.step_event(n)
        self._shown()

    def next_round(self) -> None:
        """The next round's first input."""
        self.timeline.next_round()
        self._shown()

    def previous_round(self) -> None:
        """This round's first input, or the previous round's."""
        self.timeline.previous_round()
        self._shown()

    def toggle_play(self) -> None:
        """Play or pause (playing from the end starts over)."""
        if not self.playing and self.timeline.pos >= self.timeline.length and self.timeline.live:
            self.seek(0)
        self.playing = not self.playing
        self.play_clock = 1.0 if self.playing else 0.0  # the first input comes at once
        self.dirty = True

    def speed_label(self) -> str:
        """The playing speed as shown."""
        v = SPEEDS[self.speed_index]
        return f"{v:g}/s"

    def speed_words(self) -> str:
        """The playing speed in words: "1 input per second"."""
        return f"{plural(SPEEDS[self.speed_index], 'input')} per second"

    def faster(self, steps: int = 1) -> None:
        """Change the speed (the button cycles)."""
        self.speed_index = (self.speed_index + steps) % len(SPEEDS) if steps > 0 else \
            max(0, self.speed_index + steps)
        self.toast = (f"Speed: {self.speed_words()}", 1.2)
        self.invalidate()

    def view_label(self) -> str:
        """Whose hidden information is shown."""
        return "All revealed" if self.viewer is None else self.side_name(self.viewer)

    def toggle_view(self) -> None:
        """All revealed -> each side's own view -> all revealed."""
        order: list[str | None] = [None, *self.session.sides]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self.model.replay = self.viewer is None  # a side's view shows its hand
        self.log.set_viewer(self.viewer, self._log_events())
        self.refresh()
        shown = "all hidden information revealed" if self.viewer is None else \
            f"what {self.side_name(self.viewer)} could see"
        self.toast = (f"Showing {shown}", 1.8)
        self.invalidate()

    def branch(self) -> None:
        """Play from here: choose who plays each side, then a new game starts at this point."""
        from game.ui.replay.branch import BranchScene

        self.playing = False
        tl = self.timeline
        if tl.live and tl.pos >= tl.length and self.match.result is not None:
            self.toast = ("The game is over here: step back to where you want to play on.", 2.5)
            self.invalidate()
            return
        self.app.push(BranchScene(self.app, self))

    def leave(self) -> None:
        """Replaced by another scene: the timeline's world is freed."""
        super().leave()
        self.timeline.close()

    # -- input ---------------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event) -> None:
        from game.ui.replay.bar import _digit

        key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        self.dirty = True
        if self.round_entry is not None and self.round_entry_key(event):
            return
        digit = _digit(event)
        if key == pygame.K_g or digit is not None:
            self.open_round_entry(digit or "")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            n = -1 if key == pygame.K_LEFT else 1
            self.step_event(n) if shift else self.step(n)
        elif key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_PAGEUP:
            self.previous_round()
        elif key == pygame.K_PAGEDOWN:
            self.next_round()
        elif key == pygame.K_HOME:
            self.seek(0)
        elif key == pygame.K_END:
            self.seek(self.timeline.length)
        elif key == pygame.K_LEFTBRACKET:
            self.faster(-1)
        elif key == pygame.K_RIGHTBRACKET:
            if self.speed_index < len(SPEEDS) - 1:
                self.faster(1)
        elif key == pygame.K_v:
            self.toggle_view()
        elif key == pygame.K_b:
            self.branch()
        elif key == pygame.K_o:
            self.show_odds = not self.show_odds
            self.invalidate()
        elif key in (pygame.K_f, pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_u, pygame.K_TAB) \
                or (key == pygame.K_s and event.mod & pygame.KMOD_CTRL):
            return  # the battle's keys for playing mean nothing here
        else:
            super()._key(event)

    def _press(self, pos: tuple[int, int], button: int) -> None:
        goto = getattr(self, "bar_pieces", {}).get("goto")
        if self.round_entry is not None and (goto is None or not goto.collidepoint(pos)):
            self.round_entry = None  # a click elsewhere closes the typed-round entry
            self.invalidate()
        if button == 1 and self.timeline_rect.collidepoint(pos):
            self.mouse = pos
            for b in self.bar_buttons:
                if b.rect.collidepoint(pos) and b.enabled:
                    b.on_click()
                    self.dirty = True
                    return
            self.dragging_track = self.track_press(pos)
            return
        super()._press(pos, button)

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, ...]) -> None:
        if self.dragging_track and any(buttons):
            self.mouse = pos
            self.track_press((pos[0], self.track_rect.centery))
            return
        was = self.timeline_rect.collidepoint(self.mouse)
        super()._motion(pos, buttons)
        if was or self.timeline_rect.collidepoint(pos):
            self.invalidate()  # the bar's hovered button and tooltip

    def _release(self, pos: tuple[int, int], button: int) -> None:
        self.dragging_track = False
        super()._release(pos, button)
