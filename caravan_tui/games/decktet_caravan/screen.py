"""The Decktet Caravan table: up cards, the season, piles, scores and your hand (Textual).

Every card shows its rank and its suits as coloured symbols *and* letters (``6☀S∿Y``), so colour
is never the only cue. Everything shown comes from this seat's view; what may be played comes
from the host's ``legal``, and why a selection is not a play from the engine's own reason.

One selection: the ticked cards in the hand and the highlighted line of the plays list always
show the same play (ticking cards moves the highlight to their play, or clears it when they are
not one; moving the highlight in the list ticks that play's cards), and Enter plays it from either.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from caravan_tui.bus import SeatEnd
from caravan_tui.engine import Action, IllegalAction
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets import ActionList
from caravan_tui.words import change, signed

from .card_grid import CardGrid
from .card_words import (
    PASS,
    card_token,
    cards_in,
    cards_words,
    glyphs,
    play_words,
    to_beat,
    up_text,
)
from .combos import move_of
from .hand_summary import HandSummaryScreen
from .looks import hand_look, season_look
from .readings import readings
from .rules import HAND_CARDS_WILD
from .season_view import SeasonView
from .standing import standing_basis
from .table_state import DecktetCaravanTable
from .views import DecktetCaravanView, HistoryRow, hand_result, season_play

if TYPE_CHECKING:
    from caravan_tui.app import TableApp


class DecktetCaravanScreen(GameScreen[DecktetCaravanView]):
    BINDINGS = [Binding("p", "pass", "Pass", tooltip="Pass: the season ends")]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"pass"}
    STATUS_LINES = 2
    TABLE = DecktetCaravanTable
    DEFAULT_CSS = """
    #dc-info { height: auto; max-height: 8; padding: 0 1; }
    #dc-season-box { height: 1fr; min-height: 4; border: round $secondary; scrollbar-size-vertical: 1; }
    #dc-hand { height: auto; border: round $primary; }
    #dc-hand:focus { border: round $accent; }
    """

    def compose_board(self) -> ComposeResult:
        yield self.table_text(info_text, id="dc-info")
        season = VerticalScroll(
            self.board(SeasonView(id="dc-season"), season_look), id="dc-season-box", can_focus=False
        )
        season.border_title = "Season"
        yield season
        hand = self.board(CardGrid(id="dc-hand"), hand_look)
        hand.border_title = "Your hand"
        # a replay plays nothing: only what its marks mean
        hand.border_subtitle = "·: can't play" if self.replaying else "space tick · enter play · ·: can't play"
        hand.display = self.seat is not None  # a spectator has no hand; the season gets the room
        yield hand

    def __init__(self, client: SeatEnd) -> None:
        super().__init__(client)

    def on_mount(self) -> None:  # after GameScreen.on_mount (Textual calls both)
        self.query_one(CardGrid).focus()

    # -- words ----------------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        """Plays as the table shows them: rank and suit glyphs, ``Caravan 5☀S≈V 6☀S∿Y``."""
        try:
            return play_words(action)
        except (KeyError, ValueError, IndexError, TypeError):
            return super().describe(action)

    # -- drawing ------------------------------------------------------------------------------

    @property
    def table(self) -> DecktetCaravanTable:
        return cast(DecktetCaravanTable, self.table_state)  # (``TABLE``: the state is made as one)

    def show_view(self, view: DecktetCaravanView) -> None:
        """(The season and the hand draw themselves from the table: ``season_look``, ``hand_look``;
        a tick stays on a card still held.)"""
        held = self.table.ticked & set(view.get("hand", []))
        if held != self.table.ticked:
            self.table.ticked = held

    def view_changed(self, previous: DecktetCaravanView | None, view: DecktetCaravanView, by_other: bool) -> None:
        if by_other and view["season"] and season_play(view["season"][-1])[0] != self.seat:
            self.table.flash = len(view["season"]) - 1  # (the season draws it: table_changed follows)
            self.set_timer(cast("TableApp", self.app).flash_seconds, self._unflash)
        if previous is not None and len(view["history"]) > len(previous["history"]) and not view["over"]:
            summary = self.hand_summary(view, view["history"][-1])
            self.show_summary(HandSummaryScreen(summary))

    def _unflash(self) -> None:
        self.table.flash = None
        self.table_changed()

    def hand_summary(self, view: DecktetCaravanView, row: HistoryRow) -> Table:
        """One hand's scoring: each pile per up card, the going-out bonus, the totals."""
        hand_no, out, bonus, _, totals, up, by_up = hand_result(row)
        table = Table(title=f"Hand {hand_no} of {view['hands_total']}")
        table.add_column("Collected pile")
        for p in range(len(totals)):
            table.add_column(self.table.seat_label(p), justify="right")
        for i, card in enumerate(up):
            table.add_row(up_text(card), *(change(by_up[p][i]) for p in range(len(totals))))
        table.add_row("Going out", *(f"+{bonus}" if p == out else "" for p in range(len(totals))))
        table.add_row("Hand", *(change(t) for t in totals), style="bold")
        table.add_row("Total", *(signed(s) for s in view["scores"]), style="bold")
        table.caption = Text("Nobody went out." if out is None else f"{self.table.seat_name(out)} went out: +{bonus}.")
        return table

    def standing_basis(self) -> str:
        if self.table.view is None or self.seat is None:
            return super().standing_basis()
        return self.table.words(standing_basis(self.table.view, self.seat))

    def match_summary(self, view: DecktetCaravanView) -> Table | Group:
        """Every hand of the match, and the last hand's breakdown, for the end-of-match screen."""
        table = Table()
        table.add_column("Hand")
        players = range(len(view["scores"]))
        for p in players:
            table.add_column(self.table.seat_label(p), justify="right")
        for hand_no, out, _, _, totals, *_ in map(hand_result, view["history"]):
            table.add_row(str(hand_no), *(change(totals[p]) + (" out" if p == out else "") for p in players))
        table.add_row("Total", *(signed(view["scores"][p]) for p in players), style="bold")
        if not view["history"]:
            return table
        # the last hand was scored as the match ended: its breakdown here, as every other hand's was shown
        return Group(table, Text(""), self.hand_summary(view, view["history"][-1]))

    # -- what can be played ---------------------------------------------------------------------

    def plays(self) -> list[Action]:
        return [action for action in self.table.legal if action != PASS]

    def matching(self, cards) -> list[Action]:
        """The legal readings of exactly these cards."""
        chosen = frozenset(cards)
        return [action for action in self.plays() if cards_in(action) == chosen]

    def why_not(self, action: Action) -> tuple[int, str]:
        """The engine's reason for refusing ``action`` here, in the table's words, and how
        telling it is (2: the cards make a play that does not fit now; 1: the cards make no
        play; 3: the engine takes it after all, nothing to explain)."""
        if self.table.world is None:
            return 0, "it is not your turn"
        telling = 2
        try:
            if action != PASS:
                move_of(tuple(action))  # the engine's own test of a caravan or bandit
        except (KeyError, ValueError) as exc:
            telling, reason = 1, str(exc.args[0] if exc.args else exc)
        else:
            try:
                self.table.world.clone().apply(action, log=False)
            except IllegalAction as exc:
                reason = str(exc)
            else:
                return 3, ""  # the engine would take it (a stale list): nothing to explain
        for known in filter(None, (action, self._top())):
            reason = reason.replace(repr(known), cards_words(known))
            with suppress(KeyError, ValueError, IndexError, TypeError):
                reason = reason.replace(self.table.world.describe(known, self.seat), play_words(known))
        return telling, reason

    def _top(self) -> Action | None:
        season = self.table.view["season"] if self.table.view else None
        return tuple(season_play(season[-1])[1]) if season else None

    def selection_reason(self, cards: tuple[str, ...]) -> str:
        """Why the ticked cards are not a play now, in one sentence, from the engine's reason."""
        if self.table.turn is None:
            return "It is not your turn."
        best = max((self.why_not(action) for action in readings(cards)), key=lambda r: r[0])
        telling, reason = best
        if telling == 3:
            return "These cards are a play: press Enter again."
        reason = reason[:1].upper() + reason[1:].rstrip(".") + "."
        top = self._top()
        if telling == 2 and top is not None and "does not beat" in reason:
            reason += " " + to_beat(list(top))
        return reason

    # -- playing ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """``p`` is offered unless it is our turn and we may not pass (we lead the season)."""
        if action == "pass" and self.table.turn is not None and PASS not in self.table.legal:
            return False
        return super().check_action(action, parameters)

    def your_turn(self) -> None:
        self.refresh_bindings()  # (p: whether we may pass)
        self.table.hinted_cards = frozenset()  # (the hand draws so as the table changes)
        if not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(CardGrid))
        self.follow_ticks()  # cards ticked while the opponent played keep their meaning

    def status_text(self) -> Text:
        """On our turn, what Enter plays for the focused widget (wrapped onto a second line
        when long), or why the ticked cards are not a play yet."""
        text = super().status_text()
        if self.table.turn is None or self.table.over is not None:
            return text
        action = self.enter_action()
        if action == PASS:
            return Text("Your turn: Enter passes, the season ends", style="bold")
        if action is not None:
            return Text.assemble(("Enter plays ", "bold"), self.describe(action))
        cards = self.table.ticked_in_hand()
        if not cards:
            if self.table.legal == [PASS]:
                return Text("Your turn: nothing beats it — p passes.", style="bold")
            return Text("Your turn: space ticks cards, Enter plays them", style="bold")
        if len(self.matching(cards)) > 1:
            return Text(f"Enter: {len(self.matching(cards))} ways to read these cards", style="bold")
        if any(frozenset(cards) < cards_in(action) for action in self.plays()):
            return Text("Part of a play: tick the lit cards, c clears")
        return Text("Not a play: Enter says why, c clears")

    def enter_action(self) -> Action | None:
        """The grid plays the ticked cards (or, with none ticked, the card under the cursor) when
        they are one play; the list, the ticked cards' play it highlights, else its highlighted
        line (None: Enter asks which reading, or says why not)."""
        grid, actions = self.query_one(CardGrid), self.query_one(ActionList)
        if self.table.turn is None or not (grid.has_focus or actions.has_focus):
            return None
        cards = self.table.ticked_in_hand()
        if actions.has_focus:
            current = actions.highlighted_action
            if not cards or (current is not None and current != PASS and cards_in(current) == frozenset(cards)):
                return current
        elif not cards and grid.keys:
            cards = (grid.keys[grid.cursor],)
        matches = self.matching(cards)
        return matches[0] if len(matches) == 1 else None

    def submit(self, cards: tuple[str, ...]) -> None:
        """Play the ticked cards (asking which reading, when there are several), or say why not."""
        if not self.decides_now():
            return
        matches = self.matching(cards)
        if not matches:
            shown = " ".join(glyphs(card).plain for card in cards)
            self.notify(self.selection_reason(cards), title=f"Not a play: {shown}", severity="warning")
            return
        self.choose_among(matches, "These cards can be read several ways — which one?")

    def on_card_grid_submitted(self, event: CardGrid.Submitted) -> None:
        self.submit(event.cards)

    def on_card_grid_changed(self, event: CardGrid.Changed) -> None:
        self.tick(event.cards)

    def tick(self, cards) -> None:
        """Tick these cards (and no others): the hand shows them, the plays list follows."""
        self.table.ticked = frozenset(cards)
        self.query_one(CardGrid).redraw()  # (of the table's panels, only the hand shows the ticks)
        self.follow_ticks()
        self.show_status()

    def follow_ticks(self) -> None:
        """Point the plays list at the ticked cards' play (the first reading, unless another
        reading of them is highlighted already); no highlight when they are not a play."""
        cards = self.table.ticked_in_hand()
        actions = self.query_one(ActionList)
        if not cards or not actions.actions:
            return
        chosen = frozenset(cards)
        current = actions.highlighted_action
        if current is not None and current != PASS and cards_in(current) == chosen:
            return
        self.table.point_list(
            next((action for action in actions.actions if action != PASS and cards_in(action) == chosen), None)
        )
        self.table_changed()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.show_status()  # (the hand dims by its own focus)

    def on_card_grid_moved(self, event: CardGrid.Moved) -> None:
        self.show_status()  # with nothing ticked, Enter plays the card under the cursor

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the plays list ticks the highlighted play's cards (Pass clears them), so
        the hand shows what Enter will play."""
        actions = self.query_one(ActionList)
        if event.option_list is not actions or not actions.has_focus or self.table.turn is None:
            return
        if event.option_index != actions.highlighted or event.option_index >= len(actions.actions):
            return  # a stale message: the highlight has moved on since
        action = actions.actions[event.option_index]
        cards = frozenset() if action == PASS else cards_in(action)
        if self.table.ticked != cards:
            self.tick(cards)
        else:
            self.show_status()  # another reading of the same cards

    def on_key(self, event: events.Key) -> None:
        """Enter in the plays list with cards ticked plays the ticked cards (the list highlights
        their play) or says why they are not a play — never some other line."""
        actions = self.query_one(ActionList)
        if event.key != "enter" or not actions.has_focus or self.table.turn is None:
            return
        cards = self.table.ticked_in_hand()
        if not cards:
            return
        event.stop()
        event.prevent_default()
        current = actions.highlighted
        if (
            current is not None
            and current < len(actions.actions)
            and actions.actions[current] != PASS
            and cards_in(actions.actions[current]) == frozenset(cards)
        ):
            self.act(actions.actions[current])
        else:
            self.submit(cards)

    def act(self, action: Action) -> None:
        super().act(action)
        if self.table.turn is None:
            self.tick(())
            self.refresh_bindings()

    def action_pass(self) -> None:
        self.act(PASS)

    def action_undo(self) -> None:
        """Cards ticked for the position taken back mean nothing in the one the undo brings."""
        self.tick(())
        super().action_undo()

    def show_hint(self, action: Action, text: str, *args, **kwargs) -> None:
        super().show_hint(action, text, *args, **kwargs)
        if action != PASS:
            self.table.hinted_cards = frozenset(cards_in(action))
            self.table_changed()
        self.follow_ticks()  # ticked cards stay the selection; the hint is starred


def info_text(view: DecktetCaravanView, table: TableState[DecktetCaravanView]) -> Text:
    """The hand, the scores and what is up; under them each player's pile (and hand size)."""
    players = range(len(view["scores"]))
    text = Text(f"Hand {view['hand_no']} of {view['hands_total']}", style="bold")
    for p in players:
        text.append(f" · {table.player_name(p, 13)} {signed(view['scores'][p])}")
    text.append("\nUp: ")
    text.append_text(Text(" · ").join(up_text(card, short=True) for card in view["up"]))
    if view.get("aside_up"):
        text.append("\nSet aside face up: ")
        text.append_text(Text(" ").join(glyphs(card) for card in view["aside_up"]))
        text.append(" (out of this hand)", style="italic")
    for p in players:
        pile = view["collected"][p]
        text.append(f"\n{table.seat_name(p)}", style="bold")
        if p != table.seat:
            text.append(
                f" · {view['hand_sizes'][p]} in hand, {view['hand_wilds'][p]} of "
                f"{HAND_CARDS_WILD} Aces and Crowns unplayed",
                style="italic",
            )
        text.append(f" · pile {change(view['collected_points'][p])}: ", style="bold")
        if pile:
            text.append_text(Text(" ").join(card_token(card) for card in pile))
        else:
            text.append("empty", style="dim")
    return text


SCREEN = DecktetCaravanScreen
