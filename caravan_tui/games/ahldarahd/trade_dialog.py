"""The trade builder: a dialog where a person writes a whole proposal (Textual).

It offers what the view shows: gold (any amount: the engine refuses more than a player has),
the cards in your hand and your items to give, any card by commodity and the partner's items to
ask for. With more than one other player it first asks whom the proposal is to, every time it
opens (a partner kept from the last proposal sent one to the wrong player). ``s`` asks the
screen's ``check`` (the engine, on a copy of the position); a refusal is shown here and nothing is
sent. The draft is one value (``proposal_draft``): each key assigns the next, and the rows, the
title and the summary are drawn from it. The dialog returns the ``Proposal`` (None when dropped).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import var
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from caravan_tui.screens.base import DialogScreen
from caravan_tui.widgets import StopAtEnds
from caravan_tui.widgets.bound_text import BoundText
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.words import a_or_an, plural

from .maps import COLOURS, COMMODITIES
from .proposal import Proposal, leaves_no_gold
from .proposal_draft import Draft, changed, partner_turned, started
from .table_text import single_items
from .views import AhldarahdView

#: what ``p`` and ``s`` say before the partner is picked
WHOM_FIRST = "Choose whom the proposal is to first: ↑↓ and Enter"
#: ``h`` in the builder: the hint is the table's, and a hinted proposal opens here ready
HINT_AT_THE_TABLE = "Hints are the table's: esc drops this draft, then h; a hinted proposal opens here with a."
#: the builder's first row when it opens on a hinted proposal (``ready``)
SEND_ROW = ("send",)
KEYS = "enter/+ add · - remove · 0-9 gold · p partner · s send · esc drop"
#: the builder's rows: what each adds (``("give_card", "Salt")``) and its words now
Rows = tuple[tuple[tuple, Text], ...]


class ProposalRows(StopAtEnds):
    """The builder's rows, written from the dialog's ``rows`` (bound): a new set of rows (a new
    partner's items) is laid out again with the highlight kept where it was; else only the rows
    whose words changed are written again; once the partner is picked, at their top. Nothing
    outside sets its options."""

    rows: var[Rows] = var((), init=False)

    @property
    def keys(self) -> list[tuple]:
        return [key for key, _ in self.rows]

    def watch_rows(self, before: Rows, rows: Rows) -> None:
        if [key for key, _ in before] != [key for key, _ in rows]:
            # the rows of what to trade, once the partner is picked, open at their top: kept where
            # the partner's row was, a + for the first row's gold asked gold of the second partner
            picked = bool(before) and before[0][0][0] == "partner"
            keep = 0 if picked else self.highlighted
            self.clear_options()
            self.add_options([Option(text) for _, text in rows])
            if rows:
                self.highlighted = min(keep or 0, len(rows) - 1)
            return
        for index, ((_, old), (_, text)) in enumerate(zip(before, rows, strict=True)):
            if text != old:
                self.replace_option_prompt_at_index(index, text)


class TradeDialog(DialogScreen[Proposal | None]):
    #: the dialog's title, the proposal in words and why it was not sent (shown by bound lines)
    heading: var[RenderableType] = var("")
    summary_line: var[RenderableType] = var("")
    why: var[RenderableType] = var("")
    rows: var[Rows] = var(())
    #: the proposal being written and whether its partner was chosen
    draft: var[Draft | None] = var(None, init=False)
    BINDINGS = [
        Binding("plus,equals_sign", "change(1)", "Add", show=False),
        Binding("minus", "change(-1)", "Remove", show=False),
        *(Binding(str(d), f"digit({d})", f"Count {d}", show=False) for d in range(10)),
        Binding("p", "partner", "Partner"),
        Binding("s", "send", "Send"),
        Binding("escape", "drop", "Drop"),
        Binding("h", "hint_here", "Hint", show=False),
    ]
    DEFAULT_CSS = """
    TradeDialog #trade-summary { height: 2; }
    TradeDialog #trade-why { color: $warning; height: auto; }
    TradeDialog #trade-keys { color: $text-muted; }
    """

    def __init__(
        self,
        view: AhldarahdView,
        seat: int,
        partners: list[int],
        names: Callable[[int], str],
        item_text: Callable[[str], str],
        check: Callable[[Proposal], str | None],
        ready: Proposal | None = None,
        askable: Callable[[int, str], bool] | None = None,
    ) -> None:
        super().__init__()
        #: whether a partner may hold a card of a commodity for all the table can tell
        self.askable = askable or (lambda partner, commodity: True)
        self.view, self.seat, self.partners = view, seat, partners
        #: a hinted proposal readied whole (``a``): the rows open on "Send", so Enter sends it
        self.ready = ready
        #: the gold row digits were last typed on, and those digits (``action_digit``)
        self.typed: tuple[tuple, str] | None = None
        self.seat_name, self.item_text, self.check = names, item_text, check

    # -- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield BoundText(id="trade-title", classes="dialog-title").data_bind(text=TradeDialog.heading)
            yield BoundText(id="trade-summary").data_bind(text=TradeDialog.summary_line)
            yield ProposalRows(id="trade-rows").data_bind(rows=TradeDialog.rows)
            yield BoundText(id="trade-why").data_bind(text=TradeDialog.why)
            yield Static(KEYS, id="trade-keys")
        yield KeysFooter()

    def on_mount(self) -> None:
        rows = self.query_one(ProposalRows)
        rows.styles.max_height = 11  # inline: the app's dialog lists may be taller; this one leaves room at 80×24
        # for a refusal of two rows (one was cut at the dialog's edge)
        self.draft = started(self.partners) if self.ready is None else Draft(self.ready, chosen=True)
        rows.focus()

    @property
    def proposal(self) -> Proposal:
        assert self.draft is not None  # (made as the dialog mounts)
        return self.draft.proposal

    @property
    def chosen(self) -> bool:
        return self.draft is not None and self.draft.chosen

    # -- what may be added --------------------------------------------------------------------------

    def items_of(self, seat: int) -> list[str]:
        view = self.view
        held = [f"RoP {colour}" for colour, holder in zip(COLOURS, view["rop"]) if holder == seat]
        return held + [name for name, holder in single_items(view) if holder == seat]

    def hand(self) -> Counter:
        return Counter(card.split(" ", 1)[1] for card in self.view.get("hand", []))

    def row_keys(self) -> list[tuple]:
        if not self.chosen:
            return [("partner", q) for q in self.partners]
        hand = self.hand()
        return (
            ([SEND_ROW] if self.ready is not None else [])
            + [("give_gold",), ("ask_gold",)]
            + [("give_card", k) for k in COMMODITIES if hand[k]]
            + [("give_item", i) for i in self.items_of(self.seat)]
            # (a partner with no card in hand was still asked for "any Salt card", sure to fail; and
            # one whose every card was known, for a Salt card it did not hold)
            + (
                [("ask_card", k) for k in COMMODITIES if self.askable(self.proposal.partner, k)]
                if self.view["hand_sizes"][self.proposal.partner]
                else []
            )
            + [("ask_item", i) for i in self.items_of(self.proposal.partner)]
        )

    def row_text(self, key: tuple) -> Text:
        p, kind = self.proposal, key[0]
        partner = self.seat_name(p.partner)
        gold = self.view["gold"]
        if key == SEND_ROW:
            return Text("→ Send this proposal: Enter", style="bold")
        if kind == "partner":
            q = key[1]
            cards = plural(self.view["hand_sizes"][q], "card")
            return Text(f"  Propose to {self.seat_name(q)} ({gold[q]} gold, {cards} in hand)")
        # (a ✓ on every row the proposal holds: the gold rows had none beside a ticked card)
        if kind == "give_gold":
            return Text(f"{'✓' if p.give_gold else ' '} You give {p.give_gold} gold (you have {gold[self.seat]})")
        if kind == "ask_gold":
            return Text(f"{'✓' if p.ask_gold else ' '} You ask {p.ask_gold} gold ({partner} has {gold[p.partner]})")
        if kind == "give_card":
            count = p.give_cards.count(key[1])
            return Text(f"{'✓' if count else ' '} Your {key[1]} card ×{count} (you hold {self.hand()[key[1]]})")
        if kind == "give_item":
            return Text(f"{'✓' if key[1] in p.give_items else ' '} Give {self.item_text(key[1])}")
        if kind == "ask_card":
            count = p.ask_cards.count(key[1])
            return Text(f"{'✓' if count else ' '} Ask any {key[1]} card ×{count}")
        return Text(f"{'✓' if key[1] in p.ask_items else ' '} Ask for {self.item_text(key[1])}")

    def summary(self) -> Text:
        if not self.chosen:
            return Text("Whom is this proposal to? Enter picks the player.")
        p = self.proposal
        give = side_words(p.give_gold, p.give_cards, p.give_items, self.item_text)
        ask = side_words(p.ask_gold, p.ask_cards, p.ask_items, self.item_text, asking=True)
        text = Text("You give: ", style="bold")
        text.append(give)
        text.append("\nYou ask:  ", style="bold")
        text.append(ask)
        return text

    def watch_draft(self) -> None:
        """The draft changed: the rows, the title and the summary follow (each bound line and
        the rows write themselves, a line only when its words changed)."""
        self.rows = tuple((key, self.row_text(key)) for key in self.row_keys())
        left = self.view["proposals_left"]
        to = self.seat_name(self.proposal.partner) if self.chosen else "whom?"
        heading = Text(f"Proposal to {to} ({left} of 3 left this build)")
        if heading != self.heading:
            self.heading = heading
        self.summary_line = self.summary()
        warning = leaves_no_gold(self.view, self.seat, self.proposal) if self.chosen else None
        if warning and not self.why:  # (a refusal said just now stands)
            self.why = Text(warning)

    # -- keys -----------------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        rows = self.query_one(ProposalRows)
        if rows.highlighted is not None and rows.keys[rows.highlighted : rows.highlighted + 1] == [SEND_ROW]:
            self.action_send()
        else:
            self.action_change(1)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.typed = None  # (digits typed on a row left are not added to on coming back)

    def action_change(self, step: int) -> None:
        self.typed = None
        rows = self.query_one(ProposalRows)
        if self.draft is None or rows.highlighted is None or rows.highlighted >= len(rows.keys):
            return
        if rows.keys[rows.highlighted] == SEND_ROW:
            return  # (nothing to add or remove: Enter or s sends)
        key, gold, partner = rows.keys[rows.highlighted], self.view["gold"], self.proposal.partner
        draft = changed(self.draft, key, step, self.hand(), (gold[self.seat], gold[partner]))
        if draft == self.draft and step > 0 and key == ("give_gold",):
            self.why = Text(f"You have only {gold[self.seat]} gold to give.", style="bold")
        elif draft == self.draft and step > 0 and key == ("ask_gold",):
            self.why = Text(f"{self.seat_name(partner)} has only {gold[partner]} gold.", style="bold")
        else:
            self.why = ""
        self.draft = draft

    def action_digit(self, digit: int) -> None:
        """A digit on a gold row types its amount, as in an auction ("1", "0": 10 gold); on
        another row, says where digits go (they did nothing and said nothing)."""
        rows = self.query_one(ProposalRows)
        at = rows.highlighted
        key = rows.keys[at] if at is not None and at < len(rows.keys) else None
        if self.draft is None or key not in (("give_gold",), ("ask_gold",)):
            self.why = Text("Digits type an amount of gold: on the rows You give or You ask gold.", style="bold")
            return
        typed = (self.typed[1] if self.typed is not None and self.typed[0] == key else "") + str(digit)
        gold, partner = self.view["gold"], self.proposal.partner
        most = gold[self.seat] if key == ("give_gold",) else gold[partner]
        if int(typed) > most:
            self.typed = None
            held = "You have" if key == ("give_gold",) else f"{self.seat_name(partner)} has"
            self.why = Text(f"{held} only {most} gold.", style="bold")
            return
        step = int(typed) - getattr(self.proposal, key[0])
        self.typed, self.why = (key, typed), ""
        self.draft = changed(self.draft, key, step, self.hand(), (gold[self.seat], gold[partner]))

    def action_partner(self) -> None:
        """``p``: the next partner; while the rows ask whom, says Enter picks (a key the footer
        offers never does nothing without a word)."""
        if not self.chosen:
            self.why = Text(f"{WHOM_FIRST}.", style="bold")
        elif self.draft is not None:
            self.draft = partner_turned(self.draft, self.partners)

    def action_send(self) -> None:
        reason = WHOM_FIRST.lower() if not self.chosen else self.check(self.proposal)
        if reason:
            self.why = Text(f"Not sent: {reason}.", style="bold")
            return
        self.dismiss(self.proposal)

    def action_drop(self) -> None:
        self.dismiss(None)

    def action_hint_here(self) -> None:
        """``h``, the table's hint key: said where a hint is (it did nothing and said nothing here)."""
        self.why = Text(HINT_AT_THE_TABLE, style="bold")


def side_words(
    gold: int, cards: Sequence[str], items: Sequence[str], item_text: Callable[[str], str], *, asking: bool = False
) -> str:
    """One side of a proposal: "3 gold, an Incense card and the Shah" ("any Incense card" for asks)."""
    parts = [f"{gold} gold"] if gold else []
    for k, count in Counter(cards).items():
        one = f"any {k} card" if asking else a_or_an(f"{k} card")
        parts.append(one if count == 1 else f"{count} {k} cards")
    parts += [item_text(i) for i in items]
    if not parts:
        return "nothing"
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
