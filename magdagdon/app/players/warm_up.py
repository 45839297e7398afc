"""The expert made ready before it is first asked: its code and its networks (read from
``magdagdon/ai/data``, some 0.2 s a difficulty) load on the worker after the first frame, so
start-up waits for none of it and the first hint, power advice or computer move, which ask
for them inside a frame, finds them loaded."""

from __future__ import annotations

from typing import Callable, Iterable

from magdagdon.engine import Difficulty


def warm_expert(first: Difficulty, others: Iterable[Difficulty] = Difficulty) -> Callable[[], None]:
    """A thought for the worker: the AI imported, ``first``'s network read, then the others'."""
    order = [first, *(difficulty for difficulty in others if difficulty is not first)]

    def warm() -> None:
        import magdagdon.ai  # noqa: F401 (the policies, the hint and the power advice)
        from magdagdon.ai.evaluation import load_evaluation

        for difficulty in order:
            load_evaluation(difficulty)  # kept for the process (its lru_cache)

    return warm
