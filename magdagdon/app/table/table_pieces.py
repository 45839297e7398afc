"""The table's pieces for the plan audit (:mod:`..ui.placed`): where the drawing helpers the
table uses (``blit_lines``, ``blit_on_baseline``, a button's words) put their lines, worked
out from the plans' words and sizes with the font book's cached measures, never rendered."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..audit.draw_log import Role
from ..text.fit import Words, line_gap, stacked_height
from ..ui.placed import Placed, element, placed_text
from ..ui.widgets import Button, plan_label

if TYPE_CHECKING:
    from ..text.fonts import FontBook


def placed_lines(fonts: "FontBook", lines: tuple[str, ...] | list[str], size: int, box: pygame.Rect, role: Role,
                 within: pygame.Rect | None = None, bold: bool = False, align: str = "center",
                 layer: int = 0) -> list[Placed | None]:
    """One piece per line as ``blit_lines`` stacks ``lines`` in ``box`` (``within``: the box
    they must stay in, ``box`` itself by default)."""
    y = box.centery - stacked_height(fonts, list(lines), size, bold) // 2
    side = fonts.direction.side(align)
    out: list[Placed | None] = []
    for line in lines:
        ink = fonts.ink(line, size, bold)
        x = {"left": box.left - ink.left, "right": box.right - ink.right}.get(side, box.centerx - ink.centerx)
        out.append(placed_text(fonts, line, size, (x, y - ink.top), role, within or box, bold, layer))
        y += ink.height + line_gap(size)
    return out


def picture_on_baseline(fonts: "FontBook", piece: Words, baseline: int, **anchor: int) -> pygame.Rect:
    """Where ``blit_on_baseline`` puts the picture of ``piece``: its baseline at ``baseline``,
    placed across by ``left=``, ``right=`` or ``centerx=``."""
    words, size, bold = piece
    rect = pygame.Rect((0, 0), fonts.size(words, size, bold))
    for name, value in anchor.items():
        setattr(rect, name, value)
    rect.top = baseline - fonts.baseline(*piece)
    return rect


def on_baseline(fonts: "FontBook", piece: Words, baseline: int, role: Role, box: pygame.Rect | None,
                layer: int = 0, **anchor: int) -> Placed | None:
    """The piece ``blit_on_baseline`` draws (see :func:`picture_on_baseline`)."""
    at = picture_on_baseline(fonts, piece, baseline, **anchor).topleft
    return placed_text(fonts, piece[0], piece[1], at, role, box, piece[2], layer)


def button_pieces(fonts: "FontBook", button: Button, floor: int, layer: int = 0) -> list[Placed | None]:
    """A button and its words as ``draw_button`` lays them out (``button_words``): the label's
    lines and the sub-label stacked by their ink, centred in the button."""
    rect = button.rect
    if rect.width < 4 or rect.height < 4:
        return []
    plan = button.words or plan_label(fonts, button.label, button.sublabel, rect.size, floor, button.label_size)
    parts: list[tuple[Words, Role]] = [((line, plan.size, True), Role.BUTTON_LABEL) for line in plan.lines]
    if button.sublabel:
        parts.append(((button.sublabel, plan.sub_size, False), Role.LABEL))
    inks = [fonts.ink(*words) for words, _ in parts]
    gaps = [max(2, px // 5) for (_, px, _), _ in parts[:-1]]  # widgets._gap
    y = rect.top + rect.height // 2 - (sum(ink.height for ink in inks) + sum(gaps)) // 2
    out: list[Placed | None] = [element(Role.BUTTON, rect, f"button {button.ident}", layer)]
    for index, ((words, role), ink) in enumerate(zip(parts, inks)):
        out.append(placed_text(fonts, words[0], words[1], (rect.left + rect.width // 2 - ink.centerx, y - ink.top),
                               role, rect, words[2], layer))
        y += ink.height + (gaps[index] if index < len(gaps) else 0)
    return out
