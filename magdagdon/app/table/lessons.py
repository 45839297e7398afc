"""How to play's lessons: short turns played on small boards, one rule each, shown by How to
play and by the kiosk's attract loop alike.

A lesson is a list of frames, each a position with what is lit on it, the caption's key and
how long it shows. The frames are played through the engine (``Game.play``, the checked
entry): the lit cells are the engine's legal cells for the die picked, the ruin's cells the
engine's, a line's bonus the engine's score of it, a die sent back the engine's answer. A
script that broke a rule would raise here, never show a move the game refuses. Plain Python:
the drawing is ``lesson_view.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from magdagdon.engine import (Accept, Adjust, Board, Bonus, Difficulty, Game, Phase, PlaceRuin, RUIN_PENALTY, Reroll, Stage,
                              TakeBack, line_scores)

from ..shell.loop import ticks


@dataclass(frozen=True)
class LessonFrame:
    board: Board  # the permanent board
    staged: tuple[tuple[int, int], ...]  # (cell, value) of the dice staged, in staging order
    tray: tuple[int | None, ...]  # each of the four dice's value while in the tray; None once staged
    phase: Phase
    caption: str  # a catalog key
    terms: tuple[tuple[str, int], ...] = ()  # the caption's numbers
    picked: int | None = None  # the tray die chosen: its legal cells glow
    legal: frozenset[int] = frozenset()  # where the picked die may go (the engine's)
    ruin_cells: frozenset[int] = frozenset()  # where the ruin may fall (the engine's)
    bonus_line: int | None = None  # the line (index in LINES) whose bonus is shown
    changed: frozenset[int] = frozenset()  # tray dice a power just changed
    returned: frozenset[int] = frozenset()  # tray dice just sent back to the tray
    ticks: int = ticks(1.6)

    @property
    def working_board(self) -> Board:
        board = self.board
        for cell, value in self.staged:
            board = board.with_cell(cell, value)
        return board


@dataclass(frozen=True)
class Lesson:
    name: str
    frames: tuple[LessonFrame, ...]

    @property
    def ticks(self) -> int:
        return sum(frame.ticks for frame in self.frames)

    def frame_at(self, tick: int) -> int:
        """The frame shown ``tick`` ticks into the lesson (the last one after its end)."""
        for index, frame in enumerate(self.frames):
            if tick < frame.ticks:
                return index
            tick -= frame.ticks
        return len(self.frames) - 1


@dataclass
class _Script:
    """A lesson's turn played on the engine, a frame taken after each step."""

    game: Game
    frames: list[LessonFrame] = field(default_factory=list)
    returned: tuple[int, ...] = ()
    changed: tuple[int, ...] = ()

    def play(self, *actions: object) -> "_Script":
        for action in actions:
            self.returned = self.game.play(action)
            self.changed = (action.die,) if isinstance(action, Adjust) else \
                action.dice if isinstance(action, Reroll) else ()
        return self

    def show(self, caption: str, picked: int | None = None, bonus: bool = False, seconds: float = 1.6,
             terms: tuple[tuple[str, int], ...] = ()) -> "_Script":
        game = self.game
        staged_dice = {die for die, _ in game.staged}
        tray = tuple(None if die in staged_dice else value for die, value in enumerate(game.dice))
        working = game.working_board
        bonus_line = None
        if bonus:
            bonus_line = next(index for index, line in enumerate(line_scores(working)) if line.bonus is not Bonus.NONE)
        ruin_cells = frozenset(action.cell for action in game.legal_moves() if isinstance(action, PlaceRuin))
        self.frames.append(LessonFrame(
            game.board, tuple((cell, game.dice[die]) for die, cell in game.staged), tray, game.phase, caption, terms,
            picked, game.legal_cells_for(picked) if picked is not None else frozenset(), ruin_cells, bonus_line,
            frozenset(self.changed), frozenset(self.returned), ticks(seconds)))
        self.returned = self.changed = ()
        return self


def _start(board: str, dice: tuple[int, int, int, int], seed: int = 0) -> _Script:
    return _Script(Game.set_up_position(Board.parse(board), dice, Difficulty.PEACEFUL, seed=seed))


def _bonus(name: str, board: str, dice: tuple[int, int, int, int], cell: int, bonus: Bonus) -> Lesson:
    script = _start(board, dice).show("lesson.bonus_before", picked=0)
    script.play(Stage(0, cell)).show(f"lesson.{name}", bonus=True, seconds=2.4, terms=(("points", bonus.points),))
    return Lesson(name, tuple(script.frames))


@lru_cache(maxsize=1)
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the order How to play shows them (RULES.md §3-§8)."""
    legal = _start("..../.34./..../....", (2, 5, 4, 1))
    legal.show("lesson.roll").show("lesson.glow", picked=0).play(Stage(0, 9)).show("lesson.staged")
    legal.show("lesson.glow_next", picked=1).play(Stage(1, 7)).show("lesson.confirm")

    fall_back = _start("..../.3../..../....", (4, 5, 1, 1))
    fall_back.show("lesson.lean", picked=0).play(Stage(0, 6)).show("lesson.lean_next", picked=1)
    fall_back.play(Stage(1, 7)).show("lesson.lean_staged").play(TakeBack(0)).show("lesson.fall_back", seconds=2.4)

    powers = _start("..../.33./..../....", (5, 3, 3, 1), seed=7)
    powers.show("lesson.no_cell", picked=0).play(Adjust(0, -1)).show("lesson.adjust", picked=0)
    powers.play(Reroll((3,))).show("lesson.reroll", seconds=2.4)

    ruin = _start("..../.33./..../....", (5, 6, 1, 6))
    ruin.show("lesson.magdagdon", seconds=2.0).play(Accept()).show("lesson.accept")
    ruin.play(PlaceRuin(15)).show("lesson.ruin", seconds=2.4, terms=(("points", RUIN_PENALTY),))

    return (Lesson("legal", tuple(legal.frames)), Lesson("fall_back", tuple(fall_back.frames)),
            Lesson("powers", tuple(powers.frames)), Lesson("ruin", tuple(ruin.frames)),
            _bonus("straight", "345./..../..../....", (6, 1, 1, 2), 3, Bonus.STRAIGHT),
            _bonus("four_alike", "444./..../..../....", (4, 4, 1, 6), 3, Bonus.FOUR_OF_A_KIND),
            _bonus("two_pairs", "334./..../..../....", (4, 3, 1, 6), 3, Bonus.TWO_PAIRS))


def lesson_at(tick: int) -> tuple[int, int]:
    """(lesson, frame) shown ``tick`` ticks after the lessons began, round again after the last."""
    every = lessons()
    tick %= sum(lesson.ticks for lesson in every)
    for index, lesson in enumerate(every):
        if tick < lesson.ticks:
            return index, lesson.frame_at(tick)
        tick -= lesson.ticks
    return 0, 0
