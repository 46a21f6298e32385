"""What the Caravanserai table writes, from its view and state: the lines under the board (the
market and the end, each seat's caravan and reserve, the placement in progress), the board's title,
the legend and the final table. ``screen.py`` composes the board and takes the keys."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Group
from rich.table import Table
from rich.text import Text

from caravan_tui.screens.table_seat import fit_name
from caravan_tui.screens.table_status import list_enter
from caravan_tui.words import longest_word, plural

from .geometry import COLOURS
from .legend import ladder_lines, legend_lines, title_line
from .picture import Block, blocks, colour_text, seat_style
from .rules import DECLINE, TITLES, title
from .table_state import CaravanseraiTable
from .views import CaravanseraiView, piece
from .words import RESERVE_WORDS, SAFETY, SAFETY_WORDS

#: a name's room in the seats' lines and the placement line
NAME_WIDTH = 13
#: the room of a line under the board at 80 columns
ROW = 50


def reserve_text(reserve: list[int]) -> Text:
    """``C5 W3 K2 P1 R0 Y4``: camels, then goods by colour (a zero is dim)."""
    text = Text("C", style="bold")
    text.append(str(reserve[5]), style="" if reserve[5] else "dim")
    for colour in range(5):
        text.append(" ")
        count = reserve[colour]
        text.append_text(colour_text(colour, style="bold" if count else "dim"))
        text.append(str(count), style="" if count else "dim")
    return text


def market_text(market: list[int]) -> Text:
    text = Text("Market ", style="bold")
    for colour in range(5):
        text.append_text(colour_text(colour, style="bold" if market[colour] else "dim"))
        text.append(f"{market[colour]} ", style="" if market[colour] else "dim")
    text.append(f"= {sum(market)}", style="bold")
    return text


def legend_sample(players: int) -> int:
    """The player whose pieces the legend shows: the only one solo, else player 2."""
    return 1 if players == 1 else 2


def legend_text(view: CaravanseraiView) -> Text:
    """The legend under the board: the glyphs and marks, and solo the title ladder."""
    lines = legend_lines(legend_sample(view["players"]))
    if view["players"] == 1:
        lines += [Text("")] + ladder_lines(len(view["caravans"][0]))
    return Text("\n").join(lines)


def title_text(view: CaravanseraiView, table: CaravanseraiTable) -> str:
    """The board's title: whose turn, and the round (or the starting camels). While another
    seat's move is on show, whose it is, as the status line says ("Your turn" stood over "AI 2 is
    playing…")."""
    mover = view["to_move"]
    if mover is None:
        return "Game over"
    if table.pausing is not None:
        mover = table.pausing
    rest = " · starting camels" if view["stage"] == "start" else f" · round {view['round']}"
    if table.mine(mover):
        return f"Your turn{rest}"
    who = table.seat_name(mover)
    if len(who) + len(" to play") + len(rest) > TITLE_ROOM:  # (the frame cut "… to pla…", not the name)
        who = table.player_name(mover, TITLE_ROOM - len(" to play") - len(rest))
    return f"{who} to play{rest}"


#: the most cells the board's title takes at 80 columns between players (its frame's corners
#: and the focus mark aside)
TITLE_ROOM = 46


def info_text(view: CaravanseraiView) -> Text:
    """The market and how near the end is (solo: the title the caravan has reached)."""
    text = market_text(view["market"])
    text.append(" · ")
    if view["players"] == 1:
        text.append("ends when empty" if view["phase"] != "over" else "game over", style="dim")
        text.append("\n")
        text.append_text(title_line(len(view["caravans"][0])))
        return text
    phase = view["phase"]
    if phase == "normal":  # (between players the match does not end as it empties: §8.2's final round)
        # (a reminder, not a state: "empty: end begins" read as the end begun, a colour at 0)
        text.append("end begins at 0", style="dim")
    elif phase == "completing":
        text.append("ENDING: +1 round", style="bold reverse")
    elif phase == "final":
        text.append("FINAL ROUND", style="bold reverse")
    else:
        text.append("game over", style="bold")
    return text


