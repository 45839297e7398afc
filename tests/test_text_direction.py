"""A layout turns for a right-to-left reader in one place: a ``Direction``, read from the
catalog, places what a screen lays out from the start of a line to its end."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from magdagdon.app.text.direction import LEFT_TO_RIGHT, RIGHT_TO_LEFT, Direction
from magdagdon.app.text.i18n import Catalog

APP = Path(__file__).resolve().parent.parent / "magdagdon" / "app"
FRAME = pygame.Rect(100, 10, 300, 50)


def test_the_catalog_says_which_way_a_language_reads() -> None:
    assert Catalog("ur").direction == RIGHT_TO_LEFT
    assert Catalog("en").direction == Catalog("it").direction == Catalog("hi").direction == LEFT_TO_RIGHT


def test_a_piece_laid_out_from_the_start_is_mirrored_within_its_frame() -> None:
    piece = pygame.Rect(110, 20, 40, 10)  # 10 px from the frame's left
    assert LEFT_TO_RIGHT.placed(piece, FRAME) == piece and LEFT_TO_RIGHT.placed(piece, FRAME) is not piece
    assert RIGHT_TO_LEFT.placed(piece, FRAME) == pygame.Rect(350, 20, 40, 10)  # 10 px from its right
    assert RIGHT_TO_LEFT.placed(RIGHT_TO_LEFT.placed(piece, FRAME), FRAME) == piece  # twice: back where it was


@pytest.mark.parametrize("direction, start, end, first_column, order, onward",
                         [(LEFT_TO_RIGHT, "left", "right", 0, [1, 2, 3], pygame.K_RIGHT),
                          (RIGHT_TO_LEFT, "right", "left", 2, [3, 2, 1], pygame.K_LEFT)])
def test_start_and_end_name_the_sides_a_reader_meets_first_and_last(direction: Direction, start: str, end: str,
                                                                    first_column: int, order: list[int],
                                                                    onward: int) -> None:
    assert (direction.start, direction.end) == (start, end)
    assert (direction.side("start"), direction.side("end"), direction.side("center")) == (start, end, "center")
    assert direction.turned("left") == start and direction.turned("right") == end
    assert direction.corner("top") == f"top{start}"
    assert direction.column(0, 3) == first_column and direction.ordered([1, 2, 3]) == order
    assert direction.arrows()[0] == onward
    assert direction.start_x(FRAME) == getattr(FRAME, start) and direction.end_x(FRAME) == getattr(FRAME, end)


def test_before_and_after_a_piece_follow_the_reading() -> None:
    words = pygame.Rect(200, 0, 50, 10)
    assert LEFT_TO_RIGHT.before(words, 4, 10) == 186 and LEFT_TO_RIGHT.after(words, 4, 10) == 254
    assert RIGHT_TO_LEFT.before(words, 4, 10) == 254 and RIGHT_TO_LEFT.after(words, 4, 10) == 186
    assert LEFT_TO_RIGHT.onward(50, 5) == 55 and RIGHT_TO_LEFT.onward(50, 5) == 45
    assert LEFT_TO_RIGHT.x_of(FRAME, 10, 20) == 110 and RIGHT_TO_LEFT.x_of(FRAME, 10, 20) == 370


# Where reading right to left may still be asked of itself: how text is shaped and set, the
# menus' pygame_gui fonts, the on-screen keyboards' own layouts, and the table's one mirror.
DECIDES_ITS_OWN = {"text", "ui/ui_theme.py", "input/keyboard.py", "table/layout.py"}
BRANCH_ON_RTL = re.compile(r"\bif\b[^\n#]*\brtl\b")  # "if rtl:", "a if rtl else b"


def test_screens_ask_their_direction_rather_than_branch_on_right_to_left_themselves() -> None:
    branching = []
    for path in sorted(APP.rglob("*.py")):
        where = path.relative_to(APP).as_posix()
        if where.split("/")[0] in DECIDES_ITS_OWN or where in DECIDES_ITS_OWN:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRANCH_ON_RTL.search(line):
                branching.append(f"{where}:{number}: {line.strip()}")
    assert not branching, "lay out from the start and ask a Direction (app/text/direction.py):\n" + "\n".join(branching)
