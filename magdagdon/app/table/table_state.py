"""What the five game states share: the table drawn from the session, pointer, drag and
keyboard handling, and the Majda Powers panel. Each state overrides the hooks
(``buttons``, ``on_button``, ``on_tray_die``, ``on_cell``, ``guide``, ``lit_cells``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from magdagdon.engine import Action, Adjust, Game, Phase, Reroll

from .coach import Coach
from .motion import Before, counted_score, effects_of
from ..text.fonts import FontBook
from .games import Games
from ..text.i18n import Catalog
from ..input.focus import ARROW_KEYS, FocusKey, Target, index_of, step_focus
from ..ui import palette
from .board_view import draw_cell_highlights, draw_cell_ring, pulse
from .coach_marks import draw_coach_mark
from ..audit.draw_log import Role, note
from .effects import draw_board_effects, turned_die
from .hud import draw_guide, top_buttons
from ..text.fit import min_text_px
from .layout import Layout
from ..text.numbers import cost as points_off
from ..ui.palette import Colour
from .table_canvas import TableCanvas
from ..ui.widgets import Button, draw_button, draw_focus_ring, plan_label, share_row_sizes
from .dice_sprite import DieSprite
from .session import GameSession
from ..shell.payloads import Answer, HintWanted, Payload, TitleOnTop
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport
from ..shell.loop import ticks

if TYPE_CHECKING:
    from ..party.play import PartyPlay
    from ..services.preferences import Preferences

PHASE_STATE = {
    Phase.ROLL: "rolling",
    Phase.STAGING: "staging",
    Phase.MAGDAGDON: "magdagdon",
    Phase.RUIN_PICK: "ruin_pick",
    Phase.GAME_OVER: "game_over",
}
PULSE_TICKS = ticks(4.0)  # highlights breathe for a while after a change, then hold still (idle CPU)
# A press this soon (0.3 s of game time) after the player acted, in a state that action led
# to, is the second tap of a double tap: it was meant for the state before and does nothing.
# Likewise a tap skips the roll animation only once the dice have tumbled this long.
DOUBLE_TAP_TICKS = ticks(0.3)


@dataclass(frozen=True)
class CoachBubble:
    """What the coach shows now: its words, its chip's word, what it points at (a mark) or
    nothing (a tip), and where it goes (None: the guide line's band)."""

    message: str
    chip: str
    target: pygame.Rect | None
    named: tuple[str, ...] = ()
    area: pygame.Rect | None = None


@dataclass(frozen=True)
class TableKit:
    """What every game state draws with."""

    text: Catalog
    fonts: FontBook
    viewport: Viewport
    canvas: TableCanvas
    coach: Coach
    settings: Preferences  # read as it draws; changed only through Settings


class TableState(State):
    key = ""
    hint_allowed = False
    powers_active = False

    def __init__(self, kit: TableKit, games: Games) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts
        self.games = games

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.tick = 0
        self.pulse_until = PULSE_TICKS
        self.hover: str | None = None
        self.pressed: FocusKey | None = None  # what the pointer went down on
        self.skip_rect: pygame.Rect | None = None  # the coach mark's Skip chip, as last drawn
        self.tip_rect: pygame.Rect | None = None  # a tip's Got it chip, as last drawn
        self.coach_target: pygame.Rect | None = None  # what the coach mark points at, as last drawn
        self.covered = False  # a menu or dialog is over the table: it is not the screen in use
        self.drag_die: int | None = None
        self.down_pos = (0, 0)
        self.focus: FocusKey | None = context.focus
        self.keyboard = context.keyboard
        party = self.party
        if self.kit.viewport.show_party(len(party.players) if party is not None else 0):  # the party's players on screen
            self.session.place_sprites(snap=True)
        self.session.place_sprites()
        if isinstance(payload, TitleOnTop):
            self.push("title")

    def exit(self) -> None:
        self.context.focus, self.context.keyboard = self.focus, self.keyboard  # for the next game state

    def cover(self) -> None:
        # A menu over the table stops its time: dice in flight land now rather than
        # hang in the air under the menu.
        self.covered = True
        self.session.skip_animations()
        self.drag_die = None
        self.pressed = None
        for sprite in self.session.sprites.values():
            sprite.dragging = False
        self.session.place_sprites(snap=True)

    def resize(self) -> None:
        self.session.place_sprites(snap=True)

    def resume(self, answer: Answer | None) -> None:
        self.covered = False
        self.kit.canvas.invalidate()  # e.g. the language or the sound changed meanwhile
        self.poke()
        if isinstance(answer, HintWanted) and self.hint_allowed:
            self.show_hint()

    @property
    def session(self) -> GameSession:
        return self.context.table

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def layout(self) -> Layout:
        return self.kit.viewport.layout

    @property
    def reduce_motion(self) -> bool:
        return bool(self.kit.settings.current.reduce_motion)

    @property
    def party(self) -> PartyPlay | None:
        """The party this table's game belongs to, if any."""
        party = self.context.party
        return party if party is not None and party.seat_of(self.session) is not None else None

    def poke(self) -> None:
        """Something changed: let the highlights breathe again for a while."""
        self.pulse_until = self.tick + PULSE_TICKS

    # --- hooks for the concrete states ------------------------------------------------
    def state_buttons(self) -> list[Button]:
        return []

    def on_button(self, ident: str) -> None:
        if ident == "menu":
            self.open_menu()
        elif ident == "hint" and self.hint_allowed:
            if self.session.assisted:
                self.show_hint()
            else:  # the first hint marks the game: the player is told before it does
                self.push("hint_warning")
        elif ident in ("minus", "plus", "reroll", "reroll_go", "reroll_cancel") and self.powers_active:
            self.on_power(ident)

    def on_tray_die(self, die: int) -> None:
        pass

    def on_cell(self, cell: int) -> None:
        pass

    def guide(self) -> tuple[str, Colour]:
        return "", palette.TEXT

    def lit_cells(self) -> tuple[frozenset[int], Colour]:
        return frozenset(), palette.LEGAL

    def draw_extra(self, surface: pygame.Surface, alpha: float) -> None:
        pass

    def can_drag(self, die: int) -> bool:
        return False

    def on_drop(self, die: int, cell: int | None) -> None:
        pass

    # --- shared actions ----------------------------------------------------------------
    def perform(self, action: Action) -> None:
        session = self.session
        before = Before.of(self.game)
        session.reduce_motion = self.reduce_motion
        session.perform(action)
        session.effects += effects_of(action, before, self.game, session.ticks)
        session.acted_at, session.acted_in = session.ticks, self.key
        self.poke()

    def double_tap(self) -> bool:
        """True for a press that is the second tap of one meant for the state before."""
        session = self.session
        return session.ticks - session.acted_at < DOUBLE_TAP_TICKS and session.acted_in != self.key

    def skip_roll(self) -> None:
        """A tap skips the roll animation, once it has played long enough to be seen."""
        session = self.session
        if session.ticks - session.rolled_at >= DOUBLE_TAP_TICKS:
            session.skip_animations()

    def show_hint(self) -> None:
        self.session.ask_hint()
        self.poke()

    def open_menu(self) -> None:
        self.push("title")

    def buttons(self) -> list[Button]:
        layout, text = self.layout, self.text
        hint, menu = top_buttons(self.fonts, layout, text)
        common = [
            Button("hint", hint, text("hud.hint"), self.hint_allowed and not self.session.demo),
            Button("menu", menu, text("hud.menu")),
        ]
        buttons = self.state_buttons() + self.power_buttons() + common
        share_row_sizes(self.fonts, buttons, min_text_px(layout.size))
        return buttons

    def power_buttons(self) -> list[Button]:
        game, session, text = self.game, self.session, self.text
        rects = self.layout.power_buttons
        active = self.powers_active and game.powers_left > 0
        die = session.selected
        minus_note, plus_note, reroll_note = self.power_notes()
        adjust = active and self.adjust_can_help()
        minus_ok = adjust and die is not None and game.is_legal(Adjust(die, -1))
        plus_ok = adjust and die is not None and game.is_legal(Adjust(die, 1))
        buttons = [Button("minus", rects[0], text("power.minus"), minus_ok, sublabel=minus_note),
                   Button("plus", rects[1], text("power.plus"), plus_ok, sublabel=plus_note)]
        if session.reroll_pick is None:
            buttons.append(Button("reroll", rects[2], text("power.reroll"), active and bool(game.tray),
                                  sublabel=reroll_note))
        else:
            pick = tuple(sorted(session.reroll_pick))
            ok = bool(pick) and game.is_legal(Reroll(pick))
            buttons.append(Button("reroll_go", rects[2], self.reroll_label(), ok, "chosen", sublabel=reroll_note))
        return buttons

    def reroll_label(self) -> str:
        pick = self.session.reroll_pick or set()
        return self.text("button.reroll_go", count=len(pick))

    def reroll_guide(self) -> tuple[str, Colour] | None:
        """While dice are picked for a re-roll: tap the tray dice, how many are chosen."""
        pick = self.session.reroll_pick
        if pick is None:
            return None
        if not pick:
            return self.text("guide.reroll_pick"), palette.GOLD
        return self.text("guide.reroll_picked", count=len(pick)), palette.GOLD

    def adjust_can_help(self) -> bool:
        """Whether −1/+1 are of use now (a MAGDAGDON roll they cannot save: no)."""
        return True

    def waiting_for_a_die(self) -> bool:
        """−1 and +1 wait for a tray die to be picked (the power label above gives the cost)."""
        session = self.session
        return self.powers_active and self.game.powers_left > 0 and session.selected is None \
            and session.reroll_pick is None and bool(self.game.tray) and self.adjust_can_help()

    def power_notes(self) -> tuple[str, str, str]:
        """The −1, +1 and re-roll buttons' sub-labels: what −1/+1 wait for, else the next
        use's cost; each only where it fits its button at the readable size (the powers
        caption gives the cost, the guide line says what −1/+1 wait for)."""
        game, text, fonts = self.game, self.text, self.fonts
        floor = min_text_px(self.layout.size)
        rects = self.layout.power_buttons
        cost = points_off(game.next_penalty) if game.next_penalty else ""
        labels = (text("power.minus"), text("power.plus"),
                  text("power.reroll") if self.session.reroll_pick is None else self.reroll_label())

        def fits(index: int, words: str) -> bool:
            return bool(words) and plan_label(fonts, labels[index], words, rects[index].size, floor).fits

        costs = [cost if fits(index, cost) else "" for index in range(3)]
        if self.note_on_buttons():
            return text("power.pick_die"), text("power.pick_die"), costs[2]
        return costs[0], costs[1], costs[2]

    def note_on_buttons(self) -> bool:
        """Whether −1/+1 themselves can say that they wait for a die."""
        if not self.waiting_for_a_die():
            return False
        floor = min_text_px(self.layout.size)
        note, rects, text = self.text("power.pick_die"), self.layout.power_buttons, self.text
        return all(plan_label(self.fonts, text(key), note, rect.size, floor).fits
                   for key, rect in (("power.minus", rects[0]), ("power.plus", rects[1])))

    def on_power(self, ident: str) -> None:
        session, game = self.session, self.game
        if ident in ("minus", "plus") and session.selected is not None and self.adjust_can_help():
            adjust = Adjust(session.selected, -1 if ident == "minus" else 1)
            if game.is_legal(adjust):
                self.perform(adjust)
        elif ident == "reroll":
            session.reroll_pick = set()
            session.selected = None
            session.hint = session.message = None  # they spoke of the table before: the guide says what to tap now
            session.place_sprites()
        elif ident == "reroll_go" and session.reroll_pick:
            reroll = Reroll(tuple(sorted(session.reroll_pick)))
            if game.is_legal(reroll):
                self.perform(reroll)
        elif ident == "reroll_cancel":
            session.reroll_pick = None
            session.place_sprites()

    def toggle_die(self, die: int) -> None:
        """Tray tap: pick dice for a re-roll, or select one die."""
        session = self.session
        if die not in self.game.tray:
            return
        if session.reroll_pick is not None:
            session.reroll_pick ^= {die}
        else:
            session.selected = None if session.selected == die else die
        if session.message is not None and (session.message[0] == "guide.not_here" or session.reroll_pick is not None):
            session.message = None  # it spoke of the die picked before
        session.place_sprites()
        self.poke()

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.session.effects:
            self.session.effects = []  # the next input cuts every effect short
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.kit.coach.tip is not None:
            self.kit.coach.dismiss_tip()  # the tap goes on to do what it does
        party = self.party
        if party is not None and party.computer_to_move(self.session):  # the computer's hands only
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_menu()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.skip_rect is not None \
                and self.skip_rect.collidepoint(event.pos):
            self.kit.coach.skip()
            self.skip_rect = None
            self.pressed = None
            return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False if event.rel != (0, 0) else self.keyboard
            self._pointer_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            self._pointer_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._pointer_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            self.on_key(event.key)

    def hit(self, pos: tuple[int, int]) -> FocusKey | None:
        for button in self.buttons():
            if button.rect.collidepoint(pos):
                return ("button", button.ident)
        for die in self.game.tray:
            sprite = self.session.sprites.get(die)
            if sprite and (sprite.rect.collidepoint(pos) or self.layout.tray_slots[die].collidepoint(pos)):
                return ("die", die)
        for cell, rect in enumerate(self.layout.cells):
            if rect.collidepoint(pos):
                return ("cell", cell)
        return None

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The board cell under ``pos``, whatever is drawn over it (a drop asks this: the
        dragged die itself is always under the pointer)."""
        return next((cell for cell, rect in enumerate(self.layout.cells) if rect.collidepoint(pos)), None)

    def _pointer_move(self, pos: tuple[int, int]) -> None:
        target = self.hit(pos)
        self.hover = str(target[1]) if target and target[0] == "button" else None
        die = index_of(self.pressed, "die")
        if die is not None and self.drag_die is None:
            far = abs(pos[0] - self.down_pos[0]) + abs(pos[1] - self.down_pos[1]) > self.layout.die_size * 0.2
            if far and self.can_drag(die):
                self.drag_die = die
                self.session.selected = die
                self.session.sprites[die].dragging = True
                self.poke()
        if self.drag_die is not None:
            sprite = self.session.sprites[self.drag_die]
            sprite.pos.update(pos)
            sprite.prev_pos.update(pos)

    def _pointer_down(self, pos: tuple[int, int]) -> None:
        self.pressed = None
        if self.double_tap():
            return
        self.pressed = self.hit(pos)
        self.down_pos = pos
        if self.session.tumbling:
            self.skip_roll()

    def _pointer_up(self, pos: tuple[int, int]) -> None:
        pressed, self.pressed = self.pressed, None
        if self.drag_die is not None:
            die, self.drag_die = self.drag_die, None
            self.session.sprites[die].dragging = False
            self.on_drop(die, self.cell_at(pos))
            self.session.place_sprites()
            return
        released = self.hit(pos)
        if pressed is not None and released == pressed:
            self.activate(pressed)

    def activate(self, target: FocusKey) -> None:
        kind, ident = target
        if kind == "button":
            if any(b.ident == ident and b.enabled for b in self.buttons()):
                self.on_button(str(ident))
        elif kind == "die" and isinstance(ident, int):
            self.on_tray_die(ident)
        elif kind == "cell" and isinstance(ident, int):
            self.on_cell(ident)

    def focus_targets(self) -> list[Target]:
        targets = [Target("die", d, self.layout.tray_slots[d]) for d in self.game.tray]
        targets += [Target("cell", c, r) for c, r in enumerate(self.layout.cells)]
        targets += [Target("button", b.ident, b.rect) for b in self.buttons() if b.enabled]
        return targets

    def on_key(self, key: int) -> None:
        if key in ARROW_KEYS or key == pygame.K_TAB:
            shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
            direction = ARROW_KEYS.get(key) or ("previous" if shift else "next")
            self.focus = step_focus(self.focus_targets(), self.focus, direction)
        elif key == pygame.K_ESCAPE:
            self.open_menu()
        elif self.double_tap():
            return  # a key hammered twice acts once
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.session.tumbling:
                self.skip_roll()
            elif self.focus and any(t.key == self.focus for t in self.focus_targets()):
                self.activate(self.focus)
        elif key == pygame.K_h:
            self.activate(("button", "hint"))
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            self.activate(("die", key - pygame.K_1))
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.activate(("button", "minus"))
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.activate(("button", "plus"))
        else:
            self.on_other_key(key)

    def on_other_key(self, key: int) -> None:
        pass

    # --- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tick += 1
        self.session.ticks += 1
        session = self.session  # the coach follows here, not in draw: it may save the settings
        self.kit.coach.follow(self.game, session.selected, session.demo, not (session.tumbling or self.covered))
        for sprite in self.session.sprites.values():
            sprite.update()
        self.effects_running()  # forget the effects that are over
        self.follow_phase()

    def follow_phase(self) -> None:
        """Switch to the state for the engine's phase once the dice have landed (in a
        party, to the hand-over once this player's turn is done)."""
        if self.session.tumbling:
            return
        party = self.party
        if party is not None and party.turn_over(self.session):
            party.after_turn()
            self.switch("party_handover")
            return
        wanted = PHASE_STATE[self.game.phase]
        if wanted != self.key:
            self.switch(wanted)

    def is_animating(self) -> bool:
        return (self.session.moving or self.drag_die is not None or self.tick < self.pulse_until
                or self.effects_running())

    def effects_running(self) -> bool:
        session = self.session
        if session.effects and all(e.progress(session.ticks) >= 1 for e in session.effects):
            session.effects = []
        return bool(session.effects)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.coach_bubble()  # settles what the coach shows now: a tip may need room of its own (a banner's)
        self.draw_static(surface)
        self.draw_effects(surface, alpha)
        strength = pulse(self.tick) if self.tick < self.pulse_until else 0.6
        cells, colour = self.lit_cells()
        draw_cell_highlights(surface, self.layout, cells, colour, strength)
        hint = self.session.hint
        if hint is not None:
            for cell in hint.cells:
                draw_cell_ring(surface, self.layout.cells[cell], palette.HINT, max(3, self.layout.cell_size // 18))
        self.draw_dice(surface, alpha)
        for button in self.buttons():
            focused = self.keyboard and self.focus == ("button", button.ident)
            draw_button(surface, self.fonts, button, self.hover == button.ident and button.enabled, focused)
        focused_die, focused_cell = index_of(self.focus, "die"), index_of(self.focus, "cell")
        if self.keyboard and (focused_die is not None or focused_cell is not None):
            layout = self.layout
            rect = layout.tray_slots[focused_die] if focused_die is not None else layout.cells[focused_cell or 0]
            draw_focus_ring(surface, rect, max(4, rect.width // 7))
        self.draw_extra(surface, alpha)
        party = self.party
        if party is not None:
            self._draw_party(surface, party)
        bubble = self.coach_bubble()  # pointing where the dice are drawn now
        if bubble is None or bubble.area is not None:  # else the bubble says what to do now, where the guide goes
            self.draw_guide(surface)
        self.draw_coach(surface, bubble)

    def coach_bubble(self) -> CoachBubble | None:
        """The coach mark of this moment, or a one-time tip, if one shows."""
        coach, session, text = self.kit.coach, self.session, self.text
        if session.tumbling or self.covered:  # a mark under a menu would point at what cannot be tapped
            return None
        mark = coach.mark(self.game, session.selected, session.demo)
        if mark is not None:
            kind, index = mark.target
            layout = self.layout
            if kind == "die":
                sprite = session.sprites.get(index)
                target = sprite.rect if sprite is not None else layout.tray_slots[index]
            elif kind == "cell":
                target = layout.cells[index]
            else:
                target = layout.primary
            named = f"{kind} {index}" if kind != "button" else "button confirm"
            return CoachBubble(text(mark.key, **dict(mark.values)), text("coach.skip"), target, (named,))
        tip = coach.current_tip(self.game, session.demo)
        if tip is not None:
            return CoachBubble(text(f"coach.tip.{tip}"), text("coach.got_it"), None, (), self.tip_area())
        return None

    def tip_area(self) -> pygame.Rect | None:
        """Where a tip goes when not in the guide line's band (a state with room of its own)."""
        return None

    def draw_coach(self, surface: pygame.Surface, bubble: CoachBubble | None) -> None:
        """The mark or tip on top of everything (its chip is what a tap on Skip or Got it hits)."""
        self.skip_rect = self.coach_target = self.tip_rect = None
        if bubble is None:
            return
        self.coach_target = bubble.target
        chip = draw_coach_mark(surface, self.fonts, self.layout, bubble.target, bubble.message, bubble.chip,
                               pulse(self.tick), named=bubble.named, area=bubble.area)
        if bubble.target is None:
            self.tip_rect = chip
        else:
            self.skip_rect = chip

    def draw_guide(self, surface: pygame.Surface) -> None:
        text, session = self.text, self.session
        if session.demo:
            key, values = session.demo_caption
            message, colour = text(key, **values), palette.GOLD
        elif session.hint is not None:
            message, colour = session.hint.words(text), palette.HINT
        elif session.message is not None:
            message, colour = text(session.message[0], **session.message[1]), palette.GOLD
        else:
            message, colour = self.guide()
        if message:
            draw_guide(surface, self.fonts, self.layout, message, colour)

    def _draw_party(self, surface: pygame.Surface, party: PartyPlay) -> None:
        """The players of the party in play: a strip beside the board, or a row of them."""
        # loaded with the party (its set-up or its scene), not at start
        from ..party.play import strip_entries
        from ..party.row import draw_party_row
        from ..party.strip import draw_party_strip

        layout = self.layout
        if layout.strip is not None:
            draw_party_strip(surface, self.fonts, layout.strip, strip_entries(party, self.text),
                             across=self.layout.portrait)
        elif layout.roster is not None:
            draw_party_row(surface, self.fonts, layout.roster, layout.roster_rows, strip_entries(party, self.text))

    def draw_static(self, surface: pygame.Surface) -> None:
        session = self.session
        self.kit.canvas.draw(surface, self.layout, self.game, self.fonts, self.text,
                             counted_score(session.effects, session.ticks))

    def draw_effects(self, surface: pygame.Surface, alpha: float) -> None:
        session = self.session
        if session.effects:
            draw_board_effects(surface, self.fonts, self.layout, self.game.board.cells, session.effects,
                               session.ticks + alpha, self.reduce_motion)

    def draw_dice(self, surface: pygame.Surface, alpha: float) -> None:
        session = self.session
        hint_dice = session.hint.dice if session.hint else frozenset()
        order = sorted(session.sprites.values(), key=lambda s: (s.dragging, s.index == session.selected))
        for sprite in order:
            sprite.place(alpha)
            if sprite.index == session.selected or (session.reroll_pick and sprite.index in session.reroll_pick):
                ring = palette.GOLD if session.reroll_pick is not None else palette.LEGAL
                pygame.draw.rect(surface, ring, sprite.rect.inflate(8, 8), width=max(3, sprite.size // 24), border_radius=max(6, sprite.size // 5))
            if sprite.index in hint_dice:
                pygame.draw.rect(surface, palette.HINT, sprite.rect.inflate(14, 14), width=max(3, sprite.size // 20), border_radius=max(6, sprite.size // 5))
            surface.blit(self._die_image(sprite, alpha), sprite.rect)
            note(surface, sprite.rect, Role.DIE, f"die {sprite.index}")

    def _die_image(self, sprite: DieSprite, alpha: float) -> pygame.Surface:
        """The die as the effects show it now: turning after ±1, fading in after a roll
        with Reduce motion; else its own image."""
        session = self.session
        ticks = session.ticks + alpha
        for effect in session.effects:
            if effect.die != sprite.index or effect.progress(ticks) >= 1:
                continue
            if effect.kind == "turn":
                turned = turned_die(effect, sprite.size, sprite.look, ticks, self.reduce_motion)
                if turned is not None:
                    return turned
            elif effect.kind == "appear":
                image = sprite.image.copy()
                image.set_alpha(int(255 * effect.progress(ticks)))
                return image
        return sprite.image
