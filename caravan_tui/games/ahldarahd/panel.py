"""The decision panel of the Caravans of Ahldarahd table: the auction, the build, a trade offer,
the Night — what is being decided, by whom, and the keys when it is ours."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from caravan_tui.engine import seat_field as who
from caravan_tui.widgets import ActionList
from caravan_tui.words import a_or_an

from .map_widget import seat_letter, seat_style
from .terms import NIGHT_PRICE
from .trade_dialog import side_words
from .views import AhldarahdView, AuctionView, DraftView, NightView

if TYPE_CHECKING:
    from .screen import AhldarahdScreen

POSS = "'s"  # the possessive form of a seat field: "your map", "Bot's map"


def panel_text(screen: AhldarahdScreen) -> Text:
    """The decision at hand: whose it is, its state and, when it is ours, its keys."""
    view = screen.view
    if view is None:
        return Text("")
    phase, mover = view["phase"], view["to_move"]
    mine = screen.turn is not None
    m = mover if mover is not None else -1  # (no one decides once the game is over)
    lines: list[Text] = []
    if phase == "over":
        lines.append(Text("The game is over.", style="bold"))
    elif phase == "setup":
        if mine:
            lines.append(Text(f"Free routes on your map: {view['free_left']} left", style="bold"))
            lines.append(Text("enter on a route claims it · e done"))
        else:
            lines.append(Text(screen.sentence(f"{who(m)} claim{who(m, 's')} free routes on {who(m, POSS)} map.")))
    elif phase == "bid_open":
        lines.append(Text(f"Auctions: {len(view['auctioned'])} done this turn", style="bold"))
        if mine:
            lines.append(Text(f"Open: {screen.item_text(screen.item)} at {screen.amount_words(' gold')}"
                              if screen.item else ""))
            items = screen.openable()
            at = items.index(screen.item) + 1 if screen.item in items else 0
            lines.append(Text(f"i item ({at} of {len(items)}) · +/- or type · b open"))
        else:
            lines.append(Text(screen.sentence(f"{who(m)} open{who(m, 's')} the next auction.")))
    elif phase == "bid_raise" and (auction := view["auction"]):
        lines += auction_lines(screen, view, auction, m)
    elif phase == "shah_give":
        lines.append(Text("You won the Shah: g gives it (or keeps it)" if mine else
                          screen.sentence(f"{who(m)} won the Shah and give{who(m, 's')} it."), style="bold"))
    elif phase == "build":
        if mine:
            lines.append(Text("Your build: enter on a route to build on it", style="bold"))
            lines.append(Text(f"o offer a trade ({view['proposals_left']} left) · e end · m map"))
        else:
            lines.append(Text(screen.sentence(f"{who(m)} {who(m, 'is')} building.")))
    elif phase in ("compose", "answer") and (draft := view["draft"]):
        lines += offer_lines(screen, view, draft, mine)
    elif phase == "night_avert":
        lines += night_lines(screen, view["night"], mine, m)
    elif phase == "night_loss":
        commodity = view["night"]["commodity"]
        lines.append(Text(f"The Night: lose a route into {a_or_an(f'{commodity} city')}", style="bold"))
        lines.append(Text("enter on your route to lose (m: maps)" if mine else
                          screen.sentence(f"{who(m)} choose{who(m, 's')} which.")))
    hinted = screen.query_one(ActionList).hinted if mine else None
    if hinted is not None and len(lines) < 4:
        lines.append(Text(f"★ hint: {screen.describe(hinted)} (starred in the plays)", style="italic"))
    return fitted(screen, lines)


def fitted(screen: AhldarahdScreen, lines: list[Text]) -> Text:
    """``lines`` wrapped where the panel has the rows for it (a hint or a sentence whole, not
    "★ hint: Claim Horses–Dates (Ho–Da, land, 6) on" over empty rows); where it has not, each
    cut to one row with "…", so the keys below stay in sight."""
    width, rows = screen.query_one("#ah-panel").content_size
    if width > 0:
        wrapped = [row for line in lines for row in line.wrap(screen.app.console, width)]
        if len(wrapped) <= rows:
            lines = wrapped
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def auction_lines(screen: AhldarahdScreen, view: AhldarahdView, auction: AuctionView, mover: int) -> list[Text]:
    out_seats = set(auction["out"])
    first = Text(f"Auction: {screen.item_text(auction['item'])}", style="bold")
    second = Text(screen.words(f"bid {auction['bid']} by {who(auction['leader'])} · in:"))
    for seat in range(view["players"]):
        if seat not in out_seats:
            second.append(f" {seat_letter(seat)}", style=seat_style(seat))
    if out_seats:
        second.append(" · out: " + " ".join(seat_letter(s) for s in sorted(out_seats)))
    if screen.turn is not None:
        # the digits typed show beside the amount; until there are some, the keys say how to type them
        amount = screen.chosen_amount()
        steps = " · " if screen.typed else " · +/- or type · "
        third = Text(f"b raise to {screen.amount_words()}{steps}p pass" if amount is not None else "p pass",
                     style="bold")
    else:
        third = Text(screen.sentence(f"{who(mover)} raise{who(mover, 's')} or pass{who(mover, 'es')}."))
    return [first, second, third]


def offer_lines(screen: AhldarahdScreen, view: AhldarahdView, draft: DraftView, mine: bool) -> list[Text]:
    proposer, partner = view["order"][view["position"]], draft["partner"]
    gives = side_words(draft["give_gold"], [c.split(" ", 1)[1] for c in draft["give_cards"]],
                       draft["give_items"], screen.item_text)
    asks = side_words(draft["ask_gold"], draft["ask_cards"], draft["ask_items"], screen.item_text, asking=True)
    if view["phase"] == "compose":
        if proposer == screen.seat:
            head = "Sending your proposal…" if screen.queue else "Your draft (finish it in the plays list)"
        else:
            head = screen.sentence(f"{who(proposer)} write{who(proposer, 's')} to {who(partner)}")
        return [Text(head, style="bold"), Text(f"gives {gives}; asks {asks}")]
    if mine:
        return [Text(screen.sentence(f"{who(proposer)} offers you a trade:"), style="bold"),
                Text(f"you get {gives}; you give {asks}"), Text("y accept · n decline", style="bold")]
    weighs = f"{who(partner)} weigh{who(partner, 's')} {who(proposer, POSS)} offer:"
    return [Text(screen.sentence(weighs), style="bold"),
            Text(f"gives {gives}; asks {asks}")]


def night_lines(screen: AhldarahdScreen, night: NightView, mine: bool, mover: int) -> list[Text]:
    """The Night's commodity, the pledges so far and, when it is ours, the pledge we would make
    (the digits typed beside it) above the keys, which fit the panel whatever the amount."""
    pledged = sum(k for _, k in night["pledges"])
    lines = [Text(f"Night of the Outsider: {night['commodity']}", style="bold")]
    amount = screen.chosen_amount() if mine else None
    if amount is not None:
        lines.append(Text(f"Pledge {screen.amount_words(' gold')} · {pledged} of {NIGHT_PRICE} so far"))
    else:
        lines.append(Text(f"pledged {pledged} of {NIGHT_PRICE} to avert it" +
                          ("" if mine else screen.words(f" · {who(mover)} decide{who(mover, 's')}"))))
    if not mine:
        return lines
    keys = ["+/- or type", "b pledge"] if amount is not None else []
    if ("avert",) in screen.legal:
        keys.append("a discard")
    keys.append("s stand by")
    lines.append(Text(" · ".join(keys), style="bold"))
    return lines
