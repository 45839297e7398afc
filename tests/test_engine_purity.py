"""The engine, AI, party model, phones' room and server and storage never import pygame: tools and tests use them without a display."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", ["magdagdon.engine", "magdagdon.ai", "magdagdon.party", "magdagdon.party.keeper",
                                     "magdagdon.cli.simulate", "magdagdon.phones", "magdagdon.phones.server",
                                     "magdagdon.phones.keeper", "magdagdon.board.server",
                                     "magdagdon.board.postgres_store", "magdagdon.board.sender",
                                     "magdagdon.cli.board_command"])
def test_importing_does_not_import_pygame(package):
    code = f"import sys, {package}; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
