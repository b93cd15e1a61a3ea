"""What the replay viewer is built on besides the battle screen: a session whose sides are fed
nothing (the viewer, not the session, moves the game) and a log panel that keeps its wraps."""

from __future__ import annotations

from typing import Any

from game.core.timeline import Timeline
from game.ui.logpanel import LogPanel
from game.ui.session import ReplayFeed, Session


def viewer_session(timeline: Timeline, controllers: dict[str, str] | None = None) -> Session:
    """A session over the timeline's match whose sides are replay feeds with nothing to give: the
    viewer, not the session, moves the game."""
    sides = tuple(sorted(timeline.match.scenario.squads))
    feeds: dict[str, Any] = {s: ReplayFeed([]) for s in sides}
    specs = {s: (controllers or {}).get(s, "replay") for s in sides}
    session = Session(timeline.match, specs, controllers=feeds)
    return session


class ReplayLogPanel(LogPanel):
    """The combat log, remembering how each line wraps: the viewer shows a different prefix of a
    long log at every step, and wrapping a thousand lines anew took most of a step's time."""

    WRAPS_KEPT = 50_000

    def __init__(self, *args: Any, names: dict[str, str] | None = None) -> None:
        super().__init__(*args)
        self._wraps: dict[tuple[str, int, int, bool], list[str]] = {}
        #: side ids -> the names players know ("Match over: p2 wins" is the match's own sentence)
        self.names = dict(names or {})

    def wrap(self, text: str, first: int, rest: int, bold: bool = False) -> list[str]:
        """LogPanel.wrap with the sides named, cached."""
        key = (text, first, rest, bold)
        got = self._wraps.get(key)
        if got is None:
            if len(self._wraps) >= self.WRAPS_KEPT:
                self._wraps.clear()
            got = self._wraps[key] = super().wrap(text, first, rest, bold)
        return got
