"""The world board's address as the game keeps and shows it (no network code: read at
start-up and in Settings)."""

from __future__ import annotations

from urllib.parse import urlsplit

# Where the game sends Today's dice unless Settings or kiosk.json name another board.
DEFAULT_BOARD_URL = "https://board.magdagdon.org"


def board_host(url: str) -> str:
    """The address as Settings shows it: the host (and port), without the scheme."""
    return urlsplit(url).netloc or url
