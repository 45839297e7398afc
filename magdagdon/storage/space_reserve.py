"""Disk space set aside for the one write that must succeed on a full disk.

A finished game whose result cannot be written is held in memory; at the latest when the
game quits it must reach the disk, or it is lost. When the disk is still full then, nothing
can be written, not even the small in-progress file the next start records it from. So the
data folder keeps ``magdagdon.reserve``: blocks allocated while there was space, released
(the file removed) only when a held result cannot be written for want of space, so that it
can be. It is made again once the disk has room (the next start, the next write that
succeeds). Allocating blocks writes nothing on file systems that support it
(``posix_fallocate``); elsewhere zeros are written.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from .atomic_file import fsync_folder

RESERVE_FILE = "magdagdon.reserve"
RESERVE_BYTES = 256 * 1024  # a held game's in-progress file is a few KiB; the scores file fits too, mostly
_CHUNK = b"\0" * 65536


def allocate(fd: int, size: int) -> None:
    """Give the open file ``size`` bytes of real disk blocks (OSError ENOSPC when there are none)."""
    if hasattr(os, "posix_fallocate"):
        try:
            os.posix_fallocate(fd, 0, size)
            return
        except OSError as error:
            if error.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                raise
    written = 0
    while written < size:
        written += os.write(fd, _CHUNK[: size - written])
    os.fsync(fd)


class SpaceReserve:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / RESERVE_FILE

    def ensure(self) -> bool:
        """Make the reserve if it is missing (hold the data folder lock); True when it is
        there. A full disk or a read-only folder simply leaves it missing."""
        if self.path.is_file() and not self.path.is_symlink():
            return True
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.path, flags, 0o600)
        except OSError:
            return False  # a read-only folder, a full one, or a link in its place: no reserve
        try:
            allocate(fd, RESERVE_BYTES)
        except OSError:
            os.close(fd)
            self._remove()
            return False
        os.close(fd)
        try:
            fsync_folder(self.path.parent)
        except OSError:
            pass
        return True

    def release(self) -> bool:
        """Give the reserved space back to the disk (hold the lock); True when it held some."""
        if not self.path.is_file() or self.path.is_symlink():
            return False
        return self._remove()

    def _remove(self) -> bool:
        try:
            os.remove(self.path)
        except OSError:
            return False
        return True
