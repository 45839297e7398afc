"""Everyone can read the table: every text meets WCAG AA contrast on the rendered frames,
no text is smaller than 20 px on a 1080p screen, and legal cells, staged dice, bonuses
and warnings stay apart for protanopia, deuteranopia and tritanopia, and by shape too.

Run with ``-s`` to see the measured contrasts."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools  # noqa: E402
from collections import Counter  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.ui import palette  # noqa: E402

from support.player import Player  # noqa: E402
from support.text_probe import drawn_texts, rendered_texts  # noqa: E402
from support.vision import DEFICIENCIES, delta_e, simulate  # noqa: E402

LARGE_PX = 24  # WCAG "large": 18 pt (24 px), or 14 pt (18.7 px) bold: 3:1 suffices
CLEARLY_APART = 12.0  # ΔE76: told apart at a glance (2.3 is just noticeable)


def staging_with_a_die_in_hand(tmp_path, size):
    """The staging scene with one die staged and another picked up (its cells lit)."""
    player = Player(tmp_path, size, seed=5, scene="staging")
    player.wait(0.5)
    tray = player.table.game.tray
    player.tap(player.table.layout.tray_slots[tray[0]].center)
    assert player.table.session.selected == tray[0]
    return player


def required_contrast(size: int) -> float:
    return 3.0 if size >= LARGE_PX else 4.5


@pytest.mark.parametrize("scene,size", [("staging", (1920, 1080)), ("magdagdon", (1920, 1080)),
                                        ("ruin_pick", (1920, 1080)), ("game_over", (1920, 1080)),
                                        ("rolling", (1080, 1920)), ("staging", (800, 600)),
                                        ("replay", (1920, 1080))])
def test_every_text_meets_wcag_aa_contrast(scene, size, tmp_path):
    if scene == "staging":
        player = staging_with_a_die_in_hand(tmp_path, size)
    elif scene == "replay":  # the replay viewer from game over, with the expert's side in
        player = Player(tmp_path, size, seed=5, scene="game_over")
        player.wait(2.5)  # the finished board and the count-up: then the review starts
        player.table.session.review_job.future.result(60)
        player.tap(next(b for b in player.table.buttons() if b.ident == "replay").rect.center)
        assert player.top_key == "replay" and player.top.review is not None
    else:
        player = Player(tmp_path, size, seed=5, scene=scene)
        player.wait(0.5)
    texts = drawn_texts(player)
    assert len(texts) >= 10, "the probe found too few texts to judge the screen"
    print(f"\n{scene} {size[0]}x{size[1]}: {len(texts)} texts, lowest contrast "
          f"{min(t.worst_contrast for t in texts):.2f}")
    for found in sorted(texts, key=lambda t: t.worst_contrast)[:5]:
        print(f"  {found.worst_contrast:5.2f}:1  {found.size:3d} px  {found.text!r}")
    failing = [t for t in texts if t.worst_contrast < required_contrast(t.size)]
    assert not failing, failing


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
def test_no_text_under_20_px_on_a_1080p_screen(size, tmp_path):
    for scene in ("staging", "magdagdon", "ruin_pick", "game_over"):
        player = Player(tmp_path / scene, size, seed=5, scene=scene)
        player.wait(0.5)
        texts = rendered_texts(player)
        assert len(texts) >= 10, (scene, texts)
        small = [(text, px) for text, px in texts if px < 20]
        assert not small, (scene, small)
        player.close()


def _main_colour(surface: pygame.Surface, rect: pygame.Rect, neutrals: tuple[tuple[int, int, int], ...]) -> tuple[int, int, int]:
    """The commonest colour in ``rect`` that is none of the ``neutrals`` (faces, panels)."""
    counts = Counter(tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
                     for y in range(rect.top, rect.bottom))
    for colour, _ in counts.most_common():
        if all(delta_e(colour, n) > 6 for n in neutrals):
            return colour
    raise AssertionError(f"nothing but neutrals in {rect}")


NEUTRALS = (palette.DIE_FACE, palette.DIE_SHADE, palette.DIE_PIP, palette.CELL_EMPTY, palette.CELL_EDGE,
            palette.PANEL, palette.BACKGROUND, palette.BACKGROUND_GLOW, palette.TEXT, palette.TEXT_DIM, palette.SHADOW)


def _edge_colour(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    """The outline of a lit cell, drawn opaque."""
    return tuple(surface.get_at((rect.left + 1, rect.centery)))[:3]


def _marked(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], points: list[tuple[float, float]]) -> bool:
    """Every point (fractions of ``rect``) shows ``colour``: the shape is there."""
    for fx, fy in points:
        pixel = tuple(surface.get_at((int(rect.left + fx * rect.width), int(rect.top + fy * rect.height))))[:3]
        if delta_e(pixel, colour) > 12:
            return False
    return True


RING = [(0.5, 0.32), (0.5, 0.68), (0.32, 0.5), (0.68, 0.5)]  # the ring of a legal cell
CROSS = [(0.36, 0.36), (0.64, 0.64), (0.36, 0.64), (0.64, 0.36)]  # the cross of a cell to ruin
FOLD = [(0.86, 0.06), (0.9, 0.1)]  # the folded corner of a staged die
# Staged dice and earned bonuses share the gold of "this counts": a die with a folded
# corner on the board and a "+N" under a line sum never meet in one place.
SAME_COLOUR_BY_DESIGN = {("staged die", "bonus")}


def test_legal_staged_bonus_and_warning_stay_apart_for_colour_blind_players(tmp_path):
    player = staging_with_a_die_in_hand(tmp_path / "staging", (1920, 1080))
    table, shown = player.table, player.fresh()
    layout, game = table.layout, table.game
    legal_cell = min(game.legal_cells_for(table.session.selected))
    legal = _edge_colour(shown, layout.cells[legal_cell])
    staged_cell = game.staged[0][1]
    staged = _main_colour(shown, layout.cells[staged_cell], NEUTRALS + (legal,))
    sprite = table.session.sprites[game.staged[0][0]]
    assert _marked(shown, sprite.rect, staged, FOLD), "a staged die has no folded corner"
    settled = next(c for c, v in enumerate(game.board.cells) if v > 0)
    assert not _marked(shown, layout.cells[settled], staged, FOLD)
    assert _marked(shown, layout.cells[legal_cell], legal, RING), "a legal cell has no ring"
    assert not _marked(shown, layout.cells[legal_cell], legal, CROSS)
    player.close()

    player = Player(tmp_path / "ruin", (1920, 1080), seed=5, scene="ruin_pick")
    player.wait(0.5)
    table, shown = player.table, player.fresh()
    layout = table.layout
    doomed = min(table.game.board.empty_cells())
    warning = _edge_colour(shown, layout.cells[doomed])
    assert _marked(shown, layout.cells[doomed], warning, CROSS), "a cell to ruin has no cross"
    assert not _marked(shown, layout.cells[doomed], warning, RING)
    earned = [i for i, label in enumerate(_labels(table)) if label.tag.startswith("+")]
    assert earned, "the scene should show an earned bonus"
    index = earned[0]
    sums = layout.row_sums[index] if index < 4 else layout.col_sums[index - 4]
    bonus = _main_colour(shown, sums.inflate(0, -sums.height // 2).move(0, sums.height // 4), NEUTRALS)
    player.close()

    elements = {"legal cell": legal, "staged die": staged, "bonus": bonus, "warning": warning}
    print("\nsampled:", elements)
    for deficiency in (None, *DEFICIENCIES):
        seen = {name: simulate(c, deficiency) if deficiency else c for name, c in elements.items()}
        distances = {(a, b): delta_e(seen[a], seen[b]) for a, b in itertools.combinations(seen, 2)}
        print(f"{deficiency or 'typical'}: " + ", ".join(f"{a}/{b} {d:.0f}" for (a, b), d in distances.items()))
        close = {pair: round(d, 1) for pair, d in distances.items()
                 if d < CLEARLY_APART and pair not in SAME_COLOUR_BY_DESIGN}
        assert not close, (deficiency, close)


def _labels(table):
    from magdagdon.app.table.board_view import line_labels

    return line_labels(table.game.working_board)
