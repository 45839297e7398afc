"""Every size search of the screens goes through ``text/fit.py``: no module outside
``text/`` asks a FontBook's ``fit`` itself (a second door is where a screen's own loop over
sizes, its own floor or its own rounding creeps back in)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "magdagdon" / "app"


def test_no_screen_asks_a_font_book_for_a_size_outside_the_fit_module():
    asked = []
    for path in sorted(APP.rglob("*.py")):
        if (APP / "text") in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fit":
                asked.append(f"{path.relative_to(APP)}:{node.lineno}")
    assert asked == [], "size searches outside text/fit.py: " + ", ".join(asked)
