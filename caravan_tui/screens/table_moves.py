"""A seat's moves from its table: a play sent to the match host (after practice's check, when
practice is on), a choice among several plays, and an undo; what cannot go is said in words.
Keys typed while a play is on its way wait for the host's answer (``keep``)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.events import Key
from textual.timer import Timer
from textual.widgets import Input

from caravan_tui.bus import Act, UndoRequest
from caravan_tui.engine import Action
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.table_client import acted
from caravan_tui.screens.table_keys import NOT_YOUR_TURN
from caravan_tui.widgets.actions import HINT_TAKE_WAITS, ActionList

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen

#: what plays an action once a question is answered (``TableMoves.ask_before``)
Played = Callable[[Action], None]
#: the longest a play's frame waits for the host's answer (the move as the host made it)
ANSWER_WAIT = 0.1
#: the most keys kept while a play is on its way (a held-down key fills no more)
KEYS_KEPT = 8
#: what an Enter typed while our play was on its way did (``TableMoves.keep``)
UNPRESSED_ENTER = "An Enter typed before your play's outcome showed was not pressed: look, then press it again."
#: what the keys typed while our play was on its way did where another move came first
UNPRESSED_KEYS = "The keys typed while your play was on its way were not pressed: another move came first."


class TableMoves:
    """What ``screen``'s seat plays (``GameScreen.act``, ``choose_among``, ``action_undo``)."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.held: tuple[AbstractContextManager[None], Timer] | None = None
        self.kept: list[tuple[str, str | None]] = []
        self.replayed: list[Key] = []  # kept keys pressed again, not yet come round (``given_back``)
        self.unpressed = 0  # Enters typed while our play was on its way, not kept (said at the answer)

    def keep(self, event: Key) -> bool:
        """Keep a key typed while our play (or undo) is on its way, for the position the host's
        answer brings (``given_back``): the second ``+`` of two typed at once (a burst, a held
        key, a paste) came before the answer to the first and did nothing, said nothing. Not a
        key typed into a line of text (the chat's), nor past ``KEYS_KEPT``; nor an Enter: typed
        before the next position was seen, it would confirm a play never looked at (dropped, as
        ever: ``hold_list``). A key typed once the answer came, while kept keys are still to be
        pressed, goes behind them: an Enter overtook the Right kept before it and played on the
        cell the cursor was leaving."""
        screen = self.screen
        ours = any(event is replayed for replayed in self.replayed)  # (pressed again: as typed)
        if ours:
            self.replayed = [replayed for replayed in self.replayed if replayed is not event]
        if isinstance(screen.focused, Input):
            return False
        if self.replayed and not ours:
            event.stop()
            event.prevent_default()
            self.press((event.key, event.character))
            return True
        if not screen.bus.acted or screen.table.turn is not None or screen.replaying:
            return False
        if event.key == "enter":
            self.unpressed += 1
            return False
        event.stop()
        event.prevent_default()
        if len(self.kept) < KEYS_KEPT:
            self.kept.append((event.key, event.character))
        return True

    def press(self, key: tuple[str, str | None]) -> None:
        """Press ``key`` (a key and its character) again, behind the keys already on their way."""
        event, app = Key(*key), self.screen.app
        # (from the app, as a terminal's key comes: sent from the screen, it stopped as it bubbled
        # back up to it, and never reached the bindings)
        event.set_sender(app)
        self.replayed.append(event)
        app.post_message(event)

    def given_back(self) -> None:
        """Our turn came with the host's answer, no one else's move between: the kept keys are
        pressed now, in their order, on the position they were typed for; an Enter that was not
        kept is said (Camel Caravan's burst after a pick-up lost its last Enter without a word)."""
        kept, self.kept, self.replayed = self.kept, [], []
        if self.unpressed:
            self.screen.notify(UNPRESSED_ENTER, severity="warning")
        self.unpressed = 0
        for key in kept:
            self.press(key)

    def dropped(self, told: bool = True) -> None:
        """Another seat moved, our play was refused or the match ended: the kept keys were meant
        for a position that never came; said (unless ``told`` is False: the match's end says
        enough), but not a lone Enter: the turn had passed, and a quick second Enter is no
        mistake."""
        if told and self.kept:
            self.screen.notify(UNPRESSED_KEYS, severity="warning")
        self.kept, self.replayed, self.unpressed = [], [], 0

    def hold_list(self) -> None:
        """Once a play is sent: the next decision's plays list starts with no line highlighted,
        and a first Enter there highlights one (``ActionList.hold``). It came
        up with its first line highlighted, so a second Enter, or one typed while the AI
        replied, played a line never chosen (a play from the list, or a hint's taken with ``a``)."""
        self.screen.query_one(ActionList).hold()

    def decides_now(self) -> bool:
        """Whether this seat decides now; if not, says so (not while replaying or once over, nor
        while our play is on its way: a quick second Enter is no mistake, and "It is not your
        turn." said so on our turn; and while practice checks the move chosen). Nor while the
        hint's play waits to be readied (``take_waiting``): a board's Enter then fell through to
        the cursor's own play ("Not possible: tick dice to reroll with space first"), where the
        plays list said the hint was still coming."""
        screen = self.screen
        if screen.practice is not None and screen.practice.say_checking(screen):
            return False
        if screen.table.turn is None:
            if screen.table.over is None and not screen.replaying and not screen.bus.acted:
                screen.notify(NOT_YOUR_TURN, severity="warning")
            return False
        if screen.overlays.take_waiting:
            screen.notify(HINT_TAKE_WAITS, severity="warning")
            return False
        return True

    def act(self, action: Action) -> None:
        screen = self.screen
        if screen.seat is None:
            screen.notify("You are watching this match: spectators do not play.", severity="warning")
            return
        turn = screen.table.turn
        if turn is None:
            screen.decides_now()  # (says why not)
            return
        if action not in screen.table.legal:
            screen.notify(f"{screen.describe(action)} is not legal now.", severity="warning")
            return
        if screen.overlays.take_waiting:  # (``a`` while the hint came: Enter played another play)
            screen.notify(HINT_TAKE_WAITS, severity="warning")
            return
        if screen.practice is not None and screen.practised != action:
            screen.practice.check(screen, action)  # it plays the move again once it may go
            return
        screen.practised = None
        self.hold_frames()
        screen.table_state = screen.played(acted(screen.table, action))
        screen.bus.acted, screen.bus.my_last_turn = True, turn
        screen.send(Act(screen.client.match_id, screen.seat, turn, action))
        self.hold_list()

    def hold_frames(self) -> None:
        """Draw the play and the host's answer to it in one frame: the play's own state (our
        turn over, the plays list emptied, the footer's play key gone) and the move as the host
        made it (the board, the hand, the log's line) drew two to four frames a play, each
        laying the table out, the host answering within milliseconds. Frames wait for the
        answer (``answered``), at most ``ANSWER_WAIT`` seconds, and so does the play's state: the
        widgets are told of the play and the answer once (``GameScreen.one_state``)."""
        if self.held is None:
            batch = self.screen.app.batch_update()
            batch.__enter__()
            self.screen.state_hold.hold()  # (the play's state and the answer's: one state drawn)
            # (the app's timer: it ends the wait even if the table is closed meanwhile)
            self.held = batch, self.screen.app.set_timer(ANSWER_WAIT, self.answered)

    def answered(self) -> None:
        """The host's answer to our play is in the table's state (or it is late): draw."""
        if self.held is not None:
            (batch, timer), self.held = self.held, None
            timer.stop()
            self.screen.state_hold.release()
            batch.__exit__(None, None, None)
            app = self.screen.app
            if app.screen_stack:  # (the screen on top draws what waited, this table or not)
                app.screen.check_idle()

    def choose_among(self, actions: list[Action], question: str) -> None:
        """Play the only action, or ask which one is meant."""
        screen = self.screen
        if len(actions) == 1:
            screen.act(actions[0])
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                screen.act(actions[index])

        screen.app.push_screen(ChoiceScreen(question, [screen.describe(a) for a in actions]), chosen)

    def ask_before(
        self, action: Action, question: str, yes: str, no: str, yes_first: bool = False, then: Played | None = None
    ) -> None:
        """Play ``action`` (by ``then``, else ``act``) once the player says yes to ``question``,
        if it is still theirs to play then; a no says it played nothing (an Enter that kept back
        the hint's last move of a solo match closed the question, and nothing seemed to happen)."""
        screen = self.screen

        def answered(said: bool | None) -> None:
            if said and screen.table.turn is not None and action in screen.table.legal:
                (then or screen.act)(action)
            elif not said:
                screen.notify(f"Not played: {screen.describe(action)}.", timeout=4)

        screen.app.push_screen(ConfirmScreen(question, yes=yes, no=no, yes_first=yes_first), answered)

    def undo(self) -> None:
        """Until the position the undo brings arrives, the keys wait: a key pressed at once would
        act on the position taken back. Refused, the undo asks for the position again, as a
        refused move does; where the host said nothing of ours can be taken back, its answer says
        why in words. Taken back from the plays list, the position it brings starts with no line
        highlighted (a first Enter highlights one)."""
        screen = self.screen
        if screen.table.turn is not None and screen.table.undo:
            screen.bus.acted = True
            screen.table_state = replace(screen.table, turn=None)
            actions = screen.query_one(ActionList)
            if actions.has_focus:  # (as after a hint's play: an Enter typed as before played its first line)
                actions.hold()
        screen.send(UndoRequest(screen.client.match_id, screen.player))
