"""Names say who is who (issue 48): every word the tables, the lobby and the log write in place of
a name or beside one is a label of ``caravan_tui/seat_labels.py``, and the rule for the names
people choose (``name_problem``) refuses whatever reads as one of them."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from string import Formatter

import pytest

from caravan_tui.bus import Chat
from caravan_tui.hub_protocol import LobbyRow
from caravan_tui.lookalikes import _pattern, invisible, name_problem, reads_as_label, visible
from caravan_tui.screens.lobby import seat_words
from caravan_tui.screens.new_match import default_name
from caravan_tui.screens.table_seat import TableState, fit_name
from caravan_tui.seat_kinds import STANDING_IN
from caravan_tui.seat_labels import LABELS, PART
from caravan_tui.seats import SeatSpec

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = {"name": "Bob", "n": 2, "level": "hard", "what": "12 in hand"}
#: accepted last week, and each must be refused: look-alikes of the labels and the labels' words
ISSUE_48 = [
    "Al 2",
    "0pen seat 1",
    "Bob · Al standing in",
    "Gus · AI",
    "(free)",
    "Bob · 12 in hand",
    "Alice (you) · pile +0",
    "Alice (invited)",
    "Bob's stand-in",
    "Bob\u2019s stand-in",
    "AI 2 (hard)",
    "ai 2",
    "Al normal",
    "P1ayer 3",
    "Bob (watching)",
    "Nobody",
    "AI 2 (random)",
    "Bob\u2022AI",
]
ORDINARY = [
    "Al",
    "Bob",
    "Alice2",
    "Zoë",
    "Ana-María",
    "李小龍",
    "김민준",
    "Aiden",
    "Youssef",
    "Bob (UK)",
    "Noémie",
    "Mary-Jane O'Neil",
    "Player One",
    "Openshaw",
]


@pytest.mark.parametrize("label", LABELS, ids=lambda label: label.template)
def test_no_name_may_read_as_a_label(label):
    shown = label(**SAMPLE)
    assert name_problem(shown) == f"{shown} reads as what the table writes beside names: choose another name"


@pytest.mark.parametrize("name", ISSUE_48)
def test_a_name_that_reads_as_a_label_or_looks_like_one_is_refused_in_one_line(name):
    assert name_problem(name) == f"{name} reads as what the table writes beside names: choose another name"


@pytest.mark.parametrize("name", ORDINARY)
def test_ordinary_names_are_accepted(name):
    assert name_problem(name) is None


def test_a_label_template_with_an_unknown_field_is_caught():
    """A label whose field the rule cannot read would let names through: it fails at once."""
    with pytest.raises(ValueError, match="no field 'count'"):
        _pattern("{name} · {count} in hand", 0)


def table(names, kinds, seat):
    return TableState(seat, names=names, seat_kinds=kinds)


def test_every_word_the_table_and_the_lobby_write_beside_a_name_is_refused_as_a_name():
    """The seat's words for every kind of seat, as the table, the lobby, the log and the chat
    write them: a person who chose them as a name would pass for that seat."""
    names = ["Ann", "Bob", "Cyd", "Dee"]
    written = [table(names, ["remote", "away:30", STANDING_IN, "ai"], 0).seat_name(seat) for seat in (0, 1, 2, None)]
    written.append(table(names[:1], [], 0).seat_name(3))  # a seat with no name
    written.append(table(names, [], 0).short_name(0))
    for kinds, invited, yours in [
        (["open", "person", "away", STANDING_IN], False, 1),
        (["open", "invited", "person", "ai"], True, None),
    ]:
        row = LobbyRow("m", "g", names, kinds, 0, 0, 0, yours, invited=invited)
        written += [seat_words(row, seat) for seat in range(4) if kinds[seat] not in ("person", "ai") or seat == yours]
    written += [
        default_name(1, SeatSpec.ai("hard")),
        default_name(2, SeatSpec("random")),
        SeatSpec.parse("ai:normal+iterations=50").label,
    ]
    written.append(Chat("m", None, "hi", "Eve").words(0).removesuffix(" says: hi"))
    assert written[:5] == ["Ann (you)", "Bob (away)", "Cyd · AI standing in", "nobody", "Player 4"]
    for words in written:
        assert name_problem(words) is not None, words


#: the modules that write seats' words: they take them from ``seat_labels``, never spell them out
WRITERS = [path for folder in ("screens", "ssh") for path in sorted((ROOT / "caravan_tui" / folder).glob("*.py"))]


def strings(path: Path) -> list[str]:
    """Every string in ``path``'s code, and each piece of an f-string, but not its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


@pytest.mark.thorough
def test_the_screens_and_the_lobby_spell_out_no_label():
    """The words of a mark written beside a name ("(you)", "'s stand-in") appear nowhere else,
    nor a label's words before its number ("Open seat " in ``f"Open seat {n}"``). (A plain word
    such as "You" or "nobody" is left out: code says it for other things.)"""
    pieces = [
        (piece, field, label.alone) for label in LABELS for piece, field, _, _ in Formatter().parse(label.template)
    ]
    marks = {piece.replace(PART, " ").strip() for piece, _, alone in pieces if not alone or "(" in piece} - {"(", ")"}
    heads = {piece for piece, field, alone in pieces if alone and field == "n"}
    assert {"(you)", "(free)", "(invited)", "AI standing in", "'s stand-in"} <= marks and "Open seat " in heads
    spelt = {
        (path.name, text)
        for path in WRITERS
        for text in strings(path)
        if text in heads or any(len(mark) > 2 and mark in text for mark in marks)
    }
    assert spelt == set()


@pytest.mark.parametrize(
    "name", ["Youssef", "Alice (youth) club", "Player 12 fan", "Open seat 12 fan", "Aidan 2nd", "Bob (UK) Smith"]
)
def test_a_long_name_is_never_cut_so_that_what_is_left_reads_as_a_label(name):
    assert name_problem(name) is None
    for width in range(1, len(name)):
        cut = fit_name(name, width)
        head = cut.removesuffix("…")
        assert len(cut) <= width and head != name
        assert not reads_as_label(head) and head.count("(") == head.count(")"), (width, cut)
    assert fit_name("Youssef", 4) == "Yo…" and fit_name("Alice (youth) club", 12) == "Alice…"


def test_every_invisible_code_point_draws_as_nothing():
    """Default_Ignorable_Code_Point (Unicode 15.1), format characters (Cf) and fillers."""
    for char in [
        "\u00ad",
        "\u034f",
        "\u061c",
        "\u115f",
        "\u17b4",
        "\u180e",
        "\u200b",
        "\u202e",
        "\u2064",
        "\u3164",
        "\ufe0f",
        "\ufeff",
        "\uffa0",
        "\ufff9",
        "\U0001bca0",
        "\U0001d173",
        "\U000e0100",
        "\U00016fe4",
    ]:
        assert invisible(char) and visible(f"Al{char}ice") == "Alice", hex(ord(char))
    assert not any(invisible(char) for char in "Aa0 ·ë李\u0301")


def test_a_replays_viewed_seat_is_not_called_yours():
    """Decktet Caravan's replay, `v` to AI 2's view: "AI 2 (you) · pile +0" under "AI 2
    (normal)'s view", read as the watcher's own seat. A replay's seat is only the view shown."""
    names = ["Root", "AI 2"]
    assert table(names, ["person", "ai"], 1).seat_name(1) == "AI 2 (you)"
    viewed = dataclasses.replace(table(names, ["person", "ai"], 1), replaying=True)
    assert [viewed.seat_name(seat) for seat in (0, 1)] == ["Root", "AI 2"]
