"""An advisory lock on the data folder, held around every read-merge-write.

Two MAGDAGDON instances on one folder (two kiosk windows, the game and the ``replay
--record`` command) take turns: each re-reads the files under the lock, applies its change
and writes, so neither loses the other's results. ``flock`` (POSIX) and ``msvcrt.locking``
(Windows) are released by the operating system when a process dies, so a ``kill -9``
never leaves a stale lock behind.
"""

from __future__ import annotations

import errno
import os
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Callable

from .atomic_file import NotRegular, check_regular

LOCK_NAME = "magdagdon.lock"
_NO_LOCKING = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS}
DEFAULT_TIMEOUT = 10.0  # seconds; a healthy writer holds the lock for milliseconds
_POLL = 0.005
# Only a regular file is a lock: a link is not followed (a dangling one would create a file
# outside the data folder), and a pipe is opened without waiting, then refused.
_OPEN_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class LockTimeout(OSError):
    """Another process held the lock longer than the timeout."""


WaitCallback = Callable[[Path, float], None]  # (lock file, seconds it will wait at most)


class DataLock:
    def __init__(self, folder: Path, timeout: float = DEFAULT_TIMEOUT, on_wait: WaitCallback | None = None,
                 name: str = LOCK_NAME) -> None:
        self.path = folder / name  # another name: a claim of its own, held apart from the writes
        self.timeout = timeout
        self.on_wait = on_wait  # called once when the lock is held by another process
        self._fd: int | None = None

    def __enter__(self) -> "DataLock":
        try:
            fd = os.open(self.path, _OPEN_FLAGS, 0o666)
        except OSError as error:
            if error.errno == errno.ELOOP or os.path.islink(self.path):
                raise NotRegular(self.path, "a link, not a lock file") from None
            raise
        try:
            check_regular(fd, self.path)
            # time.monotonic measures a wait, not the date: no wall-clock time in storage.
            deadline = time.monotonic() + self.timeout
            told = False
            while not _try_lock(fd):
                if not told and self.on_wait is not None:
                    self.on_wait(self.path, self.timeout)
                    told = True
                if time.monotonic() >= deadline:
                    raise LockTimeout(errno.EAGAIN, "held by another MAGDAGDON", str(self.path))
                time.sleep(_POLL)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            try:
                _unlock(fd)
            finally:
                os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as error:
            if error.errno in _NO_LOCKING:
                # A file system without locks (some network shares): going on unlocked keeps
                # results saved; re-reading just before each write keeps the race window tiny.
                return True
            raise
        return True

    def _unlock(fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError as error:
            if error.errno not in _NO_LOCKING:
                raise
