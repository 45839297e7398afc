"""The state machine driven by synthetic pygame events through a whole seeded game:
a take-back, a Majda Power, drag-and-drop, the keyboard, a MAGDAGDON with a ruin, GameOver."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.engine import (  # noqa: E402
    Accept, Adjust, Confirm, Difficulty, Game, Phase, PlaceRuin, Roll, Stage, TakeBack, TakeBackAll,
)

from support.player import Player  # noqa: E402


class Script:
    """Decides the next action from the position alone: on turn 1 stage a die, take it
    back, and use a power; after that play like the greedy baseline."""

    def __init__(self, seed: int) -> None:
        from magdagdon.ai import make_policy

        self.policy = make_policy("greedy", random.Random(seed))
        self.done: set[str] = set()

    def next(self, game: Game):
        if game.phase is Phase.STAGING and game.turn == 1:
            if "stage" not in self.done:
                self.done.add("stage")
                die = next(d for d in game.tray if game.legal_cells_for(d))
                return Stage(die, min(game.legal_cells_for(die)))
            if "back" not in self.done:
                self.done.add("back")
                return TakeBack(game.staged[0][0])
            if "power" not in self.done:
                self.done.add("power")
                die = game.tray[0]
                return Adjust(die, 1 if game.dice[die] < 6 else -1)
        return self.policy.choose(game)


def engine_run(seed: int) -> Game:
    game, script = Game(Difficulty.PEACEFUL, seed), Script(seed)
    while not game.is_over:
        game.play(script.next(game))
    return game


def seed_with_magdagdon() -> int:
    for seed in range(1, 400):
        game = engine_run(seed)
        if any(isinstance(a, PlaceRuin) for a in game.log) and game.powers_used >= 1:
            return seed
    raise AssertionError("no seed with a MAGDAGDON found")


def settle(player: Player) -> None:
    """Wait until the dice rest and the state for the engine's phase has taken over."""
    def settled() -> bool:
        top = player.top
        if player.top_key == "name_entry":  # asked over the finished game
            return True
        return not top.session.moving and top.request is None and (top.key != "rolling" or top.game.phase is Phase.ROLL)

    player.wait_for(settled, limit=5.0)


@pytest.fixture
def player(tmp_path):
    seed = seed_with_magdagdon()
    yield Player(tmp_path, seed=seed)
    pygame.display.quit()


def test_whole_game_through_the_screen(player):
    layout = player.layout
    seed = player.top.game.seed
    script = Script(seed)
    seen: set[str] = set()
    used_drag = used_key = False
    for _ in range(400):
        state = player.top
        seen.add(player.top_key)
        if player.top_key == "name_entry":  # the first result always makes the table
            player.give_name("Ana")
            continue
        game = state.game
        if player.top_key == "game_over":
            break
        action = script.next(game)
        if isinstance(action, Roll):
            if not used_key:
                player.key(pygame.K_r)
                used_key = True
            else:
                player.tap(layout.primary.center)
            settle(player)
        elif isinstance(action, Stage):
            if not used_drag:
                player.drag(layout.tray_slots[action.die].center, layout.cells[action.cell].center)
                used_drag = True
            else:
                player.tap(layout.tray_slots[action.die].center)
                assert state.lit_cells()[0] == game.legal_cells_for(action.die)
                player.tap(layout.cells[action.cell].center)
            assert game.cell_of(action.die) == action.cell
        elif isinstance(action, TakeBack):
            player.tap(layout.cells[game.cell_of(action.die)].center)
            assert game.cell_of(action.die) is None
        elif isinstance(action, TakeBackAll):
            player.tap(layout.take_back_all.center)
        elif isinstance(action, Adjust):
            used = game.powers_used
            player.tap(layout.tray_slots[action.die].center)
            player.tap(layout.power_buttons[1 if action.delta > 0 else 0].center)
            assert game.powers_used == used + 1
        elif isinstance(action, Confirm):
            player.tap(layout.primary.center)
        elif isinstance(action, Accept):
            assert player.top_key == "magdagdon"
            accept = next(b for b in state.buttons() if b.ident == "accept")
            player.tap(accept.rect.center)
        elif isinstance(action, PlaceRuin):
            assert player.top_key == "ruin_pick"
            player.tap(layout.cells[action.cell].center)
        else:
            raise AssertionError(f"unexpected action {action}")
        settle(player)
    assert player.top_key == "game_over"
    game = player.top.game
    assert game.is_over and game.board.ruin_count >= 1 and game.powers_used >= 1
    assert {"rolling", "staging", "magdagdon", "ruin_pick", "game_over"} <= seen
    assert used_drag and used_key
    assert game.score().total == engine_run(seed).score().total  # the screen played the engine's game
    # play again, once the result has been read, starts a fresh game
    player.wait_for(lambda: player.top_key == "name_entry", limit=10.0)  # once the end was seen
    player.key(pygame.K_RETURN, then=1.0)  # the default name
    assert player.top_key == "game_over"
    play_again = next(b for b in player.top.buttons() if b.ident == "play_again")
    player.tap(play_again.rect.center)
    assert player.top_key == "rolling" and player.top.game.turn == 0


def test_escape_opens_menu_and_keyboard_navigates(player):
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "title"
    player.key(pygame.K_DOWN)
    player.key(pygame.K_UP)
    player.key(pygame.K_RETURN)  # "Play" (first item) resumes the table
    assert player.top_key == "rolling"


def test_touch_is_mapped_and_synthetic_mouse_ignored(player):
    layout = player.layout
    w, h = player.window_size
    x, y = layout.primary.center
    player.post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True)
    player.post(pygame.MOUSEBUTTONUP, 0.05, pos=(x, y), button=1, touch=True)
    player.wait(0.5)
    assert player.top.game.turn == 0  # SDL's mouse copies of a touch do nothing
    player.post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True)
    player.post(pygame.FINGERDOWN, x=x / w, y=y / h, dx=0, dy=0, finger_id=3, touch_id=1)
    player.post(pygame.FINGERUP, 0.05, x=x / w, y=y / h, dx=0, dy=0, finger_id=3, touch_id=1)
    player.post(pygame.MOUSEBUTTONUP, 0.05, pos=(x, y), button=1, touch=True)
    player.wait(0.5)
    assert player.top.game.turn == 1  # exactly one roll
