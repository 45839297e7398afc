"""Play a code: the player types a challenge code and plays its dice with the current
difficulty. A code that names no seed gets one line saying why, and the entry stays."""

from __future__ import annotations

import pygame

from magdagdon.engine.challenge import CODE_LENGTH, BadCode, seed_for_code

from ..games import Games
from ..render import palette
from .menu import Item, MenuKit, MenuState

MAX_TYPED = 12  # room for spaces and dashes a player may add


class CodeEntry(MenuState):
    title_key = "code.title"
    drawn_body = True
    compact_body = True

    def __init__(self, kit: MenuKit, games: Games) -> None:
        super().__init__(kit)
        self.games = games
        self.typed = ""
        self.problem = ""  # the catalog key of the last bad code's reason

    @property
    def subtitle(self) -> str:
        return self.text("code.prompt", length=CODE_LENGTH)

    def items(self) -> list[Item]:
        return [Item("play", self.text("code.play"), "#primary", row=0),
                Item("back", self.text("button.back"), row=0)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.built:
            if event.key == pygame.K_BACKSPACE:
                self.typed, self.problem = self.typed[:-1], ""
                self.kit.ui.note_change()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.on_choice("play")
                return
            char = getattr(event, "unicode", "") or ""
            if len(char) == 1 and char.isprintable() and char != " " and len(self.typed) < MAX_TYPED:
                self.typed, self.problem = self.typed + char.upper(), ""
                self.kit.ui.note_change()
                return
        super().handle_event(event)

    def on_choice(self, ident: str) -> None:
        if ident == "back":
            self.pop()
            return
        try:
            seed = seed_for_code(self.typed)
        except BadCode as bad:
            self.problem = f"code.bad.{bad.reason}"
            self.kit.ui.note_change()
            return
        self.persist["session"] = self.games.new_session(seed=seed)
        self.reset("rolling")

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = self.fonts
        field = rect.inflate(-rect.width // 5, -rect.height // 3)
        field.height = min(field.height, rect.height * 2 // 3)
        field.top = rect.top
        pygame.draw.rect(surface, palette.SHADOW, field, border_radius=8)
        pygame.draw.rect(surface, palette.GOLD, field, width=2, border_radius=8)
        shown = self.typed + "_" if len(self.typed) < MAX_TYPED else self.typed
        size = fonts.fit(shown, int(field.height * 0.7), field.width - 16, bold=True)
        image = fonts.render(shown, size, palette.TEXT, bold=True)
        surface.blit(image, image.get_rect(center=field.center))
        if self.problem:
            line = self.text(self.problem, length=CODE_LENGTH)
            size = fonts.fit(line, max(12, (rect.bottom - field.bottom) * 2 // 3), rect.width)
            image = fonts.render(line, size, palette.CORAL)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, field.bottom + 4)))
