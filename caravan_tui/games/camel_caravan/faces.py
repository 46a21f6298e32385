"""How the Camel Caravan table draws things: goods as coloured letters, camels as their owner's
digit, a cell's face, the goods key and the whole legend (colour is never the only cue)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from rich.text import Text

from caravan_tui.widgets.legend import legend_rows
from caravan_tui.words import plural

from .board import CELL_COUNT, CELL_NAMES, CITIES, CITY_AT, GOOD_INDEX, GOODS, LETTERS, SPACES
from .board_widget import Face
from .views import CamelCaravanView, demand_markers, loads_of, loose_goods

#: meat red, swords blue, salt white, hides brown, ivory grey, cloth purple, gems green, paper pink
GOOD_COLOURS = ("#f7768e", "#7aa2f7", "#e5e9f0", "#c8a06e", "#a9b1d6", "#bb9af7", "#9ece6a", "#ff9ecf")
PLAYER_COLOURS = ("#e0af68", "#7dcfff", "#ff9e64", "#73daca")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
CODE_AT = {cell: code for _, code, cell, _ in CITIES}
#: the board's marks: a destination costing one or two actions, the chosen camel or good, the hint
#: (the board widget itself marks the cells the latest opponent's action changed with ``*``)
ONE, TWO, CHOSEN, HINT = "›", "»", "●", "★"
#: the goods, common (3 points) then rare (6)
KEY_ORDER = (("meat", "swords", "salt", "hides"), ("ivory", "cloth", "gems", "paper"))


def good_text(good: str, under: bool = False) -> Text:
    letter = LETTERS[GOOD_INDEX[good]]
    return Text(letter if under else letter.upper(), style=f"bold {GOOD_COLOURS[GOOD_INDEX[good]]}")


def goods_key(goods: tuple[str, ...], points: int) -> Text:
    """``M meat W swords S salt H hides: 3 points``, each letter in its good's colour."""
    text = Text("")
    for good in goods:
        text.append_text(good_text(good))
        text.append(f" {good} ")
    text.append(f"= {points} pts", style="dim")
    return text


def legend_lines(rows: int = 3) -> list[Text]:
    """Under the players' table, as many lines as ``rows`` allows: the marks' line always (it is
    what the board's marks mean, and it names ``l``), over it the goods key, each kind on a line
    of its own where there is room, letters only on one line where there is not."""
    marks = Text.assemble(
        (ONE, "bold"),
        " 1 action ",
        (TWO, "bold"),
        " 2 · ",
        (CHOSEN, "bold"),
        " chosen · ",
        (HINT, "bold"),
        " hint · l legend",
    )
    if rows >= 3:
        return [goods_key(KEY_ORDER[0], 3), goods_key(KEY_ORDER[1], 6), marks]
    if rows == 2:
        return [letters_key(), marks]
    return [marks]


def letters_key() -> Text:
    """``M W S H = 3 pts · I C G P = 6 pts``: the goods key in one short line."""
    text = Text("")
    for goods, points in zip(KEY_ORDER, (3, 6)):
        if points == 6:
            text.append(" · ", style="dim")
        for good in goods:
            text.append_text(good_text(good))
            text.append(" ")
        text.append(f"= {points} pts", style="dim")
    return text


def legend_panel() -> Text:
    """The whole legend (``l``): the goods, what the board shows, the marks."""
    text = Text("")
    row = legend_rows(text, 7)
    text.append("Goods", style="bold underline")
    text.append("           points\n")
    for goods, points in zip(KEY_ORDER, (3, 6)):
        for pair in (goods[:2], goods[2:]):
            text.append(" ")
            for good in pair:
                text.append_text(good_text(good))
                text.append(f" {good:<7}")
            text.append(f" {points}\n")
    text.append(" ♦ demand marker    1\n")
    text.append("Board\n", style="bold underline")
    row(Text.assemble(("1", player_style(0)), " ", ("2", player_style(1))), "camels: players 1, 2")
    # (empty: one empty and one loaded are "11M", read against "1²: two camels" as a misdrawn 1²)
    row(Text("1²", style=player_style(0)), "two empty, player 1")  # ("two of player 1's": cut)
    row(Text.assemble(("2", player_style(1)), good_text("salt")), "camel carrying salt")
    # (a good after two players' camels is the second's: "12H" read as "camels 1 and 2, hides")
    row(Text.assemble(("1", player_style(0)), ("2", player_style(1)), good_text("hides")), "2 carries the hides")
    row(Text.assemble(("2", player_style(1)), good_text("salt", True)), "stolen salt beneath")
    row(Text.assemble(("3", "dim"), " ", good_text("salt")), "space 3: loose salt")
    row("♦2", "2 demand markers")
    row(Text.assemble(("GAO", "bold"), "·", good_text("hides")), "Gao wants hides")
    text.append("Marks\n", style="bold underline")
    row(f"{ONE} {TWO}", "1 or 2 actions here")
    row(CHOSEN, "chosen to move")
    row("*", "the others' turns")
    row(HINT, "the hint")
    row("(−6)", "goods-held penalty")  # (the players' table: "Pts 15 (−6)")
    text.rstrip()
    return text


