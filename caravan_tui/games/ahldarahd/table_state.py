"""What the Caravans of Ahldarahd table shows beyond any seat's state: the map on show, the bid
being chosen — the item an opening bid is for, the amount among those the decision offers and the
digits typed toward it — and a proposal's steps still to send; with the words the table says them
in and what the bid makes of them (read only: ``table_selection`` gives the next state).

The bid is the table's, not the focused panel's: the same keys give the same bid whatever has the
focus (the plays list follows it, and a highlight that shows the same bid keeps the digits)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from caravan_tui.engine import Action
from caravan_tui.screens.table_seat import TableState

from .cards import ITEM_INDEX
from .maps import COLOURS
from .terms import item_words
from .views import AhldarahdView, Phase

#: the map's widget id: where the table asks it to put its cursor (``table_selection.route_pointed``)
MAP_ID = "ah-map"
#: the plays list's widget id (the table's: ``GameScreen``)
PLAYS_ID = "actions"


@dataclass(frozen=True, eq=False)
class AhldarahdTable(TableState[AhldarahdView]):
    item: str | None = None
    amount: int = 0  # index into ``amounts()``
    queue: tuple[Action, ...] = ()  # a proposal's remaining steps, one per decision
    shown_map: int = 0  # the map on show (m and M turn through them)

    @property
    def phase(self) -> Phase | None:
        return self.view["phase"] if self.view is not None else None

    def item_text(self, name: str) -> str:
        """An item in words, inside a sentence: "your Right of Passage", "the Shah"."""
        text = self.words(item_words(ITEM_INDEX[name]))
        return "your" + text[4:] if text.startswith("Your ") else text

    def sentence(self, text: str) -> str:
        text = self.words(text)
        return text[:1].upper() + text[1:]

    # -- the bid ------------------------------------------------------------------------------------

    def amounts(self) -> list[int]:
        """The amounts the decision offers: opening bids for the chosen item, raises, pledges."""
        if self.turn is None:
            return []
        phase = self.phase
        if phase == "bid_open":
            return sorted({a[2] for a in self.legal if a[0] == "open" and a[1] == self.item})
        if phase == "bid_raise":
            return [a[1] for a in self.legal if a[0] == "raise"]
        if phase == "night_avert":
            return [a[1] for a in self.legal if a[0] == "pledge"]
        return []

    def chosen_amount(self) -> int | None:
        amounts = self.amounts()
        return amounts[min(self.amount, len(amounts) - 1)] if amounts else None

    def amount_words(self, unit: str = "") -> str:
        """The chosen amount, and the digits typed toward it while there are some: "5 gold
        (typed 21)"."""
        return f"{self.chosen_amount()}{unit}" + (f" (typed {self.typed})" if self.typed else "")

    def holds(self, item: str | None) -> bool:
        """Whether this seat holds ``item`` (a Right of Passage, the Shah, the Eyes, the Pirate
        Queen; a face-up card is nobody's)."""
        view = self.view
        if view is None or self.seat is None or item is None:
            return False
        kind, _, colour = item.partition(" ")
        holders = {
            "RoP": lambda: view["rop"][COLOURS.index(colour)],
            "Shah": lambda: view["shah"],
            "Eyes": lambda: view["eyes"],
            "Pirate": lambda: view["pirate"],
        }
        return kind in holders and holders[kind]() == self.seat

    def openable(self) -> list[str]:
        return list(dict.fromkeys(a[1] for a in self.legal if a[0] == "open"))

    def bid(self) -> Action | None:
        """The bid the panel shows (what ``b`` plays), or None."""
        amount = self.chosen_amount()
        if amount is None:
            return None
        bids: dict[str | None, Action] = {
            "bid_open": ("open", self.item, amount),
            "bid_raise": ("raise", amount),
            "night_avert": ("pledge", amount),
        }
        return bids.get(self.phase)

    def typed_too_much(self) -> str | None:
        """Why the digits typed ask more than the decision offers, in one line ("most you can bid:
        7 gold (all you have)"), or None: the amount shown is then less than what was typed."""
        amounts, view = self.amounts(), self.view
        if not self.typed or not amounts or int(self.typed) <= amounts[-1] or view is None or self.seat is None:
            return None
        most = amounts[-1]
        if self.phase == "night_avert" and most < view["gold"][self.seat]:
            return f"most you can pledge: {most} gold (what the Night still needs)"
        verb = "pledge" if self.phase == "night_avert" else "bid"
        return f"most you can {verb}: {most} gold (all you have)"


def map_followed(table: AhldarahdTable, previous: AhldarahdView | None) -> AhldarahdTable:
    """A replay's step: the table showing the map whose routes the step changed (the board stayed
    on the map it was on: a claim on AI 3's map left the red map on show)."""
    view = table.view
    if previous is None or view is None:
        return table
    changed = [m for m, (was, now) in enumerate(zip(previous["routes"], view["routes"], strict=False)) if was != now]
    return replace(table, shown_map=changed[0]) if changed else table
