"""Today's dice, before they are played: what they are (the same dice for everyone all day,
in the difficulty chosen, new at midnight UTC), the day and its difficulty, and the day's
table as it stands on this table, then Play. Over a game in progress (or a party) the
player is asked only when Play is pressed, as Play a code does."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from magdagdon.engine.challenge import day_seed
from magdagdon.storage import ScoreEntry

from ..services.store_access import StoreAccess
from ..services.wall_clock import now
from ..shell.payloads import Answer, Confirmed, Leave, Question
from ..table.games import Games
from ..text.numbers import signed
from ..ui.menu import Item, MenuKit, MenuState

if TYPE_CHECKING:
    from ..shell.screens import Services

TABLE_SHOWN = 5  # the day's best games listed (High scores → Today's dice has them all)


class DailyIntro(MenuState):
    title_key = "daily.title"
    wide = True
    compact_body = True  # the page as tall as its words: a short intro and a short table

    def __init__(self, kit: MenuKit, games: Games, storage: StoreAccess) -> None:
        super().__init__(kit)
        self.games, self.storage = games, storage

    @property
    def difficulty_name(self) -> str:
        return self.text(f"difficulty.{self.games.difficulty.name}")

    @property
    def subtitle(self) -> str:
        return self.text("daily.subtitle", day=self.games.dice_day().isoformat(), difficulty=self.difficulty_name)

    def body_html(self) -> str:
        text = self.text
        page = [text("daily.intro", difficulty=self.difficulty_name), "", f"<b>{html.escape(text('daily.table_heading'))}</b>"]
        entries = self.todays_table()
        if entries is None:
            page.append(html.escape(text("scores.unavailable")))
        elif not entries:
            page.append(html.escape(text("daily.table_empty")))
        for rank, entry in enumerate((entries or [])[:TABLE_SHOWN], start=1):
            line = text("daily.table_line", rank=rank, name=text.shown_name(entry.name), score=signed(entry.score))
            page.append(html.escape(line))
        return "<br>".join(page)

    def todays_table(self) -> list[ScoreEntry] | None:
        """The day's table of the difficulty chosen, as this table keeps it (None: unreadable)."""
        store = self.storage.store
        if store is None:
            return None
        try:
            return store.daily_table(self.games.dice_day(), self.games.difficulty, now())
        except OSError:  # e.g. another MAGDAGDON holds the data folder too long
            return None

    def items(self) -> list[Item]:
        return [Item("play", self.text("daily.play"), "#primary", row=0),
                Item("back", self.text("button.back"), row=0)]

    def on_choice(self, ident: str) -> None:
        if ident != "play":
            self.pop()
        elif self.party_on():
            self.ask(Question("confirm.leave_party"), Leave.DAILY)
        elif self.game_in_progress():
            self.ask(Question("confirm.leave_game"), Leave.DAILY)
        else:
            self.play()

    def on_answer(self, answer: Answer) -> None:
        if isinstance(answer, Confirmed) and answer.action is Leave.DAILY:
            self.play()

    def play(self) -> None:
        """The seed of the UTC date and the difficulty: the same game for everyone that day."""
        games = self.games
        self.begin_game(games.new_session(seed=day_seed(games.dice_day(), games.difficulty)))


def screen(services: Services) -> DailyIntro:
    return DailyIntro(services.menu, services.games, services.storage)
