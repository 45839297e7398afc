"""Storage is plain Python: no pygame, no pickle or eval, no wall-clock time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

STORAGE = Path(__file__).resolve().parent.parent / "magdagdon" / "storage"


def test_storage_imports_without_pygame():
    code = ("import sys; sys.modules['pygame'] = None; import magdagdon.storage, magdagdon.cli.scores_command; "
            "assert not any(m.startswith('pygame') for m in sys.modules if sys.modules[m] is not None)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=STORAGE.parent.parent)


def test_no_pickle_eval_or_clock_in_storage():
    forbidden = re.compile(r"\b(pickle|marshal|shelve|eval|exec)\b|datetime\.now|\.utcnow|\.today\(|time\.time\(")
    for path in STORAGE.glob("*.py"):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            code = line.split("#")[0]
            assert not forbidden.search(code), f"{path.name}:{number}: {line.strip()}"
