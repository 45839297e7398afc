"""The README's two commands are what a newcomer types; CI must run the very same test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    section = ROOT.joinpath("README.md").read_text(encoding="utf-8").split("## Two commands", 1)[1]
    section = section.split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_play_and_test_are_two_commands_for_a_normal_install():
    play, test, *_ = readme_commands()
    assert play == "python -m pip install . && python -m magdagdon"
    assert test == 'python -m pip install ".[test]" && python -m pytest'


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = [line.strip() for line in ROOT.joinpath(".ci", "run").read_text(encoding="utf-8").splitlines()]
    assert test in ci_lines
