"""New match: the game, the number of players, each seat, the game's options and a seed."""

from __future__ import annotations

import getpass
import random
from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Input, Select, Static

from caravan_tui.ai.levels import LEVELS
from caravan_tui.engine import MAX_SEED, Game
from caravan_tui.games import GAMES
from caravan_tui.preferences import MAX_NAME, clean_name
from caravan_tui.screens.match_form import FormScroll, FormSelect, MatchForm, button_row, form_row
from caravan_tui.screens.requests import BeginMatch
from caravan_tui.seat_labels import AI_KIND, ai_seat_name
from caravan_tui.seats import SeatSpec
from caravan_tui.widgets.footer import KeysFooter
from caravan_tui.widgets.tick_box import TickBox
from caravan_tui.widgets.typed_input import TypedInput

YOU = SeatSpec("human")
SEAT_CHOICES = [("You", str(YOU))] + [(AI_KIND(level=level), str(SeatSpec.ai(level))) for level in LEVELS]


@dataclass(frozen=True)
class MatchSetup:
    """What the new-match screen hands to the app."""

    game_id: str
    seats: list[SeatSpec]
    names: list[str]
    options: dict
    seed: int


def your_name() -> str:
    try:
        return getpass.getuser().capitalize() or "Player"
    except (OSError, KeyError):
        return "Player"


def default_name(seat: int, spec: SeatSpec, remembered: str = "") -> str:
    if spec.is_person:
        return remembered or your_name()
    return ai_seat_name(seat, spec.level or spec.kind)


def setup_for(
    game: Game, levels: list[str], name: str = "", options: dict | None = None, seed: int | None = None
) -> MatchSetup:
    """You (``name``, else the login name) in seat 1, an AI of each of ``levels`` after you,
    the game's options (its defaults, else), ``seed`` (a random one, else)."""
    seats = [YOU] + [SeatSpec.ai(level) for level in levels]
    return MatchSetup(
        game.id,
        seats,
        [default_name(i, s, name) for i, s in enumerate(seats)],
        game.resolve_options(options),
        random.randrange(2**31) if seed is None else seed,
    )


class NewMatchScreen(MatchForm):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+g,ctrl+enter", "start", "Start"),
    ]

    def compose(self) -> ComposeResult:
        with FormScroll(id="new-match"):
            yield Static("New match", classes="screen-title")
            yield from self.game_fields()
            yield form_row("Seed", TypedInput(placeholder="random", type="integer", id="seed", compact=True))
            yield form_row(
                "Practice",
                TickBox(
                    "ask me before a move the AI rates a blunder",
                    self.local_app.preferences.practice,
                    id="practice",
                    compact=True,
                ),
            )
            yield button_row(Button("Start (ctrl+g)", id="start", variant="primary"))
        yield KeysFooter()

    def seat_row(self, seat: int) -> Horizontal:
        spec = YOU if seat == 0 else SeatSpec.ai("normal")
        return form_row(
            f"Seat {seat + 1}",
            FormSelect(SEAT_CHOICES, value=str(spec), allow_blank=False, id=f"seat-{seat}", compact=True),
            TypedInput(
                placeholder=default_name(seat, spec, self.local_app.preferences.name),
                id=f"name-{seat}",
                max_length=MAX_NAME,
                compact=True,
            ),
        )

    async def on_select_changed(self, event: Select.Changed) -> None:
        """A seat's kind changed: the name it gets unless one is typed follows."""
        row = event.select.parent
        if (event.select.id or "").startswith("seat-") and row is not None and row.is_attached:
            seat = int((event.select.id or "").removeprefix("seat-"))
            spec = SeatSpec.parse(str(event.value))
            row.query_one(Input).placeholder = default_name(seat, spec, self.local_app.preferences.name)

    def remembered_options(self, game: Game) -> dict[str, Any] | None:
        return self.local_app.preferences.options.get(game.id)

    def on_mount(self) -> None:
        """The players last chosen for each game, before the form shows a game's rows."""
        for game_id, count in self.local_app.preferences.players.items():
            if game_id in GAMES and count in GAMES[game_id].players:
                self.players_by_game.setdefault(game_id, count)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        self.request_start()

    def start(self) -> None:
        setup = self.read_setup()
        if setup is not None:
            preferences = self.local_app.preferences
            practice = self.query_one("#practice", TickBox).value
            players = len(setup.seats)
            if (
                preferences.options.get(setup.game_id) != setup.options
                or preferences.practice != practice
                or preferences.last_game != setup.game_id
                or preferences.players.get(setup.game_id) != players
            ):
                preferences.options[setup.game_id] = dict(setup.options)
                preferences.practice = practice
                preferences.last_game = setup.game_id
                preferences.players[setup.game_id] = players
                preferences.save()
            self.post_message(BeginMatch(setup))

    def read_setup(self) -> MatchSetup | None:
        """The setup on screen, or None after telling the player what is wrong."""
        count = self.seat_count
        seats = [SeatSpec.parse(str(self.query_one(f"#seat-{i}", Select).value)) for i in range(count)]
        if seats.count(YOU) != 1:
            self.notify("Choose exactly one seat for you; the others are AI.", severity="warning")
            return None
        if self.setup_refused():
            return None
        remembered = self.local_app.preferences.name
        typed = [clean_name(self.query_one(f"#name-{i}", Input).value) for i in range(count)]
        mine = next((name for name, spec in zip(typed, seats) if spec == YOU and name), None)
        if mine and mine != remembered:
            self.local_app.preferences.name = remembered = mine
            self.local_app.preferences.save()
        names = [typed[i] or default_name(i, s, remembered) for i, s in enumerate(seats)]
        options = self.chosen_options()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else random.randrange(2**31)
        if not 0 <= seed <= MAX_SEED:
            self.notify("The seed is a whole number from 0 to 2⁶³ − 1.", severity="warning")
            return None
        return MatchSetup(self.game.id, seats, names, options, seed)
