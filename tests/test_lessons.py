"""How to play's lessons: every frame shows what the engine says of its position, and How
to play plays them on its boards through the real loop."""

from __future__ import annotations

import pygame

from magdagdon.engine import Bonus, Phase, legal_cells, line_scores
from magdagdon.app.table.lessons import lessons
from tests.support.player import Player


def test_every_frames_lit_cells_are_the_engines_legal_cells():
    for lesson in lessons():
        for number, frame in enumerate(lesson.frames):
            where = f"{lesson.name} frame {number} ({frame.caption})"
            working = frame.working_board
            if frame.picked is None:
                assert frame.legal == frozenset(), where
            else:
                value = frame.tray[frame.picked]
                assert value is not None, where  # a picked die is in the tray
                assert frame.legal == legal_cells(working, value), where
            expected_ruins = frozenset(frame.board.empty_cells()) if frame.phase is Phase.RUIN_PICK else frozenset()
            assert frame.ruin_cells == expected_ruins, where
            if frame.bonus_line is not None:
                line = line_scores(working)[frame.bonus_line]
                assert line.bonus is not Bonus.NONE and dict(frame.terms)["points"] == line.bonus.points, where


def test_the_lessons_show_each_rule_the_screen_names():
    by_name = {lesson.name: lesson for lesson in lessons()}
    assert set(by_name) == {"legal", "fall_back", "powers", "ruin", "straight", "four_alike", "two_pairs"}
    assert any(frame.returned for frame in by_name["fall_back"].frames)  # a die falls back to the tray
    assert any(frame.changed for frame in by_name["powers"].frames)
    phases = [frame.phase for frame in by_name["ruin"].frames]
    assert Phase.MAGDAGDON in phases and Phase.RUIN_PICK in phases and "X" in str(by_name["ruin"].frames[-1].board)
    for name, bonus in (("straight", Bonus.STRAIGHT), ("four_alike", Bonus.FOUR_OF_A_KIND), ("two_pairs", Bonus.TWO_PAIRS)):
        last = by_name[name].frames[-1]
        assert last.bonus_line is not None and line_scores(last.working_board)[last.bonus_line].bonus is bonus


def _lesson_boards(player: Player) -> list[str]:
    frame = player.frame_log
    assert frame is not None
    return [record.words for record in frame.records if record.kind == "element" and record.words == "lesson board"]


def test_how_to_play_shows_its_boards_and_moves_on(tmp_path):
    player = Player(tmp_path, (1024, 768), scene="rules")
    try:
        player.wait(0.5)
        assert player.top_key == "rules"
        rules = player.top
        assert rules.shown() == (0, 0) and _lesson_boards(player) == ["lesson board"]
        caption = " ".join(record.words for record in player.frame_log.texts if "caption" in record.panel)
        assert caption == player.text(lessons()[0].frames[0].caption)
        player.wait(2.0)  # the lesson's next frame, drawn
        assert rules.shown() == (0, 1) and rules.drawn_look == (0, 1)
        stage = rules.stage_rect
        player.tap(stage.center)  # a tap on the boards: the next lesson
        assert rules.shown()[0] == 1 and rules.drawn_look == rules.shown() and _lesson_boards(player)
    finally:
        player.close()


def test_a_lesson_frame_is_planned_once_while_shown_and_again_on_a_language_switch_and_a_resize(tmp_path):
    """How to play's caption lines and boards are planned for the frame shown, its box and
    the language: kept across the frame's redraws, made again for the next frame, a language
    switch and a resize."""
    player = Player(tmp_path, (800, 600), scene="rules")
    try:
        player.wait(0.3)
        rules = player.top
        made, first, drawn = rules.lessons.plans_made, rules.lessons.plan, player.frames_drawn
        assert rules.shown() == (0, 0) and first.inputs.caption == player.text(lessons()[0].frames[0].caption)
        for _ in range(3):
            player.post(pygame.WINDOWEXPOSED)  # a frame drawn though the lesson does not move
            player.wait(0.1)
        assert player.frames_drawn >= drawn + 3 and rules.shown() == (0, 0)
        assert rules.lessons.plans_made == made and rules.lessons.plan is first

        player.set_language("ur")
        player.wait(0.1)
        assert rules.lessons.plans_made == made + 1 and rules.lessons.plan.inputs.locale == "ur"
        assert rules.lessons.plan.inputs.caption == rules.text(lessons()[0].frames[0].caption)

        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        player.post(pygame.VIDEORESIZE, size=(1080, 1920), w=1080, h=1920)
        player.wait(0.1)
        plan = rules.lessons.plan
        assert rules.lessons.plans_made == made + 2 and plan.inputs.window == (1080, 1920)
        assert plan.inputs.rect == rules.stage_rect and rules.stage_rect.contains(plan.stage.area)
    finally:
        player.close()


def test_every_lesson_frame_keeps_its_caption_inside_its_box_in_urdu_and_hindi(tmp_path):
    """Each frame of every lesson, judged whole by the screen audit (the audit's sweep sees
    whichever frame is showing): an Urdu caption of three Nastaliq lines once reached out
    of the boards' box and under Back at 800x600."""
    from screen_scenes import judge, resize

    player = Player(tmp_path, (800, 600), scene="rules")
    try:
        player.wait(0.3)
        rules, problems = player.top, []
        for size in ((800, 600), (1080, 1920)):
            if player.window_size != size:
                resize(player, size)
            for locale in ("ur", "hi"):
                player.set_language(locale)
                shown: set[tuple[int, int]] = set()
                for tick in range(sum(lesson.ticks for lesson in lessons())):  # each frame from its first tick
                    rules.tick = tick
                    if rules.shown() not in shown:
                        shown.add(rules.shown())
                        problems += judge(player, f"{size} {locale} lesson frame {rules.shown()}")
                assert len(shown) == sum(len(lesson.frames) for lesson in lessons())
        assert problems == []
    finally:
        player.close()
