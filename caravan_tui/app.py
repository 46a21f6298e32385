"""The Textual app: home, new match, saves, rules and one game screen per game (DESIGN §6); and
the same tables in client mode, one per SSH session, playing matches the hub hosts (DESIGN §7)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import traceback
from collections.abc import Callable
from multiprocessing import resource_tracker
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual.app import SystemCommand
from textual.dom import DOMNode, NoScreen
from textual.driver import Driver
from textual.events import Event, Key, Paste
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import WorkerFailed

from caravan_tui.ai.review import ITERATIONS as REVIEW_ITERATIONS
from caravan_tui.ai.worker import AIWorker
from caravan_tui.bus import MatchOver, Message
from caravan_tui.engine import Game
from caravan_tui.games import GAMES, get_game
from caravan_tui.match.host import save_problem
from caravan_tui.match.replay import ReplayClient
from caravan_tui.match.runner import MatchRunner
from caravan_tui.match_review import not_reviewable, review_of
from caravan_tui.preferences import Preferences
from caravan_tui.safe_text import LONG, plain, plain_lines
from caravan_tui.saves import DamagedSave, SaveStore
from caravan_tui.saves.codec import decode
from caravan_tui.saves.loading import (
    Replayed,
    latest_unfinished,
    load,
    replay_snapshot,
    resignation_result,
    standing_after_resignation,
)
from caravan_tui.saves.record import RecordIndex
from caravan_tui.saves.reviews import ReviewShelf
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.base import MIN_HEIGHT, MIN_WIDTH, WIDE_WIDTH, DialogScreen
from caravan_tui.screens.create_match import CreateMatchScreen
from caravan_tui.screens.dialogs import AskLineScreen, ChoiceScreen, ConfirmScreen
from caravan_tui.screens.elsewhere import works_elsewhere
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.heard import Heard
from caravan_tui.screens.history import HistoryScreen, history_rows
from caravan_tui.screens.home import HomeScreen
from caravan_tui.screens.how_to_play import HowToPlayScreen
from caravan_tui.screens.leaderboard import LeaderboardScreen
from caravan_tui.screens.lobby import SEAT_CODE_QUESTION, LobbyScreen
from caravan_tui.screens.new_match import MatchSetup, NewMatchScreen
from caravan_tui.screens.practice import Practice
from caravan_tui.screens.requests import (
    BeginMatch,
    ChangeReplayView,
    GoHome,
    MatchEnded,
    NewMatch,
    OpenRecord,
    OpenReplay,
    OpenReview,
    OpenRules,
    OpenSaves,
    Rematch,
    ResumeMatch,
    ToHub,
)
from caravan_tui.screens.review import ReviewScreen
from caravan_tui.screens.rules import RulesScreen
from caravan_tui.screens.saves import SavesScreen
from caravan_tui.screens.summary import (
    INVITED_HERE,
    MatchOverScreen,
    final_scores,
    rated_gave_up,
    rated_outcome,
    rating_changes_line,
    resigned_line,
)
from caravan_tui.screens.table_keys import undo_refused
from caravan_tui.seats import names_called, only_person
from caravan_tui.textual_adapter import (
    FailureHook,
    draw_changes_apart,
    draw_pending_repaints,
    end_failed,
    keep_failure,
    lay_out_every_change,
    leaves_sized_in_place,
    redraw_where_hidden,
)

if TYPE_CHECKING:
    from caravan_tui.escape_driver import InputFailed
from caravan_tui.hub_protocol import (
    CRASHED,
    GUEST_UNRATED,
    HELD_BY_A_SEAT,
    MAX_CODE,
    MAX_REPLAY,
    SEAT_CODE_WAY,
    Crashed,
    CreateMatch,
    FinishedRow,
    Goodbye,
    History,
    Introduced,
    Joined,
    JoinSeat,
    Leaderboard,
    Left,
    Lobby,
    LobbyRow,
    PlayAgain,
    Rated,
    Refused,
    Replay,
    Reviewed,
    Reviewing,
    SetName,
    TakeSeatBack,
    Told,
    Watch,
    WatchReplay,
    WebLink,
    Welcome,
)
from caravan_tui.screens.web_link import WebLinkScreen
from caravan_tui.screens.your_name import YourNameScreen
from caravan_tui.screens.your_record import YourRecordScreen
from caravan_tui.ssh.keeping import seat_given_up
from caravan_tui.ssh.remote import HubLink
from caravan_tui.ssh.review_client import HubReviewer
from caravan_tui.widgets.footer import as_said

T = TypeVar("T")
#: the file in the data folder that holds the traceback of the last failure of the app
FAILURE_LOG = "last-failure.txt"
#: keys that only move within the focused widget (its cursor, its scroll), with or without a
#: modifier: they go to the focus as they come (``moves_only``)
MOVES = frozenset({"up", "down", "left", "right", "pageup", "pagedown", "home", "end"})
#: the requests the hub answers by seating the person at a table (``Joined``) or refusing
SEATING = (CreateMatch, JoinSeat, PlayAgain, Watch)
#: the palette's words for Textual's "Quit": every move is stored as it is made
QUIT_HELP = "Leave caravan-tui; every move made so far is kept"

draw_changes_apart()  # (every app of the process: a frame draws each band of its changes alone)
lay_out_every_change()  # (every app of the process: a widget changed twice is laid out at its last size)
leaves_sized_in_place()  # (every app of the process: a leaf resized by a layout asks for no second)
draw_pending_repaints()  # (every app of the process: a frame draws every repaint asked for before it)
redraw_where_hidden()  # (every app of the process: a layout draws again where a widget it hid was)


def moves_only(key: Key, focus: DOMNode) -> bool:
    """Whether ``key`` only moves within ``focus`` or is typed into it (a letter in a line):
    it acts nowhere else, so the keys after it need not wait until it is read; any other key
    may run a binding that changes the screen. (Checked for every key: a set lookup.)"""
    return key.key.rpartition("+")[2] in MOVES or (
        isinstance(focus, Widget) and focus.check_consume_key(key.key, key.character)
    )


class TableApp(FailureHook):
    """What every caravan-tui app shares: styles, breakpoints, pauses, rules and the palette."""

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: subclasses live elsewhere
    TITLE = "caravan-tui"
    # below MIN_WIDTH×MIN_HEIGHT (-narrow or -short) every screen shows its TooSmall notice
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-normal"), (WIDE_WIDTH, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall")]

    #: seconds an opponent's move stays on screen before the next message is shown
    move_pause = 0.6
    #: seconds the opponent's latest play stays highlighted
    flash_seconds = 1.5
    #: what the app heard that outlives the screen showing when it came (a result screen shows
    #: its match's ratings from it, whenever they came)
    heard: var[Heard] = var(Heard)
    #: keys held (None: keys go to the focus as they come): while a key is read, while a screen
    #: asked for is coming, while a screen made current has not resumed (``_release`` says why)
    held_keys: list[Key | Paste] | None = None
    #: a screen asked for by a key and not yet up (``hold_keys``; ``pass_held_keys`` once it is)
    screen_asked: bool = False
    #: the key being read (``_read_through``): a token, None once read
    key_reading: object | None = None
    #: the screen made current that has not yet resumed (its focus set): the keys are its own
    screen_coming: Screen | None = None
    #: the seat code of the hosted seat this visit holds (a guest's: their way back to it), "": none
    seat_code: str = ""
    #: until when (``time.monotonic``) the seat code's notice stands over the table
    code_notice_until: float = 0.0
    #: the screen a notice shown now is about, and until when it shows (``notify_here``)
    local_notice: tuple[Screen, float] | None = None

    def get_driver_class(self) -> type[Driver]:
        """Textual's choice, but on Linux and macOS with an Escape that acts without waiting for
        the input thread's next look (``escape_driver``)."""
        driver = super().get_driver_class()
        if driver.__name__ == "LinuxDriver":  # (importable only where termios is)
            from caravan_tui.escape_driver import PromptEscapeDriver

            return PromptEscapeDriver
        return driver

    def get_system_commands(self, screen: Screen):
        """The palette lists the keys of the screen too (rules, hint, undo, save, menu…) and a
        table's menu entries (resign…), each once (home's "q Quit" is Textual's own "Quit", said
        to lose nothing: "as soon as possible" beside the table's "save and quit" read as a quit
        that loses the match)."""
        own = [
            command._replace(help=QUIT_HELP) if command.title == "Quit" else command
            for command in super().get_system_commands(screen)
        ]
        yield from own
        seen = {command.title for command in own}
        active_bindings = list(screen.active_bindings.values())
        # (a key the footer leaves out for having nothing to do here: "Legend" at a table with none
        # was listed, and chosen said only "Decktet Caravan has no legend"; a screen's
        # ``palette_hidden`` where the palette keeps some of them)
        hidden: frozenset[str] = getattr(screen, "palette_hidden", getattr(screen, "footer_hidden", frozenset()))
        for active in active_bindings:
            binding = as_said(screen, active.binding)  # (what the key does here, as the footer says)
            if binding.action in hidden:
                continue
            if binding.show and binding.description and binding.description not in seen:
                seen.add(binding.description)
                # every key of the action where it has two (undo: "u, ^z"), the footer's first
                key = ", ".join(
                    dict.fromkeys(
                        self.get_key_display(other.binding)
                        for other in active_bindings
                        if other.binding.action == active.binding.action and other.node is active.node
                    )
                )
                yield SystemCommand(
                    binding.description,
                    f"{binding.tooltip} ({key})" if binding.tooltip else f"key: {key}",
                    lambda action=binding.action, node=active.node: self.run_action(action, node),
                )
        if isinstance(screen, GameScreen) and "Undo" not in seen and (no_undo := undo_refused(screen.table)):
            # (people searched the palette for "undo" at a table of people and found nothing)
            yield SystemCommand("Undo", no_undo, lambda: screen.notify(no_undo, severity="warning"))
        if isinstance(screen, GameScreen) and screen.menu_may_open():
            for title, help_text, chosen in screen.menu.entries():
                yield SystemCommand(title, f"{help_text} (in the menu: esc)", chosen)

    def on_key(self, event: Key) -> None:
        """A key that reached the app with no binding of it here, and acts on another screen, says
        where it acts (``works_elsewhere``)."""
        if event.key in self.screen.active_bindings:
            return
        if said := works_elsewhere(event.key, self.screen_stack, self.get_key_display):
            self.notify(said, timeout=4)

    def on_input_failed(self, message: InputFailed) -> None:
        """The terminal's input thread failed: the app fails with it (``failed``)."""
        raise message.error

    def on_mount(self) -> None:
        """Each screen made current holds the keys until it has resumed (``_screen_changed``)."""
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)

    async def on_event(self, event: Event) -> None:
        """A key puts the seat code's notice away (``SEAT_CODE_TITLE``). Escape closes the keys
        panel the palette opens, on every screen, and does nothing else. (Not a binding: an
        app's escape binding would take the screen's "esc Menu" or "esc Back" off the footer.)
        A key that may act is read before the next goes to the focus (``_read_through``); a key
        that only moves within the focus goes on at once."""
        if isinstance(event, Key | Paste) and not event.is_forwarded:
            if isinstance(event, Key) and time.monotonic() < self.code_notice_until:
                # (its seconds over the board's header and the hint a first h asked for; the
                # menu says the code again, and the key goes on to do what it does)
                self.code_notice_until = 0.0
                self.clear_notifications()
            if self.held_keys is not None:
                self.held_keys.append(event)  # (a paste too: it goes where the keys before it went)
                return
            if isinstance(event, Paste):
                await super().on_event(event)
                return
            if event.key == "escape" and self.screen.query("HelpPanel"):
                self.action_hide_help_panel()
                return
            focus = self.focused or self.screen
            await super().on_event(event)
            if not moves_only(event, focus):
                self._read_through(focus)
            return
        await super().on_event(event)

    def _read_through(self, focus: DOMNode) -> None:
        """Hold the keys that follow the key just passed to ``focus`` until it is read. Textual
        runs a key's binding only once the key has gone up from the focus through each node to
        the app: a key typed in the same instant went to the focus meanwhile, though the binding
        closed its screen (escape then h at the record: the h was the record's, or lost). Read:
        the key, then what its binding posted (a list's choice that closes its dialog), have gone
        through each node of its way up (``_follow``, twice); or its binding changed the screen,
        and the keys wait for the screen made current (``_screen_changed``)."""
        if self.held_keys is None:
            self.held_keys = []
        token = self.key_reading = object()
        self._follow(token, [*focus.ancestors_with_self] * 2, 0)

    def _follow(self, token: object, nodes: list[DOMNode], at: int) -> None:
        """Behind what is on its way in ``nodes[at]``, then the next node (a node gone with its
        screen is passed over); the key is read once it is behind the last."""
        if self.key_reading is not token:
            return  # (the screen changed meanwhile: the keys wait for the screen made current)
        for index in range(at, len(nodes)):
            if nodes[index].call_later(self._follow, token, nodes, index + 1):
                return
        self.key_reading = None
        self.call_later(self._release)

    def _screen_changed(self, screen: Screen) -> None:
        """``screen`` was made current (pushed, uncovered or switched to): the keys from now on
        are held for it until it has resumed and its focus is set (a key still being read is
        done with: it changed the screen)."""
        if self.held_keys is None:
            self.held_keys = []
        self.key_reading, self.screen_coming = None, screen
        if self.local_notice is not None and screen is not self.local_notice[0]:
            # (what was said of the screen left: "no unfinished match" from home stood over New
            # match's description of its first option, cut to "Hands to▌")
            if time.monotonic() < self.local_notice[1]:
                self.clear_notifications()
            self.local_notice = None
        if not isinstance(screen, GameScreen) and time.monotonic() < self.code_notice_until:
            # (it covered the menu's right edge, the lobby's line and the record, which the menu
            # and the lobby say the code again under)
            self.code_notice_until = 0.0
            self.clear_notifications()
        if not screen.call_later(self._resumed, screen):  # (closing already: another is coming)
            self.screen_coming = None

    def notify_here(self, message: str, severity: SeverityLevel = "information", timeout: float | None = None) -> None:
        """A notice about the screen shown now: it goes when another screen is made current."""
        timeout = timeout if timeout is not None else self.NOTIFICATION_TIMEOUT
        self.notify(message, severity=severity, timeout=timeout)
        self.local_notice = (self.screen, time.monotonic() + timeout)

    def _resumed(self, screen: Screen) -> None:
        """(After ``screen``'s ScreenResume; its focus, set by the app, comes before the keys.)"""
        if self.screen_coming is screen:
            self.screen_coming = None
            self.call_later(self._release)

    def hold_keys(self) -> None:
        """Keep the keys that come from now on for the screen about to open (``pass_held_keys``
        once it is up and focused, or once the hub refuses to open it). Called while the key that
        opens the screen is read (a priority binding's action): a screen the hub sends comes
        later than the screen change ``_screen_changed`` waits for."""
        if self.held_keys is None:
            self.held_keys = []
        self.screen_asked = True

    def ask_line(self, dialog: DialogScreen[T], answered: Callable[[T | None], None] | None = None) -> None:
        """Open ``dialog`` with the keys typed from now on held for its line (``hold_keys``): they
        were read by the screen under it, or by the dialog before its line had the focus, and
        lost. Called while the key that opens it is read (a priority binding's action), or as a
        message opens it."""
        self.hold_keys()
        self.push_screen(dialog, answered)

    def pass_held_keys(self) -> None:
        """The screen asked for has asked for its focus (or will not come): the held keys go to
        where the focus is, in order, after that focus is set (both are the app's to do, in the
        order asked)."""
        self.screen_asked = False
        self.call_later(self._release)

    async def _release(self) -> None:
        """The held keys, in order, once nothing holds them: no key being read, no screen asked
        for or made current and not yet up. (A key among them that holds again keeps the rest.)"""
        if self.key_reading is not None or self.screen_asked or self.screen_coming is not None:
            return
        held, self.held_keys = self.held_keys or [], None
        for key in held:
            await self.on_event(key)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notice is plain text: they carry names, file names and the server's reasons,
        never markup (``markup`` is ignored)."""
        super().notify(plain_lines(message), title=plain_lines(title), severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """ctrl+c: which key quits, in plain text (Textual's words hold markup, and every notice
        here is plain: it read "Press [b]q[/b] to quit the app")."""
        quits = [(key, active.binding) for key, active in self.active_bindings.items()]
        quits = [(key, binding) for key, binding in quits if binding.action in ("quit", "app.quit")]
        if quits:  # (the key the footer shows first: "q", not Textual's hidden ctrl+q)
            key = min(quits, key=lambda quit: not quit[1].show)[0]
            self.notify(f"Press {key} to quit the app.", title="Do you want to quit?")

    def open_rules(self, game: Game | None = None, first: Game | None = None) -> None:
        """``game``'s rules, else a picker of the games, highlighting ``first`` where given."""
        if game is not None or len(GAMES) == 1:
            self.push_screen(RulesScreen(game or next(iter(GAMES.values()))))
            return
        games = list(GAMES.values())
        start = games.index(first) if first in games else 0

        def chosen(index: int | None) -> None:
            if index is not None:
                self.push_screen(RulesScreen(games[index]))

        self.push_screen(ChoiceScreen("Rules of which game?", [g.title for g in games], start=start), chosen)

    # -- what screens ask (screens/requests.py) -----------------------------------------------

    def on_open_rules(self, request: OpenRules) -> None:
        self.open_rules(request.game, request.first)

    def on_match_ended(self, request: MatchEnded) -> None:
        self.show_match_over(request.screen, request.over)

    def on_rematch(self, request: Rematch) -> None:
        self.rematch()

    def on_go_home(self, request: GoHome) -> None:
        """(The keys typed since "leave" was chosen are home's: held until the host had saved.)"""
        self.go_home()
        self.pass_held_keys()

    def show_replay(
        self, checked: Replayed, seat: int | None = None, position: int = 0, given_up: bool = False
    ) -> None:
        """Watch a checked match move by move, from ``seat``'s view (None: the public one): a
        saved match here, or over SSH a finished match the person played; ``given_up``: its
        person gave the seat up and an AI played it on."""
        client = ReplayClient(checked, seat, position, given_up=given_up)
        self.push_screen(game_screen_class(checked.game)(client))

    def on_change_replay_view(self, request: ChangeReplayView) -> None:
        """The same replay at the same move, from the next seat's view (then the public one)."""
        replay = request.screen.replay
        if replay is None:
            return
        views = replay.views()
        seat = views[(views.index(replay.seat) + 1) % len(views)]
        client = ReplayClient(replay.checked, seat, replay.position, own=replay.own, given_up=replay.given_up)
        screen = game_screen_class(replay.checked.game)(client)
        screen.overlays.weighed_hidden = request.screen.overlays.weighed_hidden  # (put away, it stays away)
        self.switch_screen(screen)

    # each app ends a match, plays again and goes home its own way (locally or over SSH)
    def show_match_over(self, screen: GameScreen, over: MatchOver) -> None:
        raise NotImplementedError

    def rematch(self) -> None:
        raise NotImplementedError

    def go_home(self) -> None:
        raise NotImplementedError

    def final_table(self, screen: GameScreen, over: MatchOver, review: bool = False) -> MatchOverScreen:
        """The result screen; ``review``: it offers the review of the match from the seat played."""
        names = [screen.table.seat_name(seat) for seat in range(len(over.scores))]
        if over.status == "resigned":
            headline = resigned_line(
                screen.result.headline_names(names), over.outcome, screen.result.resigner(), over.scores
            )
        else:
            headline = screen.result_headline(names, over.scores, over.outcome)
        result = MatchOverScreen(
            headline,
            final_scores(screen.result.headline_names(names), over.scores, screen.SIGNED_SCORES),
            screen.match_summary(screen.table.view) if screen.table.view else None,
            rematch=screen.seat is not None,  # (a spectator did not play it)
            review=OpenReview(screen.client.match_id, screen.seat) if review and screen.seat is not None else None,
            match=over.match,
            since=screen.bus.since if screen.seat is not None else (),
            game=screen.game.id,
        )
        if screen.seat is not None:  # (by name, no "Bob · AI standing in resigned": ``given_up_line``)
            plain = [screen.table.brief_name(seat) for seat in range(len(names))]
            result.named = (screen.seat, screen.result.headline_names(plain))
        return result

    def clear_match_notices(self) -> None:
        """Clear the notices over a table as the app leaves it; what the hub told lately (a mute
        said as the match ended) is said again over what comes next."""
        self.clear_notifications()
        for text, title in self.heard.fresh_told(time.monotonic()):
            self.notify(text, title=title)


