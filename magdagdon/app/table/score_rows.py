"""A score's breakdown as every screen words it (the table's score panel, game over, the
party's and the phones' results): lines, bonuses, ruins, powers, each a label and a value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.numbers import cost

if TYPE_CHECKING:
    from magdagdon.engine import ScoreBreakdown

    from ..text.i18n import Catalog


def score_rows(breakdown: "ScoreBreakdown", text: "Catalog", progress: float = 1.0) -> list[tuple[str, str]]:
    """(label, value) for the lines' sums, the bonuses, the ruins and the powers, in that
    order; ``progress`` of the way through a count-up (game over counts its figures up)."""
    return [
        (text("score.base"), f"{int(breakdown.base * progress)}"),
        (text("score.bonus"), f"+{int(breakdown.bonus * progress)}"),
        (text("score.ruins", count=breakdown.ruins), cost(int(breakdown.ruin_penalty * progress))),
        (text("score.powers", count=breakdown.powers_used), cost(int(breakdown.power_penalty * progress))),
    ]
