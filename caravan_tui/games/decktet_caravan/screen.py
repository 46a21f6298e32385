"""The Decktet Caravan table: up cards, the season, piles, scores and your hand (Textual).

Every card shows its rank and its suits as coloured symbols *and* letters (``6☀S∿Y``), so colour
is never the only cue. Everything shown comes from this seat's view; what may be played comes
from the host's ``legal``, and why a selection is not a play from the engine's own reason.

The screen composes the table and maps keys to intents; the selection is a reducer over the
table's state (``selection``), the status line and what Enter plays are functions of it
(``status_line``): the ticked cards in the hand and the highlighted line of the plays list always
show the same play, and Enter plays it from either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding

from caravan_tui.engine import Action
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.table_seat import TableState
from caravan_tui.widgets import ActionList, MatchLog
from caravan_tui.widgets.board_scroll import BoardScroll

from . import selection
from .card_grid import NOTHING_TICKED, CardGrid
from .card_words import PASS, glyphs
from .hand_summary import HandSummaryScreen, before_scoring
from .looks import hand_look, info_text, season_look
from .not_a_play import selection_reason
from .score_tables import hand_table, match_table
from .season_view import SeasonView
from .selection import arrived, cleared, flashed, held, hinted, list_followed, matching, ticked, turn_begun, unhinted
from .standing import COUNTED, counted_on, hand_standing, standing_basis
from .status_line import HAND, enter, play_text, status
from .table_state import DecktetCaravanTable
from .views import DecktetCaravanView, HistoryRow, hand_result

#: ``p`` as we lead a season (the rules page: the leader plays a caravan)
NO_PASS_LEADING = "You lead this season: the leader plays a caravan. Pass is for answering a play."

if TYPE_CHECKING:
    from caravan_tui.app import TableApp


class DecktetCaravanScreen(GameScreen[DecktetCaravanView]):
    BINDINGS = [
        Binding("p", "pass", "Pass", tooltip="Pass: the season ends"),
        Binding("c", "clear", "Clear ticks", show=False, tooltip="Untick every card in your hand"),
    ]
    PLAY_ONLY = GameScreen.PLAY_ONLY | {"pass"}
    STATUS_LINES = 2
    TABLE = DecktetCaravanTable
    SCORED_ON = COUNTED
    SIGNED_SCORES = True  # (its totals read "+3": the result's "AI 2: 3" beside them read apart)
    PANELS_BESIDE = True  # (over the board, the hint hid the hand it names: all of it late in a hand)
    # the header as tall as both piles late in a hand (at 8 rows the other's last card went
    # unseen), the Season box giving way down to its least
    DEFAULT_CSS = """
    #dc-info { height: auto; max-height: 12; padding: 0 1; }
    #dc-season-box { height: 1fr; min-height: 4; border: round $secondary; scrollbar-size-vertical: 1; }
    #dc-hand { height: auto; border: round $primary; }
    #dc-hand > .focused--border { border-top: round $accent; }
    /* the status line at its tallest always: grown by a long play as cards were ticked, it moved
       the hand a row up under the cursor */
    #status { min-height: 2; }
    """

    def compose_board(self) -> ComposeResult:
        yield self.table_text(info_text, id="dc-info")
        season = BoardScroll(self.board(SeasonView(id="dc-season"), season_look), id="dc-season-box", can_focus=False)
        season.border_title = "Season"
        yield season
        hand = self.board(CardGrid(id=HAND), hand_look)
        hand.border_title = "Your hand"
        # a replay plays nothing and dims no card: nothing to say
        hand.border_subtitle = "" if self.replaying else "space tick · enter play · ·: can't play"
        hand.display = self.seat is not None  # a spectator has no hand; the season gets the room
        yield hand

    def on_mount(self) -> None:  # after GameScreen.on_mount (Textual calls both)
        self.query_one(CardGrid).focus()

    @property
    def table(self) -> DecktetCaravanTable:
        return cast(DecktetCaravanTable, self.table_state)  # (``TABLE``: the state is made as one)

    # -- words --------------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        return play_text(self.table, action)

    def hand_summary(self, view: DecktetCaravanView, row: HistoryRow) -> Group:
        return hand_table(self.table, view, row)

    def match_summary(self, view: DecktetCaravanView) -> Table | Group:
        return match_table(self.table, view)

    def standing_scores(self, view: dict) -> list[float]:
        return hand_standing(cast(DecktetCaravanView, view))

    def scored_on(self, view: dict) -> str:
        return counted_on(cast(DecktetCaravanView, view))

    def standing_basis(self, stronger: bool) -> str:
        if self.table.view is None or self.seat is None:
            return super().standing_basis(stronger)
        return self.table.words(standing_basis(self.table.view, self.seat, stronger))

    # -- what the table shows -------------------------------------------------------------------

    def show_view(self, view: DecktetCaravanView) -> None:
        self.table_state = held(self.table)  # (a tick stays on a card still held)

    def view_folded(
        self, table: TableState[DecktetCaravanView], previous: DecktetCaravanView | None, by_other: bool
    ) -> TableState[DecktetCaravanView]:
        """Ticks kept on cards still held, a hint's stars gone with the position, and the opponent's
        play flashed, in the move's state."""
        return arrived(cast(DecktetCaravanTable, table), previous, by_other)

    def view_changed(self, previous: DecktetCaravanView | None, view: DecktetCaravanView, by_other: bool) -> None:
        if by_other and self.table.flash is not None:
            self.set_timer(cast("TableApp", self.app).flash_seconds, self._unflash)
        if previous is not None and len(view["history"]) > len(previous["history"]) and not view["over"]:
            step = self.action_step if self.replaying else None  # (← and → step on from it in a replay)
            row = view["history"][-1]
            since = before_scoring(self.bus.since, hand_result(row)[0])
            summary = HandSummaryScreen(self.hand_summary(view, row), step, since)
            self.result.show_summary(summary)

    def _unflash(self) -> None:
        self.table_state = flashed(self.table, None)

    def status_text(self) -> Text:
        return status(self.table) or super().status_text()

    def enter_action(self) -> Action | None:
        return enter(self.table)

    # -- keys and intents -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """``p`` is offered only on our decision, when we may pass (not when we lead the season)."""
        if action == "pass" and (self.table.turn is None or PASS not in self.table.legal):
            return False
        return super().check_action(action, parameters)

    def your_turn(self) -> None:
        self.table_state = turn_begun(self.table)
        if not self.query_one(ActionList).has_focus:
            self.focus_to_decide(self.query_one(CardGrid))

    def tick(self, cards) -> None:
        """Tick these cards (and no others): the hand shows them, the plays list follows."""
        self.table_state = ticked(self.table, cards)

    def on_card_grid_changed(self, event: CardGrid.Changed) -> None:
        self.tick(event.cards)

    def on_card_grid_submitted(self, event: CardGrid.Submitted) -> None:
        self.submit(event.cards)

    def submit(self, cards: tuple[str, ...]) -> None:
        """Play the ticked cards (asking which reading, when there are several), or say why not."""
        if not self.decides_now():
            return
        found = matching(self.table, cards)
        if not found:
            shown = " ".join(glyphs(card).plain for card in cards)
            self.notify(selection_reason(self.table, cards), title=f"Not a play: {shown}", severity="warning")
            return
        self.choose_among(found, "These cards can be read several ways — which one?")

    def list_moved(self, table: TableState[DecktetCaravanView]) -> TableState[DecktetCaravanView]:
        """Moving through the plays list ticks the highlighted play's cards (Pass clears them), so
        the hand shows what Enter will play."""
        return list_followed(cast(DecktetCaravanTable, table))

    def table_key(self, event: events.Key) -> None:
        """Enter in the plays list with cards ticked plays the ticked cards (the list highlights
        their play) or says why they are not a play — never some other line. Space there, the
        hand's tick, says where the hand is (it did nothing and said nothing, the focus left in
        the plays list by the last play), and in the log; ``p`` as we lead a season, why there is
        no pass."""
        actions, log = self.query_one(ActionList), self.query_one(MatchLog)
        if event.key == "space" and (actions.has_focus or log.has_focus) and not self.replaying:
            event.stop()  # (in the log too: shift+tab from the hand goes there, and a tick went nowhere)
            where = "shift+tab" if actions.has_focus else "tab"
            self.notify(f"Space ticks a card in your hand: {where} goes to it.", timeout=4)
            return
        if event.key == "p" and self.table.turn is not None and PASS not in self.table.legal and not self.replaying:
            event.stop()  # (not offered there: it did nothing and said nothing)
            self.notify(NO_PASS_LEADING, severity="warning", timeout=4)
            return
        cards = self.table.ticked_in_hand()
        if event.key != "enter" or not actions.has_focus or self.table.turn is None or not cards:
            return
        event.stop()
        event.prevent_default()
        action = enter(self.table)  # (what the status line promises)
        if action is not None:
            self.act(action)
        else:
            self.submit(cards)

    def played(self, table: TableState[DecktetCaravanView]) -> TableState[DecktetCaravanView]:
        """A play gone: nothing ticked and no hint starred (in the same state as the play's)."""
        return ticked(unhinted(cast(DecktetCaravanTable, table)), ())

    def action_pass(self) -> None:
        self.act(PASS)

    def action_clear(self) -> None:
        """``c`` clears the ticks wherever the focus is (the status line offers it from the plays
        list too): it did so only in the hand."""
        if self.table.ticked_in_hand():
            self.table_state = cleared(self.table)
        else:
            self.notify(NOTHING_TICKED, severity="warning", timeout=4)

    def action_undo(self) -> None:
        """Cards ticked for the position taken back mean nothing in the one the undo brings."""
        self.tick(())
        super().action_undo()

    def action_take_hint(self) -> None:
        """``a`` readies the hint's play as the plays list does, its cards ticked in the hand
        wherever the focus was: from the hand they stayed starred, unticked, while the foot
        line said Enter played them."""
        super().action_take_hint()
        action = self.table.list_play
        if self.decides_now() and action is not None and action == self.table.hint_action:
            self.table_state = selection.list_moved(self.table, action)

    def show_hint(self, action: Action, text: str, *args, **kwargs) -> None:
        super().show_hint(action, text, *args, **kwargs)
        self.table_state = hinted(self.table, action)


SCREEN = DecktetCaravanScreen
