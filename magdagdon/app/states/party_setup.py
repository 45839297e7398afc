"""Party setup: seats in playing order (people by name, computer players), the current
difficulty, and start — or continue the party a quit or a crash left unfinished."""

from __future__ import annotations

import pygame

from magdagdon.party import MAX_PLAYERS, MIN_PLAYERS, Party
from magdagdon.storage.party_file import PartyRecord

from ..games import Games
from ..party_play import PLAYER_COLOURS, PartyPlay, party_files
from ..render.draw_log import Role, as_role, panel
from ..render import palette
from ..render.text_runs import isolated
from ..session import now
from ..state_machine import Persist
from ..store_access import StoreAccess
from .menu import Item, MenuKit, MenuState


class PartySetup(MenuState):
    title_key = "party.setup_title"
    drawn_body = True
    wide = True

    def __init__(self, kit: MenuKit, games: Games, storage: StoreAccess) -> None:
        super().__init__(kit)
        self.games, self.storage = games, storage
        self.seats: list[tuple[str, bool]] = []  # (name, computer) in playing order
        self.unfinished: PartyRecord | None = None  # a party left unfinished, offered first
        self.notice = ""

    def enter(self, persist: Persist) -> None:
        seats = persist.get("party_seats")
        self.seats = list(seats) if seats else []
        self.unfinished = party_files(self.storage).unfinished(now())
        super().enter(persist)

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
        if len(self.seats) < MAX_PLAYERS:
            items += [Item("add_player", text("party.add_player"), row=1),
                      Item("add_computer", text("party.add_computer"), row=1)]
        if self.seats:
            items.append(Item("remove", text("party.remove_last"), row=2))
        ready = len(self.seats) >= MIN_PLAYERS
        items += [Item("start", text("party.start"), "#primary" if ready else "", row=3),
                  Item("back", text("button.back"), row=3)]
        return items

    def on_choice(self, ident: str) -> None:
        if ident == "continue" and self.unfinished is not None:
            play = PartyPlay.resume(self.games, self.storage, self.unfinished)
            self.begin(play)
        elif ident == "add_player" and len(self.seats) < MAX_PLAYERS:
            self.push("name_entry", name_start="")
        elif ident == "add_computer" and len(self.seats) < MAX_PLAYERS:
            count = sum(1 for _, computer in self.seats if computer)
            name = self.text("party.computer_name") + (f" {count + 1}" if count else "")
            self.change(self.seats + [(name, True)])
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
        return [self.notice] if self.notice else []

    def begin(self, play: PartyPlay) -> None:
        self.persist["party"] = play
        self.persist["party_seats"] = [(p.name, p.computer) for p in play.players]
        self.reset("party_handover")

    def on_result(self, result: Persist) -> None:
        name = result.get("name")
        if isinstance(name, str):
            self.change(self.seats + [(name, False)])

    def change(self, seats: list[tuple[str, bool]]) -> None:
        self.seats, self.notice = seats, ""
        self.persist["party_seats"] = seats
        self.build()

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts, text = self.fonts, self.text
        if not self.seats:
            line = text("party.no_players")
            image = fonts.render(line, fonts.fit(line, max(14, rect.height // 8), rect.width), palette.TEXT_DIM)
            with as_role(surface, Role.NOTICE):
                surface.blit(image, image.get_rect(center=rect.center))
            return
        columns = 2 if len(self.seats) > 4 else 1
        rows = (len(self.seats) + columns - 1) // columns
        each_h = rect.height // max(4, rows)
        each_w = rect.width // columns
        size = max(12, int(each_h * 0.6))
        for index, (name, _computer) in enumerate(self.seats):
            column, row = divmod(index, rows)
            box = pygame.Rect(rect.left + column * each_w, rect.top + row * each_h, each_w, each_h)
            colour = PLAYER_COLOURS[index % len(PLAYER_COLOURS)]
            pygame.draw.circle(surface, colour, (box.left + each_h // 2, box.centery), max(4, each_h // 4))
            label = f"{index + 1}. {isolated(text.shown_name(name))}"  # the computer's name says it: "3. Computer"
            image = fonts.render(label, fonts.fit(label, size, box.width - each_h - 8), colour, bold=True)
            with panel(surface, f"seat {index}", box, Role.NAME):
                surface.blit(image, image.get_rect(midleft=(box.left + each_h, box.centery)))
