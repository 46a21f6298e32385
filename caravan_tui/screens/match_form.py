"""What New match and Create match share: the game picker, the number of players, a row per
seat and the game's options.

The game is one reactive value, set the moment the list's highlight moves; Start reads it and
nothing else. The rows below follow it at their own pace: a rebuild shows the latest game only
(a burst of key repeat costs one rebuild, not one per key), and a Start that comes before the
rows have caught up waits for them rather than reading another game's rows. Rows are rebuilt by
awaiting the old ones' removal first, so keys at repeat speed never meet a row half gone."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive, var
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from caravan_tui.engine import Game
from caravan_tui.games import GAMES
from caravan_tui.screens.base import BaseScreen
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.key_scroll import KeyScroll
from caravan_tui.widgets.lists import StopAtEnds


def choice_label(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def kept_options(game: Game, remembered: dict[str, Any] | None) -> dict[str, Any]:
    """The game's options with each remembered value that is still one of its choices (a file
    may hold anything, and a game may have changed since)."""
    chosen = {}
    for name, option in game.options.items():
        value = (remembered or {}).get(name, option.default)
        try:
            chosen[name] = option.check(value)
        except ValueError:
            chosen[name] = option.default
    return chosen


#: the widest label that fits before a row's fields (the ``.field`` column, less the focus mark)
LABEL_WIDTH = 11
#: before the label of the row that holds the focus, so it reads without colour (NO_COLOR)
FOCUS_MARK = "▸"


class FormScroll(KeyScroll, can_focus=False):
    """A form's scrolling frame: it follows the focused field and is no tab stop of its own (a
    tab that landed on it showed nothing focused)."""


class FormSelect(Select):
    """A form's drop-down: Enter or space opens its list; Up and Down go to the field above or
    below, as Tab and shift+Tab do (Down opened the list: a newcomer stepping down the form found
    themselves inside the Players list, twice in one match set-up)."""

    BINDINGS = [
        Binding("down", "app.focus_next", "Next field", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
    ]


class GameList(StopAtEnds):
    """The form's list of games: its arrows pick a game, but PageUp and PageDown scroll the form,
    as they do from every other field. In a list of five they picked the last game: a person
    paging down to read the rest of the form created a match of another game. Down on the last
    game stays there (it wrapped round to the first: Down ×3 from Merchant Lord started a Camel
    Caravan match)."""

    BINDINGS = [
        Binding("pagedown", "scroll_form(1)", "Page down", show=False),
        Binding("pageup", "scroll_form(-1)", "Page up", show=False),
    ]

    def action_scroll_form(self, pages: int) -> None:
        form = next((node for node in self.ancestors if isinstance(node, FormScroll)), None)
        if form is None:
            return
        if pages > 0:
            form.scroll_page_down()
        else:
            form.scroll_page_up()


class FieldLabel(Label):
    """A row's label, marked while a field of its row has the focus: a seed typed while the
    focus was on the next row's name went there unseen."""

    def __init__(self, text: str, classes: str = "field", of: str = "") -> None:
        super().__init__(f" {text}", classes=classes)
        self.text, self.of = text, of  # ``of``: the id of the field it names, when not in its row

    def names(self, widget: Widget) -> bool:
        return widget.id == self.of if self.of else self.parent is not None and widget in self.parent.children

    def mark(self, focused: bool) -> None:
        self.update(f"{FOCUS_MARK if focused else ' '}{self.text}")


def form_row(label: str, *fields: Widget, help: str = "") -> Horizontal:
    """One line of a form: its label, its fields, then a word of ``help`` if any."""
    helps = (Static(help, classes="help"),) if help else ()
    return Horizontal(FieldLabel(label), *fields, *helps, classes="row")


def button_row(button: Button) -> Horizontal:
    """The form's button (Start, Create) in a row whose label column marks its focus (on the
    button's middle line, where its words are: ``.button-row``)."""
    return Horizontal(FieldLabel("", of=button.id or ""), button, classes="row button-row")


def offered(game: Game, name: str, players: int, value: Any) -> tuple[list[tuple[str, Any]], Any]:
    """Option ``name``'s choices for a match of ``players``, as a ``Select`` lists them, and the
    one to show: ``value`` if it is one of them, else the first (a start player 4 stays no choice
    once Players is 2)."""
    choices = game.choices_for(name, players)
    shown = value if value in choices else choices[0]
    return [(choice_label(c), c) for c in choices], shown


