"""Names are read as they look (issue 63): every character by its confusable prototype, every
punctuation mark by its class (dashes, brackets, connectors, commas, raised dots), whatever has
no glyph as nothing; and no name may read as a label, a status line's words or what a list of
seats writes between two names. The labels and separators come from the modules the screens
print them from, so one added there is refused at once."""

from __future__ import annotations

import string
import unicodedata
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caravan_tui import seat_labels
from caravan_tui.ai.levels import LEVELS
from caravan_tui.hub_protocol import LobbyRow
from caravan_tui.lookalikes import look_alike, marks, name_problem, prototypes, punctuation_class, visible
from caravan_tui.screens.lobby import seats_words
from caravan_tui.seat_labels import LABELS, Label
from caravan_tui.words import LIST, seats_line

LABEL = "reads as what the table writes beside names: choose another name"
TWO = "reads as more than one player where seats are listed: choose another name"

#: accepted last week (each kind the issue names, and its neighbours), each must be refused
DOTS = [
    "Gus \u318d AI",
    "Gus \u02d1 AI",
    "Gus \u0701 AI",
    "Gus \u119e AI",
    "Gus \u2022 AI",
    "Gus \u30fb AI",
    "Gus \u2027 AI",
    "Gus \u22c5 AI",
    "Gus \u2e31 AI",
    "Gus \u0387 AI",
    "Gus\u318dAI",
    "Bob \u318d AI standing in",
]
DASHES = [
    "Bob\u00b4s stand-in",
    "Bob's stand\u2014in",
    "Bob's stand\u2500in",
    "Bob's stand\u30fcin",
    "Bob's stand\u2015in",
    "Bob's stand\u2501in",
    "Bob's stand\u2212in",
    "Bob's stand\u2013in",
    "Bob's stand\u2e3ain",
    "Bob's stand\ufe58in",
    "Bob`s stand-in",
    "Bob\u02bcs stand-in",
    "Bob\u2032s stand-in",
]
BRACKETS = [
    "Ann \u276ayou\u276b",
    "\u2985free\u2986",
    "Ann [you]",
    "Ann {you}",
    "Ann \uff08you\uff09",
    "Ann \u300cyou\u300d",
    "Ann \u27e8away\u27e9",
    "Ann \u2768invited\u2769",
    "[free]",
    "\u27e6free\u27e7",
    "Ann \u2983watching\u2984",
    "AI 2 [hard]",
    "Ann \u3010you\u3011",
]
AI_SEATS = [
    "AI-2",
    "Ai \u01a7",
    "AI_2",
    "A.I. 2",
    "AI #2",
    "A\u0130 2",
    "AI\u20102",
    "A.I.2",
    "AI  -  2",
    "Ai_3",
    "AI\uff032",
    "\u00c0I 2",
    "A\u00cf 2",
    "AI 2 (h\u0430rd)",
    "A-I 2",
    "AI\u203f2",
    "AI-normal",
    "A.I. hard",
    "0pen-seat 2",
    "Player_3",
    "P1ayer #3",
    "Seat-2",
    "Open_seat_4",
]
LISTS = [
    "Ann ?, (free)",
    "Ann, Bob",
    "Ann\uff0c Bob",
    "Ann\u3001Bob",
    "Ann\u060c Bob",
    "Ann vs Bob",
    "Ann VS Bob",
    "Ann \u1d20s Bob",
    "Ann,(free)",
    "Ann \u201a Bob",
    "Ann\ufe50 Bob",
]
STATUS = [
    "Ann to play\u2026",
    "\U000118bche match Is over.",  # (a Warang Citi T and a capital I: each letter read its own way)
    "Ann to play...",
    "Ann to pl\u0430y\u2026",
    "Ann is thinking\u2026",
    "Ann is thinking...",
    "Your turn.",
    "Y\u043eur turn.",
    "The match is over.",
    "Connecting\u2026",
    "Ann to play\u00b7\u00b7\u00b7",
    "Ann to play\u2025.",
    "Ann to play\u22ef",
]
ISSUE_63 = DOTS + DASHES + BRACKETS + AI_SEATS + LISTS + STATUS
#: names a person may well choose: none reads as a label or a list
ORDINARY = [
    "Born to play",
    "Kai",
    "J.R. Smith",
    "Dr. Who",
    "Elvis",
    "Mavs fan",
    "\u30df\u30fc\u30ca",
    "Mr.T",
    "Anne-Marie",
    "O'Brien",
    "Bob (UK)",
    "Ai Weiwei",
    "Aiko",
    "AI fan",
    "Sam_the_man",
    "Seat belt",
    "Playful",
    "Youssef",
    "Jos\u00e9",
    "\u00c5sa",
    "Zo\u00eb",
    "\u674e\u5c0f\u9f8d",
    "Opensource",
    "Vs\u00e9volod",
    "Nobody's fool",
    "Free bird",
]


@pytest.mark.parametrize("name", ISSUE_63)
def test_a_name_that_looks_like_a_label_or_a_list_is_refused_in_one_line(name):
    problem, shown = name_problem(name), visible(name)
    assert problem in (f"{shown} {LABEL}", f"{shown} {TWO}"), problem


