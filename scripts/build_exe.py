"""Build the PyInstaller app: one folder ``dist/magdagdon/`` (default) or one file.

    python scripts/build_exe.py [--onefile] [--dist DIR] [--work DIR]

The bundle carries everything the game loads: ``assets/`` (fonts, theme, translations,
sounds) as ``magdagdon/assets``, where an installed wheel has them, the expert's networks
(``magdagdon/ai/data``), and pygame_gui's own data. Commands and screens are imported by name at run time (to keep start-up fast), so
every ``magdagdon`` module is listed as a hidden import.
Needs the ``build`` extra: ``pip install ".[build]"``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "magdagdon"


def project_modules() -> list[str]:
    """Every module of the package, found from the source tree (the package need not be
    installed for the build)."""
    package = ROOT / NAME
    modules = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.append(".".join(parts))
    return modules


def pyinstaller_arguments(onefile: bool, dist: Path, work: Path) -> list[str]:
    return [
        str(ROOT / "magdagdon" / "__main__.py"),
        "--name", NAME,
        "--onefile" if onefile else "--onedir",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--paths", str(ROOT),
        # Where an installed wheel has them, so the game finds them the same way.
        "--add-data", f"{ROOT / 'assets'}{os.pathsep}magdagdon/assets",
        # the expert's learned networks (package data of magdagdon.ai)
        "--add-data", f"{ROOT / 'magdagdon' / 'ai' / 'data'}{os.pathsep}magdagdon/ai/data",
        "--collect-data", "pygame_gui",
        *[f"--hidden-import={module}" for module in project_modules()],
        "--collect-submodules", "platformdirs",
        # Not needed at run time; keeps the bundle small.
        "--exclude-module", "tkinter",
        "--exclude-module", "pytest",
        "--exclude-module", "hypothesis",
        "--exclude-module", "numpy",
    ]


def build(onefile: bool = False, dist: Path = ROOT / "dist", work: Path = ROOT / "build") -> Path:
    """Run PyInstaller and return the path of the executable it made."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit('PyInstaller is missing: pip install ".[build]"') from None
    pyinstaller.run(pyinstaller_arguments(onefile, dist, work))
    suffix = ".exe" if sys.platform == "win32" else ""
    executable = dist / (NAME + suffix) if onefile else dist / NAME / (NAME + suffix)
    if not executable.exists():
        raise SystemExit(f"PyInstaller finished but {executable} is missing")
    return executable


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one self-extracting file")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build")
    args = parser.parse_args()
    print(build(args.onefile, args.dist.resolve(), args.work.resolve()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
