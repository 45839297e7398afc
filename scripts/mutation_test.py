"""Mutation testing of the engine and the storage: how many planted one-line bugs the tests catch.

    python scripts/mutation_test.py [--package engine|storage] [--max-children 1] [--survivors]
                                    [--paths FILE]... [--tests GLOB]... [--mutants GLOB]... [--keep DIR]
                                    [--refresh | --since DIR | --report]

For each package, mutmut (``pip install ".[mutation]"``) plants every mutant it can make in
``magdagdon/<package>/`` (an operator, a number, a string, a call's argument changed or
dropped...) and runs the package's own test files against each, in a scratch copy of the
repository, so the checkout is left as it is. It then prints, per package, the mutants
killed (a test failed or timed out), those that survived and the score, killed / all. With
``--survivors`` each survivor is listed with its diff (docs/TESTING.md explains those that
remain). Mutants run one at a time by default (``--max-children``): the runs are CPU-heavy,
run them alone, not beside the test suite. ``--paths`` mutates only the files named (one
package's), and ``--tests`` runs only the test files named, so one module is measured in
minutes; ``--mutants`` runs only the mutants of some functions (by mutmut's names). Each
such run is kept beside the others in ``--keep DIR`` (``DIR/storage.scores``...)
and ``--report`` adds them up, the newest verdict for each mutant counting. ``--refresh``
brings a run kept in ``--keep`` up to date in place after tests or code changed (mutmut keeps
the verdicts of unchanged functions; the rest, and every mutant not killed, run again).
``--since`` starts a fresh copy from a run kept with ``--keep``: only the mutants it did not
kill (and those of modules changed since) run again. Exit status 0 when every package
reaches its target score, 1 otherwise.
"""

from __future__ import annotations

import argparse
import fnmatch
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Package:
    name: str
    target: float  # the share of mutants the tests must kill
    tests: tuple[str, ...]  # globs under tests/: the tests that speak for this package
    slow: tuple[str, ...] = ()  # left out: too slow to run for every mutant, their ground covered by others


PACKAGES = {
    "engine": Package("engine", 0.85, (
        "test_engine_*.py", "test_challenge_codes.py", "test_playouts.py", "test_cli_engine.py",
    )),
    "storage": Package("storage", 0.90, (
        "test_storage_*.py", "test_daily_table.py", "test_party_files.py", "test_data_paths.py",
    ), slow=(
        "test_storage_net.py",  # 11 s: damages every field of a full folder in turn
    )),
}
# Copied into the scratch repository: what the selected tests import or read.
COPIED = ("magdagdon", "tests", "assets", "docs", "pyproject.toml", "README.md")
STATUS = re.compile(r"^\s*(?P<name>\S+): (?P<status>.+)$")
KILLED = {"killed", "timeout", "segfault", "caught by type check"}


@dataclass(frozen=True)
class Selection:
    """What one run measures: the package, its files to mutate (all when empty) and the
    test files to run (the package's own when empty)."""
    package: Package
    paths: tuple[str, ...] = ()  # e.g. "magdagdon/storage/high_scores.py"
    tests: tuple[str, ...] = ()  # globs under tests/
    mutants: tuple[str, ...] = ()  # globs of mutant names, e.g. "magdagdon.storage.store.xǁStoreǁ_prune__*"

    @property
    def folder_name(self) -> str:
        """The run's folder under --keep: the package's name, and the files' when only some."""
        stems = [Path(path).stem for path in self.paths]
        if len(stems) > 3:
            stems = [stems[0], f"and-{len(stems) - 1}-more"]
        # A run of some mutants only has a folder of its own: it does not replace the module's run.
        return ".".join((self.package.name, *stems)) + ("-some" if self.mutants else "")


def test_files(package: Package, globs: tuple[str, ...] = ()) -> list[str]:
    found = sorted({path.relative_to(ROOT).as_posix() for pattern in globs or package.tests
                    for path in (ROOT / "tests").glob(pattern)})
    slow = {f"tests/{name}" for name in package.slow}
    return [name for name in found if not name.endswith("_support.py") and name not in slow]


