"""The draw log: what a presented frame shows, as a player would point at it.

Every text drawn (its words, where its ink lies, its size and baseline) and every element
(a die, a cell, a button, a card, a coach mark, a dialog, a veil), each with its role and the
panel it belongs to, in the order they were drawn. The whole-screen audit
(:mod:`..screen_audit`) reads it to find texts over texts, ink outside its panel or cut by a
clip, words too small to read, and marks over what they point at.

How it is kept: while the log is on (tests, the audit), the frame and every picture the game
composes before it reaches the frame (a button, a banner, a block of lines, the table's
still parts) are :class:`LoggedSurface` objects, and every line of text the fonts render is
one too, carrying its own record. Blitting one logged surface onto another carries its
records along, moved, clipped and filled in with the panels of the place they land. So a
cached picture drawn once and shown a hundred times still says what it holds. Drawing code
names panels with :func:`panel` and elements with :func:`note`; both do nothing on a plain
surface, which is all a player's game ever draws on (the log is off there).
"""

from __future__ import annotations

import contextlib
import enum
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Iterator, Sequence

import pygame


class Role(str, enum.Enum):
    """What a text or an element is to a player."""

    # texts
    TITLE = "title"
    SUBTITLE = "subtitle"
    LABEL = "label"  # words naming something beside them (a score row's name, a caption)
    VALUE = "value"  # a number beside its label
    BUTTON_LABEL = "button label"
    NOTICE = "notice"
    PAGE = "page"  # running text (How to play, a question)
    GUIDE = "guide"  # the line telling what to do next
    NAME = "name"  # a player's name or a row of a table of names
    SHADOW = "shadow"  # a darker copy of a text under it, part of that text
    # elements
    WINDOW = "window"
    VEIL = "veil"  # a dimming layer over the whole window: what lies under it is background
    DIALOG = "dialog"  # a panel that stands over the screen (a menu, a banner, the game-over panel)
    PANEL = "panel"  # an area that holds other things (the tray, the score, a card)
    BUTTON = "button"
    DIE = "die"
    CELL = "cell"
    MARK = "mark"  # a coach mark: it names what it points at
    TIP = "tip"  # a one-time tip: it points at nothing
    PICTURE = "picture"  # a drawn thing that is neither control nor text (a mini board, a heart)


TEXT_ROLES = frozenset({Role.TITLE, Role.SUBTITLE, Role.LABEL, Role.VALUE, Role.BUTTON_LABEL, Role.NOTICE,
                        Role.PAGE, Role.GUIDE, Role.NAME, Role.SHADOW})


@dataclass(frozen=True)
class Drawn:
    """One thing on the frame. For a text: ``rect`` is its whole ink, ``shown`` the part no
    clip cut away, ``words`` what it says. For an element: ``rect`` is its area and
    ``words`` its name ("die 2", "button confirm")."""

    kind: str  # "text" or "element"
    words: str
    rect: pygame.Rect
    shown: pygame.Rect
    role: Role | None
    panel: tuple[str, ...]  # the panels it lies in, outermost first
    panel_rect: pygame.Rect | None  # the innermost panel's area
    order: int  # drawn after every record of a lower order
    px: int = 0  # a text's size in pixels, as drawn (scaled pictures included)
    baseline: int = 0  # a text's baseline (y)
    origin: tuple[int, int] = (0, 0)  # where a text's own image lies (for its mask)
    mask: pygame.mask.Mask | None = None  # a text's pixels, for true overlaps
    names: tuple[str, ...] = ()  # what an element names or points at ("die 2", "cell 5")
    opaque: bool = True  # an element that hides what lies under it
    cut_when_rendered: bool = False  # the font's own picture cut a glyph (Nastaliq's tall letters)

    @property
    def is_text(self) -> bool:
        return self.kind == "text"

    @property
    def cut(self) -> bool:
        return self.cut_when_rendered or self.shown.size != self.rect.size

    def moved(self, dx: int, dy: int, clip: pygame.Rect, order: int, outer: tuple[str, ...],
              outer_rect: pygame.Rect | None, outer_role: Role | None) -> "Drawn | None":
        """This record as it lands ``dx, dy`` further on a surface that shows only ``clip``;
        None when nothing of it shows there."""
        rect, shown = self.rect.move(dx, dy), self.shown.move(dx, dy).clip(clip)
        if not shown.width or not shown.height:
            if self.is_text or not (rect.width and rect.height):
                return None
        panel_rect = self.panel_rect.move(dx, dy) if self.panel_rect is not None else outer_rect
        return replace(self, rect=rect, shown=shown, order=order, panel=outer + self.panel, panel_rect=panel_rect,
                       role=self.role or outer_role, baseline=self.baseline + dy,
                       origin=(self.origin[0] + dx, self.origin[1] + dy))


