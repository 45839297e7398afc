"""``python -m magdagdon [command]`` — see :mod:`magdagdon.cli`."""

import sys

from magdagdon.cli import main

if __name__ == "__main__":
    sys.exit(main())
