"""The game being played: the engine ``Game`` plus what the table shows about it.

This is the one place the app changes the game: ``perform`` sends a player's action to
the engine's checked ``play`` and then moves dice sprites, plays sounds, and saves.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from datetime import date, timezone
from typing import TYPE_CHECKING, Iterable

from magdagdon.engine import (
    Action, Adjust, Confirm, Game, PlaceRuin, Phase, Reroll, Roll, Stage, TakeBack, TakeBackAll,
)
from magdagdon.engine.challenge import daily_day_of
from magdagdon.storage import DEFAULT_NAME, RecordOutcome, RecordRefused
from magdagdon.storage.high_scores import makes_the_table, rank_of

from ..services.wall_clock import now
from ..services.audio import Audio
from ..shell.jobs import AfterFrame
from .motion import EFFECT_TICKS, Effect
from .dice_sprite import DieSprite
from ..shell.screen_key import ScreenKey
from ..shell.viewport import Viewport

REROLL_TUMBLE_TICKS = EFFECT_TICKS - 8  # a re-roll tumbles within 400 ms (its random extra included)

if TYPE_CHECKING:
    from concurrent.futures import Future

    from magdagdon.ai.coach_policy import CoachPolicy

    from ..players.worker import Worker
    from .hints import Hint
    from magdagdon.ai.review import GameReview
    from magdagdon.storage import Store
    from ..players.review_job import ReviewJob
    from ..world.world_board import WorldSend
    from ..services.store_access import StoreAccess

Caption = tuple[str, dict[str, object]]  # a catalog key and its values
# What the guide line calls a game playing itself, unless its maker says otherwise.
DEMO_CAPTION: Caption = ("hud.demo", {})
KIOSK_DEMO_CAPTION: Caption = ("hud.demo_kiosk", {})  # a kiosk has a touch screen and game pads, maybe no keys

SOUND_OF: dict[type, str] = {Roll: "roll", Stage: "place", TakeBack: "take_back", TakeBackAll: "take_back",
            Confirm: "confirm", Adjust: "place", Reroll: "roll", PlaceRuin: "ruin"}


class GameSession:
    def __init__(self, game: Game, audio: Audio, viewport: Viewport, jobs: AfterFrame, storage: "StoreAccess",
                 assisted: bool = False, demo: bool = False, demo_caption: Caption = DEMO_CAPTION) -> None:
        self.game = game
        self.audio, self.viewport, self.jobs, self.storage = audio, viewport, jobs, storage
        self.assisted = assisted
        self.sprites: dict[int, DieSprite] = {}
        self.selected: int | None = None
        self.reroll_pick: set[int] | None = None  # None: not choosing dice to re-roll
        self.message: tuple[str, dict] | None = None
        self.hint: Hint | None = None
        self.hint_coming: Future[Hint] | None = None  # the coach is thinking about the hint asked for
        self.hint_asked: tuple[Game, int] | None = None  # the game and its log's length when asked
        self.hint_player: CoachPolicy | None = None  # the coach of this game's hints (its cache kept)
        self.outcome: RecordOutcome | None = None  # once the game is over and recorded
        self.saved_result: bool | None = None
        self.recorded = False
        self.player_name: str | None = None  # given at the name entry
        self.awaiting_name = False  # the result waits for the player's name
        self.saved_finished = False  # the finished game is in the data folder, awaiting its result
        self.demo = demo  # the game plays itself (attract mode): never saved nor recorded
        self.demo_caption = demo_caption  # the expert's demo, or whose recorded game plays back
        self.abandoned = False  # set aside by the kiosk (nobody answered): never saved nor recorded
        self.kept_by_party = False  # a party player's game: the party file keeps and records it
        self.daily_day: date | None = None  # a game on a day's dice: that day, once recorded
        self.dice_of_day: date | None = None  # the day whose dice this game plays (the header names it)
        self.daily_rank: int | None = None  # and its rank in that day's table
        self.held_reason: str | None = None  # why the result is held unsaved (a storage notice's words)
        self.review_job: ReviewJob | None = None  # the expert's look back, asked for once the game is over
        self.world_send: WorldSend | None = None  # its way to the world board, once recorded
        # Game time in fixed ticks, and when the player last acted, and where: a second tap
        # of a double tap must not act again in the state the first one led to.
        self.ticks = 0
        self.effects: list[Effect] = []  # what the last move set moving (see motion.py)
        self.reduce_motion = False  # fades instead of movement (the Reduce motion setting)
        self.acted_at = -10**9
        self.acted_in: ScreenKey | None = None  # the table state of the last move (a double tap stays in one)
        self.rolled_at = -10**9
        self.rebuild_sprites(animate=False)

    # --- reading ---------------------------------------------------------------------------
    @property
    def review(self) -> GameReview | None:
        """The expert's review of the finished game as far as it is made (its best guess
        first, then turn by turn by the playouts)."""
        return None if self.review_job is None else self.review_job.review

    @property
    def tumbling(self) -> bool:
        return any(s.tumble_left for s in self.sprites.values())

    @property
    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    @property
    def keeps_itself(self) -> bool:
        """Whether this game saves and records itself (a demo, a game set aside and a party
        player's game do not: the last is kept by the party file)."""
        return not (self.demo or self.abandoned or self.kept_by_party)

    def die_at_cell(self, cell: int) -> int | None:
        return next((d for d, c in self.game.staged if c == cell), None)

    # --- acting ----------------------------------------------------------------------------
    def perform(self, action: Action) -> tuple[int, ...]:
        """Play ``action`` through the engine's checked entry point; update the table."""
        game = self.game
        was_magdagdon = game.phase is Phase.MAGDAGDON
        returned = game.play(action)
        self.hint = None
        self.hint_coming = None  # the position it was asked on is gone: its answer is not shown
        self.message = None
        kind = type(action)
        self.audio.play(SOUND_OF.get(kind, "place"))
        if kind in (Roll, Reroll):
            self.rolled_at = self.ticks
        if kind is Roll:
            self.selected = None
            self.rebuild_sprites(animate=True)
        elif isinstance(action, Reroll):
            self.reroll_pick = None
            self._tumble(action.dice, ticks=REROLL_TUMBLE_TICKS)
        elif isinstance(action, Adjust):
            self.sprites[action.die].value = game.dice[action.die]
        elif kind in (Confirm, PlaceRuin):
            self.selected = None
            self.reroll_pick = None
            self.sprites = {}
            self._after_turn()
        if isinstance(action, TakeBackAll):  # what the player asked for, not a cascade of misfits
            self.message = ("guide.took_back_all", {"count": len(returned)})
        elif returned:
            dice = ", ".join(str(game.dice[d]) for d in returned)
            if game.phase is Phase.MAGDAGDON:
                key = "guide.magdagdon_returned"
            else:
                key = "guide.returned_one" if len(returned) == 1 else "guide.returned_many"
            self.message = (key, {"dice": dice, "count": len(returned)})
        if self.selected is not None and self.selected not in game.tray:
            self.selected = None
        if was_magdagdon and game.phase is Phase.STAGING:
            self.message = ("guide.saved", {})
        if game.phase is Phase.MAGDAGDON and not was_magdagdon:
            self.selected = None  # the Magdagdon state sounds the alarm when it enters
        self.place_sprites()
        return returned

    def ask_hint(self, worker: Worker) -> None:
        """The coach thinks about the position on the worker (a second or more where the
        choice is in doubt: it plays the candidates out); the table says so meanwhile, and
        :meth:`take_hint` shows the hint once it is in, if the game is still where it was."""
        if self.hint_coming is not None:
            return  # already thinking about this very position
        game = self.game
        position, player = game.copy(), self._hint_player()
        self.hint, self.hint_asked = None, (game, len(game.log))

        def think() -> Hint:
            from .hints import ask_hint  # the coach and its words: loaded for the first hint, not at start-up

            return ask_hint(position, player)

        self.hint_coming = worker.submit(think)
        self.take_hint()  # a worker that thinks at once (the tests') has answered already

    def take_hint(self) -> None:
        """Show the hint once the coach's answer is in (called as the table updates)."""
        coming = self.hint_coming
        if coming is None or not coming.done():
            return
        self.hint_coming = None
        if coming.cancelled() or self.hint_asked != (self.game, len(self.game.log)):
            return
        try:
            hint = coming.result()
        except Exception as error:  # noqa: BLE001 - a bug there hides the hint, no more: one line
            print(f"magdagdon: the hint could not be worked out: {error!r}", file=sys.stderr)
            return
        self.hint = hint
        if hint.key != "hint.unavailable":
            self.assisted = True  # RULES-independent: a hinted game is recorded as assisted

    def _hint_player(self) -> CoachPolicy:
        if self.hint_player is None:
            from magdagdon.ai.coach_policy import CoachPolicy  # loaded for the first hint, on its way to the worker

            self.hint_player = CoachPolicy()
        return self.hint_player

    def _after_turn(self) -> None:
        # Written once the frame showing the move is presented (the control object runs
        # these jobs right after presenting, and before quitting).
        if self.game.is_over:
            self.audio.play("game_over")
            self.jobs.add(self.record_result)
        else:
            self.jobs.add(self.save_in_progress)

    def record_when_shown(self) -> None:
        """Record the finished game once the frame showing it is on screen."""
        self.jobs.add(self.record_result)

    def record_result(self) -> None:
        if self.recorded or self.awaiting_name:
            return
        if not self.keeps_itself:
            self.recorded = True
            return
        store = self.storage.store
        if store is None:
            self.recorded = True
            self.saved_result = False
            return
        try:
            # Saved first: if the process dies before the result is written, the next
            # start finds a finished game in progress and storage records it then (under
            # the default name when the player had not given one yet).
            if not self.saved_finished:
                self.saved_finished = True
                store.save_in_progress(self.game, now(), assisted=self.assisted)
            if self.player_name is None and self._makes_the_table(store):
                self.awaiting_name = True  # the game-over screen asks, then calls name_given
                return
            self.recorded = True
            name = self.player_name or DEFAULT_NAME
            # A game on today's dice enters that day's table too (the store sees the dice).
            self.outcome = store.record_result(self.game, now(), name=name, assisted=self.assisted)
            self.daily_rank = self.outcome.daily_rank
            if self.daily_rank is not None:
                self.daily_day = daily_day_of(self.game.seed, now().astimezone(timezone.utc).date(),
                                              self.game.difficulty)
            self.saved_result = bool(self.outcome.saved)
            if self.saved_result:
                store.clear_in_progress()  # a result held in memory keeps its saved game
        except (OSError, RecordRefused):  # storage notes its own problems; these it raises
            self.recorded = True
            self.saved_result = False
            self.storage.note_failure()
        fresh = self._show_notices()
        if self.saved_result is False:
            self.held_reason = fresh[-1] if fresh else self.storage.notices.text("notice.generic")

    def retry_save(self) -> None:
        """Try again to write a result held in memory (the Retry on the game-over screen)."""
        if self.saved_result is False and self.outcome is not None:
            self.storage.retry_unsaved()
            self.check_saved()

    def check_saved(self) -> None:
        """Take note when the held result has been written (by a retry, a save, another game)."""
        outcome = self.outcome
        if self.saved_result is not False or outcome is None:
            return  # nothing held: the data folder is not even opened
        store = self.storage.store
        if store is None or store.holds(outcome.replay_id):
            return
        self.saved_result = True
        self.held_reason = None
        self.outcome = replace(outcome, saved=True, rank=rank_of(store.high_scores(self.game.difficulty),
                                                                 outcome.replay_id))

    def _makes_the_table(self, store: "Store") -> bool:
        return makes_the_table(store.high_scores(self.game.difficulty), self.game.score().total)

    def name_given(self, name: str) -> None:
        """The player named the game (or the name entry gave up): record it now."""
        self.player_name = name
        self.awaiting_name = False
        self.record_result()

    def save_in_progress(self) -> None:
        if not self.keeps_itself or self.game.is_over or self.game.turn == 0:
            return
        store = self.storage.store  # opened only now: a game not yet rolled needs no storage
        if store is not None:
            if not store.save_in_progress(self.game, now(), assisted=self.assisted):
                self.storage.note_failure()
            self._show_notices()

    def _show_notices(self) -> list[str]:
        fresh = self.storage.pull_notices()
        if fresh:
            self.message = ("notice.show", {"text": fresh[-1]})
        return fresh

    # --- sprites ---------------------------------------------------------------------------
    def _anim_rng(self, salt: str) -> random.Random:
        game = self.game
        return random.Random(f"{game.seed}:{game.turn}:{game.rerolls_this_turn}:{salt}")

    def rebuild_sprites(self, animate: bool) -> None:
        layout = self.viewport.layout
        game = self.game
        self.sprites = {}
        for die, value in enumerate(game.dice):
            slot = layout.tray_slots[die].center
            self.sprites[die] = DieSprite(die, value, layout.die_size, slot)
        if animate:
            self._tumble(tuple(game.tray))
        self.place_sprites(snap=not animate)

    def _tumble(self, dice: Iterable[int], ticks: int | None = None) -> None:
        """Throw ``dice`` into the tray; with Reduce motion they fade in where they land."""
        rng = self._anim_rng("tumble")
        layout = self.viewport.layout
        for die in dice:
            sprite = self.sprites[die]
            sprite.value = self.game.dice[die]
            sprite.size = layout.die_size
            sprite.look = "tray"
            if self.reduce_motion:
                self.effects.append(Effect("appear", self.ticks, die=die))
                continue
            sprite.tumble(rng, layout.tray_slots[die].center, layout.tray, ticks)

    def place_sprites(self, snap: bool = False) -> None:
        """Point each sprite at its tray slot or its staged cell."""
        layout = self.viewport.layout
        for die, sprite in self.sprites.items():
            cell = self.game.cell_of(die)
            if cell is None:
                sprite.target.update(layout.tray_slots[die].center)
                sprite.size = layout.die_size
                sprite.look = "tray"
            else:
                sprite.target.update(layout.cells[cell].center)
                sprite.size = layout.cell_size
                sprite.look = "staged"
            sprite.value = self.game.dice[die]
            sprite.lift = 1.0 if die == self.selected or (self.reroll_pick and die in self.reroll_pick) else 0.0
            if snap:
                sprite.settle()

    def skip_animations(self) -> None:
        for sprite in self.sprites.values():
            sprite.settle()
