"""Licences, opened from About: the free programs and fonts the game is built with, each
with the version installed and its licence. The libraries' licences (GNU LGPL among them)
ask that whoever receives the game — the executable included — is told what is inside it
and where each comes from."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from importlib import metadata
from typing import TYPE_CHECKING

from ..text.text_runs import isolated
from ..ui.menu import Item, MenuState

if TYPE_CHECKING:
    from ..shell.screens import Services


@dataclass(frozen=True)
class Component:
    name: str
    distribution: str  # its package's name, for the version installed ("" : none of its own)
    licence: str
    home: str


COMPONENTS = (
    Component("Python", "", "PSF License 2.0", "python.org"),
    Component("pygame-ce", "pygame-ce", "GNU LGPL 2.1", "pyga.me"),
    Component("SDL 2", "", "zlib", "libsdl.org"),
    Component("pygame_gui", "pygame_gui", "MIT", "github.com/MyreMylar/pygame_gui"),
    Component("PyICU", "pyicu-wheels", "MIT", "gitlab.pyicu.org/main/pyicu"),
    Component("ICU", "", "Unicode License v3", "icu.unicode.org"),
    Component("regex", "regex", "Apache 2.0 and CNRI Python", "github.com/mrabarnett/mrab-regex"),
    Component("platformdirs", "platformdirs", "MIT", "github.com/tox-dev/platformdirs"),
    Component("regex", "regex", "Apache 2.0 and CNRI-Python", "github.com/mrabarnett/mrab-regex"),
    Component("aiohttp", "aiohttp", "Apache 2.0", "aiohttp.org"),
    Component("segno", "segno", "BSD 3-Clause", "github.com/heuer/segno"),
    Component("Noto Sans", "", "SIL OFL 1.1", "notofonts.github.io"),
    Component("Noto Sans Devanagari", "", "SIL OFL 1.1", "notofonts.github.io"),
    Component("Noto Nastaliq Urdu", "", "SIL OFL 1.1", "notofonts.github.io"),
)


def installed_version(component: Component) -> str:
    """The version installed, or "" where it cannot be read (a frozen build may carry no
    package metadata): the line then names the component alone."""
    if not component.distribution:
        return ""
    try:
        return metadata.version(component.distribution)
    except metadata.PackageNotFoundError:
        return ""


class Licences(MenuState):
    title_key = "licences.title"
    wide = True

    def body_html(self) -> str:
        lines = []
        for component in COMPONENTS:
            version = installed_version(component)
            name = f"<b>{escape(component.name)}</b>" + (f" {escape(version)}" if version else "")
            # Each line one left-to-right isolate: in an Urdu page its separators stay put.
            lines.append(isolated(f"{name} · {escape(component.licence)} · {escape(component.home)}"))
        return self.text("licences.lead") + "<br><br>" + "<br>".join(lines)

    def items(self) -> list[Item]:
        return [Item("back", self.text("button.back"), "#primary")]

    def on_choice(self, ident: str) -> None:
        self.pop()


def screen(services: Services) -> Licences:
    return Licences(services.menu)