def seats_table(view: CaravanseraiView, table: CaravanseraiTable) -> Table:
    """One line a seat: whose turn, the name, the caravan's length, the reserve."""
    lines = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_header=False, expand=False)
    lines.add_column(no_wrap=True)
    lines.add_column(no_wrap=True)
    lines.add_column(no_wrap=True, justify="right")
    lines.add_column(no_wrap=True)
    for seat in range(view["players"]):
        marker = Text("▶" if view["to_move"] == seat else " ", style="bold")
        marker.append(str(seat + 1), style=seat_style(seat))
        length = Text("len ", style="dim")
        length.append(str(len(view["caravans"][seat])), style="bold")
        name = Text(table.player_name(seat, NAME_WIDTH), style="bold" if seat == table.seat else "")
        lines.add_row(marker, name, length, reserve_text(view["reserves"][seat]))
    return lines


def who(table: CaravanseraiTable, seat: int) -> Text:
    """A seat as short as the one line allows: "You", else its short name in its colour ("AI 2",
    not "AI 2 (normal)": the level would push the figures onto the row of the blocks)."""
    if table.mine(seat):
        return Text("You", style="bold")
    return Text(fit_name(table.brief_name(seat), NAME_WIDTH), style=seat_style(seat))


def forecast(view: CaravanseraiView, table: CaravanseraiTable) -> str | None:
    """While others play, what our next turn looks like as the board stands (None: nothing to
    fear): skipped, with no camel or no open cell by the head, or one open cell left (said as
    the "if" it is: "…: taken, you are skipped" read as a fact, and the turn was not skipped)."""
    seat, picture = table.seat, table.picture
    if seat is None or table.replaying or picture is None or view["over"] or view["to_move"] == seat:
        return None
    caravan = view["caravans"][seat]
    if not caravan:
        return None
    if not view["reserves"][seat][5]:
        return "skipped next turn: no camel in your reserve"
    head = piece(caravan[-1])[:2]
    around = picture.open_around(head)
    if not around:
        return "skipped next turn unless a cell by your head frees"
    if len(around) == 1:
        beyond = picture.open_around(around[0])
        if not beyond:  # (a corner whose one cell leads nowhere)
            return "1 open cell by your head, a dead end: skipped after it"
        if len(beyond) == 1:
            return "1 open cell by your head, 1 beyond it: skipped if either is taken"
        return "1 open cell by your head: skipped if it is taken"
    return None


def count_text(found: list[Block]) -> Text:
    """Which blocks the count leaves out and which it counts, the placement's pieces in its
    order: "left out 1P 3P · counts 2Y(on ·K) camel" (why a block on Caravanserai cells counts
    after it). Where that is longer than the column's row at 80 columns (``ROW``), "left out
    none" goes first, then the reasons, then the blocks left out are counted, not named ("left
    out 4 blocks"): the row is never cut (an expert placement's "counts 1R lying camel, camel"
    lost its last camel at the edge)."""
    out = [block.words for block in found if block.left_out]
    counted = [block for block in found if not block.left_out]
    for none, why, named in ((True, True, True), (False, True, True), (False, False, True), (False, False, False)):
        text = Text()
        if out or none:
            text.append("left out ", style="dim")
            left = (" ".join(out) if named else plural(len(out), "block")) if out else "none"
            text.append(left, style="bold" if out else "dim")
            text.append(" · ", style="dim")
        text.append("counts ", style="dim")
        # (a lying camel named whole, apart from the camel after it: "counts lying camel" read as
        # one piece where the count was two, as in the log's "lying camel, camel")
        text.append(
            " ".join(
                "lying camel,"
                if block.words == "lying"
                else block.words + (f"({block.why})" if why and block.why else "")
                for block in counted
            )
        )
        if text.cell_len <= ROW:
            break
    return text


