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
"""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static

from caravan_tui.bus import SeatEnd
from caravan_tui.engine import Action
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList

from .cards import ITEM_INDEX
from .map_widget import MapBoard, seat_letter, seat_style
from .maps import CODES, COLOURS, COMMODITIES, COMMODITY_AT, COST, ENDS, SEA
from .proposal import Proposal, problem
from .proposal import actions as proposal_actions
from .rules import AhldarahdState
from .terms import NIGHT_PRICE, item_words
from .trade_dialog import TradeDialog, side_words

ROUTE_KINDS = ("claim", "buy", "destroy", "free", "lose")
#: the decision keys: the panel shows those of the decision at hand (the footer only ``m``)
OWN_KEYS = {"item", "amount", "bid", "pass_", "give_shah", "trade", "answer", "avert", "stand_by", "end"}


def cities_held(view: dict, seat: int) -> int:
    """The cities ``seat`` controls, on every map."""
    return sum(1 for row in view["cities"] for holder in row if holder == seat)


def fit(full: str, short: str, width: int) -> str:
    """``full`` when it fits ``width`` cells, else ``short``."""
    return full if len(full) <= width else short


class AhldarahdScreen(GameScreen):
    BINDINGS = [
        Binding("m", "next_map(1)", "Map", tooltip="Show the next player's map"),
        Binding("M", "next_map(-1)", "Map back", show=False),
        Binding("i", "item(1)", "Item", show=False, tooltip="The next item to open an auction for"),
        Binding("I", "item(-1)", "Item back", show=False),
        Binding("plus,equals_sign", "amount(1)", "+", show=False, tooltip="A higher bid or pledge"),
        Binding("minus", "amount(-1)", "-", show=False, tooltip="A lower bid or pledge"),
        *(Binding(str(d), f"digit({d})", str(d), show=False, tooltip="Type the amount") for d in range(10)),
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
    #ah-map { padding: 0 1; }
    #ah-market { color: $text-muted; height: 2; }
    #ah-panel { border-top: solid $primary; height: 4; }
    #status { dock: bottom; }
    """

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)
        self.shown_map = client.seat if client.seat is not None else 0
        self.item: str | None = None  # the item an opening bid is for
        self.amount = 0  # index into the amounts of the decision (bid, raise, pledge)
        self.typed = ""  # digits typed toward the amount
        self.queue: list[Action] = []  # a proposal's remaining steps, sent one per decision
        self.partner: int | None = None  # the last partner written to
        self._drawn: dict[str, Text] = {}

    # -- layout -----------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield MapBoard(id="ah-map")
        yield Static("", id="ah-players")
        yield Static("", id="ah-market")
        yield Static("", id="ah-panel")

    def on_mount(self) -> None:
        self.query_one(MapBoard).focus()

    # -- words ------------------------------------------------------------------------------------

    def item_text(self, name: str) -> str:
        """An item in words, inside a sentence: "your Right of Passage", "the Shah"."""
        text = self.words(item_words(ITEM_INDEX[name]))
        return "your" + text[4:] if text.startswith("Your ") else text

    def sentence(self, text: str) -> str:
        text = self.words(text)
        return text[:1].upper() + text[1:]

    @property
    def phase(self) -> str | None:
        return self.view["phase"] if self.view is not None else None

    @property
    def world(self) -> AhldarahdState | None:
        """The world built from this seat's view (None for a spectator or before the first view)."""
        world = self._world
        return world if isinstance(world, AhldarahdState) else None

    # -- drawing ----------------------------------------------------------------------------------

    def show_view(self, view: dict) -> None:
        if self.shown_map >= len(view["routes"]):
            self.shown_map = 0
        self.show_map()
        self.update_static("#ah-players", self.players_text(view))
        self.update_static("#ah-market", self.market_text(view))
        self.show_panel()

    def update_static(self, selector: str, text: Text) -> None:
        """Update a Static only when its text changes, and lay the screen out again only when
        its number of lines does (a layout is the costly part of a redraw)."""
        before = self._drawn.get(selector)
        if before != text:
            self._drawn[selector] = text
            lines = text.plain.count("\n")
            self.query_one(selector, Static).update(text, layout=before is None or before.plain.count("\n") != lines)

    def show_status(self) -> None:
        text = self.status_text()
        if self.is_mounted:
            self.update_static("#status", text)

    def show_map(self) -> None:
        view = self.view
        if view is None:
            return
        m = self.shown_map
        header = Text()
        for k in range(len(view["routes"])):
            name = self.short_name(k, 6) if k < view["players"] else "neutral"
            label = f"{COLOURS[k][0].upper()} {name}"
            if k == m:
                header.append(f"[{label}]", style=seat_style(k) + " reverse")
            else:
                header.append(f" {label} ", style=seat_style(k))
        header.append(" (m)", style="dim")
        board = self.query_one(MapBoard)
        board.show(m, view["routes"][m], view["cities"][m], header, frozenset(self.route_actions_by_route()))
        self.show_route_info()

    def route_actions_by_route(self) -> dict[int, list[Action]]:
        """Our legal actions on the shown map, by route (0-based)."""
        out: dict[int, list[Action]] = {}
        if self.turn is None:
            return out
        colour = COLOURS[self.shown_map]
        for action in self.legal:
            kind = action[0]
            if kind == "free" and self.shown_map == self.seat:
                out.setdefault(action[1] - 1, []).append(action)
            elif kind in ROUTE_KINDS and kind != "free" and action[1] == colour:
                out.setdefault(action[2] - 1, []).append(action)
        return out

    def show_route_info(self) -> None:
        view = self.view
        if view is None:
            return
        board = self.query_one(MapBoard)
        r, m = board.cursor, self.shown_map
        a, b = ENDS[r]
        goods = COMMODITY_AT[m]
        text = Text(f"{r + 1} {COMMODITIES[goods[a]]}–{COMMODITIES[goods[b]]} "
                    f"{'sea' if SEA[r] else 'land'} {COST[r]}", style="bold")
        owner = view["routes"][m][r]
        text.append(" · " + ("unclaimed" if owner < 0 else f"{self.short_name(owner)} ({seat_letter(owner)})"))
        plays = self.route_actions_by_route().get(r, [])
        if plays:
            text.append(f" · enter: {len(plays)} play{'s' if len(plays) > 1 else ''}", style="bold")
        board.set_info(text)

    def players_text(self, view: dict) -> Text:
        """A line a player: gold, Camel, hand size, cities held, points, items held."""
        text = Text(f"  {'Player':<9}{'Gold':>4} Cam Hd Ci Pt Items", style="bold")
        for seat in range(view["players"]):
            text.append("\n")
            text.append("▶" if view["to_move"] == seat else " ", style="bold")
            text.append(seat_letter(seat), style=seat_style(seat))
            text.append(f" {self.short_name(seat, 8):<8}", style="bold" if seat == self.seat else "")
            camel = "up" if view["camels"][seat] else "dn"
            text.append(f"{view['gold'][seat]:>4} {camel:<3}{view['hand_sizes'][seat]:>2} {cities_held(view, seat):>2} "
                        f"{int(view['scores'][seat]):>2} {self.items_of(view, seat)}")
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    @staticmethod
    def items_of(view: dict, seat: int) -> str:
        """``RoP:BG Shah Eyes``: the Rights of Passage by colour letter, then the others."""
        rops = "".join(seat_letter(k) for k, holder in enumerate(view["rop"]) if holder == seat)
        parts = [f"RoP:{rops}"] if rops else []
        parts += [name for name, key in (("Shah", "shah"), ("Eyes", "eyes"), ("Pirate", "pirate"))
                  if view[key] == seat]
        return " ".join(parts) or "—"

    def market_text(self, view: dict) -> Text:
        """The turn and the deck, the face-up cards; your hand and the items on the table."""
        width = max(30, self.query_one("#ah-market").size.width or 45)
        head = f"Turn {view['turn_number']}{' (final)' if view['final'] else ''} · deck {view['deck_size']}"
        if view["night_of_the_outsider"]:
            head += f" · chips {view['black_chips']}"
        cards = [c.split(" ", 1)[1] for c in view["faceup"]]
        codes = [CODES[COMMODITIES.index(c)] for c in cards]
        first = head + " · up: "
        first += fit(" ".join(cards), " ".join(codes), width - len(first)) or "none"
        hand = [c.split(" ", 1)[1] for c in view.get("hand", [])]
        second = "Hand: " + (fit(" ".join(hand), " ".join(CODES[COMMODITIES.index(c)] for c in hand), width // 2)
                             or "none")
        table = self.items_of(view, -1)
        second += f" · table: {table}"
        text = Text(first + "\n" + second)
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def match_summary(self, view: dict) -> Table:
        """Points, the cities behind them, and gold (which breaks a tie)."""
        table = Table()
        table.add_column("Player")
        for heading in ("Points", "Cities", "Gold"):
            table.add_column(heading, justify="right")
        for seat in range(view["players"]):
            table.add_row(self.seat_label(seat), str(int(view["scores"][seat])), str(cities_held(view, seat)),
                          str(view["gold"][seat]))
        return table

    # -- the decision panel -------------------------------------------------------------------------

    def amounts(self) -> list[int]:
        """The amounts the decision offers: opening bids for the chosen item, raises, pledges."""
        phase = self.phase
        if self.turn is None:
            return []
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

    def openable(self) -> list[str]:
        return list(dict.fromkeys(a[1] for a in self.legal if a[0] == "open"))

    def show_panel(self) -> None:
        self.update_static("#ah-panel", self.panel_text())

    def panel_text(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        phase, mover = view["phase"], view["to_move"]
        mine = self.turn is not None
        name = self.short_name(mover) if mover is not None else ""
        lines: list[Text] = []
        if phase == "over":
            lines.append(Text("The game is over.", style="bold"))
        elif phase == "setup":
            if mine:
                lines.append(Text(f"Free routes on your map: {view['free_left']} left", style="bold"))
                lines.append(Text("enter on a route claims it · e done"))
            else:
                lines.append(Text(f"{name} claims free routes on their map."))
        elif phase == "bid_open":
            lines.append(Text(f"Auctions: {len(view['auctioned'])} done this turn", style="bold"))
            if mine:
                amount = self.chosen_amount()
                lines.append(Text(f"Open: {self.item_text(self.item)} at {amount} gold" if self.item else ""))
                items = self.openable()
                at = items.index(self.item) + 1 if self.item in items else 0
                lines.append(Text(f"i item ({at} of {len(items)}) · +/- or type the bid · b open it"))
            else:
                lines.append(Text(f"{name} opens the next auction."))
        elif phase == "bid_raise" and view["auction"]:
            lines += self.auction_lines(view)
        elif phase == "shah_give":
            lines.append(Text("You won the Shah: g gives it (or keeps it)" if mine else
                              f"{name} won the Shah and gives it.", style="bold"))
        elif phase == "build":
            if mine:
                lines.append(Text("Your build: enter on a route to build on it", style="bold"))
                lines.append(Text(f"o offer a trade ({view['proposals_left']} left) · e end · m map"))
            else:
                lines.append(Text(f"{name} is building."))
        elif phase in ("compose", "answer") and view["draft"]:
            lines += self.offer_lines(view, mine)
        elif phase == "night_avert":
            lines += self.night_lines(view, mine, name)
        elif phase == "night_loss":
            commodity = view["night"]["commodity"]
            lines.append(Text(f"The Night: lose a route into a {commodity} city", style="bold"))
            lines.append(Text("enter on your route to lose (m: maps)" if mine else f"{name} chooses which."))
        text = Text("\n").join(lines)
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def auction_lines(self, view: dict) -> list[Text]:
        auction = view["auction"]
        out_seats = set(auction["out"])
        first = Text(f"Auction: {self.item_text(auction['item'])}", style="bold")
        second = Text(f"bid {auction['bid']} by {self.short_name(auction['leader'])} · in:")
        for seat in range(view["players"]):
            if seat not in out_seats:
                second.append(f" {seat_letter(seat)}", style=seat_style(seat))
        if out_seats:
            second.append(" · out: " + " ".join(seat_letter(s) for s in sorted(out_seats)))
        if self.turn is not None:
            amount = self.chosen_amount()
            third = Text(f"+/- or type: raise to {amount} · b raise · p pass" if amount is not None else "p pass",
                         style="bold")
        else:
            third = Text(f"{self.short_name(view['to_move'])} to raise or pass.")
        return [first, second, third]

    def offer_lines(self, view: dict, mine: bool) -> list[Text]:
        draft = view["draft"]
        proposer, partner = view["order"][view["position"]], draft["partner"]
        gives = side_words(draft["give_gold"], [c.split(" ", 1)[1] for c in draft["give_cards"]],
                           draft["give_items"], "a", self.item_text)
        asks = side_words(draft["ask_gold"], draft["ask_cards"], draft["ask_items"], "any", self.item_text)
        if view["phase"] == "compose":
            if proposer == self.seat:
                head = "Sending your proposal…" if self.queue else "Your draft (finish it in the plays list)"
            else:
                head = f"{self.short_name(proposer)} writes to {self.short_name(partner)}"
            return [Text(head, style="bold"), Text(f"gives {gives}; asks {asks}")]
        if mine:
            return [Text(f"{self.short_name(proposer)} offers you a trade:", style="bold"),
                    Text(f"you get {gives}; you give {asks}"), Text("y accept · n decline", style="bold")]
        return [Text(f"{self.short_name(partner)} weighs {self.short_name(proposer)}'s offer:", style="bold"),
                Text(f"gives {gives}; asks {asks}")]

    def night_lines(self, view: dict, mine: bool, name: str) -> list[Text]:
        night = view["night"]
        pledged = sum(k for _, k in night["pledges"])
        lines = [Text(f"Night of the Outsider: {night['commodity']}", style="bold"),
                 Text(f"pledged {pledged} of {NIGHT_PRICE} to avert it" + ("" if mine else f" · {name} decides"))]
        if not mine:
            return lines
        keys = []
        if ("avert",) in self.legal:
            keys.append("a discard one")
        amount = self.chosen_amount()
        if amount is not None:
            keys.append(f"b pledge {amount} (+/- or type)")
        keys.append("s stand by")
        lines.append(Text(" · ".join(keys), style="bold"))
        return lines

    # -- turns ---------------------------------------------------------------------------------------

    def your_turn(self) -> None:
        phase = self.phase
        if self.queue:
            if phase == "compose":
                step = self.queue.pop(0)
                if step in self.legal:
                    self.act(step)
                    return
            self.queue.clear()
        if phase == "bid_open":
            items = self.openable()
            if self.item not in items:
                self.item = items[0] if items else None
        self.amount = 0
        self.typed = ""
        self.show_map_to_act_on()
        assert self.view is not None  # our turn comes with our view
        self.show_view(self.view)
        if not self.query_one(ActionList).has_focus:
            self.query_one(MapBoard).focus()

    def show_hint(self, action: Action, text: str) -> None:
        """Besides the plays list, put the hint where its keys act: the auction's item and
        amount, or the map and the cursor on its route (nothing is played)."""
        super().show_hint(action, text)
        kind = action[0]
        if kind == "open":
            self.item = action[1]
        amounts = self.amounts()
        amount = action[2] if kind == "open" else action[1] if kind in ("raise", "pledge") else None
        if amount in amounts:
            self.amount = amounts.index(amount)
        self.show_route_of(action)
        self.show_panel()

    def show_route_of(self, action: Action) -> None:
        """Put the map's cursor on the route ``action`` acts on (nothing is played)."""
        kind = action[0]
        if kind in ROUTE_KINDS:
            if kind == "free":
                assert self.seat is not None  # a free route is on our own map: a seat's play
                self.shown_map = self.seat
            else:
                self.shown_map = COLOURS.index(action[1])
            self.query_one(MapBoard).cursor = (action[1] if kind == "free" else action[2]) - 1
            self.show_map()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """A play highlighted in the plays list shows its route on the map."""
        if isinstance(event.option_list, ActionList) and event.option_list.has_focus:
            self.show_highlighted_route()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, ActionList):
            self.show_highlighted_route()

    def show_highlighted_route(self) -> None:
        actions = self.query_one(ActionList)
        index = actions.highlighted
        if index is not None and index < len(actions.actions):
            self.show_route_of(actions.actions[index])

    def show_map_to_act_on(self) -> None:
        """Free routes are on our map, a Night's losses anywhere: show a map where the decision
        can be made on the map, when the one shown has none."""
        if self.phase not in ("setup", "night_loss") or self.route_actions_by_route():
            return
        assert self.view is not None and self.seat is not None  # our decision: our seat's view
        for m in range(len(self.view["routes"])):
            self.shown_map = m
            if self.route_actions_by_route():
                return
        self.shown_map = self.seat

    def refuse(self, reason: str) -> None:
        self.notify(self.sentence(reason), title="Not possible", severity="warning")

    def deciding(self, *phases: str) -> bool:
        """True when we decide now, in one of ``phases``; else says why the key does nothing."""
        if self.turn is None:
            if self.over is None and not self.replaying:
                self.notify("It is not your turn.", severity="warning")
            return False
        if self.phase not in phases:
            self.refuse("that key is for another decision: the panel under the players shows this one's keys")
            return False
        return True

    # -- the map --------------------------------------------------------------------------------------

    def action_next_map(self, step: int) -> None:
        if self.view is None:
            return
        self.shown_map = (self.shown_map + step) % len(self.view["routes"])
        self.show_map()

    def on_map_board_moved(self, event: MapBoard.Moved) -> None:
        self.show_route_info()

    def on_map_board_chosen(self, event: MapBoard.Chosen) -> None:
        if self.turn is None:
            if self.over is None and not self.replaying:
                self.notify("It is not your turn.", severity="warning")
            return
        plays = self.route_actions_by_route().get(event.route, [])
        if plays:
            self.choose_among(plays, f"Route {event.route + 1}: which play?")
            return
        self.refuse(self.route_problem(event.route))

    def route_problem(self, r: int) -> str:
        """Why nothing can be played on route ``r`` of the shown map now."""
        view, m, seat = self.view, self.shown_map, self.seat
        assert view is not None  # a route is chosen on a map drawn from a view
        phase = view["phase"]
        if phase == "setup":
            return "free routes are claimed on your own map only, on empty routes"
        if phase == "night_loss":
            return f"choose one of your routes into a {view['night']['commodity']} city"
        if phase != "build":
            return "routes are built in your build; now the panel says what to decide"
        owner = view["routes"][m][r]
        if owner == seat:
            return "that route is yours already"
        open_maps = {seat} | {k for k, holder in enumerate(view["rop"]) if holder == seat}
        if m < view["players"] and m not in open_maps:
            return f"you build on {self.short_name(m)}'s map only while you hold their Right of Passage"
        if owner >= 0:
            return "destroying it costs its price twice: more than you can pay now"
        if not view["markers"][seat]:
            return "you have no route markers left"
        a, b = ENDS[r]
        goods = COMMODITY_AT[m]
        return (f"a claim takes a {COMMODITIES[goods[a]]} or {COMMODITIES[goods[b]]} card and 1 gold, "
                f"a purchase {COST[r]} gold")

    # -- the auction ----------------------------------------------------------------------------------

    def action_item(self, step: int) -> None:
        if not self.deciding("bid_open"):
            return
        items = self.openable()
        if not items:
            return
        index = items.index(self.item) if self.item in items else -step
        self.item = items[(index + step) % len(items)]
        self.amount = 0
        self.show_panel()

    def action_amount(self, step: int) -> None:
        if not self.deciding("bid_open", "bid_raise", "night_avert"):
            return
        amounts = self.amounts()
        if amounts:
            self.amount = max(0, min(len(amounts) - 1, min(self.amount, len(amounts) - 1) + step))
            self.typed = ""
            self.show_panel()

    def action_digit(self, digit: int) -> None:
        """Typing an amount: the digits so far (at most three) pick the highest amount offered up
        to that number, so "1", "2" moves to 12 (or to all one has, if less)."""
        if not self.deciding("bid_open", "bid_raise", "night_avert"):
            return
        amounts = self.amounts()
        if not amounts:
            return
        self.typed = (self.typed + str(digit))[-3:]
        wanted = int(self.typed)
        self.amount = max([i for i, a in enumerate(amounts) if a <= wanted], default=0)
        self.show_panel()

    def action_bid(self) -> None:
        if not self.deciding("bid_open", "bid_raise", "night_avert"):
            return
        phase, amount = self.phase, self.chosen_amount()
        if amount is None:
            self.refuse("you cannot bid more now: pass")
            return
        bids: dict[str | None, Action] = {"bid_open": ("open", self.item, amount), "bid_raise": ("raise", amount),
                                          "night_avert": ("pledge", amount)}
        action = bids[phase]
        self.act(action)

    def action_pass_(self) -> None:
        if self.deciding("bid_raise"):
            self.act(("pass",))

    def action_give_shah(self) -> None:
        if self.deciding("shah_give"):
            self.choose_among([a for a in self.legal if a[0] == "give_shah"], "Who gets the Shah?")

    # -- the build, trades and the Night -----------------------------------------------------------

    def action_end(self) -> None:
        if self.deciding("setup", "build"):
            self.act(("done",) if self.phase == "setup" else ("end",))

    def action_trade(self) -> None:
        if not self.deciding("build"):
            return
        view, seat = self.view, self.seat
        assert view is not None and seat is not None  # deciding: our seat, with its view
        if view["proposals_left"] <= 0:
            self.refuse("no proposals left in this build (3 at most)")
            return
        partners = [q for q in range(view["players"]) if q != seat]

        def written(proposal: Proposal | None) -> None:
            if proposal is None or self.turn is None:
                return
            self.partner = proposal.partner
            steps = proposal_actions(proposal, self.legal)
            self.queue = steps[1:]
            self.act(steps[0])

        self.app.push_screen(TradeDialog(view, seat, partners, self.short_name, self.item_text,
                                         self.proposal_problem, self.partner), written)

    def proposal_problem(self, proposal: Proposal) -> str | None:
        """The engine's refusal of ``proposal`` from this position, in words (None: it takes it)."""
        world, seat = self.world, self.seat
        if self.turn is None or world is None or seat is None:
            return "it is not your turn"
        reason = problem(world, seat, proposal)
        return None if reason is None else self.words(reason)

    def action_answer(self, answer: str) -> None:
        if self.deciding("answer"):
            self.act((answer,))

    def action_avert(self) -> None:
        if not self.deciding("night_avert"):
            return
        if ("avert",) in self.legal:
            self.act(("avert",))
        elif self.view is not None:
            self.refuse(f"you hold no {self.view['night']['commodity']} card")

    def action_stand_by(self) -> None:
        if self.deciding("night_avert"):
            self.act(("stand_by",))


SCREEN = AhldarahdScreen
