"""The README, the CHANGELOG and the docs link to one another: every relative link names a file
that exists, and every ``#anchor`` a heading of that file (as GitHub spells a heading's anchor), so
a reader who follows the README to a guide never meets a dead end."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#+ (.+)$", re.MULTILINE)
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


def anchors(text: str) -> set[str]:
    """GitHub's anchors: lower case, punctuation but hyphens and underscores dropped, spaces as hyphens."""
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in HEADING.findall(text)}


def dead_links(pages: list[Path]) -> list[str]:
    dead = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if "://" in target or target.startswith("mailto:"):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                dead.append(f"{page.name}: {target}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked.read_text(encoding="utf-8")):
                dead.append(f"{page.name}: {target} (no such heading)")
    return dead


def test_every_link_of_the_readme_and_the_docs_leads_somewhere():
    assert dead_links(PAGES) == []


def test_a_dead_link_is_caught(tmp_path):
    (tmp_path / "a.md").write_text("# Title\n\n## Read on\n\n[b](b.md) [here](#read-on) [gone](#nowhere)\n")
    assert dead_links([tmp_path / "a.md"]) == ["a.md: b.md", "a.md: #nowhere (no such heading)"]
