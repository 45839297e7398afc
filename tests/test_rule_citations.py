"""Every rule the code, tests, scripts and docs cite (``RULES.md §4``, ``§3.5``, ``§5-7``,
``Ruling of §6``) exists in the repository's rule book, docs/RULES.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_BOOK = ROOT / "docs" / "RULES.md"
CITING = [ROOT / "magdagdon", ROOT / "tests", ROOT / "scripts", ROOT / "docs", ROOT / "README.md"]
TEXT_SUFFIXES = {".py", ".md", ".toml", ".json", ".txt"}

HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? ", re.MULTILINE)
CITATION = re.compile(r"§\s*(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+))?")
RULING_CITATION = re.compile(r"Ruling (?:of |in )?§\s*(\d+(?:\.\d+)?)")
RULE_BOOK_MENTION = re.compile(r"([\w./\\-]*)RULES\.md")


def sections() -> dict[str, str]:
    """Section number -> its text (a section of ``##`` includes its ``###`` steps)."""
    text = RULE_BOOK.read_text(encoding="utf-8")
    headings = list(HEADING.finditer(text))
    found = {}
    for index, heading in enumerate(headings):
        level = len(heading.group(1))
        end = next((later.start() for later in headings[index + 1:] if len(later.group(1)) <= level), len(text))
        found[heading.group(2)] = text[heading.start():end]
    return found


def citing_files() -> list[Path]:
    files = []
    for place in CITING:
        candidates = [place] if place.is_file() else sorted(place.rglob("*"))
        files += [path for path in candidates if path.is_file() and path.suffix in TEXT_SUFFIXES
                  and "__pycache__" not in path.parts]
    return files


def cited_sections() -> list[tuple[str, str]]:
    """(where, section number) for every § citation."""
    cited = []
    for path in citing_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{number}"
            for match in CITATION.finditer(line):
                first, last = match.group(1), match.group(2)
                if last is None:
                    cited.append((where, first))
                else:  # a range of whole sections, "§5-7"
                    cited += [(where, str(n)) for n in range(int(first), int(last) + 1)]
    return cited


def test_the_rule_book_has_its_eleven_sections_in_order():
    numbers = [n for n in sections() if "." not in n]
    assert numbers == [str(n) for n in range(1, 12)]
    assert [n for n in sections() if n.startswith("3.")] == [f"3.{n}" for n in range(1, 7)]


def test_every_cited_section_exists():
    cited = cited_sections()
    assert len(cited) > 50  # the scan really reads the code
    known = sections()
    missing = [f"{where}: §{number}" for where, number in cited if number not in known]
    assert not missing, "citations of sections the rule book does not have:\n" + "\n".join(missing)


def test_every_cited_ruling_is_in_the_section_cited():
    known = sections()
    wrong = []
    for path in citing_files():
        for match in RULING_CITATION.finditer(path.read_text(encoding="utf-8")):
            if "**Ruling**" not in known.get(match.group(1), ""):
                wrong.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert not wrong, "rulings cited where the rule book has none:\n" + "\n".join(wrong)


def test_the_rule_book_is_named_by_its_place_in_the_repository():
    """``RULES.md`` alone (code citing sections) or ``docs/RULES.md``; never a path outside."""
    elsewhere = []
    for path in citing_files():
        for match in RULE_BOOK_MENTION.finditer(path.read_text(encoding="utf-8")):
            if match.group(1) not in ("", "docs/"):
                elsewhere.append(f"{path.relative_to(ROOT)}: {match.group(0)}")
    assert not elsewhere, "\n".join(elsewhere)
