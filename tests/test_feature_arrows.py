"""Which folder of the app may import which (docs/ARCHITECTURE.md, *Features and their
arrows*): a feature draws on the common kit, the table's pieces and the worker; the shell
wires every feature; any other arrow from one feature to another is listed here with its
reason, and a new one fails this test until it is listed (or removed), a listed one that
no longer exists fails it too, so the list stays the truth."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "magdagdon" / "app"

# What every folder may use: the loop and the screens' registry, the services, text, the
# menus' and buttons' kit, input, the audit's draw log.
KIT = {"shell", "services", "text", "ui", "input", "audit"}
# Shared by the features though they are features themselves: the table's drawing pieces
# and games (every screen shows a board), and the one worker with its jobs.
SHARED = {"table", "players"}

# Every other arrow, and why it stays.
ARROWS = {
    ("kiosk", "phones"): "a kiosk evening may open the phones' room (kiosk.json), its timers the kiosk's",
    ("menus", "world"): "Settings turns sending to the world board on and sets its address",
    ("phones", "party"): "a phone party is a party: the race and results reuse its colours and results cards",
    ("players", "party"): "the autoplay plays a party's computer seats",
    ("players", "results"): "the expert's line is told in the replay viewer's turn stories",
    ("results", "world"): "game over shows the world rank; high scores has the World tab",
    ("table", "party"): "the table draws a party's row and strip above the board",
    ("table", "world"): "a finished game of Today's dice is handed to the world board's sender",
    ("world", "results"): "the world line at game over is one of game over's result lines",
}


@cache  # the app's files are read once for the three tests
def _arrows() -> dict[tuple[str, str], set[str]]:
    found: dict[tuple[str, str], set[str]] = {}
    for path in APP.rglob("*.py"):
        parts = path.relative_to(APP).parts
        if len(parts) < 2:
            continue
        source = parts[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            if node.level == len(parts):  # from ..feature.module (the app's folder is the top)
                target = node.module.split(".")[0]
            elif node.level == 0 and node.module.startswith("magdagdon.app."):
                target = node.module.split(".")[2]
            else:
                continue
            if target != source and (APP / target).is_dir():
                found.setdefault((source, target), set()).add(path.relative_to(APP).as_posix())
    return found


def _allowed(source: str, target: str) -> bool:
    return source == "shell" or target in KIT or target in SHARED or (source, target) in ARROWS


def test_every_arrow_between_features_is_the_kit_the_shared_pieces_or_listed_with_its_reason():
    arrows = _arrows()
    unlisted = {arrow: sorted(files) for arrow, files in arrows.items() if not _allowed(*arrow)}
    assert unlisted == {}, f"imports from one feature into another, not listed in ARROWS: {unlisted}"


def test_every_listed_arrow_still_exists():
    arrows = _arrows()
    assert sorted(set(ARROWS) - set(arrows)) == []


def test_the_finder_sees_arrows_from_files_at_every_depth():
    arrows = _arrows()
    assert "phones/race.py" in arrows[("phones", "party")]  # from ..party.results_cards import …
    assert ("shell", "table") in arrows and ("table", "text") in arrows
    assert all(source != target for source, target in arrows)
