"""The wall clock the game stamps results and today's tables with (UTC; the storage turns it
into the local date where a day matters)."""

from __future__ import annotations

from datetime import datetime, timezone


def now() -> datetime:
    return datetime.now(timezone.utc)