class CaravanApp(TableApp):
    """``store``: where saves live (default: SaveStore(), honouring $CARAVAN_TUI_HOME);
    ``play`` (a setup) starts a match at once, ``resume`` ("latest" or a match id) resumes
    one, ``replay`` (a match id) plays one back, ``review`` (a match id, a seat and a budget)
    opens the review of one; ``ai_iterations`` overrides every AI level's budget (fast tests)."""

    def __init__(
        self,
        store: SaveStore | None = None,
        play: MatchSetup | None = None,
        resume: str | None = None,
        ai_iterations: int | None = None,
        replay: str | None = None,
        review: tuple[str, int, int] | None = None,
    ) -> None:
        super().__init__()
        # AI workers are processes, and multiprocessing starts its resource tracker with our
        # stderr; once Textual runs, stderr is a capture without a file descriptor. Start it now.
        resource_tracker.ensure_running()
        self.store = store if store is not None else SaveStore()
        self.play, self.resume, self.replay, self.review = play, resume, replay, review
        self.ai_iterations = ai_iterations
        self.worker = AIWorker()
        self.preferences = Preferences.load(self.store.root)
        self.runner: MatchRunner | None = None
        self.last_setup: MatchSetup | None = None
        #: what stopped the app, in one line (``run_app`` returns it for the command to print)
        self.failure: str | None = None

    def on_mount(self) -> None:
        self.push_screen(HomeScreen())
        if self.play is not None:
            self.begin_match(self.play, back=False)
        elif self.resume is not None:
            self.resume_match(self.resume)
        elif self.replay is not None:
            self.open_replay(self.replay)
        elif self.review is not None:
            self.open_review(*self.review)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """The palette's Screenshot, as an SVG in the data folder's ``screenshots``, and where it
        went (Textual's own went to ~/Downloads, and said only "Failed" where there is none)."""
        folder = self.store.root / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saved = self.save_screenshot(filename, str(folder))
        except OSError as error:
            self.notify(
                f"Screenshot not saved in {folder}: {error.strerror or error}", title="Screenshot", severity="error"
            )
            return
        self.notify(f"Screenshot saved: {saved}", title="Screenshot")

    async def on_unmount(self) -> None:
        self._stop_runner()
        await asyncio.to_thread(self.worker.close)  # a search in progress finishes first

    def failed(self, error: Exception) -> None:
        """A failure ends the app as Textual ends it, but the terminal gets one line (``run_app``
        gives it to the command), not a traceback of locals holding a save's names and moves;
        the traceback goes to ``FAILURE_LOG`` in the data folder, for a bug report."""
        end_failed(self, error)
        if self.failure is None:
            cause = error.error if isinstance(error, WorkerFailed) else error  # (a screen's work)
            self.failure = plain(f"{type(cause).__name__}: {cause}", LONG)
            report = "".join(traceback.format_exception(cause))
            with contextlib.suppress(OSError):
                self.store.root.mkdir(parents=True, exist_ok=True)
                (self.store.root / FAILURE_LOG).write_text(report, encoding="utf-8")
                self.failure += f" (the details are in {self.store.root / FAILURE_LOG})"

    # -- matches ------------------------------------------------------------------------------

    def on_new_match(self, request: NewMatch) -> None:
        self.open_new_match()

    def on_open_saves(self, request: OpenSaves) -> None:
        self.open_saves()

    def on_open_record(self, request: OpenRecord) -> None:
        self.push_screen(YourRecordScreen(RecordIndex(self.store)))

    def on_resume_match(self, request: ResumeMatch) -> None:
        self.resume_match(request.match_id)

    def on_begin_match(self, request: BeginMatch) -> None:
        self.begin_match(request.setup)

    def on_open_replay(self, request: OpenReplay) -> None:
        self.open_replay(request.match_id, request.seat)

    def on_open_review(self, request: OpenReview) -> None:
        self.open_review(request.match_id, request.seat)

    def begin_match(self, setup: MatchSetup, back: bool = True) -> None:
        """Start a match a player asked for: the first time they open a game, its "How to play"
        comes first (unless they dismissed it for good); ``back``: escape there goes back to the
        setup (False: the command line asked for it, escape begins it)."""
        game = get_game(setup.game_id)
        if game.id in self.preferences.seen_how_to_play:
            self.start_match(setup)
            return

        def read(never: bool | None) -> None:
            if never is None:  # back to the setup
                return
            if never:
                self.preferences.seen_how_to_play.add(game.id)
                self.preferences.save()
            self.start_match(setup)

        self.push_screen(HowToPlayScreen(game, back), read)

    def start_match(self, setup: MatchSetup) -> None:
        try:
            runner = MatchRunner.new(
                setup.game_id,
                setup.seats,
                setup.names,
                setup.seed,
                setup.options,
                self.store,
                worker=self.worker,
                iterations=self.ai_iterations,
            )
        except (DamagedSave, OSError, ValueError) as exc:
            self.notify(f"Cannot start the match: {save_problem(exc)}", severity="error")
            return
        self.last_setup = setup
        self._open(runner)

    def resume_match(self, match_id: str) -> None:
        """Resume "latest" (the most recent unfinished match) or a match id."""
        if match_id == "latest":
            latest = latest_unfinished(self.store)
            if latest is None:
                self.notify_here("There is no unfinished match to continue.", severity="warning")
                return
            match_id = latest.match_id
        runner = self._from_save(
            match_id,
            "resume",
            lambda: MatchRunner.resume(match_id, self.store, worker=self.worker, iterations=self.ai_iterations),
        )
        if runner is None:
            return
        snap = runner.host.snapshot
        self.last_setup = MatchSetup(
            snap.game_id, list(runner.host.seats), list(snap.names), dict(snap.options), snap.seed
        )
        self._open(runner)

    def _from_save(self, match_id: str, verb: str, read: Callable[[], T]) -> T | None:
        """``read()``, or None after telling the player in one line why the save cannot be used."""
        try:
            return read()
        except FileNotFoundError:
            self.notify(f"There is no saved match {match_id}.", severity="error")
        except (DamagedSave, OSError, ValueError) as exc:
            self.notify(f"Cannot {verb} {match_id}: {getattr(exc, 'reason', exc)}", severity="error")
        return None

    def _open(self, runner: MatchRunner) -> None:
        """Show the match from the one person's seat this terminal plays (the new-match screen
        offers one; a saved match with several people is watched)."""
        self._stop_runner()
        people = runner.people()
        client = runner.client(people[0] if len(people) == 1 else None)
        self._to_home()
        self.runner = runner
        screen = game_screen_class(runner.host.game)(client)
        if self.preferences.practice and client.seat is not None:
            screen.practice = Practice(self.worker)
        self.push_screen(screen)
        runner.start()

    def _stop_runner(self) -> None:
        if self.runner is not None:
            self.runner.stop()
            self.runner = None

    def show_match_over(self, screen: GameScreen, over: MatchOver) -> None:
        """Replace the game screen (and anything above it) with the final table; the notices of
        the match go with it. A match not yet saved is kept running until its host writes it
        (leaving asks first meanwhile)."""
        self.clear_match_notices()
        result = self.final_table(screen, over, review=True)
        if not self.unsaved:
            self._stop_runner()
        while self.screen is not screen and len(self.screen_stack) > 1:
            self.pop_screen()
        self.switch_screen(result)

    def open_replay(self, match_id: str, seat: int | None = None, position: int = 0) -> None:
        """Watch a saved match move by move, from ``seat``'s view (None: the public one)."""
        checked = self._from_save(match_id, "replay", lambda: load(self.store, match_id))
        if checked is None:
            return
        given_up = seat is not None and seat_given_up(self.store.root, match_id, seat)
        self.show_replay(checked, seat, position, given_up)

    def open_review(self, match_id: str, seat: int, iterations: int | None = None) -> None:
        """The review of a finished saved match from ``seat``'s view: kept beside the save once
        made, else judged in the AI workers (``match_review``) with ``iterations`` a decision
        (by default the app's AI budget where one is set, else the review's own)."""
        budget = iterations or self.ai_iterations or REVIEW_ITERATIONS
        checked = self._from_save(match_id, "review", lambda: load(self.store, match_id))
        if checked is None:
            return
        snapshot = checked.snapshot
        problem = not_reviewable(snapshot, seat)
        if problem is not None:
            self.notify(f"Cannot review it: {problem}.", severity="error")
            return
        shelf = ReviewShelf(self.store.root)
        gave_up = seat_given_up(self.store.root, match_id, seat)  # (a server's folder keeps who resigned)
        names = names_called(snapshot.names, snapshot.seats)  # (as the table said)
        # (the one person's seat here is "you", as the table called it: "from Root's seat" named
        # the machine's user, whom no table ever showed)
        yours = only_person(snapshot.seats) == seat
        whose = "your" if yours else f"{plain(names[seat])}'s"
        title = f"{checked.game.title}, {match_id}, from {whose} seat"
        self.push_screen(
            ReviewScreen(
                title,
                names,
                lambda progress: review_of(
                    snapshot, seat, shelf, self.worker, budget, progress, progress.each, gave_up=gave_up
                ),
                checked.game.id,
                yours=yours,
            )
        )

    def rematch(self) -> None:
        """The same seats and options with a new seed."""
        if self.last_setup is None:
            self.go_home()
            return
        setup = self.last_setup
        self.leave(
            lambda: self.start_match(
                MatchSetup(setup.game_id, setup.seats, setup.names, setup.options, random.randrange(2**31))
            )
        )

    def go_home(self) -> None:
        self.leave(self._go_home)

    def _go_home(self) -> None:
        self._stop_runner()
        self._to_home()

    async def action_quit(self) -> None:
        self.leave(self.exit)

    @property
    def unsaved(self) -> str:
        """Why the running match's save file lacks some of its moves ("" if it has them all)."""
        return self.runner.host.unsaved if self.runner is not None else ""

    def leave(self, then: Callable[[], object]) -> None:
        """Do ``then``, which ends the running match; while the match has moves its host could
        not save, ask first (they would be lost)."""
        if not self.unsaved:
            then()
            return
        question = f"Cannot save: {self.unsaved}. Leaving now loses the moves made since the last save. Leave anyway?"

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.push_screen(ConfirmScreen(question, yes="Leave", no="Stay"), answered)

    def _to_home(self) -> None:
        while not isinstance(self.screen, HomeScreen) and len(self.screen_stack) > 1:
            self.pop_screen()

    # -- other screens -------------------------------------------------------------------------

    def open_new_match(self) -> None:
        self.push_screen(NewMatchScreen(GAMES.get(self.preferences.last_game)))  # (the game last started)

    def open_saves(self) -> None:
        self.push_screen(SavesScreen())


