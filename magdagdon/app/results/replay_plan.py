"""Where everything in the replay viewer goes, and at what size, for one window, language
and text scale and what the viewer shows (the turn open, the review as far as it has come,
which side the expert's shows): the title, the rolled dice's label, each side's heading,
board, powers and notes (a note too long for one line at the readable size on two, both
sides alike), and the buttons. Made when one of those changes, never as the viewer draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

from magdagdon.ai.review import GameReview, TurnReview
from magdagdon.ai.turn_advice import TurnAdvice

from ..text.direction import Direction
from ..text.fit import fitted_size, min_text_px, readable_floor
from ..text.fonts import FontBook
from ..text.i18n import Catalog
from ..text.numbers import change
from ..ui import palette
from ..ui.palette import Colour
from ..ui.button_row import size_button_rows
from ..ui.widgets import Button
from .turn_story import TurnStory, costliest_turns, reviews_by_turn


@dataclass(frozen=True)
class ReplayInputs:
    """What the viewer's plan is made from: the window, the language, the text scale (the
    fonts' generation) and what the viewer shows."""

    window: tuple[int, int]
    locale: str
    generation: int
    stories: tuple[TurnStory, ...]  # the player's turns
    unreadable: bool  # the record could not be read (else, no stories: an empty record)
    page: int  # the turn open, as an index of ``stories``
    review: GameReview | None  # the expert's review, as far as it has come
    review_ready: bool  # nothing more to wait for (a review, or none to come)
    showing_line: bool  # the expert's side shows its own game
    expert_line: tuple[TurnStory, ...] | None  # the expert's own game, as far as it is played
    line_ready: bool


@dataclass(frozen=True)
class ViewerAreas:
    """Where the viewer's parts go at the window's size."""

    title: pygame.Rect
    dice: pygame.Rect  # the turn's roll
    halves: tuple[pygame.Rect, pygame.Rect]  # the player's choice, then the expert's (in reading order)
    bar: pygame.Rect  # the buttons' two rows


@dataclass(frozen=True)
class Line:
    """One line of words at the size that fits its box (its ink is centred in the box)."""

    words: str
    px: int
    colour: Colour
    bold: bool
    box: pygame.Rect


@dataclass(frozen=True)
class DiceRow:
    """'Rolled' at its size and the dice, across ``rect``, in reading order (from the right
    in Urdu, as the tray): the label's ink centred in ``label_box``, each die at its rect."""

    rect: pygame.Rect
    label: str
    label_px: int
    dice: tuple[int, ...]
    label_box: pygame.Rect
    dice_at: tuple[pygame.Rect, ...]  # each die's picture, in the order of ``dice``


@dataclass(frozen=True)
class RowPart:
    """One picture of a powers row: words (at ``px``), a die (its face) or an arrow, its ink
    centred in ``box``; ``shows``: the die's name in the draw log."""

    words: str = ""
    px: int = 0
    face: int = 0
    arrow: bool = False
    shows: str = ""
    box: pygame.Rect = field(default_factory=pygame.Rect)
    ink: pygame.Rect = field(default_factory=pygame.Rect)  # the words' ink as drawn (scaled with the row)


@dataclass(frozen=True)
class PowersRow:
    """The powers a choice used across ``rect``: each power's words at their size, then the
    die before and after (a re-roll's dice before, an arrow, the dice it showed), or 'no
    power', in reading order; all scaled by ``scale`` where the row is wider than ``rect``.
    The dice and arrows are drawn at ``size``'s share of the row."""

    rect: pygame.Rect
    choice: TurnAdvice
    size: int
    labels: tuple[tuple[str, int], ...]  # each power's (words, size), in the choice's order
    no_power: tuple[str, int] | None  # the words where no power was used
    parts: tuple[RowPart, ...] = ()
    scale: float = 1.0