def scratch_copy(selection: Selection, folder: Path) -> None:
    """The repository's files the run needs, copied into ``folder`` (over an earlier copy:
    their times are kept, so mutmut sees which sources changed since)."""
    package = selection.package
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
                            dirs_exist_ok=True)
        elif source.exists():
            shutil.copy2(source, folder / name)
    # mutmut reads [tool.mutmut] from pyproject.toml, else setup.cfg: the copy gets its own.
    lines = [
        "[mutmut]",
        "source_paths = magdagdon",
        "only_mutate =",
        *(f"    {path}" for path in selection.paths or (f"magdagdon/{package.name}/*.py",)),
        "do_not_mutate = magdagdon/*/__init__.py",
        # mutmut runs the tests in its own copy (mutants/): the storage's screens tests need the assets.
        "also_copy =",
        "    assets",
        "pytest_add_cli_args_test_selection =",
        *(f"    {name}" for name in test_files(package, selection.tests)),
        "pytest_add_cli_args = -p no:cacheprovider -q",
        # A mutant that loops for ever is stopped after 5 times its tests' CPU time (mutmut's
        # default, 15, spends minutes on each; a timeout counts as killed either way).
        "timeout_multiplier = 5.0",
        "",
    ]
    (folder / "setup.cfg").write_text("\n".join(lines), "utf-8")


def statuses_in(folder: Path) -> dict[str, str]:
    """Each mutant's status in a run's folder (mutmut's own listing)."""
    listing = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=folder, check=True,
                             capture_output=True, text=True).stdout
    return {m["name"]: m["status"].strip() for m in map(STATUS.match, listing.splitlines()) if m}


def module_of(mutant: str) -> str:
    """``magdagdon.storage.store.xǁStoreǁsave__mutmut_3`` -> ``store``."""
    return mutant.split(".")[2]


def kept_statuses(keep: Path, package: Package) -> tuple[dict[str, str], dict[str, Path]]:
    """Each mutant's status over the runs of the package kept in ``keep`` (the whole
    package's and those of some of its files, ``keep`` itself or folders linked into it).
    Per module: the run that last recorded a verdict on it counts, together with the earlier
    runs made on the same source (a mutant's name then names the same change), the newest
    verdict of each mutant winning; runs on another version of the module are left out.
    Also, for each module, the newest run's folder (its copy of the source)."""
    folders = [f for f in (keep / package.name, *keep.glob(f"{package.name}.*")) if (f / "mutants").is_dir()]
    runs: dict[str, list[tuple[float, Path, dict[str, str]]]] = {}
    for folder in folders:
        found: dict[str, dict[str, str]] = {}
        for name, status in statuses_in(folder).items():
            found.setdefault(module_of(name), {})[name] = status
        for module, statuses in found.items():
            meta = folder / "mutants" / "magdagdon" / package.name / f"{module}.py.meta"
            checked = any(status != "not checked" for status in statuses.values())
            runs.setdefault(module, []).append((meta.stat().st_mtime if checked and meta.exists() else 0.0,
                                                folder, statuses))
    merged: dict[str, str] = {}
    newest_folder: dict[str, Path] = {}
    for module, module_runs in runs.items():
        module_runs.sort(key=lambda run: run[0])
        newest = module_runs[-1][1]
        source = (newest / "magdagdon" / package.name / f"{module}.py").read_bytes()
        newest_folder[module] = newest
        for _, folder, statuses in module_runs:  # oldest first: newer verdicts overwrite
            copy = folder / "magdagdon" / package.name / f"{module}.py"
            if not copy.exists() or copy.read_bytes() != source:
                continue
            for name, status in statuses.items():
                if status != "not checked" or name not in merged:
                    merged[name] = status
    return merged, newest_folder


def to_rerun(selection: Selection, earlier: Path) -> tuple[list[str], dict[str, str]]:
    """The mutants an earlier run (kept with --keep) did not kill, and every mutant of a
    module whose source has changed since; and the earlier statuses, kept for the others.
    A killed mutant of unchanged code stays killed as long as no test was removed."""
    package = selection.package
    before, checked_in = kept_statuses(earlier, package)
    stems = {Path(path).stem for path in selection.paths}
    patterns = sorted(name for name, status in before.items()
                      if status not in KILLED and (not stems or module_of(name) in stems))
    for source in sorted((ROOT / "magdagdon" / package.name).glob("*.py")):
        if source.name == "__init__.py" or (stems and source.stem not in stems):
            continue
        old = checked_in.get(source.stem, earlier / package.name) / "magdagdon" / package.name / source.name
        if not old.exists() or old.read_bytes() != source.read_bytes():
            patterns.append(f"magdagdon.{package.name}.{source.stem}.*")
            # The earlier verdicts were on other code: the names now name other changes.
            before = {name: status for name, status in before.items() if module_of(name) != source.stem}
    return patterns, before


