"""The AI thinks in a worker process (one per battle, started lazily and reused).

On a thread the AI held the interpreter lock between the window's frames (Hard: ~100 ms frame
intervals); in a process it holds nothing of the window's. The request and the answer are
`game.ai.remote`'s; this side starts the process, hands it one decision at a time, polls for the
answer without blocking, and stops the process when the battle is left. A process that cannot
start or answer (a frozen app without multiprocessing support, a ruleset or controller that only
exists in this process) leaves the battle to the thread worker (`ai_worker.AiWorker`).
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.match import Need
    from game.ui.session import AiPlan, Session

#: how long a starting process may take to say it is ready before the thread takes over
READY_TIMEOUT_S = 20.0


class ProcessGone(RuntimeError):
    """The worker process died, never started or failed a decision: think on the thread instead."""


def _context() -> Any:
    # never fork: the window's SDL state and threads must not be copied into the child; spawn
    # rather than forkserver, so no server process outlives the battle (a frozen app needs
    # multiprocessing.freeze_support() in its entry script, as packaging/skirmish_entry.py has);
    # imported here: POSIX never needs it, and the battle's first frame comes before any worker
    import multiprocessing

    return multiprocessing.get_context("spawn")


#: the child's whole program: the game's import path and bytecode writing as the window's, then
#: `remote.serve` on the socket it was given
_CHILD = ("import json, sys; sys.path[:0] = json.loads(sys.argv[2]); "
          "sys.dont_write_bytecode = sys.argv[3] == '1'; "
          "from multiprocessing.connection import Connection; from game.ai.remote import serve; "
          "serve(Connection(int(sys.argv[1])))")


def _child_command(fd: int) -> list[str]:
    """The worker's command line: the frozen app's own executable in its worker mode
    (`game.cli.AI_WORKER_FLAG`, packaging/skirmish_entry.py), else this interpreter running `_CHILD`
    with the window's import path and bytecode place."""
    if getattr(sys, "frozen", False):
        from game.cli import AI_WORKER_FLAG

        return [sys.executable, AI_WORKER_FLAG, str(fd)]
    import json

    path = json.dumps([p or os.getcwd() for p in sys.path])
    # the bytecode where the window keeps it (game/__main__.py may have moved it)
    cache = ["-X", f"pycache_prefix={sys.pycache_prefix}"] if sys.pycache_prefix else []
    return [sys.executable, *cache, "-c", _CHILD, str(fd), path, "1" if sys.dont_write_bytecode else "0"]


