"""The decision panel of the Caravans of Ahldarahd table: the auction, the build, a trade offer,
the Night — what is being decided, by whom, and the keys when it is ours."""

from __future__ import annotations

from rich.text import Text

from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.words import WORD_ROOM, a_or_an

from .cards import ITEM_INDEX, ROP, SHAH
from .describe import describe
from .maps import CODES, COLOURS, COMMODITIES
from .no_gold import panel_words
from .rules import AhldarahdState
from .seat_marks import seat_letter, seat_style
from .table_state import AhldarahdTable
from .table_text import fit
from .terms import NIGHT_PRICE
from .trade_dialog import side_words
from .views import AhldarahdView, AuctionView, DraftView, NightView

POSS = "'s"  # the possessive form of a seat field: "your map", "Bot's map"


#: the hint's line when its play in words is wider than the panel (the hint's own panel, over
#: the map, and the plays list's star say it whole)
HINT_ELSEWHERE = "★ hint: the starred play in the plays list"


#: the decision panel's rows under its top border, at the least (``#ah-panel``'s ``min-height``, 4;
#: it takes the rows the Enter line leaves, and the lines wrap onto them: ``TableText.fit``)
PANEL_ROWS = 3


def panel_text(view: AhldarahdView, table: AhldarahdTable, hint: bool = True, width: int = 47) -> Text:
    """The decision at hand: whose it is, its state and, when it is ours, its keys; ``hint``:
    and the hint's play, where a row is free for it, whole in ``width`` cells."""
    phase, mover = view["phase"], view["to_move"]
    mine = table.turn is not None
    m = mover if mover is not None else -1  # (no one decides once the game is over)
    lines: list[Text] = []
    if phase == "over":
        lines.append(Text("The game is over.", style="bold"))
    elif phase == "setup":
        if mine:
            lines.append(Text(f"Free routes on your map: {view['free_left']} left", style="bold"))
            # the last to claim ends the setup: turn 1's cards come up then (its last claim may be taken back)
            # (no "u undoes" where the others are people: no undo is offered there)
            undo = "" if table.others_are_people() else " · u undoes a claim"
            # (not "enter or e": after a claim the plays list's first Enter highlights its line only)
            lines.append(
                Text("enter on a route claims it · e done" if view["free_left"] else f"e: turn 1 begins{undo}")
            )
        else:
            lines.append(Text(table.sentence(f"{who(m)} claim{who(m, 's')} free routes on {who(m, POSS)} map.")))
    elif phase == "bid_open":
        done = f"Auctions: {len(view['auctioned'])} done"
        ours = view["rop"][table.seat] if mine and table.seat is not None else -1
        # whoever holds our Right of Passage may take a city of our map in their build (§4): the
        # auction that can win it back says so, from the first turn on
        lines.append(
            Text(
                broke
                if (broke := no_gold_line(table)) is not None
                else f"{done} · {table.short_name(ours, WORD_ROOM)} can build on your map"
                if ours not in (-1, m)
                else f"{done} this turn",
                style="bold",
            )
        )
        if mine:
            lines.append(
                Text(f"Open: {card_or_item(table, table.item)} at {table.amount_words(' gold')}" if table.item else "")
            )
            items = table.openable()
            at = items.index(table.item) + 1 if table.item in items else 0
            # a face-down Camel bids 0 only (§3), as does a player with no gold: the keys that would
            # change the bid say why not
            amounts = (
                "0 only: Camel down"
                if not view["camels"][m]
                else "0 only: no gold"
                if table.amounts() == [0]
                else "+/- or type"
            )
            lines.append(Text(f"i item ({at} of {len(items)}) · {amounts} · b open"))
        else:
            lines.append(Text(table.sentence(f"{who(m)} open{who(m, 's')} the next auction.")))
    elif phase == "bid_raise" and (auction := view["auction"]):
        lines += auction_lines(table, view, auction, m)
    elif phase == "shah_give":
        lines.append(
            Text(
                "You won the Shah: g gives it (or keeps it)"
                if mine
                # ("… won the Shah and gives it." read as given while they still chose; they kept it)
                else table.sentence(f"{who(m)} won the Shah and decide{who(m, 's')} who gets it."),
                style="bold",
            )
        )
    elif phase == "build":
        if mine:
            lines.append(Text(no_gold_line(table) or "Your build: enter on a route to build on it", style="bold"))
            lines.append(Text(f"o offer a trade ({view['proposals_left']} left) · e end · m map"))
        else:
            lines.append(Text(table.sentence(f"{who(m)} {who(m, 'is')} building.")))
    elif phase in ("compose", "answer") and (draft := view["draft"]):
        lines += offer_lines(table, view, draft, mine, width)
    elif phase == "night_avert":
        lines += night_lines(table, view["night"], mine, m)
    elif phase == "night_loss":
        commodity = view["night"]["commodity"]
        lines.append(Text(f"The Night: lose a route into {a_or_an(f'{commodity} city')}", style="bold"))
        lines.append(
            Text(
                "enter on your route to lose (m: maps)"
                if mine
                else table.sentence(f"{who(m)} choose{who(m, 's')} which.")
            )
        )
    lines = folded(lines, width)
    hinted = table.hint_action if mine and hint else None
    if hinted is not None and len(lines) < PANEL_ROWS:
        lines.append(hint_line(table, hinted, width))
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def folded(lines: list[Text], width: int, rows: int = PANEL_ROWS) -> list[Text]:
    """``lines`` with a line wider than ``width`` cells wrapped at a space onto a row of its own,
    while the panel has ``rows`` to spare: "Annabelle Marguerite Fitzwilliam-Oakhurs claim…"
    was cut with the row under it empty."""
    out: list[Text] = []
    spare = rows - len(lines)
    for line in lines:
        while line.cell_len > width and spare > 0 and (cut := line.plain.rfind(" ", 0, width + 1)) > 0:
            out.append(line[:cut])
            line, spare = line[cut + 1 :], spare - 1
        out.append(line)
    return out