#: a result's line after a resignation where others play on: what becomes of the seat, and
#: of the rating (a table of scores under "You resigned." read as a final result, and nothing
#: said whether it counted)
RESIGNED_GOES_ON = "An AI plays your seat from now on: the match goes on. Where it is rated, it counts as your loss."
#: the same once the match is over (its ratings came, and the headline says who won)
RESIGNED_ENDED = (
    "The match is over now (the others ended it); your finished matches in the lobby show its final scores. "
    "It counts as your loss where it is rated."
)


def invited_to_a_rematch(lobby: Lobby, game: str) -> bool:
    """Whether ``lobby`` lists a rematch of ``game`` that keeps a seat for us (its rows as the
    lobby reads them): a Decktet Caravan result said "A rematch waits for you" of a Camel Caravan
    rematch kept from the match before, nobody having asked for a Decktet one."""
    return any((row := LobbyRow.from_map(entry)).invited and row.game == game for entry in lobby.matches)


#: what ``r`` asks on a result over SSH where others played the match (the hub seats a second
#: person's ``r`` in the rematch the first started)
#: (the match starts at once: "their seats wait for them" read as a wait for them to come; "an AI
#: plays a seat until its person takes it, after the grace" read two ways)
REMATCH_QUESTION = (
    "Play again with the same seats and options? It starts now, and the others are invited to their seats "
    "from the lobby: each seat waits the grace for its person, then an AI plays it until they take it (if one "
    "of them asked first, you join theirs)."
)
#: what a guest reads as they sit down (a later visit is someone new: the code is their way back;
#: the lobby's line under the match says it again), in few words: its seven rows over the player
#: table cut "none" to "non" and the status line to "… · e en"
SEAT_CODE = "{code}: k in the lobby with it takes this seat back, even after a restart (esc shows it again)."
#: (over the hand and the status line: a minute hid the cards a hint starred)
SEAT_CODE_SECONDS = 20
#: the notice's title: the first key at the table puts it away (``TableApp.on_event``)
SEAT_CODE_TITLE = "Your seat code (a key hides it)"
#: what ``q`` asks over SSH with a seat held in a match being played
QUIT_HOLDING = (
    "Quit? Your seat in {games} is kept: an AI stands in for you once its grace is over, "
    "until you take it back ({back})."
)
#: what ``r`` asks where another's rematch already keeps our seat (the question above left which to work out)
REMATCH_WAITING_QUESTION = "Take your seat in the rematch that waits for you (same seats and options)?"


