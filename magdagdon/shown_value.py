"""Values quoted in messages: short enough for one line, whatever a file or a user gave."""

from __future__ import annotations

from typing import Any

MAX_SHOWN = 40


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` cut to ``limit`` characters with "…" (a huge integer is not even printed)."""
    if isinstance(value, int) and abs(value) >= 10**30:
        return "a huge number"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
