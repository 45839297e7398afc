"""GameOver draws the expert's review: one line that adds up (expected at the first roll,
the dice, the choices, the final score) and a card per costly turn with the player's board
beside the expert's ghost dice; a tap on a card opens that turn in the replay viewer."""

import re

import pygame

from magdagdon.app.table.mini_board import board_cells
from magdagdon.app.results.review_cards import review_items

from support.player import HeldThoughts, Player


def test_review_cards_are_drawn_when_the_review_returns_and_open_the_replay(tmp_path):
    player = Player(tmp_path, (1920, 1080), seed=7, scene="game_over")
    player.wait(2.5)  # the finished board, the count-up; the review was asked for as it began
    session = player.table.session
    assert session.review_job is not None
    session.review_job.future.result(60)
    review = session.review
    assert review is not None and review.settled and review.turns
    texts = {t for t, _ in player.texts_drawn(lambda: player.wait(0.2))}  # drawn without input
    text = player.table.text
    # the cards show "± N": the title says what that is
    assert text("gameover.review_title_margin", title=text("gameover.review_title")) in texts
    # the sum a player can check: expected + dice + choices = the final score, as drawn
    account = next(t for t in texts if t.startswith("Expected\u00a0"))
    numbers = [int(n.replace("\u2013", "-")) for n in re.findall(r"[+\u2013-]?\d+", account)]
    assert numbers[0] + numbers[1] + numbers[2] == numbers[3] == player.table.game.score().total, account
    shown_items = review_items(review)
    cards = player.table.cards
    assert [turn for _, turn in cards] == [item.turn for item in shown_items]
    after = player.fresh()
    for (_, expert_side), item in zip(player.table.card_boards, shown_items):
        assert f"Turn {item.turn}:" in " ".join(texts) or any(t.startswith(f"Turn {item.turn}:") for t in texts)
        # the expert's side shows a ghost die on each cell the expert would have used
        for _, cell in item.advice.placements:
            rect = board_cells(expert_side)[cell]
            face = after.get_at((rect.centerx, rect.top + rect.height * 15 // 100))  # above the pips
            assert sum(face[:3]) > 350, (item.turn, cell, face)  # a faint die face, not an empty cell
    card, turn = cards[0]
    player.tap(card.center)
    assert player.top_key == "replay"
    viewer = player.top
    assert viewer.stories[viewer.page].turn == turn
    pygame.display.quit()


# --- the end of a game, seen whole ------------------------------------------------------------

import random  # noqa: E402

import pytest  # noqa: E402

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.app.table.motion import Before, effects_of  # noqa: E402
from magdagdon.app.audit.draw_log import Role  # noqa: E402
from magdagdon.app.audit.screen_audit import audit_frame  # noqa: E402
from magdagdon.app.text.fit import min_text_px  # noqa: E402
from magdagdon.engine import Confirm, Difficulty, Game, Phase  # noqa: E402


def one_confirm_from_a_bonus_ending() -> Game:
    """A game whose last CONFIRM ends it and completes a line's bonus (it flashes)."""
    for seed in range(1, 400):
        game = Game(Difficulty.PEACEFUL, seed)
        policy = make_policy("greedy", random.Random(seed))
        while not game.is_over:
            if game.phase is Phase.STAGING and game.can_confirm:
                trial = game.copy()
                before = Before.of(trial)
                trial.play(Confirm())
                if trial.is_over:
                    if any(effect.kind == "flash" for effect in effects_of(Confirm(), before, trial, 0)):
                        return game
                    break
            game.play(policy.choose(game))
    raise AssertionError("no game ends on a bonus")


def _panel_up(frame) -> bool:
    return any(r.role is Role.DIALOG and r.words == "banner" for r in frame.records)


def test_the_finished_board_its_flash_and_the_count_up_are_seen_before_the_name_is_asked(tmp_path):
    """The last CONFIRM: first the board alone with its bonus flashing, then the panel counting
    up to the total, and only then the name entry."""
    game = one_confirm_from_a_bonus_ending()
    total = game.copy()
    total.play(Confirm())
    flash = {f"+{e.points}" for e in effects_of(Confirm(), Before.of(game), total, 0) if e.kind == "flash"}
    player = Player(tmp_path, (1280, 720), seed=game.seed)
    player.wait(0.5)
    player.play_from(game)
    player.wait(0.5)
    player.key(pygame.K_c, then=0.0)
    seen: list[tuple[str, bool, set[str]]] = []  # (top state, panel up, words) per frame drawn
    for _ in range(80):
        player.wait(0.05)
        frame = player.frame_log
        # a flash's points are drawn over a shadow of themselves (no other text has one)
        flashed = {f"flash {r.words}" for r in frame.texts if r.role is Role.SHADOW}
        seen.append((player.top_key, _panel_up(frame), set(frame.words()) | flashed))
        if player.top_key == "name_entry":
            break
    asked = next(i for i, (top, _, _) in enumerate(seen) if top == "name_entry")
    before = seen[:asked]
    assert before and all(top == "game_over" for top, _, _ in before)
    board_alone = [words for top, up, words in before if not up]
    assert flash and board_alone and {f"flash {points}" for points in flash} & set().union(*board_alone), \
        "the last bonus flashed on the board alone"
    counted = [words for _, up, words in before if up]
    assert counted and str(total.score().total) in counted[-1], "the count-up reached the total first"
    assert len(counted) > 10  # and was seen counting for a while


@pytest.mark.parametrize("opens", ["menu", "scores", "name"])
def test_a_menu_or_dialog_over_game_over_makes_its_panel_step_aside(tmp_path, opens):
    if opens == "name":
        player = Player(tmp_path, (1280, 720), seed=3, scene="name_entry")
        player.wait_for(lambda: player.top_key == "name_entry", limit=6.0)
    else:
        player = Player(tmp_path, (1280, 720), seed=3, scene="game_over")
        player.wait(2.5)
        button = next(b for b in player.table.buttons() if b.ident == opens)
        player.tap(button.rect.center)
        assert player.top_key in ("title", "high_scores")
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.1)
    frame = player.frame_log
    findings = [str(f) for f in audit_frame(frame, min_text_px(frame.size)) if f.rule == "stacked dialogs"]
    assert findings == [] and not _panel_up(frame)
    player.key(pygame.K_ESCAPE) if opens != "name" else player.key(pygame.K_RETURN, then=1.0)
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.1)
    assert player.top_key == "game_over" and _panel_up(player.frame_log)  # back when it closes


