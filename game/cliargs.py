"""Bounded command-line values: every count, seed and size is checked before any work, and a
value that does not fit is named cut short in one line (a 5,000-digit seed is never echoed or
converted)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

_WHOLE = re.compile(r"[+-]?[0-9]+")
SHOWN = 24  # characters of a bad value shown in a message


def shown(value: str) -> str:
    """A value as a message quotes it: cut past SHOWN characters, saying how long it was."""
    value = value.replace("\n", " ")
    if len(value) <= SHOWN:
        return repr(value)
    return f"{value[:SHOWN]!r}… ({len(value)} characters)"


def whole(what: str, low: int, high: int) -> Any:
    """An argparse type: a whole number in low..high, its text checked before it is converted."""
    def parse(value: str) -> int:
        text = value.strip()
        if not _WHOLE.fullmatch(text):
            raise argparse.ArgumentTypeError(f"{what} {shown(value)} is not a whole number")
        digits = text.lstrip("+-").lstrip("0")
        if len(digits) > len(str(max(abs(low), abs(high)))):  # no int() of thousands of digits
            n = high + 1 if not text.startswith("-") else low - 1
        else:
            n = int(text)
        if n < low:
            least = f"{low} or more" if low == 0 else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {least}, not {shown(value)}")
        if n > high:
            raise argparse.ArgumentTypeError(f"{what} must be at most {high}, not {shown(value)}")
        return n
    return parse


def folder(what: str) -> Any:
    """An argparse type: a folder path that is not empty (Path("") would mean the current one)."""
    def parse(value: str) -> Path:
        if not value.strip():
            raise argparse.ArgumentTypeError(f"{what} is empty: name a folder")
        if "\0" in value:
            raise argparse.ArgumentTypeError(f"{what} {shown(value)} holds a NUL character")
        return Path(value)
    return parse


def file(what: str) -> Any:
    """An argparse type: a file path that is not empty and names no folder ("out/")."""
    def parse(value: str) -> Path:
        if not value.strip():
            raise argparse.ArgumentTypeError(f"{what} is empty: name a file")
        if "\0" in value:
            raise argparse.ArgumentTypeError(f"{what} {shown(value)} holds a NUL character")
        try:
            is_dir = value.endswith(("/", "\\")) or Path(value).is_dir()
        except OSError as exc:  # a name too long for the file system
            raise argparse.ArgumentTypeError(
                f"{what} {shown(value)} cannot be a file: {exc.strerror}") from None
        if is_dir:
            raise argparse.ArgumentTypeError(f"{what} {shown(value)} is a folder: name a file")
        return Path(value)
    return parse
