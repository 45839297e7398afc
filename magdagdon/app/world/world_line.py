"""Game over's line about the world board: sending, the world rank once it comes, or in one
line why not (offline and kept for later, refused, an answer that makes no sense, no
board's address chosen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ui import palette
from ..results.game_over_plan import ResultLine

if TYPE_CHECKING:
    from .world_board import WorldSend
    from ..text.i18n import Catalog

# The board's refusals that have words of their own; any other is "did not take it".
REFUSALS = ("copied", "day_closed", "computer_played", "not_verified", "bad_name")


def world_line(text: "Catalog", send: "WorldSend | None") -> ResultLine | None:
    if send is None:
        return None
    if send.no_address:
        return ResultLine("world", text("board.no_address"), palette.TEXT_DIM)
    if send.answer is None:
        return None
    if send.waiting:
        return ResultLine("world", text("board.sending"), palette.TEXT_DIM)
    result = send.result
    if result is None:  # the thought failed (said on stderr): the line goes
        return None
    from magdagdon.board.sender import Sending

    answer = result.answer
    if result.sending is Sending.SENT and answer is not None:
        key = "board.rank" if answer.counted else "board.rank_best"
        return ResultLine("world", text(key, rank=answer.rank, total=answer.total), palette.GOLD)
    if result.sending is Sending.REFUSED:
        key = f"board.refused.{result.code}" if result.code in REFUSALS else "board.refused"
        return ResultLine("world", text(key), palette.CORAL)
    return ResultLine("world", text(f"board.{result.sending.value}"), palette.TEXT_DIM)
