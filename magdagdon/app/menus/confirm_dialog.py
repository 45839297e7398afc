"""A yes/no dialog on the :class:`~..payloads.Confirm` it opens with; a yes pops with
``Confirmed(action)``, a no with nothing.

The question comes as a :class:`~..payloads.Question` (a catalog key and its values), so it
is worded in the language shown whenever the dialog is built (see ``MenuState.ask``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..shell.payloads import Confirm, Confirmed, Payload, Question
from ..shell.play_context import PlayContext
from ..ui.menu import Item, MenuState

if TYPE_CHECKING:
    from ..shell.screens import Services

__all__ = ["ConfirmDialog", "Question"]


class ConfirmDialog(MenuState):
    title_key = "confirm.title"
    compact_body = True

    def enter(self, context: PlayContext, payload: Payload | None = None) -> None:
        self.asked = payload if isinstance(payload, Confirm) else None
        super().enter(context, payload)

    def body_html(self) -> str:
        return self.asked.question.words(self.text) if self.asked is not None else ""

    def items(self) -> list[Item]:
        text = self.text
        return [Item("no", text("confirm.no"), "", row=0), Item("yes", text("confirm.yes"), "#danger", row=0)]

    def on_choice(self, ident: str) -> None:
        action = self.asked.action if self.asked is not None else None
        self.pop(Confirmed(action) if ident == "yes" and action is not None else None)

    def on_back(self) -> None:
        self.on_choice("no")


def screen(services: Services) -> ConfirmDialog:
    return ConfirmDialog(services.menu)
