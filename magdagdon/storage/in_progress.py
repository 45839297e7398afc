"""The game in progress, stored as a replay so resuming is ``Replay.play()``.

Saved after every confirmed turn and ruin and on quit, so a crash loses at most the turn
being played. The whole log is kept, mid-turn actions included: dice depend only on (seed,
turn, re-roll) (RULES.md §10), and keeping a used power means quitting can never undo it.

The running game holds ``in_progress.lock`` (an advisory lock the operating system lets go
when the process ends, however it ends): a finished game found in the file while another
process holds it is that game's, waiting for its player's name, and is not recorded by a
command or another instance; once no process holds it, it is one a crash left unrecorded.
"""

from __future__ import annotations

from .envelope import FileKind

IN_PROGRESS_FILE = "in_progress.json"
IN_PROGRESS_CLAIM = "in_progress.lock"
IN_PROGRESS_KIND = FileKind("magdagdon-in-progress", 1, max_bytes=2 * 1024 * 1024)
