"""Progress of long headless runs (simulate, ladder) on stderr.

On a terminal a tqdm bar (rate and time left included); where stderr is a log file or a pipe, a
plain line at every tenth of the way, so logs stay readable and still show how far a run is.
"""

from __future__ import annotations

import sys
from typing import Any


class Progress:
    """A `progress(done, total)` callback; a new run starts when `done` goes back or the last ended."""

    def __init__(self, unit: str = "games") -> None:
        self.unit = unit
        self.bar: Any = None
        self.stream: Any = None

    def __call__(self, done: int, total: int) -> None:
        stream = sys.stderr
        if not stream.isatty():
            tenth = max(1, total // 10)
            if done == total or done % tenth == 0:
                stream.write(f"{done}/{total} {self.unit}\n")
                stream.flush()
            return
        bar = self.bar
        if bar is not None and (done < bar.n or bar.total != total or self.stream is not stream):
            self.close()
        if self.bar is None:
            from tqdm import tqdm  # only on a terminal: keeps headless start-up lean

            self.bar = tqdm(total=total, unit=self.unit, file=stream, dynamic_ncols=True, leave=True)
            self.stream = stream
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.close()

    def close(self) -> None:
        """End the bar on screen (its last state stays visible)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None


#: the shared callback the `simulate` and `ladder` commands report to
progress_bar = Progress()