@dataclass(frozen=True)
class DrawnFrame:
    """The log of one presented frame: the window's size, the states drawn (bottom first)
    and everything drawn, in order."""

    size: tuple[int, int]
    states: tuple[str, ...]
    records: tuple[Drawn, ...]

    @property
    def texts(self) -> list[Drawn]:
        return [r for r in self.records if r.is_text]

    @property
    def elements(self) -> list[Drawn]:
        return [r for r in self.records if not r.is_text]

    def words(self) -> list[str]:
        return [r.words for r in self.texts]


@dataclass(frozen=True)
class Section:
    name: str
    rect: pygame.Rect
    role: Role | None


class LoggedSurface(pygame.Surface):
    """A surface that keeps the records of what was drawn on it (see the module's notes)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.records: list[Drawn] = []
        self.sections: list[Section] = []
        self.counter = 0

    # --- what lands here ---------------------------------------------------------------------
    def _context(self) -> tuple[tuple[str, ...], pygame.Rect | None, Role | None]:
        path = tuple(section.name for section in self.sections if section.name)
        rect = self.sections[-1].rect if self.sections else None
        role = next((s.role for s in reversed(self.sections) if s.role is not None), None)
        return path, rect, role

    def _next(self) -> int:
        self.counter += 1
        return self.counter

    def add(self, record: Drawn) -> None:
        path, rect, role = self._context()
        moved = record.moved(0, 0, self.visible_area(), self._next(), path, rect, role)
        if moved is not None:
            self.records.append(moved)

    def visible_area(self) -> pygame.Rect:
        return self.get_clip().clip(self.get_rect())

    def forget(self, area: pygame.Rect | None = None, name: str | None = None) -> None:
        """What lay in ``area`` (everything: None), or in the panel ``name``, was painted over."""
        if name is not None:
            self.records = [r for r in self.records if name not in r.panel[:1] and r.words != name]
        elif area is None:
            self.records.clear()
        else:
            self.records = [r for r in self.records if not area.contains(r.rect)]

    # --- pygame's drawing, with the records carried along ------------------------------------
    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        if isinstance(source, LoggedSurface) and source.records:
            self._carry(source, dest, area)
        return drawn

    def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
        results = [self.blit(*item) for item in blit_sequence]
        return results if doreturn else None

    def fblits(self, blit_sequence: Any, special_flags: int = 0) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        filled = super().fill(color, rect, special_flags)
        if not special_flags:
            self.forget(None if rect is None else pygame.Rect(rect).clip(self.visible_area()))
        return filled

    def copy(self) -> "LoggedSurface":
        duplicate = super().copy()
        assert isinstance(duplicate, LoggedSurface)
        duplicate.records = list(self.records)
        duplicate.sections = []
        duplicate.counter = self.counter
        return duplicate

    def _carry(self, source: "LoggedSurface", dest: Any, area: Any) -> None:
        if isinstance(dest, pygame.Rect):
            x, y = dest.topleft
        else:
            x, y = int(dest[0]), int(dest[1])
        view = pygame.Rect(area) if area is not None else source.get_rect()
        clip = self.visible_area().clip(pygame.Rect(x, y, view.width, view.height))
        dx, dy = x - view.left, y - view.top
        path, rect, role = self._context()
        for record in sorted(source.records, key=lambda r: r.order):
            moved = record.moved(dx, dy, clip, self._next(), path, rect, role)
            if moved is not None:
                self.records.append(moved)


# --- what drawing code calls ---------------------------------------------------------------------

def new_surface(size: tuple[int, int], flags: int = 0, logged: bool = False) -> pygame.Surface:
    """A picture to compose and then draw elsewhere: logged while the log is on (so what it
    holds reaches the frame's log), plain otherwise."""
    size = (max(0, int(size[0])), max(0, int(size[1])))
    return LoggedSurface(size, flags) if logged else pygame.Surface(size, flags)


def new_frame_surface(size: tuple[int, int], like: pygame.Surface, logged: bool) -> pygame.Surface:
    """An opaque window-sized picture in ``like``'s pixel format."""
    if logged:
        return LoggedSurface(size, 0, like)
    return pygame.Surface(size, 0, like)


@contextmanager
def panel(surface: pygame.Surface, name: str, rect: pygame.Rect | None = None, role: Role | None = None,
          element: Role | None = None, names: Sequence[str] = (), opaque: bool = True) -> Iterator[None]:
    """What is drawn on ``surface`` inside this block lies in the panel ``name`` (its area
    ``rect``; the whole surface when None) and, unless it says otherwise, has ``role``.
    ``element``: the panel is itself a thing on screen of that role (a button, a card, a
    dialog), drawn by the block."""
    if not isinstance(surface, LoggedSurface):
        yield
        return
    area = pygame.Rect(rect) if rect is not None else (
        surface.sections[-1].rect if surface.sections else surface.get_rect())
    if element is not None:
        note(surface, area, element, name, names, opaque)
    surface.sections.append(Section(name, area, role))
    try:
        yield
    finally:
        surface.sections.pop()


def as_role(surface: pygame.Surface, role: Role) -> "contextlib.AbstractContextManager[None]":
    """The texts drawn on ``surface`` inside this block are ``role`` (a title, a value...)."""
    return panel(surface, "", role=role)


def note(surface: pygame.Surface, rect: pygame.Rect, role: Role, name: str, names: Sequence[str] = (),
         opaque: bool = True) -> None:
    """An element drawn on ``surface`` at ``rect`` (a die, a button, a coach mark...)."""
    if isinstance(surface, LoggedSurface):
        area = pygame.Rect(rect)
        surface.add(Drawn("element", name, area, area, role, (), None, 0, names=tuple(names), opaque=opaque))


def forget(surface: pygame.Surface, area: pygame.Rect | None = None, name: str | None = None) -> None:
    """``area`` of ``surface`` (all of it: None), or what its panel ``name`` held, is about
    to be painted afresh: what lay there is gone."""
    if isinstance(surface, LoggedSurface):
        surface.forget(area, name)


def text_image(image: pygame.Surface, words: str, px: int, ascent: int, cut: bool = False) -> pygame.Surface:
    """``image``, a rendered line of ``words``, as a logged picture that knows what it says."""
    logged = _logged_copy(image)
    ink = image.get_bounding_rect()
    if ink.width and ink.height and words.strip():
        mask = pygame.mask.from_surface(image)
        logged.records.append(Drawn("text", words, ink, ink, None, (), None, 1, px=px, baseline=ascent,
                                    mask=mask, cut_when_rendered=cut))
    logged.counter = 1
    return logged


def scaled(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``image`` smoothly scaled to ``size``; a logged picture keeps its records, scaled
    with it (so a text drawn smaller is judged at the size it shows)."""
    result = pygame.transform.smoothscale(image, size)
    if not isinstance(image, LoggedSurface) or not image.get_width() or not image.get_height():
        return result
    fx, fy = size[0] / image.get_width(), size[1] / image.get_height()
    logged = _logged_copy(result)

    def scale(rect: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(int(rect.x * fx), int(rect.y * fy), max(1, int(rect.w * fx)), max(1, int(rect.h * fy)))

    for record in image.records:
        mask = record.mask.scale((max(1, int(record.mask.get_size()[0] * fx)), max(1, int(record.mask.get_size()[1] * fy)))) \
            if record.mask is not None else None
        logged.records.append(replace(record, rect=scale(record.rect), shown=scale(record.shown),
                                      px=max(1, int(record.px * min(fx, fy))), baseline=int(record.baseline * fy),
                                      origin=(int(record.origin[0] * fx), int(record.origin[1] * fy)), mask=mask,
                                      panel_rect=scale(record.panel_rect) if record.panel_rect else None))
    logged.counter = image.counter
    return logged


def _logged_copy(image: pygame.Surface) -> LoggedSurface:
    """The same pixels in a logged picture (added onto transparent black: an exact copy,
    where an ordinary blit would blend the soft edges of the letters)."""
    logged = LoggedSurface(image.get_size(), pygame.SRCALPHA)
    pygame.Surface.blit(logged, image, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return logged


def faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    """A copy of ``image`` drawn at ``alpha`` (records kept)."""
    copy = image.copy()
    copy.set_alpha(alpha)
    return copy
