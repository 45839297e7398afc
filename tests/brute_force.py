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


def slow_score(board: Board, difficulty, powers_used):
    """RULES.md §8 written out line by line."""
    rows = [[board.cells[r * 4 + c] for c in range(4)] for r in range(4)]
    cols = [[board.cells[r * 4 + c] for r in range(4)] for c in range(4)]
    total = 0
    for line in rows + cols:
        nums = [x for x in line if is_number(x)]
        total += sum(nums)
        if len(nums) == 4:
            diffs = {nums[i + 1] - nums[i] for i in range(3)}
            if diffs in ({1}, {-1}):
                total += 60
            elif len(set(nums)) == 1:
                total += 40
            elif len(set(nums)) == 2 and nums.count(nums[0]) == 2:
                total += 20
    total -= 15 * board.cells.count(7)
    total -= sum(difficulty.penalties[:powers_used])
    return total
