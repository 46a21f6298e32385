"""A table's menu (escape): resume, save and quit to home, or resign; a spectator's: stop
watching. What it asks goes to the match host as requests; the host's answers come back on the
bus (``Saved``, the result)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from caravan_tui.bus import Resign, Saved, SaveRequest
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.requests import GoHome
from caravan_tui.seat_kinds import WHILE_AWAY

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen

MENU = ("Resume", "Save and quit to home", "Resign")
#: a shared table's (over SSH): the server keeps the match and the seat, and its home is the lobby
SHARED_MENU = ("Resume", "Leave for the lobby", "Resign")
#: what the menu's and the save's keys do at a shared table, as the footer's tooltips and the
#: palette say them (``GameScreen.key_tips``): its save asks the server whether its file holds
#: the match as it stands (it saves each move itself)
SHARED_KEY_TIPS = {
    "menu": "Resume, leave for the lobby (your seat is kept), or resign",
    "save": "Check that the server has saved the match as it stands",
}
#: the save key's words there: what it does ("^s Save" read as if a person had to save, "^s Saved?"
#: read as a question)
SHARED_KEY_WORDS = {"save": "Check save"}
#: what leaving a shared table does, in the palette: as the lobby says it of a seat left
LEAVE_SHARED = f"Your seat is kept: {WHILE_AWAY}"
#: what saving on the way home says: where the match is taken up again
BACK_FROM_HOME = "Saved: Continue (c) at home plays on."
#: what a resignation does, said before it: the host lets an AI play on where other people play
RESIGN_PLAYED_ON = "An AI plays your seat on to the end; the match counts as lost for you."
RESIGN_ENDS = "The match ends now, lost for you."
#: the same alone: no one else to lose to
RESIGN_SOLO = "The match ends now, as it stands."


class TableMenu:
    """The menu of ``screen``'s table, and whether the table leaves once the host has saved."""

    def __init__(self, screen: GameScreen[Any]) -> None:
        self.screen = screen
        self.leaving = False  # quit to home once the host confirms the save

    def open(self) -> None:
        screen = self.screen
        if screen.seat is None:
            self.confirm_stop_watching()
            return

        def chosen(index: int | None) -> None:
            if index == 1:
                self.leave()
            elif index == 2:
                self.confirm_resign()

        title = "Menu"
        if screen.client.shared and screen.table_app.seat_code:  # (a guest's way back, beyond its first notice)
            title = f"Menu · your seat code {screen.table_app.seat_code} (k in the lobby with it takes the seat back)"
        screen.app.push_screen(ChoiceScreen(title, list(SHARED_MENU if screen.client.shared else MENU)), chosen)

    def entries(self) -> list[tuple[str, str, Callable[[], None]]]:
        """The menu's entries past Resume, each with what it does, as the palette lists them (it
        finds a command by its title: "resign" found nothing while Resign was inside the menu)."""
        if self.screen.table.over is not None:
            return []
        if self.screen.seat is None:
            return [("Stop watching", "Leave this match; it goes on without you", self.confirm_stop_watching)]
        shared = self.screen.client.shared
        leave = SHARED_MENU[1] if shared else MENU[1]
        # (as the lobby says it: "the match waits" read as if no one played the seat meanwhile)
        leave_help = LEAVE_SHARED if shared else "Continue (c) at home plays on"
        return [(leave, leave_help, self.leave), ("Resign", "Give up this match (asks first)", self.confirm_resign)]

    def confirm_stop_watching(self) -> None:
        screen = self.screen

        def stop(yes: bool | None) -> None:
            if yes:
                screen.post_message(GoHome())

        screen.app.push_screen(ConfirmScreen("Stop watching this match?", yes="Stop watching", no="Watch on"), stop)

    def leave(self) -> None:
        """Save, then leave for home (or the lobby) once the host has said it saved."""
        self.leaving = True
        self.screen.table_app.hold_keys()  # (the lobby's, or home's, once the host has saved: GoHome)
        self.save()

    def confirm_resign(self) -> None:
        screen = self.screen

        def answered(yes: bool | None) -> None:
            if yes:
                screen.result.resigned = True
                screen.send(Resign(screen.client.match_id, screen.player))

        # what follows, as the host does it: with other people at the table an AI plays the seat on
        # (a resignation that ended one match and not the next said neither before it)
        then = RESIGN_PLAYED_ON if screen.table.others_are_people() else RESIGN_ENDS
        if len(screen.table.seat_kinds) == 1:
            then = RESIGN_SOLO
        screen.app.push_screen(ConfirmScreen(f"Resign this match? {then}", yes="Resign", no="Play on"), answered)

    def save(self) -> None:
        self.screen.send(SaveRequest(self.screen.client.match_id, self.screen.player))

    def saved(self, message: Saved) -> None:
        """The host's answer to a save request; after "save and quit", go home."""
        said: str | None = "Saved"
        if self.leaving:
            # (the lobby's own line under the match says the seat is kept, and Enter takes it
            # back: a notice of it covered that line for five seconds)
            said = None if self.screen.client.shared else BACK_FROM_HOME
        if not message.ok:
            self.screen.notify(f"Not saved: {message.reason}", severity="error")
        elif said is not None:
            self.screen.notify(said)
        if self.leaving:
            self.leaving = False
            self.screen.post_message(GoHome())
