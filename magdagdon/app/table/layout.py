"""Every rectangle of the table, computed from the window size alone.

Landscape puts the board left and the panel right; portrait stacks the panel below the
board. The board block is the 4×4 grid plus a gutter for row sums (right) and column
sums (below). Everything scales with the window, so nothing overlaps from 800×600 to 4K.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from ..text.fit import min_text_px
from ..ui.screen_frame import frame_of

# block side = cell * BLOCK_CELLS: 4 cells, 4 gaps (GAP each) and the sum gutter (GUTTER)
GAP = 0.08
GUTTER = 0.78
BLOCK_CELLS = 4 + 4 * GAP + GUTTER
ROSTER_PER_ROW = 4  # players' chips in a row of the compact players' row
GUIDE_LINES = 2.8  # the guide line's height, in readable sizes
LEGEND_LINES = 2.5  # the legend's band under the board: one line of Nastaliq at the readable size
PRIMARY_SHARE = 0.55  # of the row CONFIRM shares with Take back all


@dataclass
class Layout:
    size: tuple[int, int]
    portrait: bool
    margin: int
    top_bar: Rect
    menu_button: Rect
    hint_button: Rect
    board: Rect
    cells: list[Rect]
    row_sums: list[Rect]
    col_sums: list[Rect]
    tray: Rect
    tray_slots: list[Rect]
    primary: Rect
    take_back_all: Rect
    powers: Rect
    power_label: Rect
    power_buttons: list[Rect]
    score: Rect
    guide: Rect
    banner: Rect
    coach: Rect  # where a coach mark's bubble goes: the guide line's band, with the margins around it
    dialog: Rect
    die_size: int
    legend: Rect | None = None  # the line-bonus legend's band under the board (portrait: the score panel holds it)
    strip: Rect | None = None  # a party's players beside the board (landscape) or above the guide (portrait)
    roster: Rect | None = None  # a party's players' chips under the top bar, where the strip does not fit
    roster_rows: int = 0  # rows of chips in the roster
    rtl: bool = False  # laid out for a right-to-left reader (mirrored)

    def dialog_at(self, size: tuple[int, int]) -> Rect:
        """A dialog of ``size`` over the table, as over any screen (:class:`ScreenFrame`)."""
        return frame_of(self.size).dialog_at(size)

    @property
    def cell_size(self) -> int:
        return self.cells[0].width


@dataclass(frozen=True)
class BoardBlock:
    """The board's cells and its sums' gutters in a square block: the table's, or a small
    board's (How to play's lessons) drawn by the same code."""

    margin: int  # the panel around the board reaches this far beyond it
    board: Rect
    cells: list[Rect]
    row_sums: list[Rect]
    col_sums: list[Rect]

    @property
    def cell_size(self) -> int:
        return self.cells[0].width


def board_block(block_rect: Rect, cell: float, margin: int) -> BoardBlock:
    """The 4×4 cells in the top left of ``block_rect`` (whose side is ``cell`` × BLOCK_CELLS),
    the row sums' gutter at their right and the column sums' below them."""
    gap = max(2, round(cell * GAP))
    cell_px = int(cell)
    cells = [
        Rect(block_rect.left + gap // 2 + c * (cell_px + gap), block_rect.top + gap // 2 + r * (cell_px + gap), cell_px, cell_px)
        for r in range(4)
        for c in range(4)
    ]
    board = cells[0].union(cells[15]).inflate(gap, gap)
    gutter_w = block_rect.right - board.right
    row_sums = [Rect(board.right + gap // 2, cells[r * 4].top, gutter_w - gap // 2, cell_px) for r in range(4)]
    gutter_h = block_rect.bottom - board.bottom
    col_sums = [Rect(cells[c].left, board.bottom + gap // 2, cell_px, gutter_h - gap // 2) for c in range(4)]
    return BoardBlock(margin, board, cells, row_sums, col_sums)


def _split_rows(area: Rect, weights: list[float], gap: int) -> list[Rect]:
    usable = area.height - gap * (len(weights) - 1)
    total = sum(weights)
    rects, y = [], area.top
    for weight in weights:
        height = int(usable * weight / total)
        rects.append(Rect(area.left, y, area.width, height))
        y += height + gap
    return rects


def roster_rows(players: int) -> int:
    """Rows of the compact players' row: up to four chips a row keeps names readable at 800 px."""
    return 0 if players <= 0 else 1 if players <= ROSTER_PER_ROW else 2


