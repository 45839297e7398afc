"""Slow, obviously-correct reference implementations of RULES.md §4 and §5 for tests.

Written from the rule text with plain loops, independently of the engine's bit masks.
"""

from magdagdon.engine import Board


def neighbours(cell):
    row, col = divmod(cell, 4)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < 4 and 0 <= c < 4:
            yield r * 4 + c


def is_number(content):
    return 1 <= content <= 6


def slow_legal_cells(cells, value):
    if not any(is_number(x) for x in cells):
        return {c for c in range(16) if cells[c] == 0}
    legal = set()
    for c in range(16):
        if cells[c] != 0:
            continue
        near = [cells[n] for n in neighbours(c) if is_number(cells[n])]
        if near and all(abs(value - n) <= 1 for n in near):
            legal.add(c)
    return legal


def slow_can_place(cells, dice, need):
    """Plain depth-first search over every order of the dice and every cell."""
    if need <= 0:
        return True
    for i, value in enumerate(dice):
        rest = dice[:i] + dice[i + 1 :]
        for c in slow_legal_cells(cells, value):
            placed = list(cells)
            placed[c] = value
            if slow_can_place(placed, rest, need - 1):
                return True
    return False


def slow_is_magdagdon(board: Board, dice, difficulty):
    need = min(difficulty.min_dice, board.cells.count(0))
    return not slow_can_place(list(board.cells), list(dice), need)


def slow_line_bonus(line):
    """RULES.md §8 for four contents in reading order: 60, 40, 20 or 0 points."""
    if not all(is_number(x) for x in line):
        return 0
    diffs = {line[i + 1] - line[i] for i in range(3)}
    if diffs in ({1}, {-1}):
        return 60
    if len(set(line)) == 1:
        return 40
    if len(set(line)) == 2 and line.count(line[0]) == 2:
        return 20
    return 0


def slow_lines(cells):
    """Rows top to bottom, then columns left to right, each in reading order."""
    rows = [[cells[r * 4 + c] for c in range(4)] for r in range(4)]
    cols = [[cells[r * 4 + c] for r in range(4)] for c in range(4)]
    return rows + cols


def slow_score(board: Board, difficulty, powers_used):
    """RULES.md §8 written out line by line."""
    total = 0
    for line in slow_lines(board.cells):
        total += sum(x for x in line if is_number(x)) + slow_line_bonus(line)
    total -= 15 * board.cells.count(7)
    total -= sum(difficulty.penalties[:powers_used])
    return total


def slow_reachable_bonuses(cells):
    """Per line, the bonus points (60/40/20) it earns on some board that legal placements
    can reach from ``cells`` (the board itself included): every board is visited."""
    found = [set() for _ in range(8)]
    seen = set()
    stack = [tuple(cells)]
    while stack:
        board = stack.pop()
        if board in seen:
            continue
        seen.add(board)
        for index, line in enumerate(slow_lines(board)):
            if all(is_number(x) for x in line) and slow_line_bonus(line):
                found[index].add(slow_line_bonus(line))
        for value in range(1, 7):
            for c in slow_legal_cells(board, value):
                stack.append(board[:c] + (value,) + board[c + 1 :])
    return found
