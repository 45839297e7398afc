"""The title menu (also the pause menu over a game in progress)."""

from __future__ import annotations

from .menu import Item, MenuState


class Title(MenuState):
    title_key = "app.title"

    @property
    def subtitle(self) -> str:
        text = self.ctx.text
        return f"{text('app.tagline')} · {text('difficulty.' + self.ctx.difficulty.name)}"

    def notices(self) -> list[str]:
        return list(self.ctx.notices[-2:])

    def items(self) -> list[Item]:
        text = self.ctx.text
        # Only choices that differ: "New game" beside Resume or Continue; with neither,
        # Play (or Play again after a finished game) is the new game.
        items = []
        if self.game_in_progress():
            items.append(Item("resume", text("menu.resume"), "#primary"))
        elif self.ctx.saved_game is not None:
            items.append(Item("continue", text("menu.continue"), "#primary"))
        else:
            over = self.session is not None and self.session.game.is_over
            items.append(Item("play", text("menu.play_again" if over else "menu.play"), "#primary"))
        if items[0].ident != "play":
            items.append(Item("new_game", text("menu.new_game")))
        items += [
            Item("rules", text("menu.rules"), row=1), Item("high_scores", text("menu.high_scores"), row=1),
            Item("settings", text("menu.settings"), row=2), Item("about", text("menu.about"), row=2),
            Item("demo", text("menu.demo"), row=3), Item("quit", text("menu.quit"), row=3),
        ]
        return items

    def on_choice(self, ident: str) -> None:
        if ident in ("resume", "play"):
            if self.session is not None and self.session.game.is_over:
                self.start_new_game()
            else:
                self.pop()
        elif ident == "continue":
            game, self.ctx.saved_game = self.ctx.saved_game, None
            self.persist["session"] = self.ctx.resume_session(game, assisted=self.ctx.saved_assisted)
            self.reset("rolling")
        elif ident == "new_game":
            if self.game_in_progress():
                name = self.ctx.text("difficulty." + self.ctx.difficulty.name)
                self.push("confirm", confirm_text=self.ctx.text("confirm.new_game", difficulty=name), confirm_action="new_game")
            else:
                self.start_new_game()
        elif ident in ("rules", "high_scores", "settings", "about"):
            self.push(ident)
        elif ident == "demo":
            self.ctx.demo = True
            self.start_new_game()
        elif ident == "quit":
            if self.session is not None:
                self.session.save_in_progress()
            self.quit()

    def on_back(self) -> None:
        self.pop()  # back to the table (a finished game shows its result again)

    def on_result(self, result: dict) -> None:
        if result.get("confirmed") == "new_game":
            self.start_new_game()
