"""One plan kept while what it was made from holds.

A screen's layout is a frozen plan made from a few inputs (its box, the window, the
language, the text scale, what it shows). The presenter keeps the last plan and the inputs
it was made from; asked again with equal inputs it hands back the same plan, with other
inputs it makes a new one. Screens ask it on update and after what may change an input
(a rebuild, a tap on a tab), never in draw: draw reads the plan it was last handed."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

Inputs = TypeVar("Inputs")
Plan = TypeVar("Plan")


class Presenter(Generic[Inputs, Plan]):
    def __init__(self, make: Callable[[Inputs], Plan]) -> None:
        self.make = make
        self.inputs: Inputs | None = None
        self.plan: Plan | None = None
        self.plans_made = 0  # how many plans were made: a measure of wasted work, for tests

    def present(self, inputs: Inputs) -> Plan:
        """The plan for ``inputs``: the one kept if they are the same, else a new one."""
        if self.plan is None or inputs != self.inputs:
            self.plan, self.inputs = self.make(inputs), inputs
            self.plans_made += 1
        return self.plan

    def forget(self) -> None:
        """Drop the plan (what it shows is gone); the next ``present`` makes one."""
        self.inputs = self.plan = None