def option_row(name: str, game: Game, players: int, value: Any) -> Widget:
    """A game option as a ``Select`` with id ``option-NAME`` showing ``value`` (of the choices a
    match of ``players`` can take), its help beside it; a name too long for the label column goes
    on a line of its own above ("night of the no outsider" read the value in the middle of the
    name)."""
    option = game.options[name]
    label = name.replace("_", " ").capitalize()  # (as the form's own labels: "Hands", beside "Away grace")
    choices, value = offered(game, name, players, value)
    select = FormSelect(
        choices,
        value=value,
        allow_blank=False,
        id=f"option-{name}",
        compact=True,
    )
    if len(label) <= LABEL_WIDTH:
        return form_row(label, select, help=option.help)
    return Vertical(
        Static(f" {label}", classes="long-label"), form_row("", select, help=option.help), classes="long-option"
    )


class GameSummary(Static):
    """What the highlighted game is about, under the list of games (one line a game there, so
    every game shows at 80×24)."""

    game: var[Game | None] = var(None, init=False)

    def watch_game(self, game: Game | None) -> None:
        self.update(Text(game.summary) if game is not None else "")


class MatchForm(BaseScreen):
    """A subclass composes ``game_fields()`` where it wants them, builds each ``seat_row`` and
    says what Start does in ``start``. (Textual calls the handlers of every class in turn: a
    subclass's ``on_select_changed`` handles its own rows, this one the players and options.)"""

    BINDINGS = [
        Binding("ctrl+o", "short", "Short match", tooltip="The game's options for a short match"),
    ]

    game: reactive[Game] = reactive(next(iter(GAMES.values())), init=False)

    def __init__(self, game: Game | None = None) -> None:
        super().__init__()
        self.set_reactive(MatchForm.game, game or next(iter(GAMES.values())))
        self.shown: Game | None = None  # the game whose rows are on the form
        self.seat_count = 0
        self.options_by_game: dict[str, dict[str, Any]] = {}
        #: the players chosen for each game on this form (looking at another game and back set a
        #: Merchant Lord of three back to two)
        self.players_by_game: dict[str, int] = {}
        self.catching_up = False
        self.start_waiting = False

    def remembered_options(self, game: Game) -> dict[str, Any] | None:
        """The options last chosen for ``game`` in an earlier session, if the app keeps them."""
        return None

    def options_for(self, game: Game) -> dict[str, Any]:
        """The options chosen for ``game`` on this form (its remembered ones until changed)."""
        if game.id not in self.options_by_game:
            self.options_by_game[game.id] = kept_options(game, self.remembered_options(game))
        return self.options_by_game[game.id]

    def game_fields(self) -> ComposeResult:
        yield FieldLabel("Game", classes="section", of="games")
        yield GameList(
            *(Option(f"{g.title} ({g.player_range()} players)", id=g.id) for g in GAMES.values()), id="games"
        )
        yield GameSummary(id="game-summary").data_bind(game=MatchForm.game)
        yield form_row(
            "Players",
            FormSelect(
                [(str(n), n) for n in self.game.players],
                value=self.game.default_players,
                id="players",
                allow_blank=False,
                compact=True,
            ),
        )
        yield Label("Seats", classes="section")
        yield Vertical(id="seats")
        yield Label("Options", classes="section")
        yield Vertical(id="options")

    def seat_row(self, seat: int) -> Horizontal:
        raise NotImplementedError

    def start(self) -> None:
        """Start with what the form shows (its rows show ``self.game``)."""
        raise NotImplementedError

    def mark_focused_row(self, focused: Widget | None) -> None:
        """Mark the row that holds the focus, as it moves (not at the screen's next message: the
        form's first row read unmarked while its rows below were built)."""
        for label in self.query(FieldLabel):
            label.mark(focused is not None and label.names(focused))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name or the seed goes on to the next field, as Tab does: it did nothing,
        said nothing, and a newcomer who took the name box for the seat's list pressed space in
        it next, blanking the name."""
        event.stop()
        self.focus_next()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, OptionList) and isinstance(event.widget.parent, Select):
            self.keep_above_footer(event.widget)
            return
        if isinstance(event.widget, GameList):  # (the first field: the form from its title, which the
            # browser seat's form had scrolled out of sight with the focus on the games)
            self.call_after_refresh(self.query_one(FormScroll).scroll_home, animate=False)
            return
        row = next((node for node in event.widget.ancestors if node.has_class("row")), None)
        if row is not None:  # (the field's whole row: its help below the field was cut at the foot)
            self.call_after_refresh(self.query_one(FormScroll).scroll_to_widget, row, animate=False)

    def keep_above_footer(self, choices: OptionList) -> None:
        """An open drop-down's list kept above the footer: it opens under its field and is kept
        to the screen only, so near the foot of the form it covered the footer ("esc Dismiss
        meyes") and hid its own last choices under it. Kept by a bottom margin the height of the
        footer, which the list's placement keeps inside the screen: an offset reckoned from where
        its field stood went stale as the form scrolled on (the focus scrolls it in steps)."""
        footers = self.query(KeysFooter)
        choices.styles.margin = (0, 0, footers.first().outer_size.height if footers else 0, 0)

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = list(GAMES).index(self.game.id)
        # A watcher runs as the highlight moves, before any message about it is queued.
        self.watch(games, "highlighted", self.follow_highlight, init=False)
        games.focus()
        self.watch(self, "focused", self.mark_focused_row)
        self.table_app.pass_held_keys()  # (typed before the list was up: the list's, in order)
        self.call_later(self.catch_up)

    def follow_highlight(self, index: int | None) -> None:
        if index is not None and 0 <= index < len(GAMES):
            self.game = list(GAMES.values())[index]

    @property
    def footer_hidden(self) -> frozenset[str]:
        """``^o`` only for a game with a short match (pressed for another, it says it has none): the
        footer offered it for Caravanserai."""
        return frozenset() if self.game.short_form else frozenset({"short"})

    def watch_game(self) -> None:
        self.refresh_bindings()  # (the footer's ^o follows the game)
        # (what ctrl+o said was of the game before: "Caravanserai has no shorter form." stayed
        # over Merchant Lord's options)
        self.app.clear_notifications()
        if not self.catching_up:
            self.call_later(self.catch_up)

    def action_short(self) -> None:
        """Set the options to the game's short match (one hand, say)."""
        if not self.game.short_form:
            self.notify(f"{self.game.title} has no shorter form.", severity="warning")
            return
        for name, value in self.game.resolve_options(self.game.short_form).items():
            self.query_one(f"#option-{name}", Select).value = value
        self.notify("Options set for a short match.", timeout=2)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#players", Select).focus()

    def request_start(self) -> None:
        """Start now if the rows show the chosen game, else as soon as they do."""
        if self.shown is self.game and not self.catching_up:
            self.start()
        else:
            self.start_waiting = True

    async def catch_up(self) -> None:
        """Rebuild the rows until they show the chosen game (it may change while they are built)."""
        if self.catching_up:
            return
        self.catching_up = True
        try:
            while self.shown is not self.game:
                await self.show_game(self.game)
        finally:
            self.catching_up = False
        if self.start_waiting:
            self.start_waiting = False
            self.start()

    async def show_game(self, game: Game) -> None:
        self.shown = None  # the option rows' changes are not another game's choices meanwhile
        players = self.query_one("#players", Select)
        count = self.players_by_game.get(game.id, game.default_players)
        with players.prevent(Select.Changed):
            players.set_options([(str(n), n) for n in game.players])
            players.value = count
        await self.show_seats(count)
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        chosen = self.options_for(game)
        await options.mount_all([option_row(name, game, count, chosen[name]) for name in game.options])
        self.shown = game

    async def show_seats(self, count: int) -> None:
        self.seat_count = count
        seats = self.query_one("#seats", Vertical)
        await seats.remove_children()
        await seats.mount_all([self.seat_row(seat) for seat in range(count)])

    async def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id == "players" and isinstance(event.value, int) and event.value != self.seat_count:
            if self.shown is not None:
                self.players_by_game[self.shown.id] = event.value
            await self.show_seats(event.value)
            self.offer_choices(event.value)
        elif select_id.startswith("option-") and self.shown is not None and event.select.is_attached:
            name = select_id.removeprefix("option-")
            if name in self.shown.options:
                self.options_for(self.shown)[name] = event.value

    def offer_choices(self, players: int) -> None:
        """Each option's rows offer what a match of ``players`` can take (as the count changes)."""
        game = self.shown
        if game is None:
            return
        for name in game.options:
            select = self.query_one(f"#option-{name}", Select)
            choices, value = offered(game, name, players, self.options_for(game)[name])
            select.set_options(choices)
            select.value = value

    def setup_refused(self) -> bool:
        """Whether the chosen options cannot make a match of the seats shown: said at once, before
        anything opens (a start player 4 of 3 was refused only after the game's intro)."""
        problem = self.game.setup_problem(self.seat_count, self.chosen_options())
        if problem is not None:
            self.notify(f"Cannot start it: {problem}.", severity="warning")
        return problem is not None

    def chosen_options(self) -> dict[str, Any]:
        """The chosen game's options: as its rows show them (a value set a moment ago may not
        have reported its change yet), else as last chosen."""
        chosen = self.options_for(self.game)
        if self.shown is self.game:
            chosen.update({name: self.query_one(f"#option-{name}", Select).value for name in self.game.options})
        return dict(chosen)
