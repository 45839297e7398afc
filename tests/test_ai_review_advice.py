"""The review's advice values match the expert's suggested actions, and read well."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.ai.review import TurnAdvice, review_game  # noqa: E402

from support.reviews import turn_review  # noqa: E402
from magdagdon.engine import Difficulty, Game, Replay  # noqa: E402
from magdagdon.engine.actions import Adjust, Confirm, PlaceRuin, Reroll, Stage  # noqa: E402


def greedy_replay(seed, difficulty):
    game = Game(difficulty, seed)
    policy = make_policy("greedy", random.Random(seed))
    while not game.is_over:
        game.play(policy.choose(game))
    return Replay.of(game)


def test_advice_mirrors_the_suggested_actions():
    seen = 0
    for seed, difficulty in [(1, Difficulty.PEACEFUL), (2, Difficulty.NIGHTMARE), (4, Difficulty.SURVIVAL)]:
        for review in review_game(greedy_replay(seed, difficulty)).costliest(5):
            advice = review.advice
            powers = [a for a in review.suggested if isinstance(a, (Adjust, Reroll))]
            assert len(advice.powers) == len(powers)
            ruins = [a.cell for a in review.suggested if isinstance(a, PlaceRuin)]
            assert advice.ruin == (ruins[0] if ruins else None)
            if any(isinstance(a, Confirm) for a in review.suggested):
                assert advice.placements and advice.ruin is None
                cells = [cell for _, cell in advice.placements]
                assert len(set(cells)) == len(cells)
                assert set(cells) <= {a.cell for a in review.suggested if isinstance(a, Stage)}
                assert all(1 <= value <= 6 for value, _ in advice.placements)
            seen += 1
    assert seen >= 3


def test_review_line_wording():
    from magdagdon.app.text.i18n import Catalog
    from magdagdon.app.results.review_cards import review_line
    from magdagdon.app.text.text_runs import without_controls

    text = Catalog("en").text
    review = turn_review(6, -34.6, 6.2, TurnAdvice((("plus", (2,)),), ((3, 9), (4, 10)), None))
    assert without_controls(review_line(text, review)) == "Turn 6: +1 on a 2, then 3 on R3C2, 4 on R3C3 · \u201335\u00a0±\u00a06"
    ruin = turn_review(2, -12.0, 0.0, TurnAdvice((), (), 15), exact=True)
    assert without_controls(review_line(text, ruin)) == "Turn 2: MAGDAGDON, the ruin on R4C4 · \u201312, exactly"
    better = turn_review(4, 9.4, 3.0, TurnAdvice((), ((5, 1),), None))
    assert without_controls(review_line(text, better)) == "Turn 4: better than the expert's 5 on R1C2 · +9\u00a0±\u00a03"
    guess = turn_review(3, -20.2, 0.0, TurnAdvice((), ((5, 1),), None), settled=False)
    assert without_controls(review_line(text, guess)) == "Turn 3: 5 on R1C2 · about\u00a0\u201320, checking…"

