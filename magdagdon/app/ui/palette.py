"""The colour palette: a night-blue table, ivory dice, mint for 'you may', gold for bonuses,
coral for Majda (and her heart), red for MAGDAGDON."""

Colour = tuple[int, int, int]

BACKGROUND = (22, 25, 48)
BACKGROUND_GLOW = (34, 38, 74)
PANEL = (33, 37, 70)
PANEL_EDGE = (58, 64, 112)
CELL_EMPTY = (45, 51, 94)
CELL_EDGE = (70, 78, 135)
TEXT = (236, 236, 248)
TEXT_DIM = (150, 156, 200)
TEXT_DARK = (28, 30, 52)
DIE_FACE = (248, 243, 231)
DIE_SHADE = (214, 205, 186)
DIE_PIP = (40, 40, 58)
STAGED_EDGE = (255, 200, 87)
LEGAL = (94, 230, 176)
LEGAL_DARK = (40, 120, 100)
FOCUS = (120, 200, 255)
GOLD = (255, 200, 87)
GOLD_DIM = (184, 154, 88)  # 5.5:1 on the panel (WCAG AA for its small tags)
CORAL = (255, 107, 139)
DANGER = (255, 92, 108)  # 4.8:1 on the lightest background
DANGER_DARK = (120, 24, 40)
RUIN_STONE = (92, 82, 78)
RUIN_DARK = (54, 46, 44)
RUIN_CRACK = (30, 25, 24)
BUTTON = (70, 80, 150)
BUTTON_HOVER = (88, 100, 180)
BUTTON_PRIMARY = (94, 230, 176)
BUTTON_PRIMARY_TEXT = (18, 40, 34)
BUTTON_DISABLED = (48, 52, 84)
BUTTON_DISABLED_TEXT = (160, 164, 196)  # readable (4.9:1); the dark fill says 'disabled'
HINT = (190, 140, 255)
SHADOW = (10, 12, 26)
