"""Party setup: seats in playing order (people by name, the computer as a beginner, a
regular or the expert), the current difficulty, and start — or continue the party a quit or
a crash left unfinished."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from magdagdon.party import MAX_PLAYERS, MIN_PLAYERS, Party, Seat
from magdagdon.party.keeper import unfinished_party
from magdagdon.storage.computer_strength import ComputerStrength
from magdagdon.storage.party_file import PartyRecord

from ..table.games import Games
from .play import PartyPlay, party_files
from .row import draw_sign
from ..audit.draw_log import Role, panel
from ..text.line_block import draw_lines
from ..text.text_runs import isolated
from ..services.wall_clock import now
from ..shell.payloads import Answer, NameAsked, NameGiven, Payload
from ..shell.play_context import PlayContext
from ..services.store_access import StoreAccess
from ..ui.body_inputs import body_inputs
from ..ui.menu import Item, MenuKit, MenuState
from ..ui.placed import Placed, element, pieces, placed_lines
from ..ui.presenter import Presenter
from .setup_plan import SeatPlan, SetupInputs, SetupPlan, plan_setup
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services
    from ..text.fonts import FontBook

# The buttons that seat the computer, one per strength, weakest first.
ADD_COMPUTER = {f"add_{strength.value}": strength for strength in ComputerStrength}


class PartySetup(MenuState):
    title_key = "party.setup_title"
    drawn_body = True
    wide = True

    def __init__(self, kit: MenuKit, games: Games, storage: StoreAccess) -> None:
        super().__init__(kit)
        self.games, self.storage = games, storage
        self.seats: list[Seat] = []  # in playing order
        self.unfinished: PartyRecord | None = None  # a party left unfinished, offered first
        self.notice = ""
        self.file_notices: list[str] = []  # what reading the party files met (a file set aside)
        self.plans: Presenter[SetupInputs, SetupPlan] = Presenter(lambda inputs: plan_setup(self.fonts, self.text, inputs))
        self.plan: SetupPlan | None = None  # what draw reads

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.seats = list(context.party_seats)
        files = party_files(self.storage)
        self.unfinished = unfinished_party(files, lambda: self.storage.store, now())
        self.storage.pull_notices()  # recording a finished party's people may bring some
        self.file_notices = [self.storage.notices.describe(n) for n in files.take_notices()]
        for message in self.file_notices:
            self.storage.notices.add(message)
        super().enter(context, payload)

    @property
    def subtitle(self) -> str:
        return self.text("party.setup_subtitle", difficulty=self.text(f"difficulty.{self.games.difficulty.name}"),
                         count=MAX_PLAYERS)

    def items(self) -> list[Item]:
        text = self.text
        items = []
        if self.unfinished is not None:
            names = ", ".join(isolated(text.shown_name(seat.name)) for seat in self.unfinished.seats)
            items.append(Item("continue", text("party.continue", names=names), "#primary"))
        # Every button keeps its place whatever the seats (greyed when it cannot act): a
        # second tap where a player was just added must never remove them.
        room = len(self.seats) < MAX_PLAYERS
        items += [Item("add_player", text("party.add_player"), row=1, enabled=room),
                  Item("remove", text("party.remove_last"), row=1, enabled=bool(self.seats))]
        items += [Item(ident, text(f"party.{ident}"), row=2, enabled=room) for ident in ADD_COMPUTER]
        ready = len(self.seats) >= MIN_PLAYERS
        items += [Item("start", text("party.start"), "#primary" if ready else "", row=3),
                  Item("back", text("button.back"), row=3)]
        return items

    def on_choice(self, ident: str) -> None:
        if ident == "continue" and self.unfinished is not None:
            play = PartyPlay.resume(self.games, self.storage, self.unfinished)
            self.begin(play)
        elif ident == "add_player" and len(self.seats) < MAX_PLAYERS:
            self.push(ScreenKey.NAME_ENTRY, NameAsked(start=""))
        elif ident in ADD_COMPUTER and len(self.seats) < MAX_PLAYERS:
            strength = ADD_COMPUTER[ident]
            # named by its strength, numbered from the second of that strength
            count = sum(1 for seat in self.seats if seat.computer and seat.strength is strength)
            name = self.text(f"party.name_{strength.value}") + (f" {count + 1}" if count else "")
            self.change(self.seats + [Seat(name, True, strength)])
        elif ident == "remove" and self.seats:
            self.change(self.seats[:-1])
        elif ident == "start":
            if len(self.seats) < MIN_PLAYERS:
                self.notice = self.text("party.need_players", count=MIN_PLAYERS)
                self.build()
                return
            seed = self.games.seed_source.randrange(1, 10**9)
            self.begin(PartyPlay.start(self.games, self.storage, Party.new(self.games.difficulty, seed, self.seats)))
        elif ident == "back":
            self.pop()

    def notices(self) -> list[str]:
        return self.file_notices[-1:] + ([self.notice] if self.notice else [])

    def begin(self, play: PartyPlay) -> None:
        self.context.party = play
        self.context.party_seats = tuple(p.seat for p in play.players)
        self.reset(ScreenKey.PARTY_HANDOVER)

    def on_answer(self, answer: Answer) -> None:
        if isinstance(answer, NameGiven):
            self.change(self.seats + [Seat(answer.name)])

    def change(self, seats: list[Seat]) -> None:
        self.seats, self.notice = seats, ""
        self.context.party_seats = tuple(seats)
        self.build()

    # --- the plan -------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.present()

    def prepare(self) -> None:
        super().prepare()
        self.present()  # nothing it shows changes between frames but through build

    def present(self) -> None:
        """The plan for the seats, kept while they, the body, the window, the language and
        the text scale stay the same (draw reads it)."""
        body = self.body_rect
        self.plan = None if body is None else self.plans.present(
            body_inputs(body, self.kit.viewport.size, self.text.locale, self.fonts.scale, tuple(self.seats)))

    def placed_body(self) -> tuple[Placed, ...]:
        """What :meth:`draw_body` draws: the line saying nobody sits yet, or each seat."""
        plan, fonts = self.plan, self.fonts
        if plan is None:
            return ()
        return pieces(placed_lines(fonts, plan.nobody, Role.NOTICE, self.body_rect),
                      *(_seat_pieces(fonts, seat) for seat in plan.seats))

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        plan, fonts = self.plan, self.fonts
        if plan is None:
            return
        draw_lines(surface, fonts, plan.nobody)
        for seat in plan.seats:
            with panel(surface, f"seat {seat.index}", seat.box):
                self._draw_seat(surface, seat)

    def _draw_seat(self, surface: pygame.Surface, seat: SeatPlan) -> None:
        fonts, index = self.fonts, seat.index
        with panel(surface, f"seat {index} number", seat.disc, element=Role.PICTURE):
            pygame.draw.circle(surface, seat.colour, seat.disc.center, seat.radius)
            draw_lines(surface, fonts, seat.number)
        draw_lines(surface, fonts, seat.name)
        if seat.sign_box is None:
            return
        with panel(surface, f"seat {index} computer", seat.sign_box, element=Role.PICTURE):
            draw_sign(surface, seat.sign_box, "computer")
        draw_lines(surface, fonts, seat.how)


def _seat_pieces(fonts: FontBook, seat: SeatPlan) -> list[Placed]:
    """A seat's disc and its number, the name, and the computer's sign and how it plays."""
    name = f"seat {seat.index}"
    out = [element(Role.PICTURE, seat.disc, f"{name} number"), *placed_lines(fonts, seat.number, Role.VALUE, seat.disc),
           *placed_lines(fonts, seat.name, Role.NAME, seat.box)]
    if seat.sign_box is not None:
        out.append(element(Role.PICTURE, seat.sign_box, f"{name} computer"))
        out += placed_lines(fonts, seat.how, Role.NOTICE, seat.box)
    return out


def screen(services: Services) -> PartySetup:
    return PartySetup(services.menu, services.games, services.storage)
