"""Returning the memory a closed screen freed to the operating system."""

from __future__ import annotations

import sys
from typing import Any

_TRIM: Any = None


def release_memory() -> None:
    """Hand freed heap back to the OS (glibc only; elsewhere nothing).

    pygame_gui frees a screen's big surfaces when it closes, but glibc raises its mmap threshold
    after the first such free, so later surfaces come from the heap and the holes they leave stay
    resident: paging through the rules sections grew the window by 30 MiB that this returns.
    Called when scenes change or a page turns, never per frame.
    """
    global _TRIM
    if _TRIM is None:
        _TRIM = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                _TRIM = ctypes.CDLL("libc.so.6").malloc_trim
            except (OSError, AttributeError):
                _TRIM = False
    if _TRIM:
        import gc

        gc.collect()  # pygame_gui's text layouts hold cycles: their surfaces go only with them
        _TRIM(0)
