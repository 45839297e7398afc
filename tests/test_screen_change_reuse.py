"""What a screen change reuses rather than builds again — wrapped pages, the table's
window-sized surfaces, the dimming veils — is rebuilt when what it depends on changes:
the language, the text size, the window's size, the table's layout."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.table.layout import compute_layout  # noqa: E402
from magdagdon.app.text.menu_text import paragraphs  # noqa: E402
from magdagdon.app.table.table_canvas import TableCanvas  # noqa: E402
from magdagdon.app.text.line_breaks import break_opportunities, wrap_paragraph  # noqa: E402
from magdagdon.graphemes import clusters as grapheme_clusters  # noqa: E402
from magdagdon.app.shell.viewport import Viewport  # noqa: E402
from magdagdon.engine import Difficulty, Game  # noqa: E402

from support.player import Player, same_picture  # noqa: E402


@pytest.fixture(autouse=True)
def fonts_ready():
    pygame.display.init()
    pygame.font.init()
    yield


def wrapped_measuring_every_line(text: str, width: int, measure) -> list[str]:
    """The plain greedy wrap at the same line-break opportunities: every line tried is
    measured whole."""
    lines: list[str] = []
    line = ""
    start = 0
    for end in break_opportunities(text):
        segment = text[start:end]
        start = end
        word = segment.strip()
        if measure((line + word).strip()) <= width:
            line += segment
            continue
        if line.strip():
            lines.append(line.strip())
        line = segment
        if measure(word) > width and not any("\u0600" <= c <= "\u06ff" for c in word):
            line = ""
            for cluster in grapheme_clusters(word):
                if line and measure(line + cluster) > width:
                    lines.append(line)
                    line = ""
                line += cluster
            line += segment[len(segment.rstrip()):]
    if line.strip():
        lines.append(line.strip())
    return lines


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi"])
@pytest.mark.parametrize("width", [300, 700, 1200])
def test_wrapping_by_word_widths_breaks_the_rules_page_where_measuring_every_line_does(locale, width):
    catalog = Catalog(locale)
    fonts = FontBook(catalog.script, rtl=catalog.rtl)
    setter, px = fonts.setter, 22
    for text, bold in paragraphs(catalog("rules.body")):
        if not text:
            continue
        measure = lambda line: setter.width(line, px, bold)  # noqa: E731
        assert wrap_paragraph(text, width, measure) == wrapped_measuring_every_line(text, width, measure)


def test_a_line_wrapped_from_word_widths_never_overflows_when_kerning_widens_it():
    def measure(line: str) -> int:  # a long line a little wider than its words (up to 4 % here)
        return int(len(line) * 10 * (1 + len(line) / 1000))

    text = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor " * 3
    for width in range(120, 400, 7):  # every word fits a line
        lines = wrap_paragraph(text, width, measure)
        assert " ".join(lines).split() == text.split()
        assert all(measure(line) <= width for line in lines)


def test_a_wrapped_page_is_kept_per_size_and_width_and_dropped_with_the_language_or_text_size():
    fonts = FontBook("latin")
    text = Catalog("en")("rules.body")
    first = fonts.wrap(text, 20, 500)
    calls = []
    real = fonts.setter.wrap
    fonts.setter.wrap = lambda *args: calls.append(args) or real(*args)  # type: ignore[method-assign]
    assert fonts.wrap(text, 20, 500) == first and not calls  # kept
    first.append("changed by a caller")
    assert fonts.wrap(text, 20, 500)[-1] != "changed by a caller"  # each caller gets its own list
    assert fonts.wrap(text, 20, 420) != first and len(calls) == 1  # another width: wrapped again
    width_before = fonts.size("MAGDAGDON", 20)[0]
    fonts.set_scale(1.5)
    assert fonts.size("MAGDAGDON", 20)[0] > width_before  # measured again at the larger size
    larger = fonts.wrap(text, 20, 500)
    assert len(calls) == 2 and len(larger) > len(first) - 1  # larger text: wrapped again, onto more lines
    italian = Catalog("it")("rules.body")
    fonts.switch("latin", rtl=False)
    assert fonts.wrap(italian, 20, 500) != first


def test_the_rules_page_after_a_language_switch_is_in_the_new_language_and_after_a_resize_fits_the_new_width(
        tmp_path):
    player = Player(tmp_path, size=(1280, 720))
    player.wait(0.5)
    player.choose("rules")
    english_lines = [line.text for line in player.top.page.lines]
    english_width = player.top._page_view().width
    player.key(pygame.K_ESCAPE)
    player.choose("settings")
    player.choose("language:it")
    player.key(pygame.K_ESCAPE)
    assert player.top_key == "title"
    player.choose("rules")
    page, fonts = player.top.page, player.fonts
    italian = Catalog("it")("rules.body")
    assert [line.text for line in page.lines] != english_lines
    assert " ".join(line.text for line in page.lines).split() == " ".join(
        text for text, _ in paragraphs(italian)).split()
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    player.post(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)
    player.wait(0.2)
    view = player.top._page_view()
    assert view.width < english_width
    size = player.top.text_page.size
    for line in player.top.page.lines:
        assert fonts.size(line.text, size, line.bold)[0] <= view.width or " " not in line.text
    player.close()


def test_the_table_repainted_for_a_new_layout_at_the_same_size_reuses_its_surfaces_and_looks_fresh():
    target = pygame.display.set_mode((1280, 720))
    game = Game(Difficulty.PEACEFUL, 4)
    fonts, text = FontBook(), Catalog("en")
    alone, with_band = compute_layout(1280, 720), compute_layout(1280, 720, strip=True)
    assert alone.board != with_band.board
    canvas = TableCanvas()
    canvas.draw(target, alone, game, fonts, text)
    surface = canvas.surface
    canvas.draw(target, with_band, game, fonts, text)
    assert canvas.surface is surface
    reused = target.copy()
    TableCanvas().draw(target, with_band, game, fonts, text)
    assert same_picture(reused, target)
    from magdagdon.engine import Roll, Stage

    game.play(Roll())
    die = next(d for d in game.tray if game.legal_cells_for(d))
    game.play(Stage(die, min(game.legal_cells_for(die))))
    canvas.draw(target, with_band, game, fonts, text)  # the changed regions painted again
    repainted = target.copy()
    TableCanvas().draw(target, with_band, game, fonts, text)
    assert same_picture(repainted, target)
    bigger = pygame.Surface((1600, 900), 0, target)
    canvas.draw(bigger, compute_layout(1600, 900), game, fonts, text)
    assert canvas.surface.get_size() == (1600, 900)


def test_the_veil_dims_in_place_as_a_blended_shadow_and_keeps_no_window_sized_image():
    from magdagdon.app.ui import palette

    viewport = Viewport((1280, 720), rtl=False)
    picture = pygame.Surface((1280, 720))
    for x in range(0, 1280, 160):  # stripes of very different colours
        picture.fill(((x * 7) % 256, (x * 3) % 256, 255 - x % 256), pygame.Rect(x, 0, 160, 720))
    expected = picture.copy()
    shadow = pygame.Surface((1280, 720), pygame.SRCALPHA)
    shadow.fill((*palette.SHADOW, 170))
    expected.blit(shadow, (0, 0))
    viewport.dim(picture, 170)
    for x in range(0, 1280, 160):
        got, want = picture.get_at((x + 80, 360)), expected.get_at((x + 80, 360))
        assert all(abs(a - b) <= 2 for a, b in zip(got[:3], want[:3])), (x, got, want)
    assert not [value for value in vars(viewport).values() if isinstance(value, (dict, pygame.Surface))]


def test_the_languages_offered_are_read_once_per_version_of_each_catalog(tmp_path, monkeypatch):
    import json
    import shutil

    from magdagdon.app.text import i18n

    for locale in i18n.available_locales():
        shutil.copy(i18n.catalog_dir() / f"{locale}.json", tmp_path)
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path)
    loads = []
    real_load = i18n._load
    monkeypatch.setattr(i18n, "_load", lambda locale, directory=None: loads.append(locale) or real_load(locale,
                                                                                                          directory))
    names = i18n.language_names()
    assert names["ur"] == "اردو"
    read = len(loads)
    assert i18n.language_names() == names
    assert len(loads) == read  # the Settings menu built again reads no catalog
    italian = json.loads((tmp_path / "it.json").read_text(encoding="utf-8"))
    italian["_meta"]["name"] = "Italiano (prova)"
    (tmp_path / "it.json").write_text(json.dumps(italian), encoding="utf-8")
    assert i18n.language_names()["it"] == "Italiano (prova)"  # a changed file is read again


def test_a_finished_party_goes_from_the_last_turn_to_the_results_without_building_a_hand_over(tmp_path):
    from magdagdon.app.ui.menu import MenuState
    from magdagdon.app.party.handover import PartyHandover

    player = Player(tmp_path, size=(1280, 720), scene="party_results", seed=1)
    player.wait(0.5)
    assert player.top_key == "party_results"
    built = []
    real_build = MenuState._build

    def spy(menu, width):
        built.append(type(menu).__name__)
        real_build(menu, width)

    MenuState._build = spy
    try:
        player.restart_at("party_handover")  # as the last turn ends
        player.wait(0.2)
    finally:
        MenuState._build = real_build
    assert player.top_key == "party_results"
    assert "PartyHandover" not in built and "PartyResultsScreen" in built
    assert not isinstance(player.top, PartyHandover) and player.top.buttons  # the results' own buttons
    player.close()
