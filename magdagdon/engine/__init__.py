"""The MAGDAGDON rules engine: pure Python, no pygame, so that the AI, the tools and the
tests use the very same rules without a display (docs/ARCHITECTURE.md).

The rules are in the rule book, docs/RULES.md; each module cites the sections it implements.
"""

from .actions import (
    Accept,
    Action,
    ActionParseError,
    Adjust,
    Confirm,
    PlaceRuin,
    Reroll,
    Roll,
    Stage,
    TakeBack,
    TakeBackAll,
    parse_action,
)
from .board import (
    CELL_COUNT,
    CELLS,
    EMPTY,
    LINE_NAMES,
    LINES,
    NEIGHBOURS,
    RUIN,
    Board,
    BoardParseError,
    cell_col,
    cell_name,
    cell_row,
)
from .dice import DICE_PER_ROLL, roll_dice, seed_from_text
from .difficulty import Difficulty
from .game import Game, IllegalMoveError, Phase
from .legality import can_place, find_placement, is_magdagdon, legal_cells, required_dice
from .reachable_bonus import best_reachable_bonuses, reachable_bonuses
from .replay import Replay, ReplayError, ReplayResult
from .rescue import Rescue, rescue
from .scoring import RUIN_PENALTY, Bonus, LineScore, ScoreBreakdown, line_bonus, line_scores, score, score_total

__all__ = [
    "Accept",
    "Action",
    "ActionParseError",
    "Adjust",
    "Board",
    "BoardParseError",
    "Bonus",
    "CELLS",
    "CELL_COUNT",
    "Confirm",
    "DICE_PER_ROLL",
    "Difficulty",
    "EMPTY",
    "Game",
    "IllegalMoveError",
    "LINES",
    "LINE_NAMES",
    "LineScore",
    "NEIGHBOURS",
    "Phase",
    "PlaceRuin",
    "RUIN",
    "RUIN_PENALTY",
    "Replay",
    "ReplayError",
    "ReplayResult",
    "Reroll",
    "Rescue",
    "Roll",
    "ScoreBreakdown",
    "Stage",
    "TakeBack",
    "TakeBackAll",
    "best_reachable_bonuses",
    "can_place",
    "cell_col",
    "cell_name",
    "cell_row",
    "find_placement",
    "is_magdagdon",
    "legal_cells",
    "line_bonus",
    "line_scores",
    "parse_action",
    "reachable_bonuses",
    "required_dice",
    "rescue",
    "roll_dice",
    "score",
    "score_total",
    "seed_from_text",
]