def placement_text(view: CaravanseraiView, table: CaravanseraiTable) -> Text:
    """The placement in progress and the caravan a camel would give now; else the last one;
    while our turns are skipped, that and why. The figure that matters comes first, so the
    one line at 80 columns keeps it whole; the blocks laid go on a second line, shown where the
    column has the row: the ones the count leaves out (the caravan's growth) and the ones it
    counts, so the count's figure says where it comes from. After steps the rules laid for us,
    they take the second line until our next choice."""
    mover = view["to_move"]
    if table.skipped is not None and mover != table.seat:
        times, why = table.skipped
        text = who(table, table.seat) if table.seat is not None else Text("")
        text.append(f": skipped{f' ×{times}' if times > 1 else ''} ", style="bold reverse")
        text.append(f"({why})")
        return text
    if table.played_for_us is not None and mover != table.seat:
        text = who(table, table.seat) if table.seat is not None else Text("")
        text.append(": turn laid for you ", style="bold reverse")
        text.append(f"({table.played_for_us}: the only move)")
        return text
    text = _placement_text(view, table)
    if text.split("\n")[0].cell_len > ROW:
        # ("You · W declined, then camel: caravan 10→10, count 2" wrapped, and the row of the
        # steps the rules laid for us, under it, went out of the column's two rows)
        text = _placement_text(view, table, terse=True)
    if table.forced is None or mover != table.seat:
        return text
    # steps to the camel that ended the placement: under a new one's "count 1" they read as laid in it
    ended = "camel" in table.forced.split(", ")
    said = Text(
        "your last placement, laid for you:" if ended else "laid for you, the only way on:", style="bold reverse"
    )
    said.append(f" {table.forced}")
    if said.cell_len > ROW:
        count = table.forced.count(", ") + 1
        # ("4 steps laid for you last placement: the log says" lost its last word, and read wrong)
        them = "it" if count == 1 else "them"
        said = Text(
            f"{plural(count, 'step')} laid to end your placement (see the log)"
            if ended
            else f"{plural(count, 'step')} laid for you: the log says {them}",
            style="bold reverse",
        )
    return Text("\n").join([text.split("\n")[0], said])


