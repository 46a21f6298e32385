"""What each Merchant Lord board shows for the table's state: the dice, the hand, the row (chips
and their marks) and the villages (rows that fit the box's room). Functions of the state alone:
each board draws what its look gives as the state changes."""

from __future__ import annotations

from rich.text import Text

from .faces import CHANGED, CHOSEN, DIMMED, HINT, TICK, USABLE, card_face, die_text, hinted_cards
from .rules import VINDEX
from .table import NAME_ROOM, WIDE_NAME_ROOM, MerchantLordTable
from .terms import PRICE
from .widgets import ChipLook, Row, VillageBoard


def dice_look(table: MerchantLordTable) -> ChipLook:
    """Your dice: each die's face and its mark (ticked to reroll, the hint's, used by the sale
    built, placed, changed)."""
    used = set(table.sale_dice(table.sel))
    hinted = table.adjust_die(table.hinted)
    chips, marks = [], {}
    for index, (value, where) in enumerate(table.my_dice()):
        key = str(index)
        if where == "unplaced":
            face = die_text(value)
        elif where == "aside":
            face = Text("+", style="dim")
        else:
            face = Text(str(value), style="dim")  # the mark (·) says it is used
        chips.append((key, face))
        if index in table.reroll:
            marks[key] = TICK
        elif index == hinted:
            marks[key] = HINT
        elif index in used:
            marks[key] = CHOSEN
        elif where != "unplaced":
            marks[key] = DIMMED
        elif table.seat is not None and (table.seat, index) in table.changed_dice:
            marks[key] = CHANGED
    return ChipLook(tuple(chips), marks, frozenset(str(i) for i in table.reroll), label=f"{table.whose()} dice ")


def hand_look(table: MerchantLordTable) -> ChipLook:
    """Your hand: each card with the half ticked, and whether it can be tucked now."""
    view = table.view
    assert view is not None  # (a board is drawn once there is a view)
    cards = view.get("hand", []) if table.seat is not None else []
    choices = table.choices() if table.phase in ("sell", "favour", "place") else None
    sel, marks = table.sel, {}
    for card in cards:
        if card in sel.tucks:
            marks[card] = TICK
        elif table.hinted is not None and card in hinted_cards(table.hinted):
            marks[card] = HINT
        elif choices:
            marks[card] = USABLE if choices.tuckable(sel, card) else DIMMED
    if table.seat is None:
        title = "Hand"
    else:
        # ("space tucks" over a hand whose one card no sale could take)
        tucks = choices and any(card in sel.tucks or choices.tuckable(sel, card) for card in cards)
        title = f"{table.whose()} hand ({len(cards)})" + (" · space tucks" if tucks else "")
    faces = tuple((card, card_face(card, sel.tucks.get(card))) for card in cards)
    return ChipLook(faces, marks, frozenset(sel.tucks), title)


def row_look(table: MerchantLordTable) -> ChipLook:
    """The row: each card, and whether it can be bought now."""
    view = table.view
    assert view is not None  # (a board is drawn once there is a view)
    buying = table.phase == "buy"
    marks = {}
    for card in view["row"]:
        if table.hinted == ("buy", card):
            marks[card] = HINT
        elif buying:
            marks[card] = USABLE if ("buy", card) in table.legal else DIMMED
        elif card in table.changed_row:
            marks[card] = CHANGED
    title = f"Row · pile {view['pile_size']} · {PRICE}¢ each" + (" · enter buys" if buying else "")
    return ChipLook(tuple((card, card_face(card)) for card in view["row"]), marks, frozenset(), title)


def village_rows(table: MerchantLordTable) -> list[Row]:
    """The villages, so that yours stay in view in the box's room (``villages_room``): every
    player's where they fit, else every player's a village a line (compact), else yours and one
    opponent's (``shown_other``: the one whose village the cursor was last on; ``o`` shows the
    next), the others on a line each."""
    view = table.view
    assert view is not None  # (a board is drawn once there is a view)
    players, me = view["players"], table.seat if table.seat is not None else 0
    order = [(me + k) % players for k in range(players)]
    width, room = table.villages_room
    width = max(20, width - 2)
    marks = table.village_marks()

    def built(names: int) -> tuple[dict[int, list[Row]], dict[int, list[Row]]]:
        """Every player's rows, full and compact, their names in ``names`` cells."""
        return (
            {seat: table.seat_rows(view, seat, width, marks, names=names) for seat in order},
            {seat: table.seat_rows(view, seat, width, marks, compact=True, names=names) for seat in order},
        )

    full, compact = built(NAME_ROOM)
    wanted = name_room(table, order)
    if wanted > NAME_ROOM:  # (a longer name, where no player's rows take a line more for it)
        wide = built(wanted)
        grows = any(
            VillageBoard.count_lines(wider[seat], width) > VillageBoard.count_lines(narrow[seat], width)
            for narrow, wider in zip((full, compact), wide)
            for seat in order
        )
        full, compact = (full, compact) if grows else wide
    for rows_by_seat in (full, compact):
        needed = sum(VillageBoard.count_lines(rows, width) for rows in rows_by_seat.values())
        if not room or needed <= room:  # (not laid out yet: everything)
            return [row for seat in order for row in rows_by_seat[seat]]
    others = [seat for seat in order if seat != me]
    shown: tuple[int, ...] = (me, table.shown_other if table.shown_other in others else others[0])
    # (a folded player's line as it is drawn: its marks may wrap it to a second line)
    folded = {seat: table.summary_row(view, seat, width, marks) for seat in others if seat not in shown}
    lines = sum(VillageBoard.count_lines(full[seat], width) for seat in shown)
    fits = lines + VillageBoard.count_lines(list(folded.values()), width) <= room
    rows: list[Row] = []
    for seat in order:
        rows.extend((full[seat] if fits else compact[seat]) if seat in shown else [folded[seat]])
    if table.villages_height and VillageBoard.count_lines(rows, width) > table.villages_height:
        # (not even one opponent's villages fit the box as it is now: a sale readied at three
        # players grew the lines under the row, and the last player's line scrolled out of view;
        # one chosen at an opponent's village keeps theirs whole: folded, the cursor left it for
        # "your 1-6", and the Enter that the line said sells there sold at yours)
        kept = me if table.sel.village is None else VINDEX[table.sel.village] // 3
        rows = [
            row
            for seat in order
            for row in (compact[seat] if seat == kept else [table.summary_row(view, seat, width, marks, seat != me)])
        ]
    return rows


def others_folded(table: MerchantLordTable) -> bool:
    """Whether every opponent's villages are folded onto a line each (``village_rows``: the box
    too short for even one opponent's whole), so that ``o`` can show none: at three players it
    changed nothing and said nothing."""
    view = table.view
    if view is None or view["players"] < 3:
        return False
    return len(village_rows(table)) == 3 + view["players"] - 1  # (ours a village a line, theirs a line each)


def name_room(table: MerchantLordTable, order: list[int]) -> int:
    """The cells the players' names would take before their villages: the longest name's, from
    ``NAME_ROOM`` up to ``WIDE_NAME_ROOM`` (a name of 10 letters read "[bol…" with 15 columns
    free after its rows; ``village_rows`` keeps it where no row takes a line more for it)."""
    longest = max(len(table.brief_name(seat)) if seat != table.you else 3 for seat in order)
    return min(max(longest, NAME_ROOM), WIDE_NAME_ROOM)
