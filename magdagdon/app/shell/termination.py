"""The system or the person at the terminal ending the game: SIGTERM (``systemctl stop``, a
shutdown), SIGINT (Ctrl+C) and SIGHUP (the terminal closed, a logout) all only set
``requested``; the loop then ends at its next frame, the game in progress is saved, and
the game exits with status 0. A signal never interrupts the frame that is running, so no
save is cut short and no traceback is printed.

Installed before SDL starts: SDL then leaves SIGINT and SIGTERM to the game instead of
turning them into a QUIT, which a locked kiosk could not tell from a close request. A
signal the game was started with ignored (``nohup``, a background job of a script) stays
ignored, as its starter asked. Plain Python (no pygame): the command line installs it
before the slow imports.
"""

from __future__ import annotations

import signal
from types import FrameType
from typing import Callable, Union

Handler = Union[Callable[[int, Union[FrameType, None]], object], int, None]

ENDING_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")  # SIGHUP does not exist on Windows


class Termination:
    """The ending signals → ``requested``. ``release`` puts the handlers found back."""

    def __init__(self) -> None:
        self.requested = False
        self.previous: dict[int, Handler] = {}
        for name in ENDING_SIGNALS:
            number = getattr(signal, name, None)
            if number is None:
                continue
            try:
                if signal.getsignal(number) == signal.SIG_IGN:
                    continue
                self.previous[number] = signal.signal(number, self._on_signal)
            except ValueError:  # not the main thread: SDL's own handler (SIGTERM → QUIT) remains
                break

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True

    def release(self) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        self.previous = {}
