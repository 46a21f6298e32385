"""The legend of the Caravanserai board: the lines under the board where there is room, the
solo titles, and the whole legend ``l`` shows."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.widgets.legend import legend_rows

from .geometry import COLOUR_NAMES
from .picture import CHANGED, HINT, LAID, SELECT, colour_text, seat_style
from .rules import TITLES

#: the whole legend's widest line: the side column's 28 less its frame and scroll bar
LEGEND_WIDTH = 25


def legend_lines(sample: int = 2) -> list[Text]:
    """Under the board where there is room (not at 80×24), most needed first."""
    cells = Text.assemble(
        (" ·", "dim"),
        " desert  ",
        ("·", "dim"),
        colour_text(3, style="dim"),
        " red Caravanserai  ",
        colour_text(3, "◆R"),
        " board good",
    )
    n, style = str(sample), seat_style(sample - 1)
    pieces = Text.assemble(
        (n, style),
        colour_text(4),
        " ",
        (n, style),
        ("C", "bold"),
        " ",
        (n, style),
        ("L", "bold"),
        f" player {n}'s good, camel, lying camel; ",
        (f"{n}C", "reverse"),
        f" player {n}'s head (reversed)",
    )
    marks = Text(f"[  ] cursor · {SELECT} enter plays · {LAID} placing · ➀➁➂ hint · {CHANGED} changed")
    keys = Text("w e a d z x (or 0-5) head · c camel · W K P R Y block · L lying")
    more = Text("arrows move · shift+arrows pan · tab the plays · l whole legend")
    return [cells, pieces, marks, keys, more]


def ladder_lines(length: int) -> list[Text]:
    """The solo titles, the ones reached ticked."""
    lines = [Text("Solo titles", style="bold underline")]
    for least, name in reversed(TITLES):
        reached = length >= least
        lines.append(Text(f" {'✓' if reached else ' '} {least}+ {name}", style="bold" if reached else "dim"))
    return lines


def title_line(length: int) -> Text:
    """The solo title reached so far and the next one."""
    reached = next(((least, name) for least, name in TITLES if length >= least), None)
    above = [(least, name) for least, name in TITLES if length < least]
    text = Text("Title ", style="bold")
    if reached:
        text.append(reached[1], style="bold reverse")
    else:
        text.append("none yet", style="dim")
    if above:
        least, name = above[-1]
        text.append(f" · {least}: {name}", style="dim")
    return text


def legend_panel(sample: int = 2) -> Text:
    """The whole legend (``l``), lines of at most ``LEGEND_WIDTH`` cells: it fits the side panel
    at 80 columns (a longer line wrapped back to the panel's edge, under the samples). Its pieces
    are player ``sample``'s: 1 in a solo match ("Pieces (2: player 2)" where there is none)."""
    text = Text("")
    row = legend_rows(text, 6)
    text.append("Cells\n", style="bold underline")
    row(Text(" ·", style="dim"), "desert")
    row(Text.assemble(("·", "dim"), colour_text(3, style="dim")), "red Caravanserai")
    row(colour_text(3, "◆R"), "a red board good")
    n, style = str(sample), seat_style(sample - 1)
    text.append(f"Pieces ({n}: player {n})\n", style="bold underline")
    row(Text.assemble((n, style), colour_text(4)), "a yellow good")
    row(Text.assemble((n, style), ("C", "bold")), "a camel")
    # (in words too: without colour, or read as plain text, the two samples are alike)
    row(Text.assemble((n, style + " reverse"), ("C", "bold reverse")), "head (reversed)")
    row(Text.assemble((n, style), ("L", "bold")), "lying, expert only")
    text.append("Colours\n", style="bold underline")
    for colours in ((0, 1), (2, 3), (4,)):
        for colour in colours:
            text.append(" ")
            text.append_text(colour_text(colour))
            text.append(f" {COLOUR_NAMES[colour]:<7}")
        text.rstrip()
        text.append("\n")
    text.append("Marks\n", style="bold underline")
    row(f"{SELECT}", "enter plays here")
    row(f"{LAID}", "this placement")
    row("➀➁➂", "hint: its pieces,")
    row("", "then goods stood")
    row(f"{HINT}", "the hint's play")
    # (not "the others' turns": a piece the rules laid for you within another's move is marked too)
    row(f"{CHANGED}", "changed since")
    row("", "your last move")
    row("[  ]", "the cursor")
    row("➀  ]", "the cursor on")
    row("", "a hint's step")
    text.append("Keys\n", style="bold underline")
    row("arrows", "move (shift: pan)")
    row("w e", "head NW NE")
    row("a d", "head W E")  # (s, the hexagon's centre, turns nowhere: it was listed, and did nothing)
    row("z x", "head SW SE; 0-5")
    row("c", "the final camel")
    row("WKPRY", "start that block")
    row("L", "lying (expert)")
    row("tab", "the plays list")
    text.append("Reserve\n", style="bold underline")
    text.append(" C camels, WKPRY goods")
    return text
