"""Whole numbers typed by people or sent in forms and URLs, read one way everywhere.

Why: ``str.isdigit()`` also accepts "²" and other digits that ``int()`` refuses, and a number of
thousands of digits is slow to convert; both reached the server as errors. Here only ASCII digits
count, with a sane length.
"""

from __future__ import annotations

MAX_DIGITS = 18  # fits a 64-bit integer


def is_whole(text: object, max_digits: int = MAX_DIGITS) -> bool:
    """Whether ``text`` is a whole number written with 0–9 only (no sign, no spaces)."""
    return isinstance(text, str) and 0 < len(text) <= max_digits and text.isascii() and text.isdigit()


def whole_or(text: object, default: int | None = None, low: int | None = None, high: int | None = None) -> int | None:
    """``text`` as an int when it is a whole number within ``low``–``high``, else ``default``."""
    if not is_whole(text):
        return default
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        return default
    return value