def player_style(seat: int) -> str:
    return f"bold {PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"


def contents(view: CamelCaravanView) -> list[tuple]:
    """Per cell: (loose good, demand markers, per seat (empty camels, sorted loads))."""
    players = view["players"]
    goods = loose_goods(view["goods"])
    demand = demand_markers(view["demand"])
    empty = [[0] * players for _ in range(CELL_COUNT)]
    loads: list[list[list[tuple[str, bool]]]] = [[[] for _ in range(players)] for _ in range(CELL_COUNT)]
    for seat in range(players):
        for cell in view["empty"][seat]:
            empty[cell][seat] += 1
        for cell, good, under in loads_of(view["loaded"][seat]):
            loads[cell][seat].append((good, under))
    return [
        (
            goods.get(cell),
            demand.get(cell, 0),
            tuple((empty[cell][seat], tuple(sorted(loads[cell][seat]))) for seat in range(players)),
        )
        for cell in range(CELL_COUNT)
    ]


def place_words(cell: int) -> str:
    """A cell in words: its name, and what a city wants."""
    return f"{CELL_NAMES[cell]} wants {GOODS[CITY_AT[cell]]}" if CITY_AT[cell] >= 0 else CELL_NAMES[cell]


def captions(cells: list[tuple], name: Callable[[int], str]) -> tuple[str, ...]:
    """What the board's foot says of each cell under the cursor (``cells``: ``contents``): its
    name, what a city wants, and each seat's camels there in words, each seat by ``name`` (three
    camels on a space showed "1h2C…", the third camel's good cut from its face)."""
    said = []
    for cell, (_, _, seats) in enumerate(cells):
        words = [place_words(cell)]
        for seat, (empty, loads) in enumerate(seats):
            held = [f"{good} under" if under else good for good, under in loads]
            parts = ([plural(empty, "empty camel")] if empty else []) + held
            if parts:
                words.append(f"{name(seat)}: {', '.join(parts)}")
        said.append("; ".join(words))
    return tuple(said)


def touched(previous: CamelCaravanView | None, view: CamelCaravanView) -> set[int]:
    """The cells whose goods, markers or camels differ between two views."""
    if previous is None:
        return set()
    return {cell for cell, (a, b) in enumerate(zip(contents(previous), contents(view))) if a != b}


def touched_along(views: Sequence[CamelCaravanView | None]) -> set[int]:
    """The cells each step of ``views`` (one after each move) changed: a camel that came and went
    leaves its cell as it was, yet the cell was played on."""
    return set().union(*(touched(before, after) for before, after in pairwise(views) if after is not None))


def face(cell: int, good: str | None, demand: int, camels: tuple) -> Face:
    """``place``: a city's code and wanted good, a space's number, loose good and demand;
    ``tokens``: each seat's empty camels (digit, count) and loaded camels (digit, good)."""
    if CITY_AT[cell] >= 0:
        place = Text.assemble((CODE_AT[cell], "bold"), "·", good_text(GOODS[CITY_AT[cell]]))
        kind = "city"
    elif cell in SPACES:
        place = Text(str(SPACES.index(cell) + 1), style="dim")
        place.append(" ")
        if good is not None:
            place.append_text(good_text(good))
        if demand:
            place.append("♦" + (str(demand) if demand > 1 else ""), style="bold")
        kind = "space"
    else:
        place, kind = Text("·", style="dim"), ""
    tokens = []
    for seat, (empty, loads) in enumerate(camels):
        digit = str(seat + 1)
        if empty:
            tokens.append(
                Text(digit + (str(empty).translate(SUPERSCRIPT) if empty > 1 else ""), style=player_style(seat))
            )
        for good, under in loads:
            tokens.append(Text.assemble((digit, player_style(seat)), good_text(good, under)))
    return Face(place, tokens, kind)
