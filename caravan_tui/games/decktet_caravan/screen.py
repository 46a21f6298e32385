"""The Decktet Caravan table: up cards, the season, piles, scores and your hand (Textual).

Cards show rank, name and suits as coloured symbols *and* letters, so colour is never the only
cue. Everything shown comes from this seat's view; legality comes from the host's ``legal``.
"""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from caravan_tui.engine import Action
from caravan_tui.hosting.runner import SeatClient
from caravan_tui.screens.game import GameScreen
from caravan_tui.widgets import ActionList

from .card_grid import CardGrid
from .hand_summary import HandSummaryScreen
from .cards import INDEX, NAMES, RANKS, SUIT_CODES, SUIT_NAMES, SUIT_SYMBOLS, SUITS, suit_index

#: Moons, Suns, Waves, Leaves, Wyrms, Knots: light enough to read on dark themes and in greys
#: (NO_COLOR); the symbol and letter carry the suit anyway.
SUIT_COLOURS = ("#7aa2f7", "#e0af68", "#7dcfff", "#9ece6a", "#f7768e", "#bb9af7")
PASS = ("pass",)


def card_of(token: str) -> int:
    """The card of an action token: ``"5ML"``, or a wild card standing in, ``"1M@4"``."""
    return INDEX[token.partition("@")[0]]


def cards_in(action: Action) -> frozenset[str]:
    return frozenset(token.partition("@")[0] for token in action[1:])


def rank_label(card: int) -> str:
    return {1: "A", 10: "C"}.get(RANKS[card], str(RANKS[card]))


def suits_text(card: int, letters: bool = True) -> Text:
    text = Text()
    for i, code in enumerate(SUIT_CODES):
        if SUITS[card] >> i & 1:
            text.append(SUIT_SYMBOLS[i] + (code if letters else ""), style=f"bold {SUIT_COLOURS[i]}")
    return text


def short_name(card: int) -> str:
    name = NAMES[card]
    return name[4:] if name.startswith("the ") else name


def card_face(card_id: str) -> Text:
    """A hand chip: rank, name, suits — `` 5 Forest         ☾M♣L``."""
    card = INDEX[card_id]
    face = Text(f"{rank_label(card):>2} {short_name(card):<14} ")
    face.append_text(suits_text(card))
    return face


def card_token(card_id: str) -> Text:
    """A compact card for piles: rank and suit symbols, ``5☾♣``."""
    card = INDEX[card_id]
    text = Text(rank_label(card))
    text.append_text(suits_text(card, letters=False))
    return text


def up_text(card_id: str) -> Text:
    card = INDEX[card_id]
    crown = RANKS[card] == 10
    text = Text(f"{short_name(card)} ")
    text.append_text(suits_text(card))
    suit = SUIT_NAMES[suit_index(card)]
    text.append(f" {'+1' if crown else '−1'} per {suit} card", style="#9ece6a" if crown else "#f7768e")
    return text


def to_beat(action: list) -> str:
    """What the top play asks of the reply, in words."""
    if action[0] == "bandit":
        return "To beat: a higher bandit."
    top = action[-1]
    height = int(top.partition("@")[2] or RANKS[card_of(top)])
    cards = len(action) - 1
    return f"To beat: a caravan of {cards} card{'s' if cards > 1 else ''} above {height}, or any bandit."


