"""Progress of simulate and ladder runs: a tqdm bar on a terminal, plain lines in a log."""

from __future__ import annotations

import io

from game.progress import Progress


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_a_log_gets_a_plain_line_at_each_tenth(monkeypatch):
    log = io.StringIO()
    monkeypatch.setattr("sys.stderr", log)
    progress = Progress()
    for done in range(1, 21):
        progress(done, 20)
    assert log.getvalue().splitlines() == [f"{n}/20 games" for n in range(2, 21, 2)]
    assert "\r" not in log.getvalue()


def test_a_terminal_gets_a_tqdm_bar_that_ends_each_run(monkeypatch):
    term = Terminal()
    monkeypatch.setattr("sys.stderr", term)
    progress = Progress()
    for done in range(1, 6):
        progress(done, 5)
    assert progress.bar is None                      # closed at the end of the run
    shown = term.getvalue()
    assert "\r" in shown and "5/5" in shown and "games" in shown and "100%" in shown
    progress(1, 3)                                   # a second run starts a new bar
    assert progress.bar is not None and progress.bar.total == 3
    progress.close()
    assert "1/3" in term.getvalue()
