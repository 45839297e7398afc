"""Command line: ``magdagdon`` starts the game; ``magdagdon COMMAND`` runs a tool.

Each command lives in its own module with ``add_arguments(parser)`` and ``run(args)``;
modules are imported only when their command is used, so starting the game stays fast.
Exit status: 0 done, 1 failure (say, a replay that does not verify), 2 usage (a bad
option), 130 stopped by Ctrl+C. Every error is one line on standard error; a usage error
names the option.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from typing import NoReturn

_LONG_QUOTE = re.compile(r"'([^']{40})[^']+'")
_LONGEST_WORD = 80  # an unquoted value (say, an unknown argument) is cut too


class OneLineParser(argparse.ArgumentParser):
    """argparse, with each error on one line and without the usage block."""

    def error(self, message: str) -> NoReturn:
        message = _LONG_QUOTE.sub(lambda match: f"'{match.group(1)[:39]}…'", message)
        words = [word if len(word) <= _LONGEST_WORD else word[: _LONGEST_WORD - 1] + "…" for word in message.split()]
        self.exit(2, f"{self.prog}: {' '.join(words)}\n")


def _tolerant_output() -> None:
    """Text that the terminal cannot encode (a name typed in another encoding) prints
    escaped instead of stopping the program after its work is done."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


# command name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "simulate": ("magdagdon.cli.simulate", "play seeded games with a policy and print statistics"),
    "replay": ("magdagdon.cli.replay_command", "verify a replay file (and optionally record it)"),
    "scores": ("magdagdon.cli.scores_command", "print or verify the high-score tables"),
    "board": ("magdagdon.cli.board_command", "run the world board's server (board serve)"),
}
GAME_MODULE = "magdagdon.cli.play"
INTERRUPTED = 130  # the shells' status for a program ended by Ctrl+C (128 + SIGINT)


def main(argv: list[str] | None = None) -> int:
    _tolerant_output()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        module_name, help_text = COMMANDS[argv[0]]
        prog = f"magdagdon {argv[0]}"
        argv = argv[1:]
    else:
        module_name, help_text, prog = GAME_MODULE, "play MAGDAGDON", "magdagdon"
    try:
        module = importlib.import_module(module_name)
        parser = OneLineParser(prog=prog, description=help_text)
        if module_name == GAME_MODULE:
            parser.epilog = "commands: " + ", ".join(COMMANDS) + " (magdagdon COMMAND --help)"
        module.add_arguments(parser)
        args = parser.parse_args(argv)
        return int(module.run(args) or 0)
    except BrokenPipeError:  # output piped into a reader that stopped (``| head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:  # Ctrl+C in a tool (the game itself saves and exits with 0)
        print(f"{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