def run_package(selection: Selection, folder: Path, max_children: int, survivors: bool,
                earlier: Path | None = None) -> tuple[int, int, list[str]]:
    patterns, before = to_rerun(selection, earlier) if earlier is not None else (list(selection.mutants), {})
    if earlier is not None and selection.mutants:
        patterns = [p for p in patterns if any(fnmatch.fnmatch(p, m) or fnmatch.fnmatch(m, p) for m in selection.mutants)]
    scratch_copy(selection, folder)
    mutmut = [sys.executable, "-m", "mutmut"]
    if (earlier is None and not selection.mutants) or patterns:  # with nothing to run again: the earlier verdicts
        subprocess.run([*mutmut, "run", "--max-children", str(max_children), *patterns], cwd=folder,
                       check=False, stdout=subprocess.DEVNULL)
    statuses = statuses_in(folder) if (folder / "mutants").is_dir() else {}
    if selection.mutants:  # only those asked for count
        statuses = {n: st for n, st in statuses.items() if any(fnmatch.fnmatch(n, m) for m in selection.mutants)}
    if earlier is not None:  # not run again: as the earlier run found them (killed)
        stems = {Path(path).stem for path in selection.paths}
        statuses = {name: before.get(name, status) if status == "not checked" else status
                    for name, status in {**{n: s for n, s in before.items()
                                            if not stems or module_of(n) in stems}, **statuses}.items()}
    survived = sorted(name for name, status in statuses.items() if status not in KILLED)
    if survivors:
        for name in survived:
            shown = subprocess.run([*mutmut, "show", name], cwd=folder, capture_output=True, text=True).stdout
            print(shown.rstrip() + "\n")
    return len(statuses) - len(survived), len(statuses), survived


