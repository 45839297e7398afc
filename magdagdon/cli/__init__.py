"""Command line: ``magdagdon`` starts the game; ``magdagdon COMMAND`` runs a tool.

Each command lives in its own module with ``add_arguments(parser)`` and ``run(args)``;
modules are imported only when their command is used, so starting the game stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# command name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "simulate": ("magdagdon.cli.simulate", "play seeded games with a policy and print statistics"),
    "replay": ("magdagdon.cli.replay_command", "verify a replay file (and optionally record it)"),
    "scores": ("magdagdon.cli.scores_command", "print or verify the high-score tables"),
}
GAME_MODULE = "magdagdon.cli.play"


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in COMMANDS:
        module_name, help_text = COMMANDS[argv[0]]
        prog = f"magdagdon {argv[0]}"
        argv = argv[1:]
    else:
        module_name, help_text, prog = GAME_MODULE, "play MAGDAGDON", "magdagdon"
    module = importlib.import_module(module_name)
    parser = argparse.ArgumentParser(prog=prog, description=help_text)
    if module_name == GAME_MODULE:
        parser.epilog = "commands: " + ", ".join(COMMANDS) + " (magdagdon COMMAND --help)"
    module.add_arguments(parser)
    args = parser.parse_args(argv)
    return int(module.run(args) or 0)
