"""The phones' lobby by plan: laid out once for what the room shows, the window, the
language and the text scale — not at each frame the room is drawn — and judged here without
drawing."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from magdagdon.app.phones.guest_tiles import GuestMark  # noqa: E402
from magdagdon.app.phones.lobby_plan import Guest, LobbyInputs, LobbyModel, plan_lobby  # noqa: E402
from magdagdon.app.shell.scenes import guest_name  # noqa: E402
from magdagdon.app.text.fonts import FontBook  # noqa: E402
from magdagdon.app.text.i18n import Catalog  # noqa: E402
from magdagdon.app.text.text_runs import isolated  # noqa: E402

from support.player import Player  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    pygame.font.init()
    yield


def test_the_lobby_is_planned_once_while_what_it_shows_holds(tmp_path):
    player = Player(tmp_path, size=(1280, 720), scene="phones_lobby_3")
    try:
        player.wait(0.5)
        lobby, room = player.top, player.room
        made, drawn = lobby.plans.plans_made, player.frames_drawn
        shown = {item.mark for item in lobby.plan.legend}
        assert GuestMark.DISCONNECTED in shown  # one guest of three has dropped
        for _ in range(5):  # the room changes, nothing the lobby shows does: redrawn from the kept plan
            room._changed()
            player.wait(0.2)
        assert player.frames_drawn > drawn and lobby.plans.plans_made == made
        for seat in range(len(room.seats)):
            room.set_connected(seat, True)
        player.wait(0.3)
        assert lobby.plans.plans_made == made + 1
        assert {item.mark for item in lobby.plan.legend} == {GuestMark.CONNECTED}
        assert not lobby.is_animating()  # the last change is planned and drawn
        player.set_language("ur")
        player.wait(0.3)
        assert lobby.plans.plans_made == made + 2 and lobby.plan.inputs.locale == "ur"
        player.wait(0.5)
        assert lobby.plans.plans_made == made + 2
    finally:
        player.close()


BODIES = {(800, 600): (16, 100, 768, 380), (1920, 1080): (60, 150, 1800, 720), (1080, 1920): (30, 200, 1020, 1500)}


def planned(locale: str, window: tuple[int, int], guests: int):
    text = Catalog(locale)
    fonts = FontBook(text.script, rtl=text.rtl)
    marks = (GuestMark.CONNECTED, GuestMark.DISCONNECTED)
    model = LobbyModel("K7QX", "http://192.168.1.23:8765/r/K7QX",
                       tuple(Guest(i, isolated(guest_name(i)), marks[i % 2]) for i in range(guests)), guests // 2)
    return fonts, plan_lobby(fonts, text, LobbyInputs(BODIES[window], window, locale, 1.0, model))


def ink(fonts, line) -> pygame.Rect:
    return fonts.render(line.words, line.size, line.colour, line.bold).get_bounding_rect().move(line.at)


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("window", list(BODIES))
@pytest.mark.parametrize("guests", [0, 3, 20, 50])
def test_the_planned_lobby_keeps_every_piece_in_its_place(locale, window, guests):
    fonts, plan = planned(locale, window, guests)
    body = pygame.Rect(BODIES[window])
    assert body.contains(plan.qr_box)
    words = [ink(fonts, line) for part in (plan.label, plan.code, plan.address, plan.joined) for line in part]
    assert all(body.contains(rect) and not rect.colliderect(plan.qr_box) for rect in words)
    assert all(a.bottom <= b.top for a, b in zip(words, words[1:]))  # code, address, joined: one under another
    cells = plan.names
    assert len(cells) <= guests + 1 and (guests == 0) == (not cells)
    counted = [cell for cell in cells if cell.guest is None]
    assert counted == list(cells[:len(counted)]) and len(counted) <= 1  # the count of the others first, when any
    assert sum(1 for cell in cells if cell.guest is not None) + (guests - len(cells) + 1 if counted else 0) == guests
    for index, cell in enumerate(cells):
        assert body.contains(cell.box) and not cell.box.colliderect(plan.qr_box)
        assert all(not cell.box.colliderect(other.box) for other in cells[index + 1:])
        for line in cell.words:
            assert cell.box.contains(ink(fonts, line)), (line.words, cell.box)
            assert cell.mark_box is None or not cell.mark_box.colliderect(ink(fonts, line))
    assert all(words[-1].bottom <= cell.box.top for cell in cells)
    for item in plan.legend:
        assert body.contains(item.box) and all(item.box.contains(ink(fonts, line)) for line in item.word)
        assert all(cell.box.bottom <= item.box.top for cell in cells)
