"""The table's keys beside play: rules, undo, save, chat, legend, the whole log, the replay's
steps and the menu (DESIGN §6)."""
from __future__ import annotations

from textual.binding import Binding

from caravan_tui.bus import Chat, Resign, Saved, SaveRequest, UndoRequest
from caravan_tui.screens.chat import ChatInput
from caravan_tui.screens.dialogs import ChoiceScreen, ConfirmScreen
from caravan_tui.screens.full_log import FullLogScreen
from caravan_tui.screens.requests import ChangeReplayView, GoHome, OpenRules
from caravan_tui.screens.table_panels import TablePanels
from caravan_tui.screens.table_seat import V
from caravan_tui.seat_labels import YOU
from caravan_tui.widgets import ActionList, MatchLog, SaveNotice

MENU = ("Resume", "Save and quit to home", "Resign")


class TableKeys(TablePanels[V]):
    """What the footer's keys do, and which apply: a replay steps, a seat plays, a spectator watches."""

    BINDINGS = [
        Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules of this game"),
        Binding("h", "hint", "Hint", tooltip="The AI's suggestion for you (not played)"),
        Binding("h", "weighed", "Why", tooltip="Replay: show or hide what the AI weighed at its move"),
        Binding("u", "undo", "Undo", tooltip="Take back to your previous decision, when the rules allow"),
        Binding("ctrl+s", "save", "Save", tooltip="Confirm the autosave"),
        Binding("escape", "menu", "Menu", tooltip="Resume, save and quit to home, or resign"),
        Binding("escape", "back", "Back", tooltip="Replay: back to where it was opened"),
        # Priority over the board's own arrows, but only in a replay (check_action): in a match the
        # keys go on to the focused widget.
        Binding("left", "step(-1)", "Prev", tooltip="Replay: one move back", priority=True),
        Binding("right", "step(1)", "Next", tooltip="Replay: one move forward", priority=True),
        Binding("home", "step(-100000)", "Start", show=False, priority=True),
        Binding("end", "step(100000)", "End", show=False, priority=True),
        Binding("v", "change_view", "View", tooltip="Replay: the next seat's view, or the public one"),
        Binding("t", "chat", "Chat", tooltip="Say something to the table"),
        Binding("ctrl+l", "full_log", "Log", tooltip="The whole log, scrollable, by seat or word"),
        Binding("ctrl+up", "scroll_panel(-3)", show=False), Binding("ctrl+down", "scroll_panel(3)", show=False),
        Binding("l", "legend", "Legend", tooltip="Show or hide the whole legend of the board's glyphs and marks"),
    ]
    #: what a replay offers, and what it does not (it changes nothing)
    REPLAY_ONLY = {"step", "change_view", "weighed", "back"}
    PLAY_ONLY = {"hint", "undo", "save"}
    def action_rules(self) -> None:
        self.post_message(OpenRules(self.game))

    def action_undo(self) -> None:
        """Until the position the undo brings arrives, the keys wait: a key pressed at once would
        act on the position taken back (a block on a cell the board no longer has, "turn 49 is
        from the future"). Refused, the undo asks for the position again, as a refused move does."""
        if self.turn is not None:
            self.turn, self._acted = None, True
            self.query_one(ActionList).clear_actions("waiting…")
            self.show_status()
        self.send(UndoRequest(self.client.match_id, self.player))

    def action_save(self) -> None:
        self.send(SaveRequest(self.client.match_id, self.player))

    def show_unsaved(self, problem: str) -> None:
        """Keep the save notice up while the host cannot save (``problem``), and say when it can again."""
        notice = self.query_one(SaveNotice)
        if notice.problem and not problem:
            self.notify("Saved: every move is stored again.", title="Saved")
        notice.problem = problem

    def saved(self, message: Saved) -> None:
        """The host's answer to a save request; after "save and quit", go home."""
        ok = message.ok
        self.notify("Saved" if ok else f"Not saved: {message.reason}", severity="information" if ok else "error")
        if self._leaving:
            self._leaving = False
            self.post_message(GoHome())

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """A replay steps and changes its view; a match is played, by a seat (a spectator
        watches)."""
        if action in self.REPLAY_ONLY:
            return self.replaying
        if action == "menu":
            return not self.replaying
        if action == "undo" and self.others_are_people():
            return False  # (an undo never passes a move another person has seen: theirs see ours at once)
        if action in self.PLAY_ONLY:
            return not self.replaying and self.seat is not None
        if action == "chat":
            return self.client.shared
        if action == "legend":
            return bool(self.query("#legend-panel"))
        return True

    def action_chat(self) -> None:
        """The chat line in place of the status line, with the focus (given back after)."""
        line = self.query_one(ChatInput)
        if not self._chatting:
            self._chatting, self._chat_from = True, self.focused
            line.value = ""
            self.query_one("#status").display, line.display = False, True
        line.focus()

    def on_chat_input_done(self, event: ChatInput.Done) -> None:
        event.stop()
        if event.text:
            self.send(Chat(self.client.match_id, self.seat, event.text))
        self._chatting = False
        self.query_one(ChatInput).display, self.query_one("#status").display = False, True
        came_from, self._chat_from = self._chat_from, None
        if came_from is not None and came_from.is_attached and came_from.focusable:
            came_from.focus()
        else:
            self.focus_next()

    def action_legend(self) -> None:
        """Show the legend in place of the plays and the log, or put them back; the board keeps
        the keys while the legend shows: the focus moves to it only from the plays list the legend
        hides (a cursor on the board stays where it is)."""
        showing = self.query_one("#legend-panel").has_class("-hidden")
        side = self.query_one("#side")
        for child in side.children:
            child.set_class(showing != (child.id == "legend-panel"), "-hidden")
        boards = self.query("#board CursorWidget")
        focused = self.focused
        if showing and boards and (focused is None or side in focused.ancestors):
            boards.first().focus()

    def action_full_log(self) -> None:
        names = [YOU() if seat == self.seat else name for seat, name in enumerate(self.names)]  # as the log says
        self.app.push_screen(FullLogScreen(self.query_one(MatchLog).lines_text, names))

    def action_step(self, moves: int) -> None:
        if self.replay is not None:
            self.replay.step(moves)

    def action_change_view(self) -> None:
        self.post_message(ChangeReplayView(self))

    def action_back(self) -> None:
        """A replay's escape: back to where the replay was opened."""
        self.app.pop_screen()

    def action_menu(self) -> None:
        if self.seat is None:
            def stop(yes: bool | None) -> None:
                if yes:
                    self.post_message(GoHome())

            self.app.push_screen(ConfirmScreen("Stop watching this match?", yes="Stop watching", no="Watch on"), stop)
            return

        def chosen(index: int | None) -> None:
            if index == 1:
                self._leaving = True
                self.action_save()
            elif index == 2:
                self.confirm_resign()

        self.app.push_screen(ChoiceScreen("Menu", list(MENU)), chosen)

    def confirm_resign(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.resigned = True
                self.send(Resign(self.client.match_id, self.player))

        self.app.push_screen(ConfirmScreen("Resign this match?", yes="Resign", no="Play on"), answered)