def compute_layout(width: int, height: int, rtl: bool = False, strip: bool = False, roster: int = 0) -> Layout:
    """``strip``: keep a band for the other players' boards (party play): at the right in
    landscape, above the guide line in portrait; it is ``Layout.strip``. ``roster``: that
    many rows of players' chips under the top bar instead (windows too small for the
    strip); the band is ``Layout.roster``."""
    frame = frame_of((width, height))  # the window's size, shape, margin and header, as every screen's
    (width, height), portrait, margin = frame.size, frame.portrait, frame.margin
    top_h = frame.header.height
    # The guide line holds one line of Nastaliq (the tallest script the game writes, ~2.4
    # times its size) or two of Latin or Devanagari at the readable size.
    guide_h = max(28, round(min(height * 0.055, width * 0.06)), round(min_text_px((width, height)) * GUIDE_LINES))
    top_bar = Rect(frame.header)
    content = Rect(margin, top_h + margin, width - 2 * margin, height - top_h - guide_h - margin * 2)
    band: Rect | None = None
    roster_band: Rect | None = None
    if roster > 0 and not strip:
        # One line of names at the readable size; two rows are a little tighter, as the
        # table below already gives up the room of both.
        chip_h = max(28 if roster > 1 else 34, round(min(width, height) * (0.047 if roster > 1 else 0.06)))
        roster_gap = max(3, margin // 5)
        roster_band = Rect(content.left, top_h + margin // 3, content.width, roster * chip_h + (roster - 1) * roster_gap)
        below = roster_band.bottom + margin * 2 // 3
        content.height -= below - content.top
        content.top = below
    if strip and portrait:
        band = Rect(content.left, content.bottom - int(content.height * 0.13), content.width, int(content.height * 0.13))
        content.height -= band.height + margin
    elif strip:
        band = Rect(content.right - int(content.width * 0.15), content.top, int(content.width * 0.15), content.height)
        content.width -= band.width + margin

    legend: Rect | None = None
    legend_h = 0 if portrait else round(min_text_px((width, height)) * LEGEND_LINES)
    if portrait:
        cell = min(content.width, content.height * 0.52) / BLOCK_CELLS
    else:  # the board and, under it, the legend of its line bonuses (where the sums' tags are)
        cell = min(content.height - legend_h, (content.width - margin) * 0.58) / BLOCK_CELLS
    block = round(cell * BLOCK_CELLS)

    if portrait:
        block_rect = Rect(0, content.top, block, block)
        block_rect.centerx = width // 2
        panel = Rect(content.left, block_rect.bottom + margin // 2, content.width, content.bottom - block_rect.bottom - margin // 2)
    else:
        panel_w = min(content.width - block - margin, int(block * 0.95))
        group_w = block + margin + panel_w
        left = content.left + (content.width - group_w) // 2
        block_rect = Rect(left, content.top + (content.height - block - legend_h) // 2, block, block)
        legend = Rect(block_rect.left, block_rect.bottom, block_rect.width, legend_h)
        panel = Rect(block_rect.right + margin, content.top, panel_w, content.height)

    placed = board_block(block_rect, cell, margin)
    board, cells, row_sums, col_sums = placed.board, placed.cells, placed.row_sums, placed.col_sums

    row_gap = max(6, margin * 2 // 3)
    tray, actions, powers, score = _split_rows(panel, [1.3, 0.85, 1.35, 1.9], row_gap)

    slot_gap = max(6, tray.width // 40)
    die = int(min(tray.height * 0.86, (tray.width - 5 * slot_gap) / 4))
    slots_w = 4 * die + 3 * slot_gap
    tray_slots = [Rect(tray.centerx - slots_w // 2 + i * (die + slot_gap), tray.centery - die // 2, die, die) for i in range(4)]

    button_h = min(actions.height, max(40, int(cell * 0.7)))
    primary = Rect(actions.left, actions.centery - button_h // 2, int(actions.width * PRIMARY_SHARE), button_h)
    take_back_all = Rect(primary.right + row_gap, primary.top, actions.right - primary.right - row_gap, button_h)

    label_h = int(powers.height * 0.36)
    power_label = Rect(powers.left, powers.top, powers.width, label_h)
    pb_h = powers.height - label_h - row_gap // 2  # a label and its cost below it, in every script
    pb_w = (powers.width - 2 * row_gap) // 3
    power_buttons = [Rect(powers.left + i * (pb_w + row_gap), power_label.bottom + row_gap // 2, pb_w, pb_h) for i in range(3)]

    icon = int(top_h * 0.72)
    menu_button = Rect(width - margin - int(icon * 2.6), (top_h - icon) // 2, int(icon * 2.6), icon)
    hint_button = Rect(menu_button.left - margin // 2 - int(icon * 2.4), menu_button.top, int(icon * 2.4), icon)

    guide = Rect(margin, height - guide_h - margin // 3, width - 2 * margin, guide_h)
    below_content = height - guide_h - margin + max(2, margin // 5)
    coach = Rect(guide.left, below_content, guide.width, height - max(2, margin // 5) - below_content)
    banner = Rect(board.left, 0, board.width, int(board.height * 0.64))
    banner.centery = board.centery
    if portrait:
        dialog_w, dialog_h = width - 2 * margin, min(height - 2 * margin, max(int(height * 0.55), 480))
    else:
        dialog_w = min(width - 2 * margin, max(int(width * 0.5), 640))
        dialog_h = min(height - 2 * margin, max(int(height * 0.75), 480))
    dialog = Rect(0, 0, dialog_w, dialog_h)
    dialog.center = (width // 2, height // 2)

    layout = Layout(
        size=(width, height), portrait=portrait, margin=margin, top_bar=top_bar,
        menu_button=menu_button, hint_button=hint_button, board=board, cells=cells,
        row_sums=row_sums, col_sums=col_sums, tray=tray, tray_slots=tray_slots,
        primary=primary, take_back_all=take_back_all, powers=powers, power_label=power_label,
        power_buttons=power_buttons, score=score, guide=guide, banner=banner, coach=coach, dialog=dialog,
        die_size=die, legend=legend, strip=band, roster=roster_band, roster_rows=roster if roster_band is not None else 0,
    )
    if rtl:
        mirror(layout)
    return layout


def mirror(layout: Layout) -> None:
    """Right-to-left languages: blocks swap sides. The board keeps its own order (rows are
    read left to right by the rules), so it moves as one piece with its sums."""
    width = layout.size[0]

    def flip(rect: Rect) -> None:
        rect.x = width - rect.right

    strip = [band for band in (layout.strip, layout.roster) if band is not None]
    for rect in [layout.tray, layout.primary, layout.take_back_all, layout.powers, layout.power_label,
                 layout.score, layout.menu_button, layout.hint_button, layout.guide, layout.coach, layout.dialog,
                 *layout.tray_slots, *layout.power_buttons, *strip]:
        flip(rect)
    block = layout.board.union(layout.row_sums[0]).union(layout.col_sums[0])
    shift = (width - block.right) - block.left
    below = [layout.legend] if layout.legend is not None else []
    for rect in [layout.board, layout.banner, *layout.cells, *layout.row_sums, *layout.col_sums, *below]:
        rect.x += shift
    layout.rtl = True