@dataclass(frozen=True)
class SidePlan:
    """One side: its heading, its board (None: nothing to show yet, only the note), the
    powers its choice used and its note's lines."""

    heading: Line
    board: pygame.Rect | None
    position: tuple[int, ...]  # the board as the roll met it
    choice: TurnAdvice | None
    ghost: bool  # the choice's dice drawn as the expert's ghosts
    powers: PowersRow | None
    notes: tuple[Line, ...]


@dataclass(frozen=True)
class ReplayPlan:
    inputs: ReplayInputs
    areas: ViewerAreas
    buttons: tuple[Button, ...]
    title: Line  # the turn's title, or why there is none
    dice: DiceRow | None
    you: SidePlan | None
    expert: SidePlan | None


def plan_replay(fonts: FontBook, text: Catalog, inputs: ReplayInputs) -> ReplayPlan:
    areas = viewer_areas(inputs.window, text.direction)
    buttons = tuple(size_button_rows(fonts, _buttons(text, areas.bar, inputs)))  # their words' size too
    floor = min_text_px(inputs.window)
    if not inputs.stories:
        words = text("replay.unreadable" if inputs.unreadable else "replay.empty")
        return ReplayPlan(inputs, areas, buttons, _line(fonts, words, areas.title, palette.TEXT, floor), None, None, None)
    return _TurnPlanner(fonts, text, inputs, floor).plan(areas, buttons)


