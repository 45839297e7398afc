"""One-line messages for the player about storage problems (the game goes on)."""

from __future__ import annotations

import os

from magdagdon.storage import StorageNotice

from ..text.i18n import Catalog


class Notices:
    def __init__(self, text: Catalog) -> None:
        self.text = text
        self.shown: list[str] = []

    def add(self, message: str) -> None:
        if message not in self.shown:
            self.shown.append(message)

    def discard(self, message: str) -> None:
        """``message`` has been seen long enough: it is shown no more."""
        if message in self.shown:
            self.shown.remove(message)

    def latest(self, count: int) -> list[str]:
        return self.shown[-count:]

    def describe(self, notice: StorageNotice) -> str:
        key = f"notice.{notice.kind.value}"
        # File names only: a whole path rarely fits on a menu line (the folder is the data folder).
        values = {"path": os.path.basename(notice.path or ""), "moved_to": os.path.basename(notice.moved_to or "")}
        return self.text(key, **values) if self.text.has(key) else self.text("notice.generic")
