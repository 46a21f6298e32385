"""Nothing is lost between screens: what the hub says of a match that ended (its rating
changes) shows on the result screen whenever it comes — before the match's end reaches the
table, while the app is on its way to the result, or once the result shows."""

from __future__ import annotations

import asyncio
import random
import socket

import pytest
from textual.widgets import Button

from caravan_tui.app import ClientApp
from caravan_tui.bus import MatchInfo, MatchOver, Update
from caravan_tui.hub_protocol import GUEST_UNRATED, UNSETTLED_WORDS, Rated, Told
from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.heard import TOLD_FRESH, Heard
from caravan_tui.screens.summary import MatchOverScreen
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices, screen_lines

from tables import wait_for

GAME = "camel_caravan"
RATED = Rated("", [["Ann", 105, "?"], ["Bob", -105, "?"]])
LINE = f"Camel Caravan rating changes: Ann +105 (now ?), Bob −105 (now ?). {UNSETTLED_WORDS}"
#: every point of the match-over sequence where the hub's ``Rated`` may come
MOMENTS = (
    "before the end",
    "as the app hears the end",
    "as the result is built",
    "as the result replaces the table",
    "once the result shows",
)


class ScriptedSeat:
    """Seat 0 of a match between two people, hosted over SSH: the test says what it hears."""

    shared = True
    seat = 0
    players = 2

    def __init__(self, match_id: str, game: str = GAME) -> None:
        self.match_id, self.game_id = match_id, game
        self.heard: asyncio.Queue = asyncio.Queue()

    async def get(self):
        return await self.heard.get()

    def waiting(self) -> bool:
        return not self.heard.empty()

    async def send(self, message) -> None:
        pass

    def close(self) -> None:
        pass


class RatedAt(ClientApp):
    """A session whose hub says ``Rated`` at ``moment`` (no hub behind it: the test is the hub)."""

    def __init__(self, moment: str) -> None:
        self.ours, self.theirs = socket.socketpair()
        super().__init__(self.ours)
        self.moment, self.match_id = moment, ""
        self.move_pause = 0.0

    def rated(self, moment: str) -> None:
        if moment == self.moment:
            self.from_hub(Rated(self.match_id, RATED.changes))

    def show_match_over(self, screen: GameScreen, over: MatchOver) -> None:
        self.rated("as the app hears the end")
        super().show_match_over(screen, over)

    def final_table(self, screen: GameScreen, over: MatchOver, review: bool = False) -> MatchOverScreen:
        result = super().final_table(screen, over, review)
        self.rated("as the result is built")
        return result

    def switch_screen(self, screen):
        switched = super().switch_screen(screen)
        self.rated("as the result replaces the table")
        return switched


async def play_to_the_result(app: RatedAt, pilot, game: str = GAME, played: bool = False) -> None:
    """Seat 0 of a two-person match (Camel Caravan unless said), shown and ended (3–1) by the test;
    ``played``: ended as random play ends it, its final view and scores shown."""
    runner = MatchRunner.new(game, [SeatSpec("human")] * 2, ["Ann", "Bob"], 7, {}, None)
    match_id = app.match_id = runner.match_id
    seat = ScriptedSeat(match_id, game)
    await app.push_screen(game_screen_class(runner.host.game)(seat))
    seat.heard.put_nowait(MatchInfo(match_id, 0, game, ["Ann", "Bob"], ["human", "human"], {}))
    seat.heard.put_nowait(Update(match_id, 0, 0, runner.host.state.view(0), []))
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.view is not None, "the table")
    app.rated("before the end")
    state = runner.host.state
    scores, outcome = [3.0, 1.0], [1.0, 0.0]
    if played:
        rng = random.Random(7)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()), False)
        seat.heard.put_nowait(Update(match_id, 0, 1, state.view(0), []))
        scores, outcome = state.scores(), state.outcome()
    seat.heard.put_nowait(MatchOver(match_id, scores, outcome))
    await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen), "the result")


@pytest.mark.thorough
@pytest.mark.parametrize("moment", MOMENTS)
async def test_the_ratings_show_on_the_result_whenever_they_come(moment):
    app = RatedAt(moment)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_result(app, pilot)
        app.rated("once the result shows")
        await wait_for(pilot, lambda: app.screen.query_one("#rating-changes").display, "the ratings")
        assert str(app.screen.query_one("#rating-changes").render()) == LINE
    app.theirs.close()


@pytest.mark.thorough
@pytest.mark.parametrize("moment", ["", "once the result shows"])
async def test_a_guests_result_says_why_it_has_no_rating(moment):
    """A guest is not rated (the hub rates keys), and the result said nothing of it: where a
    rating line would be, it says why; the others' changes, if any, above it."""
    app = RatedAt(moment)
    app.guest = True
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_result(app, pilot)
        app.rated("once the result shows")
        expected = [LINE, GUEST_UNRATED] if moment else [GUEST_UNRATED]
        await wait_for(
            pilot, lambda: str(app.screen.query_one("#rating-changes").render()).splitlines() == expected, "the line"
        )
        assert any(GUEST_UNRATED in line for line in screen_lines(app.screen))  # whole at 80 columns
    app.theirs.close()


async def test_the_ratings_of_another_match_are_not_shown():
    app = RatedAt("")
    async with app.run_test(size=(80, 24)) as pilot:
        result = MatchOverScreen("Ann wins!", "Ann: 3   Bob: 1", None, match="this")
        await app.push_screen(result)
        app.from_hub(Rated("another", RATED.changes))
        await pilot.pause()
        assert not result.query_one("#rating-changes").display
    app.theirs.close()


async def test_what_the_hub_told_as_the_match_ended_is_said_again_over_the_result():
    app = RatedAt("")
    async with app.run_test(size=(80, 24)) as pilot:
        app.from_hub(Told("An operator muted your chat for 10 minutes.", "Your chat is muted"))
        await pilot.pause()
        app.clear_match_notices()
        await pilot.pause()
        assert [(notice.message, notice.title) for notice in notices(app)] == [
            ("An operator muted your chat for 10 minutes.", "Your chat is muted")  # (its title was "Done" again)
        ]
    app.theirs.close()


def test_what_was_told_is_news_for_a_few_seconds_and_the_last_few_are_kept():
    heard = Heard().was_told("one", 0.0)
    for n in range(10):
        heard = heard.was_told(f"more {n}", 1.0)
    assert len(heard.told) == 4
    assert heard.fresh_told(1.0 + TOLD_FRESH) == [(f"more {n}", "Done") for n in range(6, 10)]
    assert heard.fresh_told(2.0 + TOLD_FRESH) == []
    assert Heard().rated("m", "x").ratings == {"m": "x"} and Heard().ratings == {}


@pytest.mark.thorough
@pytest.mark.parametrize("game", ["camel_caravan", "decktet_caravan"])
async def test_everything_the_result_offers_shows_at_80x24(game):
    """Over SSH the result has a final table, the ratings and a guest's note: its buttons were
    under them, below the fold, and only the footer said r and esc. They stay in view whatever
    scrolls above them."""
    app = RatedAt("once the result shows")
    app.guest = True
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_result(app, pilot, game, played=True)
        app.rated("once the result shows")
        await wait_for(pilot, lambda: app.screen.query_one("#rating-changes").display, "the ratings")
        await pilot.pause()
        shown = "\n".join(screen_lines(app.screen))
        for button in app.screen.query(Button):
            assert str(button.label) in shown
        assert "Lobby (esc)" in shown and "esc Lobby" in shown and "Home" not in shown  # (a session's home)
    app.theirs.close()
