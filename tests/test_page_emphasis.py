"""Bold and italic words inside the lines of How to play and About are drawn bold and
italic (the bundled bold face where the script has one, a synthetic style where it has
not), in every language; a line wholly in bold stays a heading."""

import pygame
import pytest

from magdagdon.app.text.i18n import Catalog
from magdagdon.app.text.styled_text import Span, parse_inline, wrap_spans

from support.player import Player

LOCALES = ["en", "it", "ur", "hi"]


def test_markup_becomes_spans():
    assert parse_inline("a <b>CUBIRI ORIGINAL</b> for <i>every</i> die &amp; <u>x</u>") == (
        Span("a "), Span("CUBIRI ORIGINAL", bold=True), Span(" for "), Span("every", italic=True), Span(" die & x"))
    assert parse_inline("<b><i>both</i></b>") == (Span("both", bold=True, italic=True),)


def test_wrapping_keeps_each_word_in_its_style():
    spans = parse_inline("one <b>two three</b> <i>four</i> five")
    lines = wrap_spans(spans, 11, lambda line: sum(len(span.text) for span in line))
    assert lines == [(Span("one "), Span("two", bold=True)), (Span("three", bold=True), Span(" "), Span("four", italic=True)),
                     (Span("five"),)]


def page_lines(player: Player):
    return [line for line in player.top.page.lines if not line.bold]  # not headings


def styled(line, bold=None, italic=None):
    return any((bold is None or span.bold == bold) and (italic is None or span.italic == italic) for span in line.spans)


def drawn_line(player: Player, spans) -> pygame.Surface:
    menu = player.top
    look_size = menu.text_page.size
    return menu.fonts.render_styled(spans, look_size, (255, 255, 255))


@pytest.mark.parametrize("locale", LOCALES)
def test_inline_emphasis_on_the_rules_and_about_pages_is_drawn(tmp_path, locale):
    catalog = Catalog(locale)
    for scene, bold_word, italic_word in [("rules", None, _italic_word(catalog)),
                                          ("about", "CUBIRI ORIGINAL", None)]:
        player = Player(tmp_path / scene, (1920, 1080), scene=scene, locale=locale)
        player.wait(0.5)
        lines = page_lines(player)
        bold_lines = [line for line in lines if bold_word and any(s.bold and bold_word in s.text for s in line.spans)]
        assert bold_lines or not bold_word, (scene, locale, [line.text for line in lines])
        if italic_word:
            italic_lines = [line for line in lines if any(s.italic and italic_word in s.text for s in line.spans)]
            assert italic_lines, (scene, locale)
            emphasised = [*bold_lines, italic_lines[0]]
        else:
            emphasised = bold_lines
        for line in emphasised:  # what is drawn differs from the same words drawn plain
            flat = tuple(Span(span.text) for span in line.spans)
            styled_image, plain_image = drawn_line(player, line.spans), drawn_line(player, flat)
            assert pygame.image.tobytes(styled_image, "RGBA") != pygame.image.tobytes(plain_image, "RGBA"), line.text
        page, view = player.top.page, player.top._page_view()
        target = emphasised[0]
        for _ in range(40):  # the player scrolls down to the line
            if page.offset <= target.y and target.y + target.height <= page.offset + view.height:
                break
            player.key(pygame.K_PAGEDOWN, then=0.05)
        seen = []
        real = player.top.fonts.render_styled

        def spy(spans, *args, **kwargs):
            seen.append(spans)
            return real(spans, *args, **kwargs)

        player.top.fonts.render_styled = spy
        try:
            player.fresh()  # the page as the player sees it draws the styled lines
        finally:
            del player.top.fonts.render_styled
        assert target.spans in seen, (scene, page.offset, target.y)
        player.close()


def _italic_word(catalog: Catalog) -> str:
    body = catalog("rules.body")
    return body.split("<i>")[1].split("</i>")[0]
