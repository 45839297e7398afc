"""A menu with one line of typed text (a challenge code): letters typed
go in, Backspace takes one out, Enter chooses the first button; a problem shows in coral
under the field until the player types again."""

from __future__ import annotations

import pygame

from ..render.draw_log import Role, as_role, panel
from ..render import palette
from .menu import MenuKit, MenuState


class TextEntry(MenuState):
    drawn_body = True
    compact_body = True
    max_typed = 12
    upper = False  # codes are shown in capitals as typed

    def __init__(self, kit: MenuKit) -> None:
        super().__init__(kit)
        self.typed = ""
        self.problem = ""  # a translated line, or ""

    def submit(self) -> None:
        """Enter, or the first button."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.built:
            if event.key == pygame.K_BACKSPACE:
                self.edit(self.typed[:-1])
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            char = getattr(event, "unicode", "") or ""
            if len(char) == 1 and char.isprintable() and (char != " " or self.typed) and event.key != pygame.K_ESCAPE:
                if len(self.typed) < self.max_typed:
                    self.edit(self.typed + (char.upper() if self.upper else char))
                return
        super().handle_event(event)

    def edit(self, typed: str) -> None:
        self.typed, self.problem = typed, ""
        self.kit.ui.note_change()

    def show_problem(self, line: str) -> None:
        self.problem = line
        self.kit.ui.note_change()

    def draw_body(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = self.fonts
        field = rect.inflate(-rect.width // 5, 0)
        field.height = rect.height * 2 // 3
        field.top = rect.top
        pygame.draw.rect(surface, palette.SHADOW, field, border_radius=8)
        pygame.draw.rect(surface, palette.GOLD, field, width=2, border_radius=8)
        shown = self.typed + "_" if len(self.typed) < self.max_typed else self.typed
        size = fonts.fit(shown, int(field.height * 0.6), field.width - 16, bold=True)
        image = fonts.render(shown, size, palette.TEXT, bold=True)
        with panel(surface, "field", field, Role.VALUE, element=Role.PANEL):
            surface.blit(image, image.get_rect(center=field.center))
        if self.problem:
            size = fonts.fit(self.problem, max(12, (rect.bottom - field.bottom) * 3 // 4), rect.width)
            image = fonts.render(self.problem, size, palette.CORAL)
            with as_role(surface, Role.NOTICE):
                surface.blit(image, image.get_rect(midtop=(rect.centerx, field.bottom + 2)))
