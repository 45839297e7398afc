"""What the five game states share: their life on the stack (enter, exit, cover, resume,
update and the hand-over to the next phase's state), the table drawn from the session, and
the hooks each state overrides (``state_buttons``, ``on_button``, ``on_tray_die``,
``on_cell``, ``guide``, ``lit_cells``, ``can_drag``, ``on_drop``, ``draw_extra``, ...).
The pointer and keys are ``table_input``'s, the Majda Powers ``powers_panel``'s, the
coach's bubble ``coach_bubble``'s; the state holds them and calls into them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pygame

from magdagdon.engine import Action, Game, Phase

from .coach import Coach
from .coach_bubble import TableCoach
from .motion import Before, counted_score, effects_of
from ..text.fonts import FontBook
from .games import Games
from ..text.i18n import Catalog
from ..input.focus import FocusKey, index_of
from ..ui import palette
from .board_view import draw_cell_highlights, draw_cell_ring, pulse
from ..audit.draw_log import Role, note
from .effects import draw_board_effects, turned_die
from .hud import GuidePlan, draw_guide, guide_pieces, plan_guide, top_buttons
from ..text.fit import min_text_px
from .layout import Layout
from ..ui.palette import Colour
from ..ui.presenter import Presenter
from .powers_panel import PowersPanel
from .table_canvas import StillPlan, TableCanvas, still_pieces
from ..ui.widgets import button_pieces
from ..ui.placed import Placed, element, pieces
from .table_input import TableInput, target_at
from ..ui.widgets import Button, draw_button, draw_focus_ring, share_row_sizes
from .dice_sprite import DieSprite
from .session import GameSession
from ..shell.payloads import Answer, HintWanted, Payload, TitleOnTop
from ..shell.play_context import PlayContext
from ..shell.state_machine import State
from ..shell.viewport import Viewport
from ..shell.loop import ticks
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..party.play import PartyPlay
    from ..party.table_players import TablePlayers
    from ..players.worker import Worker
    from ..services.preferences import Preferences

PHASE_STATE = {
    Phase.ROLL: ScreenKey.ROLLING,
    Phase.STAGING: ScreenKey.STAGING,
    Phase.MAGDAGDON: ScreenKey.MAGDAGDON,
    Phase.RUIN_PICK: ScreenKey.RUIN_PICK,
    Phase.GAME_OVER: ScreenKey.GAME_OVER,
}
COACH_LAYER = 2  # the coach's bubble stands over the table and over a state's banner (layer 1)
PULSE_TICKS = ticks(4.0)  # highlights breathe for a while after a change, then hold still (idle CPU)


@dataclass(frozen=True)
class GuideInputs:
    """What the guide line is laid out from."""

    layout: Layout
    locale: str
    text_generation: int
    message: str
    colour: Colour


@dataclass(frozen=True)
class TableKit:
    """What every game state draws with."""

    text: Catalog
    fonts: FontBook
    viewport: Viewport
    canvas: TableCanvas
    coach: Coach
    settings: Preferences  # read as it draws; changed only through Settings
    worker: Worker  # where the hint is thought out


class TableState(State):
    key: ClassVar[ScreenKey]  # the screen this phase of the table is opened by
    hint_allowed = False
    powers_active = False

    def __init__(self, kit: TableKit, games: Games) -> None:
        super().__init__()
        self.kit = kit
        self.text, self.fonts = kit.text, kit.fonts
        self.games = games
        self.guides: Presenter[GuideInputs, GuidePlan] = Presenter(
            lambda given: plan_guide(kit.fonts, given.layout, given.message, given.colour))
        self.guide_plan: GuidePlan | None = None
        self.still_plan: StillPlan | None = None  # the still parts as planned for the next frame
        self.shown_buttons: tuple[Button, ...] = ()  # the buttons as planned for the next frame (prepare)
        self.party_players: TablePlayers | None = None  # the party's players as planned (a party's table)

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        super().enter(context, payload)
        self.tick = 0
        self.pulse_until = PULSE_TICKS
        self.covered = False  # a menu or dialog is over the table: it is not the screen in use
        self.input = TableInput(context.focus, context.keyboard)
        self.table_coach = TableCoach(self.kit.coach, self.text, self.fonts)
        party = self.party
        if self.kit.viewport.show_party(len(party.players) if party is not None else 0):  # the party's players on screen
            self.session.place_sprites(snap=True)
        self.session.place_sprites()
        self.present()
        if isinstance(payload, TitleOnTop):
            self.push(ScreenKey.TITLE)

    def exit(self) -> None:
        self.context.focus, self.context.keyboard = self.input.focus, self.input.keyboard  # for the next game state

    def cover(self) -> None:
        # A menu over the table stops its time: dice in flight land now rather than
        # hang in the air under the menu.
        self.covered = True
        self.session.skip_animations()
        self.input.let_go(self.session)
        self.session.place_sprites(snap=True)
        self.present()

    def resize(self) -> None:  # and a language switch
        self.session.place_sprites(snap=True)
        self.present()

    def resume(self, answer: Answer | None) -> None:
        self.covered = False
        self.kit.canvas.invalidate()  # e.g. the language or the sound changed meanwhile
        self.poke()
        self.present()
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

    def hands_off(self) -> bool:
        """No person plays this game now: a demo, or the computer's turn at a party (the
        coach's marks and tips are a person's)."""
        party = self.party
        return self.session.demo or (party is not None and party.computer_to_move(self.session))

    def poke(self) -> None:
        """Something changed: let the highlights breathe again for a while."""
        self.pulse_until = self.tick + PULSE_TICKS

    def present(self) -> None:
        """Settle the table's plans of the moment: the still parts' words and sizes, the
        guide line's, the state's own (``present_extra``), the coach's bubble and the party's
        players; before each frame, and after each input, each move and each change of the
        window, the language, the text size or what covers the table (a tap finds what it
        changed at once). Draw reads them."""
        session = self.session
        self.still_plan = self.kit.canvas.present(self.layout, self.game, self.fonts, self.text,
                                                  session.dice_of_day is not None)
        message, colour = self.guide_words()
        self.guide_plan = self.guides.present(GuideInputs(self.layout, self.text.locale, self.fonts.generation,
                                                          message, colour)) if message else None
        self.present_extra()
        self.table_coach.present(self.session, self.layout, self.tip_area, not self.covered, self.hands_off())
        party = self.party
        if party is None:
            self.party_players = None
            return
        from ..party.table_players import TablePlayers  # loaded with the party, not at start

        if self.party_players is None:
            self.party_players = TablePlayers(self.fonts, self.text)
        self.party_players.present(self.layout, self.kit.viewport.size, party)

    def prepare(self) -> None:
        """The plans of the frame about to be drawn (``present``: the ticks since the last
        frame may have changed what it shows), and its buttons with their words planned (a
        row's at one size). Planned once a frame, not at every tick: a tick changes nothing
        a player sees until a frame shows it."""
        self.present()
        self.shown_buttons = tuple(self.buttons())

    def present_extra(self) -> None:
        """A state's own plans (a banner's), made with the table's."""

    # The coach's bubble of the moment (its chips are what a tap on Skip or Got it hits).
    @property
    def coach_target(self) -> pygame.Rect | None:
        return self.table_coach.target

    @property
    def skip_rect(self) -> pygame.Rect | None:
        return self.table_coach.skip_rect

    @property
    def tip_rect(self) -> pygame.Rect | None:
        return self.table_coach.tip_rect

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
                self.push(ScreenKey.HINT_WARNING)
        elif ident in ("minus", "plus", "reroll", "reroll_go", "reroll_cancel") and self.powers_active:
            action = self.powers().press(ident)
            if action is not None:
                self.perform(action)

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

    def on_other_key(self, key: int) -> None:
        pass

    def adjust_can_help(self) -> bool:
        """Whether −1/+1 are of use now (a MAGDAGDON roll they cannot save: no)."""
        return True

    def tip_area(self) -> pygame.Rect | None:
        """Where a tip goes when not in the guide line's band (a state with room of its own)."""
        return None

    def hit(self, pos: tuple[int, int]) -> FocusKey | None:
        """The target under ``pos`` (game over adds its review's cards)."""
        return target_at(pos, self.buttons(), self.session, self.layout)

    def activate(self, target: FocusKey) -> None:
        """A target pressed: an enabled button, a tray die or a cell (game over adds its cards)."""
        kind, ident = target
        if kind == "button":
            if any(b.ident == ident and b.enabled for b in self.buttons()):
                self.on_button(str(ident))
        elif kind == "die" and isinstance(ident, int):
            self.on_tray_die(ident)
        elif kind == "cell" and isinstance(ident, int):
            self.on_cell(ident)

    # --- shared actions ----------------------------------------------------------------
    def perform(self, action: Action) -> None:
        session = self.session
        before = Before.of(self.game)
        session.reduce_motion = self.reduce_motion
        session.perform(action)
        session.effects += effects_of(action, before, self.game, session.ticks)
        session.acted_at, session.acted_in = session.ticks, self.key
        self.poke()
        self.present()  # a move made by the clock (auto-roll) is drawn before the next tick

    def show_hint(self) -> None:
        self.session.ask_hint(self.kit.worker)
        self.poke()

    def open_menu(self) -> None:
        """The title menu over the table as it is: dice still tumbling land now and the table
        goes on to the state of the engine's phase, which opens the menu (else the menu would
        stand over the table of before the roll, its dice grey and ROLL asked for)."""
        session = self.session
        if session.tumbling:
            session.skip_animations()
            session.place_sprites(snap=True)
            wanted = PHASE_STATE[self.game.phase]
            if wanted != self.key:
                self.switch(wanted, TitleOnTop())
                return
        self.push(ScreenKey.TITLE)

    def buttons(self) -> list[Button]:
        layout, text = self.layout, self.text
        hint, menu = top_buttons(self.fonts, layout, text)
        common = [
            Button("hint", hint, text("hud.hint"), self.hint_allowed and not self.session.demo),
            Button("menu", menu, text("hud.menu")),
        ]
        buttons = self.state_buttons() + self.powers().buttons() + common
        share_row_sizes(self.fonts, buttons, min_text_px(layout.size))
        return buttons

    def powers(self) -> PowersPanel:
        """The Majda Powers as this state offers them now."""
        return PowersPanel(self.session, self.text, self.fonts, self.layout, self.powers_active,
                           self.adjust_can_help())

    def toggle_die(self, die: int) -> None:
        """Tray tap: pick dice for a re-roll, or select one die."""
        if self.powers().toggle_die(die):
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
        if self.table_coach.skip_tapped(event):
            self.input.pressed = None
        else:
            self.input.handle_event(event, self)
        self.present()

    # --- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tick += 1
        self.session.ticks += 1
        session = self.session  # the coach follows here, not in draw: it may save the settings
        self.kit.coach.follow(self.game, session.selected, self.hands_off(), not (session.tumbling or self.covered))
        for sprite in self.session.sprites.values():
            sprite.update()
        self.effects_running()  # forget the effects that are over
        if session.hint_coming is not None:
            session.take_hint()
            if session.hint is not None:
                self.poke()
        self.follow_phase()

    def follow_phase(self) -> None:
        """Switch to the state for the engine's phase once the dice have landed (in a
        party, to the hand-over once this player's turn is done)."""
        if self.session.tumbling:
            return
        party = self.party
        if party is not None and party.turn_over(self.session):
            party.after_turn()
            self.switch(ScreenKey.PARTY_HANDOVER)
            return
        wanted = PHASE_STATE[self.game.phase]
        if wanted != self.key:
            self.switch(wanted)

    def is_animating(self) -> bool:
        return (self.session.moving or self.input.drag_die is not None or self.tick < self.pulse_until
                or self.effects_running())

    def effects_running(self) -> bool:
        session = self.session
        if session.effects and all(e.progress(session.ticks) >= 1 for e in session.effects):
            session.effects = []
        return bool(session.effects)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        coach = self.table_coach
        bubble = coach.now
        self.draw_static(surface, self.giving_way(bubble.area if bubble is not None else None))
        self.draw_effects(surface, alpha)
        strength = pulse(self.tick) if self.tick < self.pulse_until else 0.6
        cells, colour = self.lit_cells()
        draw_cell_highlights(surface, self.layout, cells, colour, strength)
        hint = self.session.hint
        if hint is not None:
            for cell in hint.cells:
                draw_cell_ring(surface, self.layout.cells[cell], palette.HINT, max(3, self.layout.cell_size // 18))
        self.draw_dice(surface, alpha)
        hands = self.input
        for button in self.shown_buttons:
            hovered = hands.hover == button.ident and button.enabled
            draw_button(surface, self.fonts, button, hovered, hands.focused(("button", button.ident)))
        focused_die, focused_cell = index_of(hands.focus, "die"), index_of(hands.focus, "cell")
        if hands.keyboard and (focused_die is not None or focused_cell is not None):
            layout = self.layout
            rect = layout.tray_slots[focused_die] if focused_die is not None else layout.cells[focused_cell or 0]
            draw_focus_ring(surface, rect, max(4, rect.width // 7))
        self.draw_extra(surface, alpha)
        if self.party_players is not None:  # the party's players: a strip beside the board, or a row of them
            self.party_players.draw(surface)
        if bubble is None or bubble.area is not None:  # else the bubble says what to do now, where the guide goes
            self.draw_guide(surface)
        coach.draw(surface, pulse(self.tick))

    # --- what the plans place (the plan audit's pieces) ----------------------------------------
    def placed(self) -> tuple[Placed, ...]:
        """What the table's plans of the next frame put on the window, as ``draw`` draws
        them: the still parts, the dice, the buttons, the state's own (``extra_pieces``:
        a banner on layer 1), the party's players, the guide line and the coach's bubble
        (layer ``COACH_LAYER``). A state that draws the table otherwise (game over: the still
        parts under its veil and panel) overrides this, from ``still_placed()`` or from
        ``super().placed()`` with its own pieces on higher layers."""
        session, bubble = self.session, self.table_coach.now
        floor = min_text_px(self.layout.size)
        dice: list[Placed | None] = [element(Role.DIE, sprite.rect, f"die {sprite.index}")
                                     for sprite in session.sprites.values()]
        buttons = [piece for button in self.shown_buttons for piece in button_pieces(self.fonts, button, floor)]
        players = self.party_players.placed() if self.party_players is not None else []
        guide = guide_pieces(self.fonts, self.layout, self.guide_plan) \
            if self.guide_plan is not None and (bubble is None or bubble.area is not None) else []
        return pieces(self.still_placed(), dice, buttons, self.extra_pieces(), players, guide,
                      self.table_coach.placed(COACH_LAYER))

    def still_placed(self) -> tuple[Placed, ...]:
        """The still parts as ``draw_static`` paints them (the score as it counts up; the
        bands a coach mark stands in left bare)."""
        session, bubble, plan = self.session, self.table_coach.now, self.still_plan
        if plan is None:
            return ()
        shown = counted_score(session.effects, session.ticks)
        return pieces(still_pieces(self.fonts, self.text, self.layout, plan, shown,
                                   self.giving_way(bubble.area if bubble is not None else None)))

    def extra_pieces(self) -> list[Placed | None]:
        """What ``draw_extra`` draws over the table (a state's banner), as pieces."""
        return []

    def draw_guide(self, surface: pygame.Surface) -> None:
        if self.guide_plan is not None:
            draw_guide(surface, self.fonts, self.layout, self.guide_plan)

    def guide_words(self) -> tuple[str, Colour]:
        """What the guide line says now ("" for nothing) and in which colour."""
        text, session = self.text, self.session
        if session.demo:
            key, values = session.demo_caption
            message, colour = text(key, **values), palette.GOLD
        elif session.hint is not None:
            message, colour = session.hint.words(text), palette.HINT
        elif session.hint_coming is not None:
            message, colour = text("hint.thinking"), palette.HINT
        elif session.message is not None:
            message, colour = text(session.message[0], **session.message[1]), palette.GOLD
        else:
            message, colour = self.guide()
        return message, colour

    def giving_way(self, area: pygame.Rect | None) -> frozenset[str]:
        """The still parts whose words give way to a coach mark standing in ``area``."""
        layout = self.layout
        if area is None:
            return frozenset()
        return frozenset(name for name, band in (("powers", layout.power_label), ("legend", layout.legend))
                         if band is not None and band == area)

    def draw_static(self, surface: pygame.Surface, giving_way: frozenset[str] = frozenset()) -> None:
        session = self.session
        self.kit.canvas.draw(surface, self.layout, self.game, self.fonts, self.text,
                             counted_score(session.effects, session.ticks), session.dice_of_day is not None,
                             giving_way)

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