def refresh_package(selection: Selection, folder: Path, max_children: int, survivors: bool) -> tuple[int, int, list[str]]:
    """Bring a kept run up to date in place: mutmut keeps the verdicts of functions whose
    source did not change, runs the mutants of changed or new functions, then every mutant
    that was not killed is run again against the tests as they are now."""
    scratch_copy(selection, folder)
    mutmut = [sys.executable, "-m", "mutmut"]
    run = [*mutmut, "run", "--max-children", str(max_children)]
    subprocess.run(run, cwd=folder, check=False, stdout=subprocess.DEVNULL)
    again = sorted(name for name, status in statuses_in(folder).items() if status not in KILLED)
    if again:
        subprocess.run([*run, *again], cwd=folder, check=False, stdout=subprocess.DEVNULL)
    statuses = statuses_in(folder)
    survived = sorted(name for name, status in statuses.items() if status not in KILLED)
    if survivors:
        for name in survived:
            shown = subprocess.run([*mutmut, "show", name], cwd=folder, capture_output=True, text=True).stdout
            print(shown.rstrip() + "\n")
    return len(statuses) - len(survived), len(statuses), survived


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", choices=sorted(PACKAGES), action="append",
                        help="only this package (repeatable; default: all)")
    parser.add_argument("--max-children", type=int, default=1, help="mutants run at once (default 1)")
    parser.add_argument("--survivors", action="store_true", help="print each surviving mutant's diff")
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the scratch copies (and mutmut's results) under this folder")
    parser.add_argument("--report", action="store_true",
                        help="run nothing: print the scores of the run kept in --keep (also one stopped part way)")
    parser.add_argument("--since", type=Path, default=None, metavar="DIR",
                        help="a folder kept by an earlier run (--keep): run again only the mutants it did not "
                             "kill and those of changed modules, keep its verdict for the others")
    parser.add_argument("--refresh", action="store_true",
                        help="with --keep: update the run kept there in place (changed functions and the mutants "
                             "not killed run again) instead of starting afresh")
    parser.add_argument("--paths", action="append", default=[], metavar="FILE",
                        help="mutate only this file (repeatable; all of one package's, e.g. "
                             "magdagdon/storage/high_scores.py)")
    parser.add_argument("--tests", action="append", default=[], metavar="GLOB",
                        help="run only these test files (a glob under tests/, repeatable; default: the package's)")
    parser.add_argument("--mutants", action="append", default=[], metavar="GLOB",
                        help="run only the mutants whose names match (mutmut's names, repeatable; e.g. "
                             "'magdagdon.storage.store.xǁStoreǁ_prune__*'): kept in a folder of its own")
    args = parser.parse_args(argv)
    try:
        import mutmut  # noqa: F401
    except ModuleNotFoundError:
        print('mutation_test: mutmut is not installed (python -m pip install ".[mutation]")', file=sys.stderr)
        return 1
    names = args.package or sorted(PACKAGES)
    paths = tuple(Path(path).as_posix() for path in args.paths)
    if paths:
        owners = {Path(path).parent.name for path in paths}
        if len(owners) != 1 or not owners <= set(PACKAGES) or not all((ROOT / path).is_file() for path in paths):
            print("mutation_test: --paths names existing files of one package, "
                  "e.g. magdagdon/storage/high_scores.py", file=sys.stderr)
            return 2
        names = sorted(owners)
    rows = []
    for name in names:
        package = PACKAGES[name]
        if args.report and args.keep is not None:
            statuses, _ = kept_statuses(args.keep, package)
            if args.since is not None:  # a --since run: the mutants it did not run again, as found before
                before, _ = kept_statuses(args.since, package)
                statuses = {n: before.get(n, st) if st == "not checked" else st
                            for n, st in {**before, **statuses}.items()}
            unchecked = sum(1 for status in statuses.values() if status == "not checked")
            survived = sorted(n for n, status in statuses.items() if status not in KILLED | {"not checked"})
            killed = len(statuses) - unchecked - len(survived)
            rows.append((package, killed, len(statuses), killed / len(statuses) if statuses else 0.0))
            unmeasured = sorted(source.name for source in (ROOT / "magdagdon" / name).glob("*.py")
                                if source.name != "__init__.py"
                                and not any(module_of(n) == source.stem for n in statuses))
            checked = len(statuses) - unchecked
            stopped = f"{unchecked} mutants not checked (the run was stopped)" if unchecked else "every mutant checked"
            print(f"{name}: {stopped}; of the {checked} checked, "
                  f"{killed} killed ({killed / checked if checked else 0.0:.1%}); {len(survived)} survivors: "
                  + ", ".join(survived))
            if unmeasured:
                print(f"{name}: no mutant of these measured (not run yet, or nothing to mutate): " + ", ".join(unmeasured))
            continue
        selection = Selection(package, paths, tuple(args.tests), tuple(args.mutants))
        if args.refresh:
            if args.keep is None or not (args.keep / selection.folder_name / "mutants").is_dir():
                print("mutation_test: --refresh needs --keep DIR holding an earlier run of the same selection",
                      file=sys.stderr)
                return 2
            killed, total, survived = refresh_package(selection, args.keep / selection.folder_name,
                                                      args.max_children, args.survivors)
            rows.append((package, killed, total, killed / total if total else 0.0))
            if survived:
                print(f"{name}: {len(survived)} survivors: " + ", ".join(survived))
            continue
        with tempfile.TemporaryDirectory(prefix=f"mutation-{name}-") as temporary:
            folder = Path(temporary) if args.keep is None else args.keep / selection.folder_name
            if folder.exists() and args.keep is not None:
                shutil.rmtree(folder)
            folder.mkdir(parents=True, exist_ok=True)
            killed, total, survived = run_package(selection, folder, args.max_children, args.survivors, args.since)
        score = killed / total if total else 0.0
        rows.append((package, killed, total, score))
        if survived:
            print(f"{name}: {len(survived)} survivors: " + ", ".join(survived))
    print(f"{'package':<10} {'killed':>7} {'mutants':>8} {'score':>7} {'target':>7}")
    for package, killed, total, score in rows:
        print(f"{package.name:<10} {killed:>7} {total:>8} {score:>7.1%} {package.target:>7.0%}")
    return 0 if all(score >= package.target for package, _, _, score in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
