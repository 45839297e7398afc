"""While the loop keeps drawing (a roll, a computer's turn, the kiosk's attract loop) no rest
comes: glibc's heap is trimmed every few seconds all the same, the collection left for a
rest (see magdagdon.app.shell.heap)."""

from magdagdon.app.shell.heap import BUSY_TRIM_SECONDS, HeapTrimmer


def test_a_game_that_keeps_drawing_trims_every_few_seconds_and_collects_only_at_rest(monkeypatch):
    heap = HeapTrimmer()
    trims: list[int] = []
    monkeypatch.setattr(heap, "_trim", trims.append)
    frame = 1 / 64  # exact in binary: a trim falls due on the frame it should
    heap.rest(0.0, presented=0)  # the rest at start-up only starts the count
    for index in range(10 * 64):  # ten seconds of frames, none of them a rest
        heap.drawing(index * frame)
    assert len(trims) == heap.busy_trims == int(10 / BUSY_TRIM_SECONDS)
    assert heap.runs == 0  # no collection while drawing
    heap.rest(10.0, presented=640)
    assert heap.runs == 1 and len(trims) == 6
    heap.drawing(10.5)  # just trimmed at the rest: not again at once
    assert len(trims) == 6
