"""A yes/no dialog; pops with ``confirmed=<action>`` when the player says yes.

The question comes as a :class:`Question` (a catalog key and its values), so it is worded
in the language shown whenever the dialog is built (see ``MenuState.ask``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import Catalog
from .menu import Item, MenuState


@dataclass(frozen=True)
class Question:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)  # values that are catalog keys themselves

    def words(self, text: Catalog) -> str:
        return text(self.key, **self.values, **{name: text(key) for name, key in self.terms.items()})


class ConfirmDialog(MenuState):
    title_key = "confirm.title"
    compact_body = True

    def body_html(self) -> str:
        question = self.persist.get("question")
        return question.words(self.text) if isinstance(question, Question) else ""

    def items(self) -> list[Item]:
        text = self.text
        return [Item("no", text("confirm.no"), "", row=0), Item("yes", text("confirm.yes"), "#danger", row=0)]

    def on_choice(self, ident: str) -> None:
        action = self.persist.pop("confirm_action", "")
        self.persist.pop("question", None)
        if ident == "yes":
            self.pop(confirmed=action)
        else:
            self.pop()

    def on_back(self) -> None:
        self.on_choice("no")
