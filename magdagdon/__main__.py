"""``python -m magdagdon [command]`` — see :mod:`magdagdon.cli`."""

import sys

if __name__ == "__main__":
    try:
        from magdagdon.cli import main
    except KeyboardInterrupt:  # Ctrl+C while Python loads the command line
        print("magdagdon: interrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(main())
