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
from .play import PLAYER_COLOURS, PartyPlay, party_files
from .row import draw_sign
from ..audit.draw_log import Role, as_role, panel
from ..ui import palette
from ..text.ellipsis import shortened
from ..text.fit import fitted_block, fitted_size, min_text_px
from ..text.menu_text import blit_ink, ink_rect
from ..text.text_runs import isolated
from ..services.wall_clock import now
from ..shell.payloads import Answer, NameAsked, NameGiven, Payload
from ..shell.play_context import PlayContext
from ..services.store_access import StoreAccess
from ..ui.ui_theme import text_look
from ..ui.menu import Item, MenuKit, MenuState
from ..shell.screen_key import ScreenKey

if TYPE_CHECKING:
    from ..shell.screens import Services

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

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts, text = self.fonts, self.text
        floor = min_text_px(surface.get_size())
        look = text_look(self.kit.viewport.size, "button")
        if not self.seats:
            line = text("party.no_players")
            image = fitted_block(fonts, line, max(floor, look.size), rect.size, palette.TEXT_DIM, False, floor)
            with as_role(surface, Role.NOTICE):
                blit_ink(surface, image, rect)
            return
        columns = 2 if len(self.seats) > 4 else 1
        rows = (len(self.seats) + columns - 1) // columns
        each_h = rect.height // max(4, rows)
        each_w = rect.width // columns
        for index, seat in enumerate(self.seats):
            column, row = divmod(index, rows)
            column = self.text.direction.column(column, columns)  # the first seats where the reader starts
            box = pygame.Rect(rect.left + column * each_w, rect.top + row * each_h, each_w, each_h).inflate(-8, -4)
            with panel(surface, f"seat {index}", box, Role.NAME):
                self._draw_seat(surface, box, index, seat, round(look.size * 1.25), floor)

    def _draw_seat(self, surface: pygame.Surface, box: pygame.Rect, index: int, seat: Seat, size: int,
                   floor: int) -> None:
        """The seat's number on a disc in the player's colour, then the name, read from the
        language's side; the computer's name says its strength, a screen sign beside it says
        it is the computer, and where there is room a few words say how it plays."""
        fonts, direction = self.fonts, self.text.direction
        colour = PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
        # The number on its disc: never smaller than the words can be read.
        number = str(index + 1)
        number_size = max(floor, fitted_size(fonts, number, size, (box.height, box.height * 2 // 3), True, floor))
        number_image = fonts.render(number, number_size, palette.TEXT_DARK, True)
        radius = min(box.height // 2, max(ink_rect(number_image).size) * 3 // 4 + 4)
        disc = direction.placed(pygame.Rect(box.left, box.centery - radius, radius * 2, radius * 2), box)
        with panel(surface, f"seat {index} number", disc, Role.VALUE, element=Role.PICTURE):
            pygame.draw.circle(surface, colour, disc.center, radius)
            blit_ink(surface, number_image, disc)
        words = box.width - disc.width - radius
        name = self.text.shown_name(seat.name)  # the default name in the language shown
        size = fitted_size(fonts, name, size, (words, box.height), True, floor)
        sign = max(floor, size * 3 // 4) if seat.computer else 0
        shown = shortened(fonts, name, size, words - sign * 3 // 2)  # at the readable floor, a long name gives way
        image = fonts.render(shown, size, colour, True)
        # How the computer plays, under its name, where the seat has room for a second line
        # and the words fit whole.
        how_image = None
        if seat.computer:
            how = self.text(f"party.plays_{seat.strength.value}")
            how_size = max(floor, size * 3 // 5)
            if fonts.size(how, how_size)[0] <= words:
                how_image = fonts.render(how, how_size, palette.TEXT_DIM)
                if ink_rect(image).height + ink_rect(how_image).height * 2 > box.height:
                    how_image = None
        width = ink_rect(image).width
        line = box.copy()
        if how_image is not None:  # the name and the words under it, one block in the middle
            name_h, how_h = ink_rect(image).height, ink_rect(how_image).height
            block = name_h + how_h * 3 // 2
            line = pygame.Rect(box.left, box.centery - block // 2, box.width, name_h)
        name_box = pygame.Rect(direction.after(disc, radius // 2, width), line.top, width, line.height)
        blit_ink(surface, image, name_box, direction.start)
        if not seat.computer:
            return
        sign_box = pygame.Rect(direction.after(name_box, sign // 2, sign), line.centery - sign // 2, sign, sign)
        with panel(surface, f"seat {index} computer", sign_box, Role.VALUE, element=Role.PICTURE):
            draw_sign(surface, sign_box, "computer")
        if how_image is not None:
            how_h = ink_rect(how_image).height
            how_box = pygame.Rect(direction.after(disc, radius // 2, words), line.bottom + how_h // 2, words, how_h)
            with as_role(surface, Role.NOTICE):
                blit_ink(surface, how_image, how_box, direction.start)


def screen(services: Services) -> PartySetup:
    return PartySetup(services.menu, services.games, services.storage)