def no_gold_line(table: AhldarahdTable) -> str | None:
    """On our turn with no gold to claim with, the rules' way out in a line (``no_gold``)."""
    world = table.world
    if table.turn is None or table.seat is None or not isinstance(world, AhldarahdState):
        return None
    return panel_words(world, table.seat)


def card_or_item(table: AhldarahdTable, item: str) -> str:
    """An item up for auction in words; a route card as "red Salt (any map)": its colour does not
    limit where it is spent (§2: colour matters only for dealing). A newcomer let "their" red Salt
    go for 4, thinking only red could use it. An item the seat holds says so: a newcomer opened an
    auction for the "Right of Passage of AI 2" they held, read it as AI 2's, and lost it; so does
    where any other Right of Passage is."""
    index = ITEM_INDEX[item]
    if index < ROP:
        return f"{item} (any map)"
    held = " (yours now)" if table.holds(item) else ""
    if index < SHAH and table.view is not None:  # (How to play: "the auction panel says who holds it")
        holder = table.view["rop"][index - ROP]
        if holder == index - ROP:  # (its own player's: "your Right of Passage (yours now)" said it twice)
            held = "" if held else " (its player holds it)"
        elif holder < 0:
            held = " (on the table)"
        elif not held:
            held = table.words(f" (now {who(holder, 'mine')})")
    if index < SHAH and index - ROP != table.you:
        # (what is sold first, whose after: "Auction: Abcdefghijklmnopq…" behind a long name)
        return table.words(f"Right of Passage of {who(index - ROP)}") + held
    return table.item_text(item) + held


def cannot_raise(view: AhldarahdView, auction: AuctionView) -> set[int]:
    """The bidders still to answer who cannot raise (Camel face down, or no more gold than the
    bid): out already, though not yet asked, as they pass by themselves when asked (Ruling)."""
    bid, leader = auction["bid"], auction["leader"]
    return {
        seat
        for seat in range(view["players"])
        if seat != leader and not (view["camels"][seat] and view["gold"][seat] > bid)
    }


def auction_lines(table: AhldarahdTable, view: AhldarahdView, auction: AuctionView, mover: int) -> list[Text]:
    out_seats = set(auction["out"]) | cannot_raise(view, auction)
    first = Text(f"Auction: {card_or_item(table, auction['item'])}", style="bold")
    # (the bidder's name last: a long one cut "in:" and "out:" away)
    second = Text(f"bid {auction['bid']} · in:")
    for seat in range(view["players"]):
        if seat not in out_seats:
            second.append(f" {seat_letter(seat)}", style=seat_style(seat))
    if out_seats:
        second.append(" · out: " + " ".join(seat_letter(s) for s in sorted(out_seats)))
    second.append(table.words(f" · by {who(auction['leader'])}"))
    if table.turn is not None:
        # the digits typed show beside the amount; until there are some, the keys say how to type them
        amount = table.chosen_amount()
        steps = " · " if table.typed else " · +/- or type · "
        third = Text(
            f"b raise to {table.amount_words()}{steps}p pass" if amount is not None else "p pass", style="bold"
        )
    else:
        third = Text(table.sentence(f"{who(mover)} raise{who(mover, 's')} or pass{who(mover, 'es')}."))
    return [first, second, third]


