"""The Caravans of Ahldarahd table: one map at a time (``m`` shows the next), the players, the
market, and a panel for the decision at hand — the auction, the build, a trade offer, the
Night (Textual).

Everything shown comes from this seat's view; only actions in the host's ``legal`` list are
sent. A player is marked by their colour's initial (R B G Y P) wherever colour would say it.
Keys act on the decision in the panel: ``i`` / ``+`` / ``-`` choose the item and the bid, ``b``
bids, ``p`` passes; Enter on a route of the map claims, buys or destroys it (a list asks which
when several ways are legal); ``o`` writes a trade offer in a dialog (``t`` is the chat at a
hosted table), which the engine checks on a copy of the position before anything is sent (its
refusal is shown in words); ``y`` / ``n`` answer an offer; ``a`` / ``b`` / ``s`` avert, pledge
or stand by in a Night; ``e`` ends the build (or the free routes). The plays list (tab) keeps
every legal action in words.

The screen composes the table and maps keys to intents; the rest is the kit beside it. The
auction's pending choice (the item, the amount, the digits typed toward it) and the map on show
are the table's state (``AhldarahdTable``), whatever has the focus: each key gives a new state
(``table_selection``) and every panel, the map and the status line (``table_enter``) draw
themselves from it; why a key does nothing is ``table_checks``'s. The digits show beside the
amount they make (Backspace takes the last one back), and a new item (or a new decision) starts
them afresh. A hint stars its play in the list and shows it in the panel; it changes none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import cast

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from caravan_tui.bus import SeatEnd
from caravan_tui.engine import Action
from caravan_tui.screens.game import TAKE_HINT, GameScreen
from caravan_tui.screens.table_overlays import TAKE_HINT_NAME
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets import ActionList

from .legend import legend_text
from .map_text import map_look, route_problem, shown_route_plays
from .map_widget import MapBoard
from .no_gold import way_out
from .panel import panel_text
from .proposal import Proposal, written
from .proposal import actions as proposal_actions
from .rules import AhldarahdState
from .table_checks import (
    AMOUNT_PHASES,
    amount_problem,
    askable,
    avert_problem,
    bid_problem,
    key_problem,
    proposal_problem,
    sent_again,
    trade_problem,
)
from .table_enter import ROUTE_PHASES, enter, panel_play, status
from .table_selection import (
    amount_stepped,
    decision_begun,
    digit_dropped,
    digit_typed,
    item_stepped,
    map_turned,
    next_queued,
    play_followed,
)
from .table_state import MAP_ID, PLAYS_ID, AhldarahdTable, map_followed
from .table_text import market_text, players_text, scores_table
from .trade_dialog import TradeDialog
from .views import AhldarahdView, Phase

#: an amount typed: its digits, and Backspace to take the last one back
TYPING_KEYS = [
    *(Binding(str(d), f"digit({d})", str(d), show=False, tooltip="Type the amount") for d in range(10)),
    Binding("backspace", "drop_digit", "⌫", show=False, tooltip="Take back the last digit typed"),
]

#: the decision keys: the panel shows those of the decision at hand (the footer only ``m``)
OWN_KEYS = {"item", "amount", "drop_digit", "bid", "pass_", "give_shah", "trade", "answer", "avert", "stand_by", "end"}
#: the table's keys, each an intent for its selection (``table_selection``) or a play
KEYS: list[Binding | tuple[str, str] | tuple[str, str, str]] = [
    Binding("m", "next_map(1)", "Map", tooltip="Show the next player's map"),
    Binding("M", "next_map(-1)", "Map back", show=False),
    Binding("i", "item(1)", "Item", show=False, tooltip="The next item to open an auction for"),
    Binding("I", "item(-1)", "Item back", show=False),
    Binding("plus,equals_sign", "amount(1)", "+", show=False, tooltip="A higher bid or pledge"),
    Binding("minus", "amount(-1)", "-", show=False, tooltip="A lower bid or pledge"),
    *TYPING_KEYS,
    Binding("b", "bid", "Bid", show=False, tooltip="Open the auction, raise, or pledge the amount shown"),
    Binding("p", "pass_", "Pass", show=False, tooltip="Leave this auction"),
    Binding("g", "give_shah", "Give Shah", show=False, tooltip="Choose who gets the Shah"),
    Binding("o", "trade", "Offer", show=False, tooltip="Write a trade offer (t is the chat at a hosted table)"),
    Binding("y", "answer('accept')", "Accept", show=False, tooltip="Accept the offer"),
    Binding("n", "answer('decline')", "Decline", show=False, tooltip="Decline the offer"),
    Binding("a", "avert", "Avert", show=False, tooltip="Discard a card of the Night's commodity"),
    Binding(TAKE_HINT, "take_hint", TAKE_HINT_NAME, tooltip="The hinted play ready: Enter plays it"),
    Binding("s", "stand_by", "Stand by", show=False, tooltip="Do nothing against the Night"),
    Binding("e", "end", "End", show=False, tooltip="End your build (or your free routes)"),
]
#: the map, the players, the market and the decision panel above the Enter line
LAYOUT = """
#ah-players, #ah-market, #ah-panel { padding: 0 1; height: auto; }
#ah-players, #ah-market, #ah-panel { text-wrap: nowrap; text-overflow: ellipsis; }
/* the market's lines to the side column's edge: "Hand: Me Iv In" by one column short */
#ah-market { padding: 0 0 0 1; }
#ah-map { padding: 0 1 0 0; }
#ah-market { color: $text-muted; height: 2; }
#ah-panel { border-top: solid $primary; height: 1fr; min-height: 4; }
#ah-panel.-crowded { height: auto; min-height: 0; }
#ah-panel.-flush { border-top: none; }
#status { dock: bottom; }
/* the hint over the map, as "since your last turn": the decision panel and the Enter line's
   rows, under the map, stay in sight (at the foot it hid the bid typed and what Enter plays);
   under the map's tabs, which say whose map shows (a replay's step turns to the map it changed) */
