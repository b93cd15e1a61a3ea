"""AI pacing and animation: token slides, popups, held pan keys, the AI at watch pace."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.geometry import Cell
from game.ui.battle.ai_process import AiProcess, ProcessGone, ProcessWorker, can_think_remotely
from game.ui.battle.ai_worker import AiWorker
from game.ui.session import ReplayFeed

#: the packaged app's smoke test (.ci/run) plays AI against AI and stops after this many decisions
#: thought out in the AI process, so a frozen app whose process cannot start is caught there
PROCESS_DECISIONS_ENV = "SKIRMISH_EXIT_AFTER_AI_PROCESS_DECISIONS"


@dataclass
class Slide:
    """A token sliding along a path."""

    ent: int
    path: list[Cell]
    duration: float
    t: float = 0.0

    def point(self, layout: Any) -> tuple[float, float]:
        """Current map pixel of the token."""
        if len(self.path) < 2 or self.duration <= 0:
            return layout.centre(self.path[-1])
        f = min(1.0, self.t / self.duration) * (len(self.path) - 1)
        i = min(int(f), len(self.path) - 2)
        a, b = layout.centre(self.path[i]), layout.centre(self.path[i + 1])
        k = f - i
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)

    @property
    def done(self) -> bool:
        """Arrived."""
        return self.t >= self.duration


class PacingMixin:
    """AI pacing and animation (a part of BattleScene)."""

    #: think on a worker thread (off only for tools that time the AI itself)
    ai_threads = True
    #: think in a worker process where the child can rebuild the match and controller (off: the thread)
    ai_processes = True
    worker: AiWorker | ProcessWorker | None = None
    ai_process: AiProcess | None = None

    @property
    def busy(self) -> bool:
        """Animations still playing."""
        return bool(self.slides) or (self.fx.active and not self.quick) or self.layer_playing

    @property
    def quick(self) -> bool:
        """No waiting on popups or between the AI's inputs: fast-forward, or the set-up's chance
        prompts (initiative dealt card by card for every unit would hold the game up for long)."""
        return self.fast or self.match.setting_up

    @property
    def animating(self) -> bool:
        """Frames are needed: slides, popups, AI turns, held pan keys, toasts."""
        if self.overlay == "pause" or self.handoff is not None:
            return False
        return (
            bool(self.slides)
            or self.fx.active
            or bool(self.keys_held)
            or self.toast is not None
            or (self.session.waiting_for_ai and self.overlay is None)
            or (self.auto_side is not None and self.match.setting_up)
            or (self.layer is not None and self.layer.animating)
            or (self.match.over and not self.replay and self.end_hold >= 0)
        )

    def update(self, dt: float) -> None:
        """Advance animations and let the AI act at watch pace."""
        dt = min(dt, 0.1)
        cam = self.camera
        view, last = (cam.x, cam.y, cam.zoom_index), getattr(self, "_hover_view", None)
        self._hover_view = view
        if last is not None and view != last and self.drag is None:
            # the board moved under a still mouse (a prompt framed, a turn handed back): what the
            # mouse points at is read again, so the hovered square and the name under it agree
            self._motion(self.mouse, (0, 0, 0))
        if self.slides:
            for s in list(self.slides.values()):
                s.t += dt
                if s.done:
                    del self.slides[s.ent]
            self.dirty = True
        if self.fx.active:
            self.fx.update(dt)
            self._still = None
            self.dirty = True
        if self.toast is not None:
            text, ttl = self.toast
            ttl -= dt
            self.toast = (text, ttl) if ttl > 0 else None
            self.dirty = True
        if self.keys_held:
            self._pan_keys(dt)
        if self.overlay is not None or self.handoff is not None:
            return
        if self.layer is not None:
            was = self.layer.playing
            if self.layer.update(dt):
                self._still = None
                self.dirty = True
            if was and not self.layer.playing:
                self._check_handoff()  # a hot-seat handover waited for the last input to play out
            if self.layer.playing:
                return
        if self.session.waiting_for_ai:
            self._run_ai(dt)
        elif self.auto_side is not None:
            self._auto_answer(dt)
        elif self.match.over:
            self._finish(dt)

    def _run_ai(self, dt: float) -> None:
        if self.worker is not None:
            # thinking on its thread: keep drawing (the "thinking" mark moves), take the input when made
            self.dirty = True
            if not self.worker.done:
                return
            self._take_ai()
            return
        if self.busy:
            return
        factor = self.app.settings.anim_factor
        self.ai_wait -= dt
        if self.ai_wait > 0 and not (self.quick or factor <= 0):
            return
        player = self.session.players.get(self.session.need.side) if self.session.need else None
        if not self.ai_threads or isinstance(player, ReplayFeed) or self.match.setting_up:
            # a replay's inputs are read, not thought out: no thread needed; nor for a set-up
            # prompt (an initiative card), which the AI answers at once (a worker costs more)
            deadline = pygame.time.get_ticks() + 25
            while self.session.waiting_for_ai:
                self.apply_step(self.session.step_ai())
                if not (self.quick or factor <= 0) or pygame.time.get_ticks() >= deadline or self.busy:
                    break
            self.ai_wait = 0.0 if (self.quick or factor <= 0) else 0.5 / factor
        else:
            self._start_worker()
        self.dirty = True

    def _start_worker(self) -> None:
        """The decision starts in the battle's process (started on first use) or on a thread."""
        need = self.session.need
        assert need is not None
        if self.ai_processes and can_think_remotely(self.session, need.side):
            if self.ai_process is None:
                self.ai_process = AiProcess()
            if self.ai_process.start():
                self.worker = ProcessWorker(self.session, self.ai_process)
                return
        self.worker = AiWorker(self.session)
        self.model.world_busy = True

    def _take_ai(self) -> None:
        """Give the worker's chosen input to the live match (here, on the UI thread)."""
        worker, self.worker = self.worker, None
        self.model.world_busy = False
        assert worker is not None
        try:
            plan = worker.result()
        except ProcessGone as exc:
            # the process could not think this one out: the thread does, from the same memory
            print(f"skirmish: the AI process failed, thinking on a thread instead: {exc}", file=sys.stderr)
            self._start_worker()
            return
        if self.session.need is not worker.need:
            return  # the match moved on meanwhile (a tool gave the input itself): the plan is stale
        factor = self.app.settings.anim_factor
        self.apply_step(self.session.apply_ai(plan))
        self.ai_wait = 0.0 if (self.quick or factor <= 0) else 0.5 / factor
        if isinstance(worker, ProcessWorker):
            self._count_process_decision()

    def _count_process_decision(self) -> None:
        wanted = os.environ.get(PROCESS_DECISIONS_ENV, "")
        if not wanted.isdigit():
            return
        self.process_decisions = getattr(self, "process_decisions", 0) + 1
        if self.process_decisions >= int(wanted):
            print(f"ai-process-decisions {self.process_decisions}", flush=True)
            self.app.running = False

    def settle_ai(self) -> None:
        """Before anything that reads or changes the match (save, load, settings, leaving): let the
        AI finish its decision and give it to the match."""
        while self.worker is not None:  # twice if the process failed and the thread took over
            self.worker.wait()
            self._take_ai()

    def wait_ai(self, timeout: float = 10.0) -> None:
        """Block until a decision being thought out is made (tests drive the loop without a clock)."""
        if self.worker is not None:
            self.worker.wait(timeout)

    def _finish(self, dt: float) -> None:
        if self.busy:
            return
        self.end_hold += dt
        factor = self.app.settings.anim_factor
        hold = 0.0 if factor <= 0 else (0.2 if self.fast else 1.2 / factor)
        if self.end_hold >= hold:
            from game.ui.scenes.results import ResultsScene

            self.end_hold = -1
            self.app.switch(ResultsScene(self.app, self.session, replay=self.replay))

    def _pan_keys(self, dt: float) -> None:
        speed = 700 * dt
        dx = dy = 0.0
        for key in self.keys_held:
            if key in (pygame.K_LEFT, pygame.K_a):
                dx -= speed
            elif key in (pygame.K_RIGHT, pygame.K_d):
                dx += speed
            elif key in (pygame.K_UP, pygame.K_w):
                dy -= speed
            elif key in (pygame.K_DOWN, pygame.K_s):
                dy += speed
        if dx or dy:
            self._still = None
            self.camera.pan(dx, dy)
            self._reach_surface = None
            self.dirty = True

    def leave(self) -> None:
        """Replaced by another scene: no AI thread outlives the battle it thinks for (its input is
        dropped: the match is left as it was saved or shown)."""
        worker, self.worker = self.worker, None
        if isinstance(worker, AiWorker):
            self.model.world_busy = False
            try:
                worker.result()
            except Exception:  # noqa: BLE001 - the battle is being left; nothing to report to
                pass
        self.model.world_busy = False
        proc, self.ai_process = self.ai_process, None
        if proc is not None:
            proc.close()  # a decision under way is dropped with the process
