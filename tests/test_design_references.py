"""Every "DESIGN §N" in the code, the tests and the docs names a section of docs/design.md, the
project's own account of how it is built: a citation of a section that does not exist fails."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"DESIGN §(\d+)")
HEADING = re.compile(r"^## (\d+)\. ", re.MULTILINE)


def sections(text: str) -> set[str]:
    return set(HEADING.findall(text))


def citations(root: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    files = [
        *root.glob("caravan_tui/**/*.py"),
        *root.glob("tests/**/*.py"),
        *root.glob("benchmarks/*.py"),
        *root.glob("tools/*.py"),
        *root.glob("docs/*.md"),
        root / "README.md",
    ]
    for path in files:
        for number in CITATION.findall(path.read_text(encoding="utf-8")):
            found.setdefault(number, set()).add(str(path.relative_to(root)))
    return found


def test_every_citation_names_a_section_of_the_design():
    known = sections((ROOT / "docs" / "design.md").read_text(encoding="utf-8"))
    cited = citations(ROOT)
    assert cited, "no citation found: the pattern no longer matches the code's"
    missing = {number: sorted(paths) for number, paths in cited.items() if number not in known}
    assert missing == {}


def test_a_citation_of_a_missing_section_is_caught(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "design.md").write_text("## 1. Layers\n\n## 2. The game contract\n")
    (tmp_path / "caravan_tui").mkdir()
    (tmp_path / "caravan_tui" / "x.py").write_text("See DESIGN §2 and DESIGN " + "§9.\n")
    (tmp_path / "README.md").write_text("")
    known = sections((tmp_path / "docs" / "design.md").read_text())
    assert set(citations(tmp_path)) - known == {"9"}