class _Child:
    """A worker started as a plain process (`subprocess`), with a multiprocessing Process's face.

    multiprocessing's spawn also starts its resource tracker, a third interpreter (about 15 MiB
    resident) that the worker never uses: it only tracks named semaphores and shared memory.
    """

    def __init__(self) -> None:
        import socket
        import subprocess
        from multiprocessing.connection import Connection

        mine, theirs = socket.socketpair()
        try:
            self.popen = subprocess.Popen(
                _child_command(theirs.fileno()), pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        self.conn = Connection(mine.detach())

    def is_alive(self) -> bool:
        """Whether the child still runs."""
        return self.popen.poll() is None

    def join(self, timeout: float) -> None:
        """Wait up to `timeout` seconds for it to end."""
        import subprocess

        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            pass

    def terminate(self) -> None:
        """Ask it to stop (SIGTERM)."""
        self.popen.terminate()

    def kill(self) -> None:
        """Stop it (SIGKILL)."""
        self.popen.kill()


def _start_child() -> tuple[Any, Any]:
    """(process, connection) of a new worker: on POSIX a plain process on a socket pair (this
    interpreter, or a frozen app's executable in its worker mode), multiprocessing's spawn on
    Windows (no file descriptors to pass)."""
    if os.name == "posix" and sys.executable:
        child = _Child()
        return child, child.conn
    ctx = _context()
    parent, theirs = ctx.Pipe()
    from game.ai import remote

    proc = ctx.Process(target=remote.serve, args=(theirs,), name="skirmish-ai", daemon=True)
    proc.start()
    theirs.close()
    return proc, parent


def can_think_remotely(session: Session, side: str) -> bool:
    """Whether the child can rebuild this match and controller: the ruleset is a registered one and
    the controller a class of the game's own (tests inject rulesets and controllers of their own)."""
    from game.core import ruleset as registry

    player = session.controller(side)
    if player is None or not type(player).__module__.startswith("game."):
        return False
    rs = session.match.ruleset
    if not type(rs).__module__.startswith("game.rulesets."):
        return False  # a ruleset registered only in this process (tests) is not in the child's
    try:
        return type(registry.get(rs.id)) is type(rs)
    except (KeyError, TypeError, ImportError):
        return False


class AiProcess:
    """The long-lived worker process of one battle."""

    def __init__(self) -> None:
        self.proc: Any = None
        self.conn: Any = None
        self.ready = False
        self.failed = False
        self.busy = False
        self.started = 0.0
        self._board: object | None = None  # the board the child holds

    def start(self) -> bool:
        """Start the child (once); False if it cannot be started."""
        if self.failed:
            return False
        if self.proc is not None:
            return True
        try:
            proc, parent = _start_child()
        except Exception:  # noqa: BLE001 - any failure to start means: think on the thread
            self.failed = True
            return False
        self.proc, self.conn, self.started = proc, parent, time.perf_counter()
        return True

    def alive(self) -> bool:
        """The child runs (or is starting)."""
        return self.proc is not None and not self.failed and self.proc.is_alive()

    def poll_ready(self, timeout: float = 0.0) -> bool:
        """Whether the child has said it is ready (marks it failed if it died or took too long)."""
        if self.ready:
            return True
        if self.failed or self.proc is None:
            return False
        try:
            if self.conn.poll(timeout):
                msg = self.conn.recv()
                self.ready = isinstance(msg, dict) and "ready" in msg
                if not self.ready:
                    self.fail()
                return self.ready
        except (EOFError, OSError):
            self.fail()
            return False
        if not self.proc.is_alive() or time.perf_counter() - self.started > READY_TIMEOUT_S:
            self.fail()
        return False

    def send(self, session: Session, need: Need) -> None:
        """Hand the child one decision (the board with the first one)."""
        import pickle  # here, as `remote`: a battle's first frame comes before any decision

        from game.ai import remote

        match = session.match
        board = None if self._board is match.board else match.board
        req = remote.request(match, need, session.controller(need.side), board)
        try:
            self.conn.send(req)
        except (EOFError, OSError, pickle.PicklingError) as exc:
            self.fail()
            raise ProcessGone(str(exc)) from exc
        self._board = match.board
        self.busy = True

    def poll(self, timeout: float = 0.0) -> dict[str, Any] | None:
        """The child's answer if it has come (raises ProcessGone if the child died)."""
        try:
            if self.conn.poll(timeout):
                reply = self.conn.recv()
                self.busy = False
                return reply
        except (EOFError, OSError) as exc:
            self.fail()
            raise ProcessGone(str(exc)) from exc
        if not self.proc.is_alive():
            self.fail()
            raise ProcessGone("the AI process ended")
        return None

    def fail(self) -> None:
        """Give up on the process: the thread thinks from now on."""
        self.failed = True
        self.close()

    def close(self) -> None:
        """Stop the child: asked to end when idle, terminated when thinking; never waits long."""
        proc, conn, self.proc, self.conn = self.proc, self.conn, None, None
        busy, self.ready, self.busy = self.busy, False, False
        self._board = None
        if proc is None:
            return
        try:
            if proc.is_alive() and not busy:
                conn.send(None)
                proc.join(0.2)
        except (EOFError, OSError):
            pass
        if proc.is_alive():
            proc.terminate()
            proc.join(1.0)
        if proc.is_alive():
            proc.kill()
            proc.join(1.0)
        try:
            conn.close()
        except OSError:
            pass


class ProcessWorker:
    """One AI input being thought out in the process; the same face as `AiWorker`."""

    #: the live world stays readable meanwhile (nothing else touches it)
    uses_world = False

    def __init__(self, session: Session, proc: AiProcess) -> None:
        self.session = session
        self.proc = proc
        self.need = session.need
        assert self.need is not None
        self.player = session.controller(self.need.side)
        self.before = getattr(self.player, "last_explanation", None)
        self.started = time.perf_counter()
        self.reply: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.sent = False
        if not proc.start():
            self.error = ProcessGone("the AI process could not start")
        self._step()

    def _step(self, timeout: float = 0.0) -> None:
        """Move on without blocking: wait for the child's start, send, collect the answer."""
        if self.reply is not None or self.error is not None:
            return
        try:
            if not self.sent:
                if not self.proc.poll_ready(timeout):
                    if self.proc.failed:
                        raise ProcessGone("the AI process did not start")
                    return
                self.proc.send(self.session, self.need)
                self.sent = True
            reply = self.proc.poll(timeout)
            if reply is not None:
                if "error" in reply:
                    raise ProcessGone(reply["error"])
                self.reply = reply
        except ProcessGone as exc:
            self.error = exc

    @property
    def done(self) -> bool:
        """The decision is made (or the process failed)."""
        self._step()
        return self.reply is not None or self.error is not None

    @property
    def seconds(self) -> float:
        """How long it has been thinking."""
        return time.perf_counter() - self.started

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the decision is made (True) or the timeout passes."""
        end = None if timeout is None else time.perf_counter() + timeout
        while not self.done:
            left = 0.5 if end is None else min(0.5, end - time.perf_counter())
            if left <= 0:
                return False
            self._step(left)
        return True

    def result(self) -> AiPlan:
        """The chosen input; the controller takes on the memory it left the child with. Raises
        ProcessGone when the thread must think instead (the controller is then as it was)."""
        from game.core.action import Action
        from game.ui.session import AiPlan

        self.wait()
        if self.error is not None:
            raise self.error
        assert self.reply is not None and self.need is not None
        import pickle

        after = pickle.loads(self.reply["player"])
        self.player.__dict__.clear()
        self.player.__dict__.update(after.__dict__)
        action = self.reply["action"]
        return AiPlan(self.need, self.need.side, self.before, key=self.reply["key"],
                      action=None if action is None else Action.from_json(action))
