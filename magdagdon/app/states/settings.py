"""Settings: difficulty (a new game, after asking if one is in progress), sound, display,
language (each named in its own script)."""

from __future__ import annotations

from magdagdon.engine import Difficulty

from ..i18n import language_names
from ..ui_theme import language_style, script_style

from .menu import Item, MenuState


class Settings(MenuState):
    title_key = "settings.title"

    @property
    def subtitle(self) -> str:
        return self.ctx.text("difficulty.summary." + self.ctx.difficulty.name)

    def items(self) -> list[Item]:
        text, ctx = self.ctx.text, self.ctx
        # Difficulty names stay in Latin letters in every language: drawn in the Latin font.
        items = [Item(f"difficulty:{d.name}", text(f"difficulty.{d.name}"), script_style("latin", d is ctx.difficulty), row=0)
                 for d in Difficulty]
        items.append(Item("sound", text("settings.sound_on" if ctx.audio.enabled else "settings.sound_off")))
        items.append(Item("display", text("settings.fullscreen" if ctx.fullscreen else "settings.windowed")))
        for locale, name in language_names().items():
            items.append(Item(f"language:{locale}", name, language_style(locale, chosen=locale == ctx.text.locale), row=3))
        items.append(Item("back", text("button.back"), "#primary"))
        return items

    def on_choice(self, ident: str) -> None:
        ctx = self.ctx
        if ident.startswith("difficulty:"):
            chosen = Difficulty.from_name(ident.split(":", 1)[1])
            current = self.session.game.difficulty if self.session else ctx.difficulty
            if chosen is current and ctx.difficulty is chosen:
                return
            if self.game_in_progress():
                self.persist["pending_difficulty"] = chosen
                name = ctx.text("difficulty." + chosen.name)
                self.push("confirm", confirm_text=ctx.text("confirm.new_game", difficulty=name), confirm_action="difficulty")
            else:
                self.remember(difficulty=chosen)
                self.start_new_game(chosen)
        elif ident == "sound":
            ctx.audio.enabled = not ctx.audio.enabled
            self.remember(sound=ctx.audio.enabled)
            self.build()
        elif ident == "display":
            if ctx.on_toggle_fullscreen:
                ctx.on_toggle_fullscreen()
            self.remember(fullscreen=ctx.fullscreen)
            self.build()
        elif ident.startswith("language:"):
            locale = ident.split(":", 1)[1]
            if locale != ctx.text.locale:
                self.remember(language=locale)
                self.clear()  # the widgets belong to the old language's UI manager
                ctx.set_language(locale)
                self.build()
        elif ident == "back":
            self.pop()

    def on_result(self, result: dict) -> None:
        chosen = self.persist.pop("pending_difficulty", None)
        if result.get("confirmed") == "difficulty" and chosen is not None:
            self.remember(difficulty=chosen)
            self.start_new_game(chosen)

    def remember(self, **changes) -> None:
        """Keep the player's choice for the next runs (quietly nothing if it cannot)."""
        if self.ctx.preferences is not None:
            self.ctx.preferences.remember(**changes)