class ClientApp(TableApp):
    """Client mode, one per SSH session (DESIGN §7): the lobby and the game screens, speaking
    only to the hub over ``sock``. Nothing here acts on the machine it runs on, which is the
    server: no screenshot is written to its disk, the process is never suspended, no URL is
    opened there."""

    NOT_HERE = "Not available over SSH."

    #: failures handled before the session gives up going back to the lobby
    MAX_FAILURES = 5

    def __init__(self, sock, named: Callable[[str], object] | None = None) -> None:
        """``named``: told the person's name each time the hub says who they are (the session's
        process takes it as its title)."""
        super().__init__()
        self.named = named
        self.failures = 0
        self.link = HubLink(sock)
        self.player_name = ""
        self.guest = False
        self.grace = 60  # the server's first offer for a new match
        self.lobby: Lobby | None = None
        self.last_game: Game | None = None
        #: the games whose "How to play" this person dismissed for good (the hub keeps them for a key)
        self.introduced: set[str] = set()
        self.finished: str | None = None  # the match we played that ended last
        #: other people played it: a rematch keeps their seats for them, so ``r`` asks first
        #: (one key started a match for all, unasked, its seats waiting in the others' lobbies)
        self.finished_with_people = False
        #: the review the result of that match offers (``v``): its title and the names, as the
        #: table called them (the lobby may not list the match yet when ``v`` is pressed)
        self.ended: tuple[str, str, list[str]] | None = None
        self.operator = False  # one of the server's operators (the hub says so)
        self.web = False  # the server has a seat from a browser (the hub says so)
        self.hidden: set[str] = set()  # the names (casefolded) whose chat this session hides
        self.my_seats: dict[str, int] = {}  # your seat in each finished match your history listed
        self.goodbye = ""  # why the hub ends the session, when it says
        self.codes_told: set[tuple[str, str]] = set()  # (match, seat code) told in a notice so far
        self.reviews = HubReviewer(self.send_to_hub)

    async def action_quit(self) -> None:
        """``q`` with a seat held in a match being played asks first, and says what becomes of
        the seat and the way back to it (it quit the session unasked, the seat kept unsaid)."""
        held = [row for row in (self.lobby.matches if self.lobby else []) if row.get("yours") is not None]
        if not held:
            await super().action_quit()
            return
        games = " and ".join(dict.fromkeys(GAMES[row["game"]].title for row in held if row.get("game") in GAMES))
        code = next((plain(row["code"], 20) for row in held if isinstance(row.get("code"), str) and row["code"]), "")
        back = f"k in the lobby with your seat code {code}" if code else "ssh in again, enter on it in the lobby"
        question = QUIT_HOLDING.format(games=games or "a match", back=back)

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(question, yes="Quit", no="Stay"), answered)

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen())
        self.run_worker(self.link.run(), group="hub")
        self.run_worker(self._listen_to_hub(), group="hub-inbox")

    async def _listen_to_hub(self) -> None:
        while (message := await self.link.get()) is not None:
            self.from_hub(message)
        self.exit(message=Text(self.goodbye or "The server closed the connection."))  # (a reason is text, not markup)

    def from_hub(self, message: Message) -> None:
        if isinstance(message, Welcome):
            self.player_name, self.guest, self.grace = message.name, message.guest, message.grace
            self.operator = message.operator is True
            self.web = message.web is True
            self.introduced.update(message.introduced)
            if self.named is not None:
                self.named(message.name)
            if not message.name:
                self.ask_name()
            for screen in self.screen_stack:
                if isinstance(screen, LobbyScreen):
                    screen.show_title()
                    screen.refresh_bindings()  # (an operator's "o Mod", "l Web" show once the hub says so)
        elif isinstance(message, Lobby):
            if message == self.lobby:
                return  # nothing to redraw
            self.lobby = message
            for screen in self.screen_stack:
                if isinstance(screen, LobbyScreen):
                    screen.show(message)
                elif isinstance(screen, MatchOverScreen) and screen.rematch:
                    screen.invitation = INVITED_HERE if invited_to_a_rematch(message, screen.game) else ""
        elif isinstance(message, Joined):
            self.open_match()
            self.pass_held_keys()  # (held since the request: the table's, once it is up)
            self.seat_code = plain(message.code, 20) if isinstance(message.code, str) else ""
            # (a guest's, told to them alone, once a seat: the table's menu and the lobby say it
            # again; told at each return from the lobby, it hid the scores over and over)
            if self.seat_code and (message.match, self.seat_code) not in self.codes_told:
                self.codes_told.add((message.match, self.seat_code))
                self.notify(SEAT_CODE.format(code=self.seat_code), title=SEAT_CODE_TITLE, timeout=SEAT_CODE_SECONDS)
                self.code_notice_until = time.monotonic() + SEAT_CODE_SECONDS
        elif isinstance(message, Left):
            if self.link.match is not None and self.link.match.match_id == message.match:
                self.link.match = None
                table = next(
                    (s for s in self.screen_stack if isinstance(s, GameScreen) and s.client.match_id == message.match),
                    None,
                )
                if table is not None and table.result.resigned and table.table.view is not None:
                    self.show_resignation(table)
                    return
                self._to_lobby()
            self.notify(message.reason, title="You left the match")
        elif isinstance(message, Replay):
            self.open_finished(message)
        elif isinstance(message, (Reviewing, Reviewed)):
            self.reviews.heard(message)
        elif isinstance(message, Rated):
            title = next(filter(None, (match_title(screen, message.match) for screen in self.screen_stack)), "")
            line, outcome = rating_changes_line(message, title), rated_outcome(message)
            self.heard = self.heard.rated(message.match, line, outcome, rated_gave_up(message, len(outcome)))
        elif isinstance(message, Leaderboard):
            self.push_screen(LeaderboardScreen(message))
        elif isinstance(message, WebLink):
            self.push_screen(WebLinkScreen(message))
        elif isinstance(message, History):
            if message.name == self.player_name:  # (a replay from it opens at your seat)
                self.my_seats.update((row.match, row.yours) for row in history_rows(message))
            if isinstance(self.screen, HistoryScreen):
                self.screen.show(message)
            else:
                self.push_screen(HistoryScreen(message))
        elif isinstance(message, Told):
            text = message.text if isinstance(message.text, str) else ""
            title = (plain(message.title, 40) if isinstance(message.title, str) else "") or "Done"
            self.heard = self.heard.was_told(text, time.monotonic(), title)
            self.notify(text, title=title)
        elif isinstance(message, Goodbye):
            self.goodbye = message.reason
        elif isinstance(message, Refused):
            self.pass_held_keys()  # (kept for a screen the hub will not open now: where the focus is)
            if not self.player_name and self.guest and HELD_BY_A_SEAT in message.reason:
                self.ask_seat_code(message.reason)
            elif not self.player_name:
                self.ask_name(message.reason)
            else:
                self.notify(message.reason, title="Not possible", severity="warning")

    def on_to_hub(self, request: ToHub) -> None:
        """A request for the hub; one that seats this person at a game they have not dismissed
        the "How to play" of for good shows it first, as a new match does locally (escape: the
        request is dropped, the person stays where they were)."""
        message = request.request
        game = self._game_to_sit_at(message)
        if game is None or game.id in self.introduced:
            self.send_to_hub(message)
            return

        def read(never: bool | None) -> None:
            if never is None:
                return
            if never:
                self.introduced.add(game.id)
                self.send_to_hub(Introduced(game.id))
            self.send_to_hub(message)

        self.push_screen(HowToPlayScreen(game), read)

    def _game_to_sit_at(self, message: Message) -> Game | None:
        """The game a request to create a match, or to take a seat, would seat this person at."""
        if isinstance(message, CreateMatch):
            game_id: str | None = message.game
        elif isinstance(message, JoinSeat) and self.lobby is not None:  # (a seat of one's own: back to it)
            row: dict = next((row for row in self.lobby.matches if row.get("match") == message.match), {})
            game_id = row.get("game") if row.get("yours") is None else None
        else:
            return None
        return GAMES.get(game_id) if isinstance(game_id, str) else None

    def on_new_match(self, request: NewMatch) -> None:
        self.open_create()

    def send_to_hub(self, message: Message) -> None:
        """(A request the hub answers by seating this person: the keys typed until it does are
        the table's, held until it opens or the hub refuses.)"""
        if isinstance(message, SEATING):
            self.hold_keys()
        self.run_worker(self.link.send(message), group="send")

    def ask_name(self, problem: str = "") -> None:
        def named(name: str | None) -> None:
            if name:
                self.send_to_hub(SetName(name))

        self.ask_line(YourNameScreen(self.guest, problem), named)

    def ask_seat_code(self, why: str) -> None:
        """A guest's name the hub refused as a running match's seat's (``why``): its seat code,
        if it is theirs, takes it back with the seat; escape asks for another name. (A guest back
        for their seat had to make a name up first, then press k in the lobby.)"""

        def entered(code: str | None) -> None:
            if code:
                self.send_to_hub(TakeSeatBack(code))
            else:
                self.ask_name(why.replace(SEAT_CODE_WAY, "choose another name"))

        question = f"{plain(why, LONG)}. {SEAT_CODE_QUESTION} (esc: another name)"
        self.ask_line(AskLineScreen(question, MAX_CODE), entered)

    # -- matches --------------------------------------------------------------------------------

    def open_match(self) -> None:
        """Show the match the hub just seated us at (or lets us watch)."""
        client = self.link.match
        if client is None:  # the hub seated us, then the link closed
            return
        self.last_game = get_game(client.game_id)
        self._to_lobby()
        self.clear_match_notices()
        self.push_screen(game_screen_class(self.last_game)(client))

    def open_finished(self, message: Replay) -> None:
        """The replay of a finished match this person played, as the hub sent it: checked as a
        file is (a save that fails is one line, and the lobby stays), from their seat's view."""
        try:
            if len(message.snapshot) > MAX_REPLAY:
                raise DamagedSave("it is too long to replay here")
            checked = replay_snapshot(decode(message.snapshot))
            if checked.snapshot.match_id != message.match:
                raise DamagedSave("the server sent another match")
        except DamagedSave as exc:
            self.notify(f"Cannot replay that match: {exc.reason}", severity="error")
            return
        rows = [FinishedRow.from_map(row) for row in self.lobby.finished] if self.lobby else []
        row = next((row for row in rows if row.match == message.match), None)
        yours = row.yours if row is not None else self.my_seats.get(message.match)
        if not isinstance(self.screen, HistoryScreen):  # (from a record: escape goes back to it)
            self._to_lobby()
        seat = yours if yours is not None and yours < checked.snapshot.players else None
        self.show_replay(checked, seat, given_up=row is not None and row.gave_up)

    def on_open_replay(self, request: OpenReplay) -> None:
        """The replay of a finished match this person played (from its result), sent by the hub."""
        self.send_to_hub(WatchReplay(request.match_id))

    def on_open_review(self, request: OpenReview) -> None:
        """The review of a finished match this person played, made by the hub (from the lobby,
        the record, or the match's result)."""
        rows = [FinishedRow.from_map(row) for row in self.lobby.finished] if self.lobby else []
        row = next((row for row in rows if row.match == request.match_id and row.game in GAMES), None)
        if row is not None:
            names = names_called(row.names, row.kinds)  # (as the table said)
            title = from_seat(GAMES[row.game].title, names, row.yours)
        elif self.ended is not None and self.ended[0] == request.match_id:
            _, title, names = self.ended
        else:
            self.notify("You have no finished match of that name to review.", severity="warning")
            return
        match = request.match_id
        self.push_screen(ReviewScreen(title, names, lambda judged: self.reviews.review(match, judged)))

    def reviewable(self, screen: GameScreen) -> None:
        """The match ``screen`` played to its end is the one its result offers the review of."""
        assert screen.seat is not None
        names = [screen.table.seat_name(seat) for seat in range(len(screen.table.names))]
        self.ended = (screen.client.match_id, from_seat(screen.game.title, names, screen.seat), names)

    def open_create(self, game: Game | None = None) -> None:
        self.push_screen(CreateMatchScreen(game, self.grace))

    def final_table(self, screen: GameScreen, over: MatchOver, review: bool = False) -> MatchOverScreen:
        result = super().final_table(screen, over, review)
        result.home = "Lobby"
        if self.guest and screen.seat is not None:
            result.note = GUEST_UNRATED
        return result

    def show_match_over(self, screen: GameScreen, over: MatchOver) -> None:
        self.clear_match_notices()
        self.finished = over.match if screen.seat is not None else None  # (what a rematch plays again)
        self.finished_with_people = screen.table.others_are_people()
        result = self.final_table(screen, over, review=screen.seat is not None)
        if result.review is not None:
            self.reviewable(screen)
        self._leave_match()
        while self.screen is not screen and len(self.screen_stack) > 1:
            self.pop_screen()
        self.switch_screen(result)

    def show_resignation(self, screen: GameScreen) -> None:
        """The result for a person who resigned (the hub lets their seat go at once, before the
        match's own end could reach them): against AI seats the match ends so; where other people
        play on, an AI plays the seat from now on."""
        assert screen.seat is not None and screen.table.view is not None
        scores = [float(score) for score in screen.table.view.get("scores", ())]
        players = len(scores)
        world = screen.table.world  # (the standing is public in every game: points and their tie-breaks)
        standing = standing_after_resignation(world, screen.seat) if world is not None else None
        over = MatchOver(screen.client.match_id, scores, resignation_result(players, screen.seat, standing), "resigned")
        # against AI seats the match is over: its result offers its review
        result = self.final_table(screen, over, review=not screen.table.others_are_people())
        # no rematch: the seat given up is no longer the person's, and the hub plays a match
        # again only for its people (r went to the lobby, or played an older match again)
        self.finished, result.rematch = None, False
        if screen.table.others_are_people():
            # (the match goes on: its table is no final one, and the scores are as it stood)
            result.headline, result.status = "You resigned.", RESIGNED_GOES_ON
            result.over_status = RESIGNED_ENDED
            names = [screen.table.seat_name(seat) for seat in range(players)]
            result.resigned = (screen.seat, screen.result.headline_names(names))
            result.scores, result.table = f"As it stood: {result.scores}", None
        else:
            self.reviewable(screen)
        self.clear_match_notices()
        while self.screen is not screen and len(self.screen_stack) > 1:
            self.pop_screen()
        self.switch_screen(result)

    def rematch(self) -> None:
        """The match just finished again, its other people invited (the hub seats us); where
        others played it, once asked (``REMATCH_QUESTION``; where another's rematch keeps our
        seat, whether to take it: ``REMATCH_WAITING_QUESTION``)."""
        if self.finished is None or not self.finished_with_people:
            self.play_again(True)
            return
        waiting = isinstance(self.screen, MatchOverScreen) and self.screen.invitation
        question = REMATCH_WAITING_QUESTION if waiting else REMATCH_QUESTION
        self.push_screen(ConfirmScreen(question, yes="Rematch", no="Not now", yes_first=True), self.play_again)

    def play_again(self, yes: bool | None) -> None:
        if yes:
            self.go_home()
            if self.finished is not None:
                self.send_to_hub(PlayAgain(self.finished))

    def go_home(self) -> None:
        """Leave the match (a person keeps their seat) for the lobby."""
        self._leave_match()
        self._to_lobby()

    def _leave_match(self) -> None:
        if self.link.match is not None:
            self.link.match.close()

    def _to_lobby(self) -> None:
        while not isinstance(self.screen, LobbyScreen) and len(self.screen_stack) > 2:
            self.pop_screen()

    # -- failures -------------------------------------------------------------------------------

    def failed(self, error: Exception) -> None:
        """A failure never shows its traceback here (it would show the server's paths and data):
        the hub logs it; the person gets one line and the lobby, or, when the failure is not in a
        screen above the lobby, the session ends with that line."""
        self.link.send_now(Crashed.of(error))
        self.failures += 1
        failed = failed_screen(error)
        stack = self.screen_stack
        lobby = next((screen for screen in stack if isinstance(screen, LobbyScreen)), None)
        if lobby is None or self.failures > self.MAX_FAILURES or failed is None or failed is lobby:
            end_failed(self, error, Text(CRASHED))
            return
        keep_failure(self, error)  # as Textual keeps it: a Pilot test raises it at its end
        if failed in stack:  # (one that is gone already failed again on its way out)
            self.call_later(self._back_to_lobby)

    async def _back_to_lobby(self) -> None:
        """Leave the match (a person keeps their seat) for the lobby, then say so there."""
        self._leave_match()
        while not isinstance(self.screen, LobbyScreen) and len(self.screen_stack) > 2:
            await self.pop_screen()
        self.notify(CRASHED, severity="error", timeout=10)
        if not self.player_name:  # (it was the name's question that failed)
            self.ask_name()

    # -- what would act on the server's machine -------------------------------------------------

    def get_system_commands(self, screen: Screen):
        yield from (command for command in super().get_system_commands(screen) if command.title != "Screenshot")

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.notify(self.NOT_HERE, severity="warning")

    def deliver_screenshot(self, *args, **kwargs) -> None:
        self.notify(self.NOT_HERE, severity="warning")

    def deliver_text(self, *args, **kwargs) -> None:
        self.notify(self.NOT_HERE, severity="warning")

    def deliver_binary(self, *args, **kwargs) -> None:
        self.notify(self.NOT_HERE, severity="warning")

    def action_suspend_process(self) -> None:
        self.notify(self.NOT_HERE, severity="warning")

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(self.NOT_HERE, severity="warning")