class _TurnPlanner:
    """The open turn's title, roll and two sides."""

    def __init__(self, fonts: FontBook, text: Catalog, inputs: ReplayInputs, floor: int) -> None:
        self.fonts, self.text, self.inputs, self.floor = fonts, text, inputs, floor

    def plan(self, areas: ViewerAreas, buttons: tuple[Button, ...]) -> ReplayPlan:
        fonts, text, inputs, floor = self.fonts, self.text, self.inputs, self.floor
        story = inputs.stories[inputs.page]
        key = "replay.title_magdagdon" if story.magdagdon else "replay.title"
        title = _line(fonts, text(key, turn=story.turn, turns=inputs.stories[-1].turn, score=story.score_after),
                      areas.title, palette.GOLD, floor, bold=True)
        dice = self._dice_row(areas.dice, story.dice)
        by_turn = reviews_by_turn(inputs.review)
        review = by_turn.get(story.turn)
        you_rect, expert_rect = areas.halves
        luck = "" if review is None else luck_note(text, review, by_turn.get(story.turn - 1))
        choice: TurnAdvice | None
        if review is None:
            note, choice, colour = text("replay.thinking" if not inputs.review_ready else "replay.agrees"), None, \
                palette.TEXT_DIM
            if inputs.review_ready:
                choice, colour = story.played, palette.LEGAL
        elif review.agreed or review.advice is None:
            note, choice, colour = text("replay.agrees"), story.played, palette.LEGAL
        else:
            note, choice, colour = choice_note(text, review), review.advice, palette.GOLD
        # a sentence too long for one line at the readable size takes two, on both sides alike
        lines = self._note_lines(you_rect.width, luck, "" if inputs.showing_line else note)
        you = self._side(you_rect, text("replay.you"), story, story.played, False, True, palette.TEXT, luck,
                         palette.TEXT_DIM, lines)
        if inputs.showing_line:
            expert = self._expert_game(expert_rect, story.turn, lines)
        else:
            powers = choice is not None and choice is not story.played
            expert = self._side(expert_rect, text("replay.expert"), story, choice, True, powers, palette.HINT, note,
                                colour, lines)
        return ReplayPlan(inputs, areas, buttons, title, dice, you, expert)

    def _dice_row(self, rect: pygame.Rect, values: tuple[int, ...]) -> DiceRow:
        """'Rolled' and the dice side by side, the row centred in ``rect``."""
        fonts, text, floor = self.fonts, self.text, self.floor
        label = text("replay.rolled")
        label_px = fitted_size(fonts, label, max(floor, int(rect.height * 0.45)), (rect.width // 2, rect.height - 2),
                               False, floor)
        size = int(rect.height * 0.9)
        gap = size // 5
        width = fonts.render(label, label_px, palette.TEXT_DIM).get_width()  # side bearings included: clear of the dice
        total = width + gap + len(values) * (size + gap) - gap
        x = rect.centerx - total // 2
        label_box, dice_at = rect, [rect] * len(values)
        for index in text.direction.ordered([-1, *range(len(values))]):
            if index < 0:
                label_box = pygame.Rect(x, rect.top, width, rect.height)
                x += width + gap
            else:
                dice_at[index] = pygame.Rect(0, 0, max(8, size), max(8, size))
                dice_at[index].midleft = (x, rect.centery)
                x += size + gap
        return DiceRow(rect, label, label_px, values, label_box, tuple(dice_at))

    def _note_lines(self, width: int, *notes: str) -> int:
        """1, or 2 where a note is wider than ``width`` at the smallest readable size."""
        smallest = readable_floor(self.fonts, self.floor)
        return 2 if any(note and self.fonts.size(note, smallest)[0] > width for note in notes) else 1

    def _expert_game(self, rect: pygame.Rect, turn: int, note_lines: int) -> SidePlan:
        """The expert's own game at ``turn``: the board its roll met, what it made of it and
        its score after; once its game is over, its last turn and when it ended."""
        text, line, inputs, floor = self.text, self.inputs.expert_line, self.inputs, self.floor
        heading = text("replay.expert_game")
        if line is None or not line or (not inputs.line_ready and all(s.turn < turn for s in line)):
            note = text("replay.thinking") if not inputs.line_ready else text("replay.unreadable")
            tall = max(24, rect.height // 11)
            return SidePlan(_line(self.fonts, heading, pygame.Rect(rect.left, rect.top, rect.width, tall), palette.HINT,
                                  floor, bold=True), None, (), None, False, None,
                            (_line(self.fonts, note, pygame.Rect(rect.left, rect.centery, rect.width, tall),
                                   palette.TEXT_DIM, floor),))
        story = next((s for s in line if s.turn == turn), None)
        if story is None:  # its game took fewer turns
            story = line[-1]
            note = text("replay.expert_over", turn=story.turn, score=story.score_after)
        else:
            note = text("replay.expert_score", score=story.score_after)
        return self._side(rect, heading, story, story.played, False, True, palette.HINT, note, palette.GOLD, note_lines)

    def _side(self, rect: pygame.Rect, heading: str, story: TurnStory, choice: TurnAdvice | None, ghost: bool,
              show_powers: bool, heading_colour: Colour, note: str, note_colour: Colour, note_lines: int) -> SidePlan:
        fonts, floor = self.fonts, self.floor
        line_h = side_line_height(rect.height, floor)
        head = pygame.Rect(rect.left, rect.top, rect.width, line_h)
        board = pygame.Rect(rect.left, head.bottom, rect.width, rect.height - line_h * (2 + note_lines))  # both sides alike
        y = board.bottom
        powers = None
        if show_powers and choice is not None:
            powers = self._powers(pygame.Rect(rect.left, y, rect.width, line_h), choice)
            y += line_h
        notes: tuple[Line, ...] = ()
        if note and note_lines == 1:
            notes = (_line(fonts, note, pygame.Rect(rect.left, y, rect.width, line_h), note_colour, floor),)
        elif note:
            size = readable_floor(fonts, floor)
            notes = tuple(_line(fonts, part, pygame.Rect(rect.left, y + index * line_h, rect.width, line_h), note_colour,
                                floor) for index, part in enumerate(fonts.wrap(note, size, rect.width)[:note_lines]))
        return SidePlan(_line(fonts, heading, head, heading_colour, floor, bold=True),
                        board.inflate(-line_h // 2, -line_h // 4), story.board, choice, ghost, powers, notes)

    def _powers(self, rect: pygame.Rect, choice: TurnAdvice) -> PowersRow:
        """Each power's words at the largest size up to the row's share that fits it."""
        fonts, text, floor = self.fonts, self.text, self.floor
        size = max(floor, int(rect.height * 0.6))
        box = (rect.width, rect.height - 2)

        def fitted(words: str) -> tuple[str, int]:
            return words, fitted_size(fonts, words, size, box, False, floor)

        labels = tuple(fitted(text(f"review.power.{kind}", values=" ".join(map(str, values))))
                       for kind, values in choice.powers)
        no_power = None if labels else fitted(text("replay.no_power"))
        return _laid_powers(fonts, PowersRow(rect, choice, size, labels, no_power), text.direction)


def _laid_powers(fonts: FontBook, row: PowersRow, direction: Direction) -> PowersRow:
    """``row`` with its pictures in reading order (the arrow pointing the way the line
    reads), side by side and centred in its rect, all scaled down where they would not fit."""
    rect, choice, size = row.rect, row.choice, row.size
    die = int(rect.height * 0.9)
    parts: list[RowPart] = []
    rerolls = iter(choice.rerolled)
    for step, ((kind, values), (label, label_px)) in enumerate(zip(choice.powers, row.labels)):
        parts.append(RowPart(label, label_px))
        if kind in ("minus", "plus"):
            after = values[0] + (1 if kind == "plus" else -1)
            parts += [RowPart(face=values[0], shows=f"power {step} before {values[0]}"), RowPart(arrow=True),
                      RowPart(face=after, shows=f"power {step} after {after}")]
        else:
            parts += [RowPart(face=value, shows=f"power {step} before {value}") for value in values]
            shown = next(rerolls, None)
            if shown is not None:
                parts.append(RowPart(arrow=True))
                parts += [RowPart(face=value, shows=f"power {step} after {value}") for value in shown]
    if row.no_power is not None:
        parts.append(RowPart(*row.no_power))
    parts = direction.ordered(parts)

    def picture_size(part: RowPart) -> tuple[int, int]:
        if part.words:
            return fonts.render(part.words, part.px, palette.TEXT_DIM).get_size()
        side = size if part.arrow else max(8, die)
        return side, side

    gap = max(4, size // 3)
    sizes = [picture_size(part) for part in parts]
    total = sum(w for w, _ in sizes) + gap * (len(parts) - 1)
    scale = min(1.0, rect.width / max(1, total))
    x = rect.centerx - int(total * scale) // 2
    laid = []
    for part, (w, h) in zip(parts, sizes):
        shown_w, shown_h = (max(1, int(w * scale)), max(1, int(h * scale))) if scale < 1 else (w, h)
        box = pygame.Rect(x, rect.top, shown_w, rect.height)
        ink = pygame.Rect(0, 0, 0, 0)
        if part.words:  # the words' ink, scaled as their picture is, centred in the box
            ink = fonts.ink(part.words, part.px)
            fx, fy = shown_w / w, shown_h / h
            ink = pygame.Rect(int(ink.x * fx), int(ink.y * fy), max(1, int(ink.w * fx)), max(1, int(ink.h * fy)))
            ink.center = box.center
        laid.append(replace(part, box=box, ink=ink))
        x += shown_w + int(gap * scale)
    return replace(row, parts=tuple(laid), scale=scale)


def _line(fonts: FontBook, words: str, rect: pygame.Rect, colour: Colour, floor: int, bold: bool = False) -> Line:
    """One line, its ink inside ``rect`` (Nastaliq's letters reach far past its size)."""
    return Line(words, fitted_size(fonts, words, _words_px(rect.height), (rect.width, rect.height - 2), bold, floor),
                colour, bold, rect)


def _buttons(text: Catalog, bar: pygame.Rect, inputs: ReplayInputs) -> tuple[Button, ...]:
    """Previous, Next and Costliest turn; Expert's game and Back under them."""
    gap = max(6, bar.width // 60)
    width = (bar.width - 2 * gap) // 3
    last = len(inputs.stories) - 1
    rows = [[("previous", text("button.previous"), inputs.page > 0),
             ("next", text("button.next"), inputs.page < last),
             ("costliest", text("replay.costliest"), bool(costliest_turns(inputs.review)) and not inputs.showing_line)],
            [("line", text("replay.show_choice" if inputs.showing_line else "replay.show_line"), bool(inputs.stories)),
             ("back", text("button.back"), True)]]
    row_h = max(40, (bar.height * 6) // 13)
    buttons = []
    for number, row in enumerate(rows):
        spec = text.direction.ordered(row)  # a right-to-left reader starts on the right
        top = bar.top if number == 0 else bar.bottom - row_h
        left = bar.centerx - (len(spec) * width + (len(spec) - 1) * gap) // 2
        buttons += [Button(ident, pygame.Rect(left + i * (width + gap), top, width, row_h), label, enabled,
                           "primary" if ident == "next" else "normal")
                    for i, (ident, label, enabled) in enumerate(spec)]
    return tuple(buttons)


def viewer_areas(window: tuple[int, int], direction: Direction) -> ViewerAreas:
    w, h = window
    margin = max(8, min(w, h) // 40)
    unit = min(h, w * 3 // 4)  # a tall window does not make the lines taller
    title = pygame.Rect(margin, margin, w - 2 * margin, max(36, unit // 14))
    buttons_h = max(40, unit // 12)
    rows_gap = max(4, buttons_h // 6)
    # two rows: Previous, Next and Costliest turn; Expert's game and Back under them
    bar = pygame.Rect(margin, h - margin - 2 * buttons_h - rows_gap, w - 2 * margin, 2 * buttons_h + rows_gap)
    # a title stands a quarter of its size clear of the line under it (a tall script's ink
    # reaches its line's edges)
    dice = pygame.Rect(margin, title.bottom + _quarter(_words_px(title.height)), w - 2 * margin, max(30, unit // 12))
    body = pygame.Rect(margin, dice.bottom + margin // 2, w - 2 * margin, bar.top - dice.bottom - margin)
    portrait = h > w * 1.05
    if portrait:  # one side over the other: the lower side's heading clear of the upper side's last line
        apart = _quarter(_words_px(side_line_height(body.height // 2, min_text_px((w, h)))))
        upper = (body.height - apart) // 2
        halves = [pygame.Rect(body.left, body.top, body.width, upper),
                  pygame.Rect(body.left, body.top + upper + apart, body.width, body.height - upper - apart)]
    else:
        halves = direction.ordered(  # the player's side first, on the right in Urdu
            [pygame.Rect(body.left, body.top, body.width // 2, body.height),
             pygame.Rect(body.left + body.width // 2, body.top, body.width - body.width // 2, body.height)])
    return ViewerAreas(title, dice, (halves[0], halves[1]), bar)


def side_line_height(side_height: int, floor: int) -> int:
    """The height of a side's lines (its heading, its powers, its note): room for Nastaliq's ink."""
    return max(24, side_height // 11, 5 * floor // 2)


def _words_px(line_height: int) -> int:
    """The size of the words on a line ``line_height`` tall (at most: a long line is fitted smaller)."""
    return int(line_height * 0.6)


def _quarter(px: int) -> int:
    return -(-px // 4)


def luck_note(text: Catalog, review: TurnReview, previous: TurnReview | None) -> str:
    """What the dice gave against what was expected: the turn's value against the one the
    turn before left, so it is sure only once both turns are valued."""
    sure = review.settled and (previous is None or previous.settled)
    return text("replay.luck" if sure else "replay.luck_guess", luck=change(review.luck_points))


def choice_note(text: Catalog, review: TurnReview) -> str:
    """What the player's choices came to against the expert's, with how sure it is."""
    values = {"choice": change(review.choice_points), "margin": max(1, round(review.margin))}
    if not review.settled:
        return text("replay.guess", **values)
    if review.exact:
        return text("replay.choice_exact", **values)
    return text("replay.choice_gain" if review.choice_points > 0 else "replay.choice", **values)