def offer_lines(table: AhldarahdTable, view: AhldarahdView, draft: DraftView, mine: bool, width: int) -> list[Text]:
    """An offer: to us, its keys and each side on a row of its own; between others (or our own
    draft), who writes to whom and each side on a row of its own, in words where they fit
    ``width`` cells, else in the players' lines' short forms ("gives …; asks …" on one row was
    cut at four players, what it asked for out of sight, and four players leave no row to wrap)."""
    proposer, partner = view["order"][view["position"]], draft["partner"]
    given = [c.split(" ", 1)[1] for c in draft["give_cards"]]
    gives = side_words(draft["give_gold"], given, draft["give_items"], table.item_text)
    asks = side_words(draft["ask_gold"], draft["ask_cards"], draft["ask_items"], table.item_text, asking=True)
    if mine and view["phase"] != "compose":
        # each side on a row of its own, the keys beside who offers it: on one row, "you get
        # AI 2's Right of Passage; you give your…" cut the offer in the middle
        keys = " offers a trade: y accept · n decline"  # (the name in the room the row leaves: "Maximil…" had 25 free)
        return [
            Text(f"{table.short_name(proposer, max(8, width - len(keys)))}{keys}", style="bold"),
            Text(f"you get: {gives}"),
            Text(f"you give: {asks}"),
        ]
    if view["phase"] == "compose" and proposer == table.seat:
        head = "Sending your proposal…" if table.queue else "Your draft: s sends it (or finish it in the plays list)"
    elif view["phase"] == "compose":
        head = table.sentence(f"{who(proposer)} write{who(proposer, 's')} to {who(partner)}:")
    else:
        head = table.sentence(f"{who(partner)} weigh{who(partner, 's')} {who(proposer, POSS)} offer:")
    short_gives = short_side(draft["give_gold"], given, draft["give_items"])
    short_asks = short_side(draft["ask_gold"], draft["ask_cards"], draft["ask_items"])
    # our own offer's sides are ours: under "Bob weighs your offer:", "gives: 1 gold" read as
    # Bob giving it (another's are the proposer's, named first in the line above)
    give, ask = ("you give", "you ask") if proposer == table.seat else ("gives", "asks")
    return [
        Text(head, style="bold"),
        Text(fit(f"{give}: {gives}", f"{give}: {short_gives}", width)),
        Text(fit(f"{ask}: {asks}", f"{ask}: {short_asks}", width)),
    ]


def short_side(gold: int, cards: list[str], items: list[str]) -> str:
    """One side of an offer in the players' lines' and the market's short forms: "13 gold ·
    cards In Me Ge · RoP:B Pirate"."""
    parts = [f"{gold} gold"] if gold else []
    if cards:
        parts.append("cards " + " ".join(CODES[COMMODITIES.index(card)] for card in cards))
    rops = "".join(seat_letter(COLOURS.index(item.split(" ", 1)[1])) for item in items if item.startswith("RoP "))
    named = [f"RoP:{rops}"] * bool(rops) + [item for item in items if not item.startswith("RoP ")]
    if named:
        parts.append(" ".join(named))
    return " · ".join(parts) or "nothing"


def night_lines(table: AhldarahdTable, night: NightView, mine: bool, mover: int) -> list[Text]:
    """The Night's commodity, the pledges so far and, when it is ours, the pledge we would make
    (the digits typed beside it) above the keys, which fit the panel whatever the amount."""
    pledged = sum(k for _, k in night["pledges"])
    lines = [Text(f"Night of the Outsider: {night['commodity']}", style="bold")]
    amount = table.chosen_amount() if mine else None
    if amount is not None:
        lines.append(Text(f"Pledge {table.amount_words(' gold')} · {pledged} of {NIGHT_PRICE} so far"))
    else:
        lines.append(
            Text(
                f"pledged {pledged} of {NIGHT_PRICE} to avert it"
                + ("" if mine else table.words(f" · {who(mover)} decide{who(mover, 's')}"))
            )
        )
    if not mine:
        return lines
    keys = ["+/- or type", "b pledge"] if amount is not None else []
    if ("avert",) in table.legal:
        keys.append("a discard")
    keys.append("s stand by")
    lines.append(Text(" · ".join(keys), style="bold"))
    return lines


def hint_line(table: AhldarahdTable, action: Action, width: int) -> Text:
    """The hint's play as the Enter line words it, or, wider than ``width``, where to find it."""
    world = table.world
    words = table.words(describe(world, action, brief=True)) if isinstance(world, AhldarahdState) else ""
    line = f"★ hint: {words}"
    return Text(line if words and len(line) <= width else HINT_ELSEWHERE, style="italic")
