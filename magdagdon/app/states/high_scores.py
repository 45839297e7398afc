"""High-score tables, one per difficulty (score, date, turns, powers used)."""

from __future__ import annotations

from html import escape

from magdagdon.engine import Difficulty

from .menu import Item, MenuState


class HighScores(MenuState):
    title_key = "scores.title"
    wide = True

    def enter(self, persist: dict) -> None:
        self.shown = persist.pop("scores_difficulty", None) or self.ctx.difficulty
        super().enter(persist)

    def items(self) -> list[Item]:
        text = self.ctx.text
        items = [Item(f"tab:{d.name}", text(f"difficulty.{d.name}"), "#chosen" if d is self.shown else "", row=0)
                 for d in Difficulty]
        items.append(Item("back", text("button.back"), "#primary"))
        return items

    def body_html(self) -> str:
        text = self.ctx.text
        store = self.ctx.store
        if store is None:
            return text("scores.unavailable")
        try:
            entries = store.high_scores(self.shown)
        except Exception:
            return text("scores.unavailable")
        if not entries:
            return text("scores.empty")
        fmt = text("scores.date_format")
        lines = []
        for rank, entry in enumerate(entries, start=1):
            when = entry.when.astimezone().strftime(fmt) if getattr(entry, "when", None) else ""
            lines.append(text("scores.row", rank=rank, score=entry.score, date=escape(when), turns=entry.turns,
                              powers=entry.powers_used, assisted=text("scores.assisted") if getattr(entry, "assisted", False) else ""))
        return "<br>".join(lines)

    def on_choice(self, ident: str) -> None:
        if ident.startswith("tab:"):
            self.shown = Difficulty.from_name(ident.split(":", 1)[1])
            self.build()
        else:
            self.pop()
