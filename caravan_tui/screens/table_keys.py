"""A table's keys (``GameScreen.BINDINGS``) and which of them a table offers now: a replay steps
and changes its view, a match is played by a seat (a spectator watches), and a game's play keys
only on its turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingType
from textual.widget import Widget

from caravan_tui.screens.table_overlays import ASK_HINT, TAKE_HINT, TAKE_HINT_NAME
from caravan_tui.screens.table_panels import WHOLE_LOG
from caravan_tui.screens.weighed_words import any_ai_decided
from caravan_tui.widgets.actions import ActionList

if TYPE_CHECKING:
    from caravan_tui.screens.game import GameScreen
    from caravan_tui.screens.table_seat import TableState

#: the keys that take back our last decision, where the rules allow (ctrl+z: what people try
#: first; the footer shows the first, the palette both)
UNDO_KEYS = ("u", "ctrl+z")
#: what that key says at a table where another seat is a person's: the host takes back nothing
#: past a move another person has seen, and they see each move as it is made
NO_UNDO_WITH_PEOPLE = (
    "No undo at a table of people: a move stands once another person has seen it, and they see each one at once."
)

#: what a play key says pressed on another seat's turn (an Enter on the plays list says it too)
NOT_YOUR_TURN = "It is not your turn."

TABLE_KEYS: list[BindingType] = [
    Binding("question_mark", "rules", "Rules", key_display="?", tooltip="The rules of this game"),
    # (F1 too: help in most programs, and the lobby's rules key; at a table it did nothing)
    Binding("f1", "rules", "Rules", show=False),
    Binding(ASK_HINT, "hint", "Hint", tooltip="The AI's suggestion for you (not played)"),
    # (the same key, said as what it does while the hint shows: "h Hint" over a hint put it away)
    Binding(ASK_HINT, "hint_away", "Hide hint", tooltip="Put the hint away (or stop asking for it)"),
    Binding(TAKE_HINT, "take_hint", TAKE_HINT_NAME, tooltip="The hinted play ready: Enter plays it"),
    Binding(ASK_HINT, "weighed", "Why", tooltip="Replay: show what the AI weighed at its move"),
    # (the same key, said as what it does while the panel shows: "h Why" over a panel the step had
    # opened by itself read as asking for it, and the h put it away)
    Binding(ASK_HINT, "weighed_away", "Hide why", tooltip="Replay: put away what the AI weighed"),
    Binding(",".join(UNDO_KEYS), "undo", "Undo", tooltip="Take back to your previous decision, when the rules allow"),
    Binding("ctrl+s", "save", "Save", tooltip="Confirm the autosave"),
    Binding("escape", "hide_panel", "Hide", tooltip="Put away the hint"),
    Binding("escape", "cancel", "Cancel", tooltip="Drop what you chose for a play (a camel, a good, a sale)"),
    # (from the plays list, escape goes back to the board first: it opened the menu, and the
    # arrows meant for the board moved in it, two presses from Resign)
    Binding("escape", "leave_list", "Back", tooltip="Back from the plays list to the table"),
    Binding("escape", "menu", "Menu", tooltip="Resume, save and quit to home, or resign"),
    # (a spectator's escape asks "Stop watching this match?": the footer said "esc Menu")
    Binding("escape", "stop_watching", "Stop watching", tooltip="Leave this match; it goes on without you"),
    Binding("escape", "back", "Back", tooltip="Replay: back to where it was opened"),
    # Priority over the board's own arrows, but only in a replay (``offered``): in a match the
    # keys go on to the focused widget.
    Binding("left", "step(-1)", "Prev", tooltip="Replay: one move back", priority=True),
    Binding("right", "step(1)", "Next", tooltip="Replay: one move forward", priority=True),
    Binding("home", "step(-100000)", "Start", show=False, priority=True),
    Binding("end", "step(100000)", "End", show=False, priority=True),
    Binding("v", "change_view", "View", tooltip="Replay: the next seat's view, or the public one"),
    # priority: the line takes the focus as the app reads the t, so the keys typed after it are
    # the line's (read by the plays list before, an h as a hint); not while the line is open
    Binding("t", "chat", "Chat", tooltip="Say something to the table", priority=True),
    Binding(WHOLE_LOG, "full_log", "Log", tooltip="The whole log, scrollable, by seat or word"),
    Binding("ctrl+up", "scroll_panel(-3)", "Scroll panel up", show=False),
    Binding("ctrl+down", "scroll_panel(3)", "Scroll panel down", show=False),
    Binding("l", "legend", "Legend", tooltip="Show or hide the whole legend of the board's glyphs and marks"),
]
#: what a replay offers, and what it does not (it changes nothing)
REPLAY_ONLY = frozenset({"step", "change_view", "weighed", "weighed_away", "back"})
PLAY_ONLY = frozenset({"hint", "hint_away", "take_hint", "undo", "save"})


def offered(screen: GameScreen[Any], action: str) -> bool:
    """Whether ``screen`` offers ``action`` now (its ``check_action``)."""
    if action in ("weighed", "weighed_away"):  # (a replay's ``h``: offered where an AI decided a move)
        shown = screen.table.hint_panel is not None
        return (
            screen.replaying
            and screen.replay is not None
            and any_ai_decided(screen.replay)
            and shown == (action == "weighed_away")
        )
    if action in screen.REPLAY_ONLY:
        return screen.replaying
    if action == "hide_panel":  # (escape, while it puts a panel away: the footer said "esc Menu")
        return panel_escape_hides(screen.table)
    if action in ("cancel", "menu", "leave_list", "stop_watching"):  # (escape drops a chosen camel first)
        drops = screen.escaped(screen.table) is not None
        if screen.replaying or panel_escape_hides(screen.table) or drops != (action == "cancel"):
            return False
        if action == "cancel" or (back_from_list(screen) is not None) != (action == "leave_list"):
            return action == "cancel"
        return action == "leave_list" or (screen.seat is None) == (action == "stop_watching")
    if action == "undo" and screen.table.others_are_people():
        return False  # (an undo never passes a move another person has seen: theirs see ours at once)
    if action == "undo" and screen.table.others_stood_in():
        # offered only where the host said it would take back (a stand-in's move stands)
        return not screen.replaying and screen.table.turn is not None and screen.table.undo
    if action == "hint" and not hint_may_come(screen.table):
        return False  # (pressed, it said only "A hint is for your turn.")
    if action in ("hint", "hint_away") and not screen.replaying and screen.table.turn is not None:
        if (screen.table.hint_panel is not None) != (action == "hint_away"):
            return False
    elif action == "hint_away":
        return False
    if action in screen.PLAY_ONLY:
        # a game's own play key the footer shows ("p Pass") is offered only on our turn
        return (
            not screen.replaying
            and screen.seat is not None
            and (screen.table.turn is not None or action not in shown_plays(type(screen)))
        )
    if action == "chat":
        return screen.client.shared and not screen.chat.chatting
    return True


def back_from_list(screen: GameScreen[Any]) -> Widget | None:
    """Where escape takes the focus from the plays list: the table's first place to decide in (a
    board, a hand), where it has one before the list; None elsewhere (the menu opens)."""
    focused = screen.focused
    if not isinstance(focused, ActionList):
        return None
    chain = screen.focus_chain
    return chain[0] if chain and chain[0] is not focused else None


def panel_escape_hides(table: TableState[Any]) -> bool:
    """Whether escape now puts a panel away rather than opening the menu (``TableOverlays.key``):
    the hint (not in a replay, where escape goes back). What others did since our turn is a
    notice: escape hides it and opens the menu all the same."""
    return table.hint_panel is not None and not table.replaying


def hint_may_come(table: TableState[Any]) -> bool:
    """Whether ``h`` can bring a hint: on our turn, or while the moves that lead to it are made
    or shown (an ``h`` pressed then waits for our turn), which at a table of people is only while
    our own move is on its way; not on another person's turn (or an open seat's), once the
    match is over, nor to a spectator."""
    if table.seat is None or table.over is not None or table.replaying:
        return False
    if table.turn is not None or table.view is None:
        return True
    mover = table.view["to_move"]
    if mover == table.seat:
        return True  # (our move is on its way, or our turn is)
    # with another person at the table, an AI's move (or the chance that ends a round) may lead
    # to their turn, not ours: "h Hint next" there was answered "A hint is for your turn."
    return not table.others_are_people()


#: the hint key's words while another seat's moves lead to our turn: it asks for the hint of
#: that turn, which shows as it comes (it read "h Hint", and a hint never came while an AI thought)
HINT_NEXT = "Hint for your turn"
HINT_NEXT_TIP = "The hint for your coming turn: it shows as your turn comes (any key skips the moves on show)"


def hint_waits(table: TableState[Any]) -> bool:
    """Whether ``h`` now asks for the hint of our coming turn (an AI's moves lead to it, made or
    on show), not for one now."""
    return table.turn is None and hint_may_come(table)


def hint_refused(table: TableState[Any]) -> bool:
    """Whether an ``h`` pressed now asks for a hint that cannot come (another person's or an open
    seat's turn): the footer does not offer it there, and the key did nothing and said nothing."""
    return table.seat is not None and table.over is None and not table.replaying and not hint_may_come(table)


def undo_refused(table: TableState[Any]) -> str | None:
    """Why an undo key pressed now takes nothing back, where the footer does not offer it because
    another seat is a person's (it did nothing and said nothing); None elsewhere."""
    if table.seat is None or table.over is not None or table.replaying or not table.others_are_people():
        return None
    return NO_UNDO_WITH_PEOPLE


def play_refused(screen: GameScreen[Any], key: str) -> bool:
    """Whether ``key`` is one of the game's own play keys (``shown_plays``) pressed where it plays
    nothing because another seat is to move: the footer leaves it out there, and ``e`` (Done)
    pressed on another person's turn did nothing and said nothing."""
    table = screen.table
    if table.seat is None or table.over is not None or table.replaying or table.turn is not None:
        return False
    return bound_to(type(screen), key, shown_plays(type(screen)))


#: a play key or an undo key pressed in a replay (over SSH, ``e``, ``u`` left the screen as it was)
REPLAY_PLAYS_NOTHING = "A replay plays nothing: ← → step through it, esc goes back."

#: keys that act elsewhere, said where a table has none (``v`` and ``q`` did nothing and said
#: nothing at a table, though the result screen reviews with one and home quits with the other)
ELSEWHERE = {
    "v": "The review opens once the match is over: v on its result screen.",
    "q": "To leave the table, escape opens the menu.",
}


def elsewhere(screen: GameScreen[Any], key: str) -> str | None:
    """What ``key`` does elsewhere, where the table in play has no binding of it (None: it has)."""
    if screen.table.replaying or key not in ELSEWHERE:
        return None
    bound = any(
        isinstance(binding, Binding) and key in binding.key.split(",") and binding.action not in REPLAY_ONLY
        for binding in type(screen).BINDINGS
    )
    return None if bound else ELSEWHERE[key]


#: a play key, the hint's or an undo key pressed by a spectator (``h`` said it "works at a
#: match's table", where they were; ``e``, ``a``, ``u`` said nothing)
WATCHING_PLAYS_NOTHING = "You are watching: only the match's seats play, hint and undo."


def watch_refused(screen: GameScreen[Any], key: str) -> bool:
    """Whether ``key`` is a hint, undo or play key pressed by a spectator of a match in play."""
    if screen.seat is not None or screen.table.replaying:
        return False
    return key in (*UNDO_KEYS, ASK_HINT, TAKE_HINT) or bound_to(type(screen), key, type(screen).PLAY_ONLY)


def replay_refused(screen: GameScreen[Any], key: str) -> bool:
    """Whether ``key`` is an undo key or one of the game's own play keys pressed in a replay,
    where it plays nothing (the footer leaves them out there)."""
    if not screen.table.replaying:
        return False
    return key in UNDO_KEYS or bound_to(type(screen), key, type(screen).PLAY_ONLY - PLAY_ONLY)


def bound_to(cls: type[GameScreen[Any]], key: str, actions: frozenset[str]) -> bool:
    """Whether one of ``cls``'s bindings of ``key`` runs one of ``actions``."""
    return any(
        isinstance(binding, Binding) and binding.action.partition("(")[0] in actions and key in binding.key.split(",")
        for binding in cls.BINDINGS
    )


def shown_plays(cls: type[GameScreen[Any]]) -> frozenset[str]:
    """The game's own play keys (``PLAY_ONLY`` beyond the table's) that its footer shows."""
    bindings = [binding for binding in cls.BINDINGS if isinstance(binding, Binding) and binding.show]
    shown = {binding.action.partition("(")[0] for binding in bindings}
    return frozenset(shown & (cls.PLAY_ONLY - PLAY_ONLY))
