"""What a screen's plan places, in one form every plan can give and the audit can judge
without drawing anything.

Each screen plans its layout in its own frozen values (a menu's rows, game over's panel,
a race's tiles). :meth:`State.placed <..shell.state_machine.State.placed>` reads the plans
it holds now and lists what they put on the window, as :class:`Placed` pieces: every text
(its words, its size, where its letters' ink will lie, the box it must stay in) and every
control, card or dialog (its area and its name). :mod:`..audit.plan_audit` judges that
list — sizes, overlaps, texts out of their boxes or over controls that are not theirs —
before a frame is drawn; the draw log then checks the pixels (:mod:`..audit.draw_log`).

Building a text piece measures its ink with the font book's cached measures; it never
renders nor searches a size: the plan already chose the size and the place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

import pygame

from ..audit.draw_log import TEXT_ROLES, Role
from ..text.fit import Words, baseline_rect, stacked_spots

if TYPE_CHECKING:
    from ..text.fonts import FontBook
    from ..text.line_block import PlacedLine


@dataclass(frozen=True)
class Placed:
    """One thing a plan puts on the window.

    A text: ``words`` is what it says, ``px`` its size as shown, ``rect`` where its ink
    lies, ``box`` the area it must stay inside (its button, card or panel; None: the
    window). An element (a button, a card, a cell, a dialog, a veil): ``rect`` is its area
    and ``words`` its name ("button confirm"). ``layer`` orders what stands over what:
    a dialog or a veil drawn over a screen is on a higher layer than the screen."""

    role: Role
    rect: pygame.Rect
    words: str = ""
    px: int = 0
    box: pygame.Rect | None = None
    layer: int = 0
    opaque: bool = True  # an element that hides what lies under it on lower layers

    @property
    def is_text(self) -> bool:
        return self.role in TEXT_ROLES


def placed_text(fonts: "FontBook", words: str, size: int, at: tuple[int, int], role: Role,
                box: pygame.Rect | None = None, bold: bool = False, layer: int = 0) -> Placed | None:
    """The piece for ``words`` drawn at ``size`` with its image's top-left corner at ``at``:
    its ink's place, from the font's measures. None for words that show no ink (a blank)."""
    if not words.strip():
        return None
    ink = fonts.ink(words, size, bold)
    if not ink.width or not ink.height:
        return None
    return Placed(role, ink.move(int(at[0]), int(at[1])), words, fonts.px(size), box, layer)


def placed_in(fonts: "FontBook", words: str, size: int, rect: pygame.Rect, role: Role,
              box: pygame.Rect | None = None, bold: bool = False, layer: int = 0,
              align: str = "center") -> Placed | None:
    """The piece for ``words`` drawn with its image aligned in ``rect`` as the screens draw
    a label on a button or a line in its slot: centred (or at the ``left``/``right``) along
    the width and centred in the height."""
    width, height = fonts.size(words, size, bold)
    if align == "left":
        x = rect.left
    elif align == "right":
        x = rect.right - width
    else:
        x = rect.centerx - width // 2
    return placed_text(fonts, words, size, (x, rect.centery - height // 2), role, box, bold, layer)


def placed_lines(fonts: "FontBook", lines: "Iterable[PlacedLine]", role: Role, box: pygame.Rect | None,
                 offset: tuple[int, int] = (0, 0), layer: int = 0) -> list[Placed]:
    """One piece a line a plan already placed (``text/line_block.py``'s lines), where
    ``draw_lines`` blits it, moved by ``offset`` (lines planned relative to their card)."""
    out = (placed_text(fonts, line.words, line.size, (line.at[0] + offset[0], line.at[1] + offset[1]), role, box,
                       line.bold, layer) for line in lines)
    return [piece for piece in out if piece is not None]


def placed_ink_in(fonts: "FontBook", words: str, size: int, rect: pygame.Rect, role: Role,
                  box: pygame.Rect | None = None, bold: bool = False, layer: int = 0) -> Placed | None:
    """The piece for ``words`` drawn as ``blit_ink`` draws them: their ink centred in ``rect``."""
    ink = fonts.ink(words, size, bold)
    return placed_text(fonts, words, size, (rect.centerx - ink.centerx, rect.centery - ink.centery), role, box, bold,
                       layer)


def stacked_pieces(fonts: "FontBook", lines: tuple[str, ...] | list[str], size: int, box: pygame.Rect, role: Role,
                   within: pygame.Rect | None = None, bold: bool = False, align: str = "center",
                   layer: int = 0) -> list[Placed | None]:
    """One piece per line where ``blit_lines`` stacks ``lines`` in ``box`` (``within``: the
    box they must stay in, ``box`` itself by default)."""
    return [placed_text(fonts, line, size, at, role, within or box, bold, layer)
            for line, at in stacked_spots(fonts, list(lines), size, box, bold, align)]


def on_baseline(fonts: "FontBook", piece: Words, baseline: int, role: Role, box: pygame.Rect | None,
                layer: int = 0, **anchor: int) -> Placed | None:
    """The piece ``blit_on_baseline`` draws (see ``text/fit.baseline_rect``)."""
    at = baseline_rect(fonts, piece, baseline, **anchor).topleft
    return placed_text(fonts, piece[0], piece[1], at, role, box, piece[2], layer)


def placed_ink_hung(fonts: "FontBook", words: str, size: int, rect: pygame.Rect, role: Role,
                    box: pygame.Rect | None = None, bold: bool = False, layer: int = 0) -> Placed | None:
    """The piece for ``words`` with their ink centred across ``rect`` and its top at the rect's top."""
    ink = fonts.ink(words, size, bold)
    return placed_text(fonts, words, size, (rect.centerx - ink.centerx, rect.top - ink.top), role, box, bold, layer)


def element(role: Role, rect: pygame.Rect, name: str, layer: int = 0, opaque: bool = True) -> Placed:
    """A control, card, cell, dialog or veil at ``rect``, named as a player would point at it."""
    return Placed(role, pygame.Rect(rect), name, layer=layer, opaque=opaque)


def pieces(*groups: "Placed | None | Iterable[Placed | None]") -> tuple[Placed, ...]:
    """The pieces of ``groups`` in order, blanks (None) left out."""
    out: list[Placed] = []
    for group in groups:
        if isinstance(group, Placed):
            out.append(group)
        elif group is not None:
            out.extend(piece for piece in group if piece is not None)
    return tuple(out)
