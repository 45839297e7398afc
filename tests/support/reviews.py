"""A turn of the review, made by hand for the tests of its words."""

from __future__ import annotations

from magdagdon.ai.review import TurnAdvice, TurnReview


def turn_review(turn: int, choices: float, margin: float, advice: TurnAdvice | None, exact: bool = False,
                settled: bool = True, luck: float = 0.0) -> TurnReview:
    """Turn ``turn``, whose choices came to ``choices`` (± ``margin``) against the expert's
    ``advice``, and whose dice gave ``luck``."""
    return TurnReview(turn, 300.0, 300.0 + luck + choices, luck, choices, round(luck), round(choices), margin, exact,
                      settled, (), advice=advice)