def match_title(screen: Screen, match: str) -> str | None:
    """The title of ``match``'s game where ``screen`` shows that match (its table or its result),
    else None: a result's rating line names the game (each game keeps its own rating)."""
    if isinstance(screen, GameScreen) and screen.client.match_id == match:
        return screen.game.title
    if isinstance(screen, MatchOverScreen) and screen.match == match and screen.game in GAMES:
        return GAMES[screen.game].title
    return None


def failed_screen(error: Exception) -> Screen | None:
    """The screen whose code raised ``error`` (a screen's work included): that of the innermost
    widget whose method it passed through; None where only the app's own code did."""
    cause = error.error if isinstance(error, WorkerFailed) else error
    frames = list(traceback.walk_tb(cause.__traceback__))
    for frame, _ in reversed(frames):
        owner = frame.f_locals.get("self")
        if isinstance(owner, Widget):
            try:
                return owner if isinstance(owner, Screen) else owner.screen
            except NoScreen:
                return None
    return None


def from_seat(title: str, names: list[str], seat: int) -> str:
    """A review's title: the game's ``title``, from ``seat``'s seat where it is one of ``names``."""
    return f"{title}, from {plain(names[seat])}'s seat" if 0 <= seat < len(names) else title


def run_app(
    *,
    play: MatchSetup | None = None,
    resume: str | None = None,
    replay: str | None = None,
    review: tuple[str, int, int] | None = None,
) -> str | None:
    """The ``caravan-tui`` entry point: home screen, a match set up by ``play``, a resumed match
    ("latest" or a match id), the replay of a saved match, or the review of one (match, seat,
    budget). What stopped it, in one line, if it failed."""
    app = CaravanApp(play=play, resume=resume, replay=replay, review=review)
    app.run()
    return app.failure