@pytest.mark.parametrize("name", ORDINARY)
def test_ordinary_names_are_still_accepted(name):
    assert name_problem(name) is None


@pytest.mark.parametrize(
    "no_glyph", ["\U0001d159", "\u0378", "\ue000", "\U000f0000", "\u2063", "\x7f", " \u0301", "\u3164"]
)
def test_a_code_point_with_no_glyph_makes_no_new_name(no_glyph):
    assert look_alike(marks("Alice" + no_glyph), marks("Alice"))
    assert look_alike(marks(no_glyph + "Alice"), marks("Alice"))
    assert look_alike(marks(no_glyph.strip() + "Alice"), marks("Alice"))  # a mark with no letter before it


def test_a_dash_a_bracket_and_a_dot_of_any_shape_read_as_one():
    assert {punctuation_class(c) for c in "-\u2010\u2013\u2014\u2015\u2212\u2500\u30fc\u2e3a\ufe58"} == {"-"}
    assert {punctuation_class(c) for c in "([{\u276a\u2985\uff08\u300c\u27e8\u3010"} == {"("}
    assert {punctuation_class(c) for c in ")]}\u276b\u2986\uff09\u300d\u27e9\u3011"} == {")"}
    assert {punctuation_class(c) for c in "\u00b7\u318d\u02d1\u0701\u2022\u30fb\u2027\u22c5"} == {"\u00b7"}
    assert {punctuation_class(c) for c in ",\uff0c\u3001\u060c\u201a\ufe50"} == {","}
    assert punctuation_class(".") == "." and punctuation_class("a") == "a"


def test_a_label_added_to_the_screens_words_is_refused_at_once():
    assert name_problem("Ann (ready)") is None
    label = Label("{name} (ready)", alone=False)
    LABELS.append(label)
    try:
        assert name_problem("Ann (ready)") == f"Ann (ready) {LABEL}"
        assert name_problem("Ann \u276aready\u276b") is not None
    finally:
        LABELS.remove(label)
    assert name_problem("Ann (ready)") is None


def test_the_status_line_writes_its_words_from_the_labels():
    assert seat_labels.TO_PLAY(name="Ann") == "Ann to play\u2026"
    assert seat_labels.THINKING(name="AI 2 (hard)") == "AI 2 (hard) is thinking\u2026"


# -- every label, spelt with look-alikes -----------------------------------------------------------

SAMPLE = {"name": "Bob", "n": 2, "level": "hard", "what": "12 in hand"}


@cache
def spellings() -> dict[str, list[str]]:
    """For each character, the characters that read as it (its class, or its prototype)."""
    alike: dict[str, list[str]] = {}
    candidates = set(prototypes()) | {chr(c) for c in range(0x10000) if unicodedata.category(chr(c))[0] == "P"}
    for char in sorted(candidates):
        if unicodedata.category(char)[0] in "LNPS" and len(reading := punctuation_class(char)) == 1:
            alike.setdefault(reading, []).append(char)
    return alike


#: blanks and what draws as nothing, to put where a label has a space, or anywhere
BLANKS = [" ", "\u00a0", "\u2002", "\u2009", "\u3000", "\u2800"]
NOTHING = ["", "", "", "\u200b", "\u2060", "\ufe0f", "\U0001d159", "\u00ad", "\U000e0041"]


@st.composite
def look_alike_of(draw, text: str) -> str:
    """``text`` with each character spelt as one that reads as it, in either case, blanks as any
    blank, and what draws as nothing put between characters."""
    out = []
    for char in text:
        if char == " ":
            out.append(draw(st.sampled_from(BLANKS)))
        else:
            reading = punctuation_class(char)
            choices = [char, char.swapcase(), *spellings().get(reading, [])]
            out.append(draw(st.sampled_from(choices)))
        out.append(draw(st.sampled_from(NOTHING)))
    return "".join(out)


@st.composite
def label_spelt(draw) -> tuple[str, str]:
    label = draw(st.sampled_from(LABELS))
    fields = {
        **SAMPLE,
        "n": draw(st.integers(1, 6)),
        "level": draw(st.sampled_from(sorted(LEVELS))),
        "name": draw(st.text(string.ascii_letters, min_size=1, max_size=6)),
    }
    shown = label(**fields)
    return shown, draw(look_alike_of(shown))


@pytest.mark.thorough
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(label_spelt())
def test_every_label_spelt_with_look_alikes_is_refused(spelt):
    shown, name = spelt
    assert name_problem(name) is not None, (shown, name, [hex(ord(c)) for c in name])


# -- the lobby never reads one name as two seats --------------------------------------------------


@pytest.mark.thorough
@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=20), min_size=2, max_size=4))
def test_the_lobby_never_lets_a_name_read_as_two_seats(names):
    names = [name for name in names if name_problem(name) is None]
    if len(names) < 2:
        return
    row = LobbyRow("m", "g", names, ["person"] * len(names), 0, 0, 0, None)
    assert len(seats_words(row, 400).split(LIST)) == len(names)
    line = seats_line(names)
    assert len(line.split(LIST if len(names) > 2 else " vs ")) == len(names)
