"""The guests' tiles: what one guest's name does to its own tile only, and the small boards' ruins,
crossed out so that their shape tells them from empty cells."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.phones.guest_tiles import GuestMark, Tile, draw_tile  # noqa: E402
from magdagdon.app.phones.tile_plan import plan_tile, plan_tiles  # noqa: E402
from magdagdon.app.text.fit import min_text_px  # noqa: E402
from magdagdon.engine import Board  # noqa: E402
from magdagdon.app.shell.screen_key import ScreenKey  # noqa: E402


def drawn_tile(surface, fonts, text, card, tile):
    """``tile`` planned for ``card`` and drawn there (the window: ``surface``)."""
    draw_tile(surface, fonts, plan_tile(fonts, text, card.size, tile, min_text_px(surface.get_size())), card.topleft)


def drawn_tiles(surface, fonts, text, area, tiles, images):
    """``tiles`` planned in ``area`` and drawn (the window: ``surface``)."""
    from magdagdon.app.phones.guest_tiles import draw_tiles

    draw_tiles(surface, fonts, plan_tiles(fonts, text, area, tiles, min_text_px(surface.get_size())), images)


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_a_long_name_leaves_the_score_as_large_as_its_neighbours(locale, monkeypatch):
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    sizes: dict[str, int] = {}
    render = FontBook.render

    def spy(self, words, size, *args, **kwargs):
        sizes[words] = size
        return render(self, words, size, *args, **kwargs)

    monkeypatch.setattr(FontBook, "render", spy)
    surface = pygame.Surface((1920, 1080))
    card = pygame.Rect(0, 0, 880, 320)  # a wide tile of four guests at 1920×1080
    drawn_tile(surface, fonts, text, card, Tile(0, "Aisha", 32, Board(), GuestMark.CONFIRMED))
    drawn_tile(surface, fonts, text, card, Tile(1, "Bartholomew-Long", 12, Board(), GuestMark.PLACING))
    assert sizes["12"] == sizes["32"]


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("card", [pygame.Rect(0, 0, 880, 320), pygame.Rect(0, 0, 490, 320)])
def test_a_long_name_stays_readable_beside_a_short_one_and_loses_its_end_instead(locale, card, monkeypatch):
    # 880×320: four guests at 1920×1080; 490×320: eight in a portrait 1080×1920 window,
    # where "Wolfgang Amadeus" was drawn at a third of "Ana"'s size in a narrow column.
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    drawn: list[tuple[str, int]] = []
    render = FontBook.render

    def spy(self, words, size, *args, **kwargs):
        drawn.append((words, size))
        return render(self, words, size, *args, **kwargs)

    monkeypatch.setattr(FontBook, "render", spy)
    surface = pygame.Surface((1080, 1920))
    drawn_tile(surface, fonts, text, card, Tile(0, "Ana", 36, Board(), GuestMark.CONFIRMED))
    drawn_tile(surface, fonts, text, card, Tile(1, "Wolfgang Amadeus Mozart", 36, Board(), GuestMark.CONFIRMED))
    short = next(size for words, size in drawn if "Ana" in words)
    long_name = next((words, size) for words, size in drawn if "Wolfgang" in words)
    assert long_name[1] >= short * 0.45 - 1, (long_name, short)
    assert "Mozart" in long_name[0] or "…" in long_name[0]  # whole, or its end cut for all to see
    assert fonts.size(long_name[0], long_name[1], True)[0] <= card.width


def test_a_room_with_no_guest_yet_lays_out_an_empty_grid():
    from magdagdon.app.phones.guest_tiles import grid, tile_boxes
    from magdagdon.app.text.direction import LEFT_TO_RIGHT

    assert grid(0, pygame.Rect(0, 0, 1800, 600), 2.6) == (1, 1)
    assert tile_boxes(0, pygame.Rect(0, 0, 1800, 600), 2.6, LEFT_TO_RIGHT) == []


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("guests,size", [(50, (1920, 1080)), (8, (1920, 1080)), (8, (1080, 1920)), (20, (800, 600))])
def test_tiles_kept_as_images_draw_the_very_pixels_of_tiles_drawn_afresh(locale, guests, size):
    from magdagdon.app.phones.guest_tiles import TileImages, tiles_of
    from magdagdon.app.shell.scenes import scene_room
    from magdagdon.engine import Difficulty

    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    tiles = tiles_of(scene_room(ScreenKey.PHONES_RACE, guests, Difficulty.PEACEFUL, 1).snapshot.seats)
    area = pygame.Rect(20, 200, size[0] - 40, size[1] - 300)

    def drawn(images):
        surface = pygame.Surface(size)
        surface.fill((30, 34, 60))
        drawn_tiles(surface, fonts, text, area, tiles, images)
        return pygame.image.tobytes(surface, "RGB")

    afresh = drawn(None)
    images = TileImages()
    assert drawn(images) == afresh  # drawn into images the first time
    images.frame()
    kept = len(images.kept)
    assert drawn(images) == afresh and kept == len(tiles)  # then blitted from them
    images.frame()
    moved = tiles[1:]  # a guest left: the others' images are kept, its image let go
    surface = pygame.Surface(size)
    drawn_tiles(surface, fonts, text, area, moved, images)
    images.frame()
    assert len(images.kept) <= len(tiles)


def test_a_negative_score_takes_the_minus_sign_of_every_other_screen(monkeypatch):
    text = Catalog("en")
    fonts = FontBook(text.script, rtl=text.rtl)
    drawn: list[str] = []
    render = FontBook.render

    def spy(self, words, size, *args, **kwargs):
        drawn.append(words)
        return render(self, words, size, *args, **kwargs)

    monkeypatch.setattr(FontBook, "render", spy)
    drawn_tile(pygame.Surface((1920, 1080)), fonts, text, pygame.Rect(0, 0, 300, 180),
              Tile(0, "Siddharth", -32, Board(), GuestMark.BOARD_FULL, place=20))
    assert "\u201332" in drawn and "-32" not in drawn  # the en dash the cards use, not a hyphen


NAMES_OF_EVERY_SCRIPT = ["Aisha", "عائشہ خان", "प्रिया", "Luca", "فاطمہ", "राहुल", "علی", "Bartholomew-"]


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("guests,size", [(50, (1920, 1080)), (20, (1920, 1080)), (8, (1920, 1080)),
                                         (8, (1080, 1920)), (20, (800, 600))])
@pytest.mark.parametrize("places", [False, True])
def test_every_guest_gets_the_same_board_whatever_the_script_of_the_name(locale, guests, size, places,
                                                                         monkeypatch):
    # An Urdu name's ink reaches twice as far as a Latin one's: sized by its own name, a
    # tile drew its board smaller than its neighbours' (the race and the room's results).
    from magdagdon.app.phones import guest_tiles

    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    boards: list[tuple[int, int]] = []
    monkeypatch.setattr(guest_tiles, "draw_mini_board",
                        lambda surface, rect, board: boards.append(rect.size))
    tiles = [Tile(i, NAMES_OF_EVERY_SCRIPT[i % len(NAMES_OF_EVERY_SCRIPT)], i, Board(), GuestMark.CONFIRMED,
                  place=i + 1 if places else None) for i in range(guests)]
    surface = pygame.Surface(size)
    drawn_tiles(surface, fonts, text, pygame.Rect(20, 200, size[0] - 40, size[1] - 300), tiles,
                           guest_tiles.TileImages())
    assert len(boards) == guests and len(set(boards)) == 1, sorted(set(boards))


def test_kept_tiles_follow_a_taller_name_joining_the_room():
    # The room's name band is kept with the tiles' images: a name of a taller script
    # coming in must lay every tile out again, as drawn afresh.
    from magdagdon.app.phones import guest_tiles

    text = Catalog("en")
    fonts = FontBook(text.script, rtl=text.rtl)
    area = pygame.Rect(20, 200, 1880, 780)
    latin = [Tile(i, f"Guest {i}", i, Board(), GuestMark.CONFIRMED) for i in range(49)]
    images = guest_tiles.TileImages()

    def drawn(tiles, kept):
        surface = pygame.Surface((1920, 1080))
        drawn_tiles(surface, fonts, text, area, tiles, kept)
        if kept is not None:
            kept.frame()
        return pygame.image.tobytes(surface, "RGB")

    drawn(latin, images)
    room = latin + [Tile(49, "عائشہ خان", 0, Board(), GuestMark.PLACING)]
    assert drawn(room, images) == drawn(room, None)


@pytest.mark.parametrize("side", [40, 96, 240])  # a tile among fifty, among eight, a results card
def test_a_ruin_on_a_small_board_is_told_from_an_empty_cell_by_its_shape_not_its_colour(side):
    """In greyscale (as a colour-blind guest, or anyone across a room, may see it) a ruin's
    dark and an empty cell's blue are one grey: the ruin carries a cross, or a cracked slab."""
    from magdagdon.app.table.mini_board import board_cells, draw_mini_board
    from magdagdon.engine import RUIN

    surface = pygame.Surface((side + 20, side + 20))
    cells = [0] * 16
    cells[5] = RUIN
    rect = pygame.Rect(10, 10, side, side)
    draw_mini_board(surface, rect, tuple(cells))

    def greys(index: int) -> set[int]:
        box = board_cells(rect)[index]
        inner = box.inflate(-2 * max(1, box.width // 8), -2 * max(1, box.width // 8))
        return {round(0.2126 * r + 0.7152 * g + 0.0722 * b) // 16
                for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom)
                for r, g, b, _ in [surface.get_at((x, y))]}

    empty, ruin = greys(6), greys(5)
    assert len(empty) == 1  # an empty cell: one flat grey
    assert len(ruin) > 1 and ruin - empty  # the ruin: a mark of another grey across it


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_tile_plans_kept_from_the_last_plan_are_the_plans_made_afresh(locale):
    # The race keeps the tiles' plans of its last plan for the tiles that did not change: a
    # score, a mark, a taller name joining and a resize must each come out as planned afresh.
    from dataclasses import replace

    from magdagdon.app.phones.tile_plan import KeptTilePlans

    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    area = pygame.Rect(20, 200, 1880, 780)
    tiles = [Tile(i, f"Guest {i}", i, Board(), GuestMark.CONFIRMED) for i in range(20)]
    kept = KeptTilePlans()
    rooms = [tiles, [replace(tiles[0], score=40)] + tiles[1:],
             tiles[:19] + [Tile(20, "عائشہ خان", 0, Board(), GuestMark.PLACING)],  # the same grid, a taller name
             tiles[:3] + [replace(tiles[3], mark=GuestMark.AWAY)], tiles[:3]]
    for room in rooms:
        assert plan_tiles(fonts, text, area, room, 20, kept) == plan_tiles(fonts, text, area, room, 20)
    assert plan_tiles(fonts, text, area.inflate(-200, 0), tiles, 20, kept) == \
        plan_tiles(fonts, text, area.inflate(-200, 0), tiles, 20)
    unchanged = plan_tiles(fonts, text, area, tiles, 20, kept)
    again = plan_tiles(fonts, text, area, [replace(tiles[0], score=41)] + tiles[1:], 20, kept)
    assert all(a is b for a, b in zip(unchanged.tiles[1:], again.tiles[1:]))  # kept, not made again
