"""``python -m magdagdon [command]`` and the ``magdagdon`` command — see :mod:`magdagdon.cli`."""

import sys


def main() -> int:
    try:
        from magdagdon.cli import main as run
    except KeyboardInterrupt:  # Ctrl+C while Python loads the command line
        print("magdagdon: interrupted", file=sys.stderr)
        return 130
    return run()


if __name__ == "__main__":
    sys.exit(main())
