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

The auction's pending choice (the item, the amount, the digits typed toward it) is the table's
state (``AhldarahdTable``), whatever has the focus; the panel and the status line are drawn again
whenever it changes, the digits show beside the amount they make (Backspace takes the last one
back), and a new item (or a new decision) starts them afresh. A hint stars its play in the list
and shows it in the panel; it changes none of them.
"""

from __future__ import annotations

from typing import cast

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList

from caravan_tui.bus import SeatEnd
from caravan_tui.engine import Action
from caravan_tui.engine import seat_field as who
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.summary import tie_broken
from caravan_tui.widgets import ActionList

from .describe import describe
from .legend import legend_text
from .map_text import ROUTE_KINDS, map_header, route_info, route_plays, route_problem
from .map_widget import MapBoard, MapLook
from .maps import COLOURS, ROUTES
from .panel import panel_text
from .proposal import Proposal, problem
from .proposal import actions as proposal_actions
from .rules import AhldarahdState
from .table_state import MAP_ID, AhldarahdTable
from .table_text import market_text, players_text, scores_table
from .terms import DONE
from .trade_dialog import TradeDialog
from .views import AhldarahdView, Phase

#: an amount typed: its digits, and Backspace to take the last one back
TYPING_KEYS = [
    *(Binding(str(d), f"digit({d})", str(d), show=False, tooltip="Type the amount") for d in range(10)),
    Binding("backspace", "drop_digit", "⌫", show=False, tooltip="Take back the last digit typed"),
]
BID_KINDS = ("open", "raise", "pledge")  # the plays the panel's amount keys choose among

#: the decision keys: the panel shows those of the decision at hand (the footer only ``m``)
OWN_KEYS = {"item", "amount", "drop_digit", "bid", "pass_", "give_shah", "trade", "answer", "avert", "stand_by", "end"}


class AhldarahdScreen(GameScreen[AhldarahdView]):
    BINDINGS = [
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
        Binding("s", "stand_by", "Stand by", show=False, tooltip="Do nothing against the Night"),
        Binding("e", "end", "End", show=False, tooltip="End your build (or your free routes)"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | OWN_KEYS

    DEFAULT_CSS = """
    #ah-players, #ah-market, #ah-panel { padding: 0 1; height: auto; }
    #ah-players, #ah-market, #ah-panel { text-wrap: nowrap; text-overflow: ellipsis; }
    #ah-map { padding: 0 1 0 0; }
    #ah-market { color: $text-muted; height: 2; }
    #ah-panel { border-top: solid $primary; height: 4; }
    #ah-panel.-crowded { height: auto; }
    #ah-panel.-flush { border-top: none; }
    #status { dock: bottom; }
    /* the hint over the map, as "since your last turn": the decision panel and the Enter line's
       rows, under the map, stay in sight (at the foot it hid the bid typed and what Enter plays) */
    #hint-panel { dock: top; margin-bottom: 0; }
    """

    TABLE = AhldarahdTable
    STATUS_LINES = 3  # a claim that takes two cities

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self.table.shown_map = client.seat if client.seat is not None else 0
        #: at 24 rows, four or five players' lines leave the panel and the Enter line five rows
        #: (five players: the panel without its rule above): the panel is as tall as its lines
        #: and the Enter line takes the rest, three rows beside a panel of two lines (a claim that
        #: takes two cities), two beside one of three (an auction, the Night, an offer: their
        #: plays are worded in two rows); the hint stays in its own panel and the plays list's star
        self.crowded = client.players >= 4
        self.panel_classes = " ".join(["-crowded"] * self.crowded + ["-flush"] * (client.players >= 5))

    # -- layout -----------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield self.board(MapBoard(id=MAP_ID), self.map_look)
        yield self.table_text(
            lambda view, table: players_text(
                view, table.seat, table.player_name, self.query_one("#ah-players").size.width or 47
            ),
            id="ah-players",
        )
        yield self.table_text(
            lambda view, _: market_text(view, max(30, self.query_one("#ah-market").size.width or 45)), id="ah-market"
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

    # -- words ------------------------------------------------------------------------------------

    @property
    def table(self) -> AhldarahdTable:
        return cast(AhldarahdTable, self.table_state)  # (``TABLE``: the state is made as one)

    @property
    def phase(self) -> Phase | None:
        return self.table.phase

    @property
    def world(self) -> AhldarahdState | None:
        """The world built from this seat's view (None for a spectator or before the first view)."""
        world = self.table.world
        return world if isinstance(world, AhldarahdState) else None

    # -- drawing ----------------------------------------------------------------------------------

    def show_view(self, view: AhldarahdView) -> None:
        if self.shown_map >= len(view["routes"]):
            self.shown_map = 0  # (the map and the panel draw themselves from the table as it changes)

    def status_text(self) -> Text:
        """On our turn, what Enter plays for the focused widget: the plays list's highlighted
        play, or the play on the route under the map's cursor."""
        if self.table.turn is None or self.table.over is not None:
            return super().status_text()
        action = self.enter_action()
        if action is not None:
            world = self.world  # briefly: the route by its cities, kind and map; the panel names the leader
            words = (
                self.table.words(describe(world, action, brief=True)) if world is not None else self.describe(action)
            )
            text = Text(f"enter: {words}", style="bold")
            text.overflow = "ellipsis"
            return text
        board = self.query_one(MapBoard)
        plays = self.route_actions_by_route().get(board.cursor, []) if board.has_focus else []
        if plays:
            return Text(f"enter: choose one of {len(plays)} plays on route {board.cursor + 1}", style="bold")
        if board.has_focus and self.phase == "shah_give":
            return Text("enter: choose who gets the Shah (or keep it)", style="bold")
        view, seat = self.table.view, self.seat
        if board.has_focus and self.phase in ("setup", "build", "night_loss") and view is not None and seat is not None:
            # what Enter would refuse, before it is pressed: what a claim or a purchase takes
            why = route_problem(view, self.shown_map, seat, board.cursor, self.table.short_name)
            return Text(f"no play on route {board.cursor + 1}: {why}")
        return Text("Your turn: the panel above says what to decide", style="bold")

    def enter_action(self) -> Action | None:
        """With the map focused: the one play on the route under the cursor; in an auction or
        the Night, whose decision is in the panel, not on a route, the bid the panel shows."""
        board = self.query_one(MapBoard)
        if self.table.turn is None or not board.has_focus:
            return super().enter_action()
        plays = self.route_actions_by_route().get(board.cursor, [])
        if not plays:
            return self.panel_play()
        return plays[0] if len(plays) == 1 else None

    def panel_play(self) -> Action | None:
        """What Enter on the map plays when the decision is the panel's, not a route's: the bid
        or pledge it shows, or "done" when the free routes are all claimed and only that is left."""
        return self.table.bid() or (DONE if self.table.legal == [DONE] else None)

    @property
    def shown_map(self) -> int:
        """The map on show (the table's)."""
        return self.table.shown_map

    @shown_map.setter
    def shown_map(self, colour: int) -> None:
        self.table.shown_map = colour

    def map_look(self, table: AhldarahdTable) -> MapLook:
        """The map for the table's state: the map on show, the routes with a play, each route in
        words (the map shows the one under its cursor), and the route the table asks it to put
        its cursor on."""
        view = table.view
        assert view is not None  # (a board is drawn once there is a view)
        m = table.shown_map
        plays = self.route_actions_by_route()
        info = tuple(route_info(view, m, r, len(plays.get(r, [])), table.short_name) for r in range(ROUTES))
        return MapLook(
            m,
            tuple(view["routes"][m]),
            tuple(view["cities"][m]),
            map_header(len(view["routes"]), view["players"], m, table.short_name),
            frozenset(plays),
            info,
        )

    def route_actions_by_route(self) -> dict[int, list[Action]]:
        """Our legal actions on the shown map, by route (0-based)."""
        return route_plays(self.table.legal, self.shown_map, self.seat) if self.table.turn is not None else {}

    def match_summary(self, view: AhldarahdView) -> Table:
        return scores_table(view, self.table.seat_label)

    def result_headline(self, names: list[str], scores: list[float], outcome: list[float]) -> str:
        """Equal points go to the player with the most gold (§6): say so."""
        if self.table.view is not None and max(outcome) > 0:
            winner = outcome.index(max(outcome))
            line = tie_broken(
                scores, outcome, "gold", list(self.table.view["gold"]), f"{who(winner)} win{who(winner, 's')}"
            )
            if line is not None:
                return self.table.words(line)
        return super().result_headline(names, scores, outcome)

    # -- the decision panel -------------------------------------------------------------------------

    def bid_changed(self) -> None:
        """The bid the table holds changed: the plays list, the panel and the status line follow."""
        if self.table.view is not None:
            self.highlight_bid()
            self.table_changed()
            self.show_status()

    # -- turns ---------------------------------------------------------------------------------------

    def your_turn(self) -> None:
        phase = self.phase
        if self.table.queue:
            if phase == "compose":
                step = self.table.queue.pop(0)
                if step in self.table.legal:
                    self.act(step)
                    return
            self.table.queue.clear()
        self.table.new_decision()
        self.bid_changed()
        self.show_map_to_act_on()
        assert self.table.view is not None  # our turn comes with our view
        self.show_view(self.table.view)
        if self.query_one(ActionList).has_focus:
            self.follow_highlighted_play()
        else:
            self.focus_to_decide(self.query_one(MapBoard))

    def show_hint(self, action: Action, text: str) -> None:
        """Star the hint in the plays list and name it in the panel; the item, the amount and
        the map's cursor stay as the player left them (nothing is played)."""
        super().show_hint(action, text)
        self.table.hinted = action
        self.table_changed()

    def show_route_of(self, action: Action) -> None:
        """Ask the map to show the route ``action`` acts on under its cursor (nothing is played)."""
        kind = action[0]
        if kind in ROUTE_KINDS:
            if kind == "free":
                assert self.seat is not None  # a free route is on our own map: a seat's play
                self.table.point_map(self.seat, action[1] - 1)
            else:
                self.table.point_map(COLOURS.index(action[1]), action[2] - 1)
            self.table_changed()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A play highlighted in the plays list shows its route on the map."""
        if isinstance(event.option_list, ActionList) and event.option_list.has_focus:
            self.follow_highlighted_play()
            self.show_status()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, ActionList):
            self.follow_highlighted_play()
        self.show_status()

    def follow_highlighted_play(self) -> None:
        """The highlighted play's route on the map and, for a bid, its item and amount in the
        panel: ``b`` and Enter then play the same bid."""
        action = self.query_one(ActionList).highlighted_action
        if action is None:
            return
        self.show_route_of(action)
        before = (self.table.item, self.table.amount, self.table.typed)
        self.table.follow_play(action)
        if (self.table.item, self.table.amount, self.table.typed) != before:
            self.bid_changed()

    def highlight_bid(self) -> None:
        """The reverse: while the plays list has the focus, the table asks it to highlight the
        item or amount chosen with the panel's keys."""
        bid = self.table.bid()
        if self.query_one(ActionList).has_focus and bid in self.table.legal:
            self.table.point_list(bid)

    def show_map_to_act_on(self) -> None:
        """Free routes are on our map, a Night's losses anywhere: show a map where the decision
        can be made on the map, when the one shown has none."""
        if self.phase not in ("setup", "night_loss") or self.route_actions_by_route():
            return
        assert self.table.view is not None and self.seat is not None  # our decision: our seat's view
        for m in range(len(self.table.view["routes"])):
            self.shown_map = m
            if self.route_actions_by_route():
                return
        self.shown_map = self.seat

    def refuse(self, reason: str) -> None:
        self.notify(self.table.sentence(reason), title="Not possible", severity="warning")

    def deciding(self, *phases: str) -> bool:
        """True when we decide now, in one of ``phases``; else says why the key does nothing."""
        if not self.decides_now():
            return False
        if self.phase not in phases:
            self.refuse("that key is for another decision: the panel under the players shows this one's keys")
            return False
        return True

    # -- the map --------------------------------------------------------------------------------------

    def action_next_map(self, step: int) -> None:
        if self.table.view is None:
            return
        self.shown_map = (self.shown_map + step) % len(self.table.view["routes"])
        self.table_changed()
        self.show_status()

    def on_map_board_moved(self, event: MapBoard.Moved) -> None:
        self.show_status()

    def on_map_board_chosen(self, event: MapBoard.Chosen) -> None:
        if not self.decides_now():
            return
        plays = self.route_actions_by_route().get(event.route, [])
        if plays:
            self.choose_among(plays, f"Route {event.route + 1}: which play?")
            return
        play = self.panel_play()
        if play is not None:  # an auction, the Night, the free routes' end: Enter does what the panel asks
            self.act(play)
            return
        if self.phase == "shah_give":  # (and so for the Shah: who gets it)
            self.action_give_shah()
            return
        assert self.table.view is not None and self.seat is not None  # deciding: our seat, with its view
        self.refuse(route_problem(self.table.view, self.shown_map, self.seat, event.route, self.table.short_name))

    # -- the auction ----------------------------------------------------------------------------------

    def action_item(self, step: int) -> None:
        if not self.deciding("bid_open"):
            return
        items = self.table.openable()
        if items:
            index = items.index(self.table.item) if self.table.item in items else -step
            self.table.choose_item(items[(index + step) % len(items)])
            self.bid_changed()

    def action_amount(self, step: int) -> None:
        if self.deciding("bid_open", "bid_raise", "night_avert") and not self.camel_down():
            self.table.step_amount(step)
            self.bid_changed()

    def action_digit(self, digit: int) -> None:
        """Typing an amount (``AhldarahdTable.type_digit``); the digits show beside it."""
        if self.deciding("bid_open", "bid_raise", "night_avert") and not self.camel_down():
            self.table.type_digit(digit)
            self.bid_changed()
            too_much = self.table.typed_too_much()
            if too_much is not None:  # (the amount shown stops short of the digits: say why, in one line)
                self.notify(self.table.sentence(too_much), severity="warning")

    def action_drop_digit(self) -> None:
        if self.table.typed and self.deciding("bid_open", "bid_raise", "night_avert"):
            self.table.drop_digit()
            self.bid_changed()

    def camel_down(self) -> bool:
        """Opening an auction with our Camel face down: the bid is 0 (§3); says so."""
        view, seat = self.table.view, self.seat
        if self.phase != "bid_open" or view is None or seat is None or view["camels"][seat]:
            return False
        self.refuse("your Camel is face down after a paid win: you open at 0 until the next turn")
        return True

    def action_bid(self) -> None:
        if not self.deciding("bid_open", "bid_raise", "night_avert"):
            return
        action = self.table.bid()
        if action is None:
            self.refuse("you cannot bid more now: pass")
            return
        self.act(action)

    def action_pass_(self) -> None:
        if self.deciding("bid_raise"):
            self.act(("pass",))

    def action_give_shah(self) -> None:
        if self.deciding("shah_give"):
            self.choose_among([a for a in self.table.legal if a[0] == "give_shah"], "Who gets the Shah?")

    # -- the build, trades and the Night -----------------------------------------------------------

    def action_end(self) -> None:
        if self.deciding("setup", "build"):
            self.act(("done",) if self.phase == "setup" else ("end",))

    def action_trade(self) -> None:
        if not self.deciding("build"):
            return
        view, seat = self.table.view, self.seat
        assert view is not None and seat is not None  # deciding: our seat, with its view
        if view["proposals_left"] <= 0:
            self.refuse("no proposals left in this build (3 at most)")
            return
        partners = [q for q in range(view["players"]) if q != seat]

        def written(proposal: Proposal | None) -> None:
            if proposal is None or self.table.turn is None:
                return
            steps = proposal_actions(proposal, self.table.legal)
            self.table.queue = steps[1:]
            self.act(steps[0])

        self.app.push_screen(
            TradeDialog(view, seat, partners, self.table.short_name, self.table.item_text, self.proposal_problem),
            written,
        )

    def proposal_problem(self, proposal: Proposal) -> str | None:
        """The engine's refusal of ``proposal`` from this position, in words (None: it takes it)."""
        world, seat = self.world, self.seat
        if self.table.turn is None or world is None or seat is None:
            return "it is not your turn"
        reason = problem(world, seat, proposal)
        return None if reason is None else self.table.words(reason)

    def action_answer(self, answer: str) -> None:
        if self.deciding("answer"):
            self.act((answer,))

    def action_avert(self) -> None:
        if not self.deciding("night_avert"):
            return
        if ("avert",) in self.table.legal:
            self.act(("avert",))
        elif self.table.view is not None:
            self.refuse(f"you hold no {self.table.view['night']['commodity']} card")

    def action_stand_by(self) -> None:
        if self.deciding("night_avert"):
            self.act(("stand_by",))


SCREEN = AhldarahdScreen
