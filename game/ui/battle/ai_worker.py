"""The AI thinks off the UI thread: one decision on a worker thread, on a scratch copy of the match.

esper's current world is one global for the process, so while a worker runs the UI thread leaves
esper alone (the model refuses to read the world and `settle` joins the worker first); the chosen
input is handed back and given to the live match by the UI thread (`Session.apply_ai`).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.match import Match
    from game.ui.session import AiPlan, Session

#: how often the interpreter lets the UI thread back in while the AI computes (CPython's default
#: of 5 ms makes each frame wait behind the worker several times)
SWITCH_INTERVAL_S = 0.0001
#: the worker thread's niceness: it loses nothing it needs (its budget is wall time) and the
#: frames come first
WORKER_NICE = 10


class AiWorker:
    """One AI input being thought out; poll `done`, then take `result()` on the UI thread."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.need = session.need
        self.scratch: Match | None = None  # copied on the worker (the UI thread keeps off esper)
        self.plan: AiPlan | None = None
        self.error: BaseException | None = None
        self.started = time.perf_counter()
        self._interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._interval, SWITCH_INTERVAL_S))
        self.thread = threading.Thread(target=self._run, name="ai-think", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            # the worker yields the CPU to the UI thread and the display server (Linux: per thread)
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)
        except (AttributeError, OSError):
            pass
        try:
            self.scratch = self.session.match.scratch()
            self.plan = self.session.plan_ai(self.scratch)
        except BaseException as exc:  # noqa: BLE001 - re-raised on the UI thread by result()
            self.error = exc

    @property
    def done(self) -> bool:
        """The decision is made (or failed)."""
        return not self.thread.is_alive()

    @property
    def seconds(self) -> float:
        """How long it has been thinking."""
        return time.perf_counter() - self.started

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the decision is made (True) or the timeout passes."""
        self.thread.join(timeout)
        return self.done

    def result(self) -> AiPlan:
        """The chosen input (after `done`); frees the scratch copy; re-raises the AI's error."""
        self.wait()
        sys.setswitchinterval(self._interval)
        if self.scratch is not None:
            self.scratch.close()
        if self.error is not None:
            raise self.error
        assert self.plan is not None
        return self.plan
