"""What New match and Create match share: the game picker, the number of players, a row per
seat and the game's options. Rows are rebuilt by awaiting the old ones' removal first, so keys
at repeat speed never meet a row half gone."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from caravan_tui.engine import Game
from caravan_tui.games import GAMES
from caravan_tui.screens.base import BaseScreen


def choice_label(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def option_row(name: str, game: Game) -> Horizontal:
    """A game option as a ``Select`` with id ``option-NAME``, its help beside it."""
    option = game.options[name]
    return Horizontal(
        Label(name.replace("_", " "), classes="field"),
        Select([(choice_label(c), c) for c in option.choices], value=option.default, allow_blank=False,
               id=f"option-{name}", compact=True),
        Static(option.help, classes="help"),
        classes="row")


class MatchForm(BaseScreen):
    """A subclass composes ``game_fields()`` where it wants them and builds each ``seat_row``.
    (Textual calls the handlers of every class in turn: a subclass's ``on_select_changed``
    handles its own rows, this one the number of players.)"""

    def __init__(self, game: Game | None = None) -> None:
        super().__init__()
        self.game: Game = game or next(iter(GAMES.values()))
        self.seat_count = 0

    def game_fields(self) -> ComposeResult:
        yield Label("Game", classes="section")
        yield OptionList(*(Option(f"{g.title} ({g.player_range()} players) — {g.summary}", id=g.id)
                           for g in GAMES.values()), id="games")
        with Horizontal(classes="row"):
            yield Label("Players", classes="field")
            yield Select([(str(n), n) for n in self.game.players], value=self.game.default_players,
                         id="players", allow_blank=False, compact=True)
        yield Label("Seats", classes="section")
        yield Vertical(id="seats")
        yield Label("Options", classes="section")
        yield Vertical(id="options")

    def seat_row(self, seat: int) -> Horizontal:
        raise NotImplementedError

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        games.highlighted = list(GAMES).index(self.game.id)
        games.focus()
        self.call_later(self.show_game, self.game)

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        game = GAMES.get(event.option.id or "", self.game)
        if game is not self.game:
            await self.show_game(game)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#players", Select).focus()

    async def show_game(self, game: Game) -> None:
        self.game = game
        players = self.query_one("#players", Select)
        with players.prevent(Select.Changed):
            players.set_options([(str(n), n) for n in game.players])
            players.value = game.default_players
        await self.show_seats(game.default_players)
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        await options.mount_all([option_row(name, game) for name in game.options])

    async def show_seats(self, count: int) -> None:
        self.seat_count = count
        seats = self.query_one("#seats", Vertical)
        await seats.remove_children()
        await seats.mount_all([self.seat_row(seat) for seat in range(count)])

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int) and event.value != self.seat_count:
            await self.show_seats(event.value)

    def chosen_options(self) -> dict:
        return {name: self.query_one(f"#option-{name}", Select).value for name in self.game.options}
