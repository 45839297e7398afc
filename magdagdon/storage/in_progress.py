"""The game in progress, stored as a replay so resuming is ``Replay.play()``.

Saved after every confirmed turn and ruin and on quit. The whole log is kept,
mid-turn actions included: dice depend only on (seed, turn, re-roll) (RULES.md §10), and
keeping a used power means quitting can never undo it.
"""

from __future__ import annotations

from .envelope import FileKind

IN_PROGRESS_FILE = "in_progress.json"
IN_PROGRESS_KIND = FileKind("magdagdon-in-progress", 1, max_bytes=2 * 1024 * 1024)
