"""How a table's match ends, as its seat sees it: whether this seat resigned, who the headline
names ("You win!", never "Ann (you) wins!"), and a hand's summary shown over the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from caravan_tui.seat_labels import YOU, YOURS

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen


class TableResult:
    """``screen``'s part in the end of its match, and the summary shown over it last."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.resigned = False  # this seat resigned (the result follows, or the match goes on without us)
        self.summary: Screen | None = None
        self.held: Screen | None = None  # a summary that waits for the table to be on top again

    def headline_names(self, names: list[str]) -> list[str]:
        """``names`` as a headline says them: "You" for ours, never "Ann (you)"."""
        seat = self.screen.seat
        return [YOU() if at == seat else name.removesuffix(YOURS(name="")) for at, name in enumerate(names)]

    def resigner(self) -> int | None:
        """The seat whose resignation ended the match: ours if we resigned, else the one seat a
        person played (a match ends on a resignation only when its last person gives up)."""
        table = self.screen.table
        if self.resigned:
            return self.screen.seat
        people = [seat for seat in range(len(table.seat_kinds)) if table.played_by_person(seat)]
        return people[0] if len(people) == 1 else None

    def show_summary(self, summary: Screen) -> None:
        """Show a summary over the table (a hand's scoring): in place of the one still showing, if
        any, so a spectator, who has no turn to close them, sees the latest alone, not a pile; with
        another screen over the table, once the table is back (``table_back``)."""
        app = self.screen.app
        self.screen.bus.since_summed_up()
        if self.summary is not None and app.screen is self.summary:
            app.switch_screen(summary)
        elif app.screen is not self.screen:
            # (the whole log, the rules or a question over the table: shown over them, the summary
            # took the keys typed into the log's filter, with no sign)
            self.held = summary
            return
        else:
            app.push_screen(summary)
        self.summary = summary

    def table_back(self) -> None:
        """The table is on top again: the summary that waited for it, if any, shows."""
        held, self.held = self.held, None
        if held is not None:
            self.screen.app.push_screen(held)
            self.summary = held
