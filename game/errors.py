"""Errors a player can cause (bad files, bad arguments): one clear line, exit code 2."""

from __future__ import annotations


class UserError(Exception):
    """A problem with input from outside the program: names the file, the place and the problem."""

    def __init__(self, problem: str, file: str = "", place: str = "") -> None:
        self.problem = problem
        self.file = file
        self.place = place
        super().__init__(self.line())

    def line(self) -> str:
        """The one line printed to stderr."""
        parts = [p for p in (self.file, self.place) if p]
        where = ": ".join(parts)
        return f"{where}: {self.problem}" if where else self.problem


class DataFolderError(UserError, OSError):
    """The per-user data folder cannot be used (a file in its place, no permission): a UserError
    for the command line's one line, and an OSError for code that guards file writes."""