def _placement_text(view: CaravanseraiView, table: CaravanseraiTable, terse: bool = False) -> Text:
    """The placement in progress, its figures then its blocks; else the last placement's;
    ``terse``: "…, camel:" for "…, then camel:" (a row too long for the column otherwise)."""
    pl, mover = view["placement"], view["to_move"]
    cs = table.picture.cs if table.picture is not None else {}
    if pl is not None and mover is not None:
        text = who(table, mover)
        placed, omitted, length = pl["placed"], pl["omitted"], len(view["caravans"][mover])
        left, laid = pl["left"], list(pl["laid"])
        on_cs, all_match = pl["on_caravanserai"], pl["all_match"]
        target = pl["target"] if view["stage"] == "board" else None
        # a board good asked about: the preview is Enter's answer, its cell laid either way: using
        # it, or our own good there where the plays list's "Decline it" is highlighted (its line
        # read "K used, then camel: caravan 29→31" over Enter's "decline it", which left 29)
        declining = target is not None and list_enter(table) == DECLINE
        using = target is not None and not declining
        declined = list(pl["declined_blocks"])
        if target is not None:
            q, r = target
            laid.append([q, r, COLOURS[pl["colour"]]])
            on_cs, all_match = True, all_match and cs.get((q, r)) == pl["colour"]
            if declining:
                declined.append(len(blocks(laid, cs, ())))  # (the block in progress, numbered from 1)
        if left:  # inside a block: it must be finished first
            out = on_cs and all_match and not pl["declined"] and not declining
            text.append(" · ")
            # ("+1Y" read as the board's "+", a piece laid this placement: it is one still to lay;
            # the board good Enter uses as the last, "W used": "1W more used, then camel: caravan
            # 15→18, count 1" took more than the column's row, and lost its count)
            if target is not None and left == 1:
                text.append(COLOURS[pl["colour"]], style="bold")
                then = ", camel: " if terse else ", then camel: "
                text.append(f" declined{then}" if declining else f" used{then}", style="dim")
            else:
                text.append(f"{left}{COLOURS[pl['colour']]} more", style="bold")
                text.append(", camel: " if terse else " then camel: ", style="dim")
            placed += left
            omitted += pl["size"] if out else 0
            # (left out only if the rest too stays off other colours' Caravanserai cells: "caravan
            # 29→32, count 3" was promised, and a K laid on a purple cell ended it at 29, count 6)
            unsettled = out and (left > 1 or not using)
        else:
            text.append(" · camel now: ", style="dim")
            unsettled = False
        most, least = ("≤", "≥") if unsettled else ("", "")
        text.append(f"caravan {length}→{most}{length + omitted}", style="bold")
        text.append(f", count {least}{placed + 1 - omitted}")
        if laid:
            found = blocks(laid, cs, declined)
            if left:  # (the block in progress, whole: as the figures above count it)
                found[-1] = replace(found[-1], words=f"{pl['size']}{COLOURS[pl['colour']]}")
            text.append("\n")
            text.append_text(count_text(found + [Block("camel")]))
        return text
    last = view["last"]
    if last is not None:
        text = who(table, last["seat"])
        text.append(": ")
        text.append(f"caravan {len(view['caravans'][last['seat']])}", style="bold")
        text.append(f", count {last['count']}\n")
        text.append_text(count_text(blocks(last["laid"], cs, last["declined"])))
        return text
    return Text("Starting camels go on outer Caravanserai cells.", style="dim")


def final_table(view: CaravanseraiView, table: CaravanseraiTable) -> Group:
    """The caravans, the reserves (what the column means) and, in solo, the title reached and
    the ladder of titles."""
    solo = view["players"] == 1
    scores = Table(caption=RESERVE_WORDS if solo else f"{RESERVE_WORDS}; it breaks a tie on length")
    names = longest_word(table.seat_label(seat) for seat in range(view["players"]))
    scores.add_column("Player", overflow="fold", min_width=names)
    scores.add_column("Caravan", justify="right")
    scores.add_column("Reserve", justify="right")
    if solo:
        scores.add_column("Title")
    for seat in range(view["players"]):
        length = len(view["caravans"][seat])
        row: list[Text | str] = [table.seat_label(seat), str(length), str(sum(view["reserves"][seat]))]
        if solo:
            row.append(view.get("title") or "no title (25 for Camel driver)")
        scores.add_row(*row)
    lines: list[Table | Text] = [scores]
    if solo:
        length = len(view["caravans"][0])
        earned = view.get("title")
        lines.append(
            Text(
                f"Title reached: {earned}" if earned else f"No title: a caravan of {length} (Camel driver needs 25)",
                style="bold",
            )
        )
        lines += ladder_lines(length)
    if view["end"]:
        lines.append(Text(SAFETY_WORDS if view["end"] == SAFETY else f"The game ended: {view['end']}.", style="dim"))
        trigger = view["trigger"]
        if trigger is not None:
            seat = trigger[0]
            lines.append(
                Text(
                    table.words(
                        f"It began to end when {{p{seat}}} took the last good from the "
                        "market: that round was finished, then every seat played once more."
                    ),
                    style="dim",
                )
            )
    return Group(*lines)


def solo_headline(length: int) -> str:
    """Solo has no winner: the caravan's length and the title it earns."""
    earned = title(length)
    if earned:
        return f"A caravan of {length}: {earned}!"
    least, first = TITLES[-1]
    return f"A caravan of {length}: no title ({first} needs {least})."