# Letters cut by their own line (a Nastaliq letter reaching past the font's line box) are the
# text stack's to fix, everywhere; here: is everything of the game over there, and in its place?
WHOLE = {"missing", "overlap", "covered", "text over an element", "outside the window", "outside its panel",
         "too small", "row sizes", "baselines"}


@pytest.mark.parametrize("locale, size", [("ur", (1920, 1080)), ("ur", (800, 600)), ("ur", (1080, 1920)),
                                          ("it", (1920, 1080)), ("hi", (1920, 1080)), ("hi", (800, 600))])
def test_game_over_shows_the_score_every_result_line_and_the_review_in_every_language(tmp_path, locale, size):
    player = Player(tmp_path, size, seed=3, scene="game_over", locale=locale)
    session = player.table.session
    player.wait_for(lambda: session.review_job is not None, limit=6.0)
    session.review_job.future.result(60)
    player.wait_for(lambda: player.top.panel_shown, limit=6.0)
    player.post(pygame.WINDOWEXPOSED)
    player.wait(0.3)
    frame = player.frame_log
    declared = player.top.declared_content()
    assert {"score", "rank", "account", "review title", "review"} <= set(declared)
    findings = [str(f) for f in audit_frame(frame, min_text_px(size), declared) if f.rule in WHOLE]
    assert findings == []
    # the review's cards, under the lines and above the buttons, in the window
    cards = [rect for rect, _ in player.top.cards]
    # a card per reviewed turn (the costliest three, or the moves that beat the expert's where
    # fewer lost anything), the costliest first; fewer only where all three would not fit
    # (Urdu's tall lines at 800x600), never a panel past the window
    reviewed = [item.turn for item in review_items(session.review) if item.advice is not None]
    shown = [turn for _, turn in player.top.cards]
    assert 1 <= len(shown) and shown == reviewed[:len(shown)]
    if (locale, size) != ("ur", (800, 600)):
        assert shown == reviewed
    lowest_line = max(r.rect.bottom for r in frame.texts if "review title" in r.panel)
    buttons = [b.rect for b in player.top.buttons()]
    assert all(lowest_line <= card.top and card.bottom <= min(b.top for b in buttons) for card in cards)
    if player.top.plan().beside:  # one under another: the costliest on top
        assert all(lower.top > upper.top for upper, lower in zip(cards, cards[1:]))
    elif locale == "ur":  # side by side, read from the right: the costliest turn's card first, on the right
        assert all(right.left > left.left for right, left in zip(cards, cards[1:]))
        assert cards[0].right > buttons[0].centerx  # the first card on the panel's right


