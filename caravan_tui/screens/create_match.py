"""Create a hosted match (DESIGN §7): the game, the players, each seat (yours, open for a
person, or an AI level), the game's options, how long a person who drops keeps their seat
before an AI of which level stands in, and whether AIs finish the match once every person has
left (by default it waits for them)."""

from __future__ import annotations

from typing import cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Select, Static

from caravan_tui.ai.levels import LEVELS
from caravan_tui.engine import Game
from caravan_tui.hub_protocol import CreateMatch
from caravan_tui.screens.match_form import FormScroll, FormSelect, MatchForm, button_row, form_row
from caravan_tui.screens.requests import ToHub
from caravan_tui.seat_kinds import OPEN, YOU
from caravan_tui.seat_labels import AI_KIND
from caravan_tui.widgets.footer import KeysFooter

SEATS = [("You", YOU), ("Open seat", OPEN)] + [(AI_KIND(level=level), f"ai:{level}") for level in LEVELS]
GRACES = (30, 60, 120, 300)


def seconds_label(seconds: int) -> str:
    return f"{seconds // 60} min" if seconds >= 60 and seconds % 60 == 0 else f"{seconds} s"


class CreateMatchScreen(MatchForm):
    DEFAULT_CSS = """
    #create-match { padding: 0 1; }
    #create-match .section { text-style: bold; margin-top: 1; }
    #create-match #games { height: auto; max-height: 7; }
    #create-match .row { height: auto; }
    #create-match .field { width: 13; }
    #create-match Select { width: 20; margin-right: 1; }
    #create-match .help { width: 1fr; color: $text-muted; }
    #create-match .long-option { height: auto; }
    #create-match #seats, #create-match #options { height: auto; }
    #create-match .button-row { margin-top: 1; }
    #create-match .button-row > FieldLabel { margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+g", "create", "Create"),
    ]

    def __init__(self, game: Game | None = None, grace: int = 60) -> None:
        super().__init__(game)
        self.grace = grace

    def compose(self) -> ComposeResult:
        with FormScroll(id="create-match"):
            yield Static("Create a match", classes="screen-title")
            yield from self.game_fields()
            graces = sorted({self.grace, *GRACES})
            yield form_row(
                "Away grace",
                FormSelect(
                    [(seconds_label(g), g) for g in graces],
                    value=self.grace,
                    id="grace",
                    allow_blank=False,
                    compact=True,
                ),
                help="then an AI plays a seat whose person left, until they are back",
            )
            yield form_row(
                "Stand-in",
                FormSelect(
                    [(AI_KIND(level=level), level) for level in LEVELS],
                    value="normal",
                    id="stand-in",
                    allow_blank=False,
                    compact=True,
                ),
                help="the AI that plays for a person away",
            )
            yield form_row(
                "All away",
                FormSelect(
                    [("The match waits", False), ("AIs finish it", True)],
                    value=False,
                    id="ai-finish",
                    allow_blank=False,
                    compact=True,
                ),
                help="when every person has left the table",
            )
            yield button_row(Button("Create (ctrl+g)", id="create", variant="primary"))
        yield KeysFooter()

    def seat_row(self, seat: int) -> Horizontal:
        choice = YOU if seat == 0 else OPEN if seat == 1 else "ai:normal"
        return form_row(
            f"Seat {seat + 1}", FormSelect(SEATS, value=choice, allow_blank=False, id=f"seat-{seat}", compact=True)
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.request_start()

    def action_create(self) -> None:
        self.request_start()

    def start(self) -> None:
        seats = [str(self.query_one(f"#seat-{i}", Select).value) for i in range(self.seat_count)]
        if seats.count(YOU) != 1:
            self.notify("Choose exactly one seat for you.", severity="warning")
            return
        if self.setup_refused():
            return
        options = self.chosen_options()
        grace = cast(int, self.query_one("#grace", Select).value)  # never blank: one of the graces shown
        stand_in = str(self.query_one("#stand-in", Select).value)
        ai_finish = self.query_one("#ai-finish", Select).value is True
        self.post_message(ToHub(CreateMatch(self.game.id, seats, options, grace, stand_in, ai_finish)))