#hint-panel { dock: top; margin: 1 0 0 0; }
"""

#: a check of the table's state before a key acts: why it does nothing, or None (``table_checks``)
Check = Callable[[AhldarahdTable], str | None]


def replay_step_folded(
    screen: AhldarahdScreen, table: TableState[AhldarahdView], previous: AhldarahdView | None, by_other: bool
) -> TableState[AhldarahdView]:
    """The screen's ``view_folded``: a replay's step shows the map it changed (``map_followed``)."""
    return map_followed(cast(AhldarahdTable, table), previous) if screen.replaying else table


def hand_label(table: TableState[AhldarahdView]) -> str:
    """ "Hand", or in a replay's view of another seat than the watcher's, whose it is ("AI 2's
    hand": the players table and the log call the watcher "You", and "Hand" read as theirs)."""
    whose = table.whose()
    return "Hand" if whose == "Your" else f"{whose} hand"


class AhldarahdScreen(GameScreen[AhldarahdView]):
    BINDINGS = KEYS
    PLAY_ONLY = GameScreen.PLAY_ONLY | OWN_KEYS

    DEFAULT_CSS = LAYOUT

    TABLE = AhldarahdTable
    STATUS_LINES = 3  # a claim that takes two cities

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self.set_reactive(GameScreen.table_state, replace(self.table, shown_map=client.seat or 0))
        #: at 24 rows, four or five players' lines leave the panel and the Enter line five rows
        #: (five: the panel without its rule above): the panel is as tall as its lines, the Enter
        #: line takes the rest; the hint stays in its own panel and the plays list's star
        self.crowded = client.players >= 4
        self.panel_classes = " ".join(["-crowded"] * self.crowded + ["-flush"] * (client.players >= 5))

    view_folded = replay_step_folded

    # -- layout -----------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield self.board(MapBoard(id=MAP_ID), map_look)
        yield self.table_text(
            lambda view, table: players_text(
                view, table.seat, table.player_name, self.query_one("#ah-players").size.width or 47
            ),
            id="ah-players",
        )
        yield self.table_text(
            lambda view, table: market_text(
                view, max(30, self.query_one("#ah-market").size.width or 45), hand_label(table)
            ),
            id="ah-market",
        )
        yield self.table_text(
            lambda view, _: panel_text(
                view, self.table, not self.crowded, self.query_one("#ah-panel").content_size.width or 47
            ),
            fit=not self.crowded,
            id="ah-panel",
            classes=self.panel_classes,
        )

    def on_mount(self) -> None:
        self.query_one(MapBoard).focus()

    def legend(self) -> Text:
        return legend_text()

    @property
    def table(self) -> AhldarahdTable:
        return cast(AhldarahdTable, self.table_state)  # (``TABLE``: the state is made as one)

    @property
    def phase(self) -> Phase | None:
        return self.table.phase

    # -- words --------------------------------------------------------------------------------------

    def status_text(self) -> Text:
        if self.table.turn is None or self.table.over is not None:
            return super().status_text()
        return status(self.table)

    def hint_warning(self, action: Action) -> str | None:
        """With no gold to claim with, the hint opens with the rules' way out (``no_gold``), in
        words that agree with the hinted ``action``."""
        world, seat = self.table.world, self.seat
        if not isinstance(world, AhldarahdState) or seat is None:
            return None
        advice = way_out(world, seat, action)
        return None if advice is None else self.table.sentence(advice) + "."

    def enter_action(self) -> Action | None:
        return enter(self.table)

    def match_summary(self, view: AhldarahdView) -> Table:
        return scores_table(view, self.table.seat_label)

    # -- turns and the plays list ----------------------------------------------------------------

    def your_turn(self) -> None:
        table, step = next_queued(self.table)
        self.table_state = table
        if step is not None:  # a proposal's next step: sent as the decision comes
            self.act(step)
            return
        self.table_state = decision_begun(self.table)
        if self.table.focus == PLAYS_ID:
            self.call_next(self.follow_highlight)
        else:
            self.focus_to_decide(self.query_one(MapBoard))

    def selection_changed(self) -> None:
        # (a highlight the list reports while a state is drawn reaches the state once it is drawn)
        self.call_next(self.follow_highlight)

    def follow_highlight(self) -> None:
        """A play highlighted in the plays list, or the list focused, shows the play's route on the
        map and, for a bid, its item and amount in the panel: ``b`` and Enter then play the same."""
        if self.table.focus == PLAYS_ID:
            self.table_state = play_followed(self.table, self.table.highlighted)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """``a`` averts in our Night's decision; else it takes the hint, as in every game."""
        if action == "avert":
            return self.phase == "night_avert" and self.table.turn is not None
        return super().check_action(action, parameters)

    def refuse(self, reason: str) -> None:
        self.notify(self.table.sentence(reason), title="Not possible", severity="warning")

    def allowed(self, check: Check) -> bool:
        """True when we decide now and ``check`` finds nothing against the key; else says why."""
        if not self.decides_now():
            return False
        reason = check(self.table)
        if reason is not None:
            self.refuse(reason)
        return reason is None

    def deciding(self, *phases: str) -> bool:
        return self.allowed(lambda table: key_problem(table, *phases))

    # -- the map --------------------------------------------------------------------------------------

    def action_next_map(self, step: int) -> None:
        """Another map, and where routes are the decision the focus on it: Enter then acts on the
        route under its cursor (from the plays list, with another player's map and a route of
        theirs in sight, Enter played the list's claim on the person's own map). Elsewhere the
        focus stays: in an auction Enter on the map plays the panel's bid, and a look at a map
        turned "enter: highlight the first play" into "enter: Raise to 3 gold … all of it"."""
        self.table_state = map_turned(self.table, step)
        if self.phase in ROUTE_PHASES:
            self.query_one(MapBoard).focus()

    def on_map_board_chosen(self, event: MapBoard.Chosen) -> None:
        if not self.decides_now():
            return
        plays = shown_route_plays(self.table).get(event.route, [])
        play = panel_play(self.table)
        if plays:
            self.choose_among(plays, f"Route {event.route + 1}: which play?")
        elif play is not None:  # an auction, the Night, the free routes' end: Enter does what the panel asks
            self.act(play)
        elif self.phase == "shah_give":  # (and so for the Shah: who gets it)
            self.action_give_shah()
        elif self.table.view is not None and self.seat is not None:
            self.refuse(
                route_problem(self.table.view, self.table.shown_map, self.seat, event.route, self.table.short_name)
            )

    # -- the auction and the Night ------------------------------------------------------------------

    def action_item(self, step: int) -> None:
        if self.deciding("bid_open"):
            self.table_state = item_stepped(self.table, step)

    def action_amount(self, step: int) -> None:
        if self.allowed(amount_problem):
            self.table_state = amount_stepped(self.table, step)

    def action_digit(self, digit: int) -> None:
        """Typing an amount (``table_selection.digit_typed``); the digits show beside it."""
        if self.allowed(amount_problem):
            self.table_state = digit_typed(self.table, digit)
            too_much = self.table.typed_too_much()
            if too_much is not None:  # (the amount shown stops short of the digits: say why, in one line)
                self.notify(self.table.sentence(too_much), severity="warning")

    def action_drop_digit(self) -> None:
        if self.table.typed and self.deciding(*AMOUNT_PHASES):
            self.table_state = digit_dropped(self.table)

    def action_bid(self) -> None:
        bid = self.table.bid()
        if self.allowed(bid_problem) and bid is not None:
            self.act(bid)

    def action_pass_(self) -> None:
        if self.deciding("bid_raise"):
            self.act(("pass",))

    def action_give_shah(self) -> None:
        if self.deciding("shah_give"):
            self.choose_among([a for a in self.table.legal if a[0] == "give_shah"], "Who gets the Shah?")

    def action_avert(self) -> None:
        if self.allowed(avert_problem):
            self.act(("avert",))

    def action_stand_by(self) -> None:
        """``s``: stand by against the Night; with a draft of ours on the table (an undo brought
        one back, the builder closed), it sends it, as in the builder (it said the key was for
        another decision, beside a panel that named none)."""
        if self.phase == "compose" and ("send",) in self.table.legal:
            self.act(("send",))
        elif self.deciding("night_avert"):
            self.act(("stand_by",))

    # -- the build and trades -------------------------------------------------------------------------

    def action_end(self) -> None:
        if self.deciding("setup", "build"):
            self.act(("done",) if self.phase == "setup" else ("end",))

    def action_trade(self, ready: Proposal | None = None) -> None:
        """``o``: the trade builder, empty, or with ``ready`` (a hinted proposal) written whole."""
        view, seat = self.table.view, self.seat
        if not self.allowed(trade_problem) or view is None or seat is None:
            return
        partners = [q for q in range(view["players"]) if q != seat]
        table = self.table
        names, items, askable_now = table.short_name, table.item_text, partial(askable, table)
        dialog = TradeDialog(view, seat, partners, names, items, self.proposal_problem, ready, askable_now)
        self.app.push_screen(dialog, self.send_proposal)

    def action_take_hint(self) -> None:
        """``a``: a hinted trade written step by step is readied whole in the builder, where Enter
        sends it (a step a hint took four rounds of h, a, Enter for one gold for a card); any other
        hint as in every game."""
        plan, hinted = self.table.hint_plan, self.table.hint_action
        proposal = written(plan) if plan and plan[0] == hinted and hinted in self.table.legal else None
        if proposal is None or not self.decides_now():
            super().action_take_hint()
        else:
            self.action_trade(proposal)

    def proposal_problem(self, proposal: Proposal) -> str | None:
        return proposal_problem(self.table, proposal)

    def send_proposal(self, proposal: Proposal | None) -> None:
        """The proposal written in the dialog, sent a step a decision (``next_queued``)."""
        if proposal is None or self.table.turn is None:
            return
        steps = proposal_actions(proposal, self.table.legal)
        self.table_state = replace(self.table, queue=tuple(steps[1:]))
        self.act(steps[0])

    def on_action_list_chosen(self, event: ActionList.Chosen) -> None:
        """Enter in the plays list: a proposal declined this build is sent again once asked."""
        if (question := sent_again(self.table, event.action)) is not None:
            event.prevent_default()  # (the table's own handler would play it at once)
            self.ask_before(event.action, f"{question} Send it anyway?", yes="Send it", no="Keep it back")

    def action_answer(self, answer: str) -> None:
        if self.deciding("answer"):
            self.act((answer,))


SCREEN = AhldarahdScreen