def test_a_tap_before_the_name_is_asked_asks_it_and_loses_no_result(tmp_path):
    """Play again tapped during the count-up: the name comes first, the result is recorded
    under it, and only then does a tap start the next game."""
    from magdagdon.storage import open_store

    player = Player(tmp_path, (1280, 720), seed=3, scene="name_entry")
    player.wait(1.0)  # the panel is up, counting
    assert player.top_key == "game_over" and player.table.session.awaiting_name
    play_again = next(b for b in player.table.buttons() if b.ident == "play_again")
    player.tap(play_again.rect.center)
    assert player.top_key == "name_entry"
    player.give_name("Ada", then=1.0)
    assert [e.name for e in open_store(tmp_path).high_scores(Difficulty.PEACEFUL)] == ["Ada"]
    player.tap(play_again.rect.center)
    assert player.top_key == "rolling"


def test_the_review_s_place_says_it_is_coming_until_it_comes(tmp_path):
    thoughts = HeldThoughts()  # the review is asked of the worker and not made until released
    player = Player(tmp_path, (1280, 720), seed=7, scene="game_over", thinker=thoughts)
    player.wait(2.5)  # the finished board, the count-up: the panel with the review's place
    text = player.table.text
    waiting = [t for t, _ in player.texts_drawn(lambda: player.wait(0.2))]
    assert text("gameover.review_title") in waiting and text("gameover.review_waiting") in waiting
    thoughts.release()
    player.wait_for(lambda: bool(player.table.cards), limit=10)
    shown = [t for t, _ in player.texts_drawn(lambda: player.wait(0.2))]
    assert any(t.startswith(text("gameover.review_title")) for t in shown)
    assert text("gameover.review_waiting") not in shown
    player.close()



def test_a_card_is_known_from_the_plan_and_opens_its_turn_with_no_frame_drawn(tmp_path):
    """The pointer hits the cards the plan keeps, never the cards last drawn: with the panel
    never drawn, each card stands in the plan's review area and a tap opens its turn."""
    player = Player(tmp_path, (1280, 720), seed=7, scene="game_over")
    skipped = []
    player.around_each_draw(lambda draw: skipped.append(draw))  # no frame drawn from the start
    player.wait(2.5)  # the finished board, the count-up; the review was asked for as it began
    session = player.table.session
    session.review_job.future.result(60)
    player.wait(0.3)
    table = player.table
    shown = [item.turn for item in review_items(session.review)][:len(table.cards)]
    area = table.plan().cards
    assert skipped and shown and [turn for _, turn in table.cards] == shown
    assert area is not None and all(area.contains(rect) for rect, _ in table.cards)
    for mine, expert in table.card_boards:
        assert mine.width > 0 and expert.width > 0 and not mine.colliderect(expert)
    rect, turn = table.cards[-1]
    player.tap(rect.center)
    assert player.top_key == "replay"
    player.close()