class DecktetCaravanScreen(GameScreen):
    BINDINGS = [Binding("p", "pass", "Pass", tooltip="Pass: the season ends")]
    DEFAULT_CSS = """
    #dc-info { height: auto; max-height: 8; padding: 0 1; }
    #dc-season-box { height: 1fr; min-height: 3; border: round $secondary; scrollbar-size-vertical: 1; }
    #dc-season { height: auto; padding: 0 1; }
    #dc-hand { height: auto; border: round $primary; }
    #dc-hand:focus { border: round $accent; }
    """

    def compose_board(self) -> ComposeResult:
        yield Static("", id="dc-info")
        season = VerticalScroll(Static("", id="dc-season"), id="dc-season-box", can_focus=False)
        season.border_title = "Season"
        yield season
        hand = CardGrid(id="dc-hand")
        hand.border_title = "Your hand"
        hand.border_subtitle = "space select · enter play · p pass"
        yield hand

    def __init__(self, client: SeatClient) -> None:
        super().__init__(client)
        self.flash: int | None = None  # season index of the opponent's play to highlight

    def on_mount(self) -> None:
        self.query_one(CardGrid).focus()

    # -- drawing ------------------------------------------------------------------------------

    def show_view(self, view: dict) -> None:
        self.query_one("#dc-info", Static).update(self.info_text(view))
        self.show_season(view)
        hand = self.query_one(CardGrid)
        hand.set_cards([(card, card_face(card)) for card in view.get("hand", [])])
        hand.border_title = f"Your hand ({len(view.get('hand', []))})"

    def info_text(self, view: dict) -> Text:
        players = range(len(view["scores"]))
        text = Text(f"Hand {view['hand_no']} of {view['hands_total']}  ", style="bold")
        text.append(" · ".join(f"{self.seat_name(p)} {view['scores'][p]}" for p in players))
        for card in view["up"]:
            text.append("\nUp: ")
            text.append_text(up_text(card))
        for p in players:
            pile = view["collected"][p]
            text.append(f"\n{self.seat_name(p)}: pile {view['collected_points'][p]:+d} ({len(pile)} cards) ",
                        style="bold")
            text.append_text(Text(" ").join(card_token(card) for card in pile))
            if p != self.seat:
                text.append(f"  holds {view['hand_sizes'][p]}", style="italic")
        return text

    def show_season(self, view: dict) -> None:
        """The latest play and what beats it are at the bottom: keep them in sight."""
        self.query_one("#dc-season", Static).update(self.season_text(view))
        box = self.query_one("#dc-season-box")
        box.call_after_refresh(box.scroll_end, animate=False)

    def season_text(self, view: dict) -> Text:
        season = view["season"]
        lines = []
        for index, (player, action) in enumerate(season):
            style = "bold reverse" if index == self.flash else ""
            lines.append(Text(f"{self.seat_name(player)}: {self.describe(tuple(action))}", style=style))
        if season:
            lines.append(Text(to_beat(season[-1][1]), style="italic"))
        elif view["to_move"] is not None:
            who = "you lead" if view["to_move"] == self.seat else f"{self.seat_name(view['to_move'])} leads"
            lines.append(Text(f"New season: {who} a caravan.", style="italic"))
        if view.get("out_player") is not None:
            lines.append(Text(f"{self.seat_name(view['out_player'])} went out: one last play or pass.",
                              style="bold"))
        return Text("\n").join(lines)

    def view_changed(self, previous: dict | None, view: dict, by_other: bool) -> None:
        if by_other and view["season"] and view["season"][-1][0] != self.seat:
            self.flash = len(view["season"]) - 1
            self.show_season(view)
            self.set_timer(self.app.flash_seconds, self._unflash)
        if previous is not None and len(view["history"]) > len(previous["history"]) and not view["over"]:
            summary = self.hand_summary(view, view["history"][-1])
            self.app.push_screen(HandSummaryScreen(summary))

    def _unflash(self) -> None:
        self.flash = None
        if self.view is not None:
            self.show_season(self.view)

    def hand_summary(self, view: dict, row: list) -> Table:
        """One hand's scoring: each pile per up card, the going-out bonus, the totals."""
        hand_no, out, bonus, _, totals, up, by_up = row
        table = Table(title=f"Hand {hand_no} of {view['hands_total']}")
        table.add_column("Collected pile")
        for p in range(len(totals)):
            table.add_column(self.seat_name(p), justify="right")
        for i, card in enumerate(up):
            table.add_row(up_text(card), *(f"{by_up[p][i]:+d}" for p in range(len(totals))))
        table.add_row("Going out", *(f"+{bonus}" if p == out else "" for p in range(len(totals))))
        table.add_row("Hand", *(f"{t:+d}" for t in totals), style="bold")
        table.add_row("Total", *(str(s) for s in view["scores"]), style="bold")
        table.caption = ("Nobody went out." if out is None else f"{self.seat_name(out)} went out: +{bonus}.")
        return table

    def match_summary(self, view: dict) -> Table:
        """Every hand of the match, for the end-of-match screen."""
        table = Table()
        table.add_column("Hand")
        players = range(len(view["scores"]))
        for p in players:
            table.add_column(self.seat_name(p), justify="right")
        for hand_no, out, _, _, totals, *_ in view["history"]:
            table.add_row(str(hand_no), *(f"{totals[p]:+d}" + (" out" if p == out else "") for p in players))
        table.add_row("Total", *(str(view["scores"][p]) for p in players), style="bold")
        return table

    # -- playing ------------------------------------------------------------------------------

    def your_turn(self) -> None:
        self.query_one(CardGrid).mark(())
        if not self.query_one(ActionList).has_focus:
            self.query_one(CardGrid).focus()

    def on_card_grid_submitted(self, event: CardGrid.Submitted) -> None:
        if self.turn is None:
            self.notify("It is not your turn.", severity="warning")
            return
        chosen = frozenset(event.cards)
        matches = [action for action in self.legal if action != PASS and cards_in(action) == chosen]
        if not matches:
            names = ", ".join(short_name(INDEX[c]) for c in event.cards)
            self.notify(f"{names}: not a legal play now.", severity="warning")
            return
        self.choose_among(matches, "These cards can be read several ways — which one?")

    def on_card_grid_changed(self, event: CardGrid.Changed) -> None:
        """Point the plays list at the first reading of the selected cards."""
        chosen = frozenset(event.cards)
        actions = self.query_one(ActionList)
        for index, action in enumerate(actions.actions):
            if action != PASS and cards_in(action) == chosen:
                actions.highlighted = index
                break

    def act(self, action: Action) -> None:
        super().act(action)
        if self.turn is None:
            self.query_one(CardGrid).select(())

    def action_pass(self) -> None:
        if self.turn is not None and PASS not in self.legal:
            self.notify("You lead this season: play a caravan.", severity="warning")
            return
        self.act(PASS)

    def show_hint(self, action: Action, text: str) -> None:
        super().show_hint(action, text)
        if action != PASS:
            self.query_one(CardGrid).mark(cards_in(action))


SCREEN = DecktetCaravanScreen
