"""A page of text (How to play) as players scroll it: every line on screen is whole — none
cut by its box's edge — and paging down shows every line of the page, none skipped."""

from __future__ import annotations

import pygame
import pytest

from magdagdon.app.audit.draw_log import Role

from support.player import Player



def page_lines(player: Player) -> list[str]:
    """The page's lines on screen now, each checked whole and inside the page's box."""
    body = player.top.body_rect
    shown = []
    for record in player.drawn().texts:
        if record.role is Role.PAGE and "body" in record.panel:
            assert record.shown == record.rect, f"{record.words!r}: only {record.shown} of {record.rect} shows"
            assert body.contains(record.rect), f"{record.words!r} at {record.rect} is not inside {body}"
            shown.append(record.words)
    assert shown, "the page shows no line"
    return shown


def wheel(player: Player, notches: int) -> None:
    player.post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches), touch=False)
    player.wait(0.1)


@pytest.mark.parametrize("locale", ["en", "it", "ur", "hi", "xx"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (1080, 1920)])
def test_a_scrolled_page_shows_whole_lines_and_skips_none(tmp_path, locale, size, monkeypatch):
    if locale == "xx":
        import magdagdon.app.text.i18n as i18n
        from screen_scenes import write_pseudo_catalogs

        catalogs = tmp_path / "i18n"
        write_pseudo_catalogs(i18n.catalog_dir(), catalogs)
        monkeypatch.setattr(i18n, "catalog_dir", lambda: catalogs)
    player = Player(tmp_path, size, scene="rules", locale=locale)
    try:
        player.wait(0.5)
        page = player.top.page
        every = [line.text for line in page.lines]
        seen = page_lines(player)
        for _ in range(len(every)):  # Page Down to the end (a page down moves at least a line)
            player.key(pygame.K_PAGEDOWN, then=0.1)
            seen += page_lines(player)
            if set(every) <= set(seen):
                break
        assert set(every) <= set(seen), [line for line in every if line not in seen]
        last = page_lines(player)
        player.key(pygame.K_PAGEDOWN, then=0.1)  # once more at the end: the page stays put
        assert page_lines(player) == last
        for notches in (1, 1, 2, 1):  # the wheel back up, then a drag down
            wheel(player, notches)
            page_lines(player)
        centre = player.top.body_rect.center
        for dy in (-37, -101, 23):
            player.drag(centre, (centre[0], centre[1] + dy), then=0.1)
            page_lines(player)
    finally:
        player.close()
