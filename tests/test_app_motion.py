"""Motion that explains, through the real loop: a confirmed turn settles its dice, flashes
the line it completes with its points and counts the score up; a ±1 turns its die; a
re-roll tumbles; each within 400 ms and cut short by the next input; Reduce motion turns
them into fades."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.ai import make_policy  # noqa: E402
from magdagdon.app.table.motion import EFFECT_TICKS, Before, Effect, counted_score, effects_of  # noqa: E402
from magdagdon.app.table.effects import turned_die  # noqa: E402
from magdagdon.app.table.session import REROLL_TUMBLE_TICKS  # noqa: E402
from magdagdon.engine import Bonus, Difficulty, Game, line_scores  # noqa: E402
from magdagdon.engine.actions import Adjust, Confirm  # noqa: E402

from support.player import Player, same_picture  # noqa: E402

TICK = 1 / 120


def before_a_bonus_confirm() -> Game:
    """A real position (greedy play) whose next move, Confirm, completes a line bonus."""
    for seed in range(1, 200):
        game = Game(Difficulty.PEACEFUL, seed)
        policy = make_policy("greedy", random.Random(seed))
        while not game.is_over:
            action = policy.choose(game)
            if isinstance(action, Confirm):
                earned = sum(line.bonus is not Bonus.NONE for line in line_scores(game.board))
                after = game.copy()
                after.play(action)
                if sum(line.bonus is not Bonus.NONE for line in line_scores(after.board)) > earned:
                    return game
            game.play(action)
    raise AssertionError("no bonus found")


def player_at(tmp_path, game: Game, reduce: bool = False) -> Player:
    player = Player(tmp_path, (1920, 1080), seed=5)
    player.wait(0.2)
    player.change_settings(reduce_motion=reduce)
    player.play_from(game)
    player.wait(0.5)
    return player


def confirm(player: Player, then: float) -> None:
    player.tap(player.table.layout.primary.center, then=then)


@pytest.mark.fine_frames  # times what happens inside 0.1 s
def test_a_bonus_turn_settles_flashes_its_points_and_counts_the_score_up(tmp_path):
    game = before_a_bonus_confirm()
    score_before = game.score().total
    player = player_at(tmp_path, game)
    confirm(player, then=0.1)  # mid-effect
    effects = player.table.session.effects
    kinds = {e.kind for e in effects}
    assert {"settle", "flash", "count"} <= kinds, kinds
    flash = next(e for e in effects if e.kind == "flash")
    texts = [t for t, _ in player.texts_drawn(lambda: player.fresh())]
    assert f"+{flash.points}" in texts  # the line's points, over the line
    session = player.table.session
    shown_total = counted_score(session.effects, session.ticks)
    assert score_before < shown_total < player.table.game.score().total  # counting up
    score_area = player.table.layout.score
    counting = player.fresh().subsurface(score_area).copy()
    assert player.animating
    middle = player.fresh()
    player.wait(0.4)  # 400 ms after: all over
    assert player.table.session.effects == [] and not player.table.effects_running()
    assert not same_picture(middle, player.fresh())
    assert not same_picture(counting, player.fresh().subsurface(score_area))  # the count reached its end
    player.close()


@pytest.mark.fine_frames  # times what happens inside 0.1 s
def test_the_next_input_cuts_every_effect_short(tmp_path):
    player = player_at(tmp_path, before_a_bonus_confirm())
    confirm(player, then=0.1)
    assert player.table.session.effects
    player.post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=False)
    player.post(pygame.MOUSEBUTTONUP, 0.02, pos=(5, 5), button=1, touch=False)
    player.wait(0.03)
    assert player.table.session.effects == []
    player.close()


def test_plus_one_turns_the_die_and_a_reroll_tumbles_within_400_ms(tmp_path):
    game = Game(Difficulty.PEACEFUL, 5)
    game.play(make_policy("greedy", random.Random(1)).choose(game))  # the roll
    die = next(d for d in game.tray if game.dice[d] < 6)
    before = Before.of(game)
    after = game.copy()
    action = Adjust(die, 1)
    after.play(action)
    effects = effects_of(action, before, after, now=100)
    assert effects == [Effect("turn", 100, die=die, old=game.dice[die], new=game.dice[die] + 1)]
    quarter = turned_die(effects[0], 120, "tray", 100 + EFFECT_TICKS / 4, reduce=False)
    assert quarter.get_bounding_rect().width < 100  # edge-on, mid-turn
    assert turned_die(effects[0], 120, "tray", 100 + EFFECT_TICKS, reduce=False) is None  # over at 400 ms
    assert REROLL_TUMBLE_TICKS + 8 <= EFFECT_TICKS


@pytest.mark.fine_frames  # times what happens inside 0.1 s
def test_reduce_motion_fades_instead_of_moving(tmp_path):
    effect = Effect("turn", 0, die=0, old=2, new=3)
    faded = turned_die(effect, 120, "tray", EFFECT_TICKS / 4, reduce=True)
    full = turned_die(effect, 120, "tray", 1, reduce=True).get_bounding_rect()
    assert faded.get_bounding_rect() == full  # no squeeze: a cross-fade in place

    for reduce in (True, False):
        player = player_at(tmp_path / str(reduce), before_a_bonus_confirm(), reduce=reduce)
        confirm(player, then=0.1)
        settled = [e for e in player.table.session.effects if e.kind == "settle"]
        assert settled
        frame = player.fresh()
        player.table.session.effects = []
        final = player.fresh()
        layout = player.table.layout
        spilled = 0  # pixels just outside a settling cell that differ from the still board
        for effect in settled:
            ring = layout.cells[effect.cell].inflate(layout.cell_size // 5, layout.cell_size // 5)
            for x in range(ring.left, ring.right, 2):
                for y in (ring.top + 1, ring.top + 3):
                    spilled += frame.get_at((x, y)) != final.get_at((x, y))
        if reduce:
            assert spilled == 0, "with Reduce motion a die fades in within its cell"
        else:
            assert spilled > 0, "without it the die drops in from above, larger"
        player.close()


def test_a_ruin_cracks():
    from magdagdon.app.shell.scenes import scene_game
    from magdagdon.engine.actions import PlaceRuin

    game = scene_game("ruin_pick", Difficulty.PEACEFUL, 5)
    cell = min(game.board.empty_cells())
    before = Before.of(game)
    game.play(PlaceRuin(cell))
    effects = effects_of(PlaceRuin(cell), before, game, now=7)
    assert Effect("crack", 7, cell=cell) in effects
    assert any(e.kind == "count" and e.new < e.old for e in effects)  # the ruin's cost counts down
