"""``h Hint`` showed in the footer on another person's turn, and pressed said only "A hint is for
your turn.". It is offered only where a turn of ours is coming: on our turn, and while the other
seats' moves to it are made or shown (an ``h`` pressed then waits for that turn); not on another
person's turn, in a finished match, nor to a spectator. The footer follows the turn; an ``h``
pressed on another person's turn still says why it does nothing (it had fallen silent)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_undo_beside_a_stand_in import footer_offers

from caravan_tui.bus import MatchOver
from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.table_keys import HINT_NEXT, hint_may_come
from caravan_tui.seat_kinds import STANDING_IN
from caravan_tui.textual_adapter import notices
from caravan_tui.widgets.footer import KeysFooter

from tables import Table, quick_app, settled, wait_for


@pytest.mark.thorough
async def test_the_hint_key_shows_on_our_turn_and_not_on_another_persons(tmp_path):
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {}, names=("Ann", "Bob"))
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        footer = screen.query_one(KeysFooter)
        for _ in range(2):  # (Bob's turn, then Ann's, in whichever order they come)
            await wait_for(pilot, footer.caught_up, "the footer")
            if screen.table.turn is None:  # Bob's turn: no hint for Ann is coming from it
                assert not footer_offers(app, "Hint") and not screen.check_action("hint", ())
                app.clear_notifications()
                await pilot.press("h")  # (it did nothing and said nothing)
                assert [notice.message for notice in notices(app)] == ["A hint is for your turn."]
                app.clear_notifications()
                await pilot.press("a")  # (it said "No hint to take: h asks for one", and h said the above)
                await wait_for(pilot, lambda: bool(notices(app)), "a's answer")
                assert [notice.message for notice in notices(app)] == ["A hint is for your turn."]
                await table.bot_plays(lambda legal: next(a for a in legal if a[0] == "place"))
                await wait_for(pilot, lambda: screen.table.turn is not None, "Ann's turn")
            else:
                assert footer_offers(app, "Hint")
                screen.act(next(a for a in screen.table.legal if a[0] == "place"))  # (a camel placed ends the turn)
                await wait_for(pilot, lambda: screen.table.turn is None and screen.table.view["to_move"] == 1, "Bob's")
                await pilot.pause()


@pytest.mark.thorough
async def test_the_hint_key_stays_while_an_ai_moves_to_our_turn_and_goes_when_none_is_coming(tmp_path):
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {})
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        ours = replace(screen.table, turn=0, seat_kinds=(screen.table.seat_kinds[0], "ai:easy"))
        ai_moves = replace(ours, turn=None, view={**ours.view, "to_move": 1})
        assert hint_may_come(ours) and hint_may_come(ai_moves)
        assert hint_may_come(replace(ai_moves, seat_kinds=(ours.seat_kinds[0], STANDING_IN)))
        assert not hint_may_come(replace(ai_moves, seat_kinds=screen.table.seat_kinds))  # (Bot: a person)
        assert hint_may_come(replace(ai_moves, pausing=1))  # (its move on show: an h waits for our turn)
        assert not hint_may_come(replace(ai_moves, over=MatchOver(match="m", scores=[1, 2], outcome=[0, 1])))
        assert not hint_may_come(replace(ai_moves, seat=None))  # a spectator
        assert not hint_may_come(replace(ai_moves, replaying=True))


async def test_between_two_steps_of_our_turn_the_hint_key_reads_hint(tmp_path):
    """Mid-placement in Caravanserai the footer read "h Hint for your turn", as if for a later
    turn: between two steps of our own turn (the view says we move, the host's next ask still to
    come) it reads as any hint's; while another seat's moves lead to our turn it says so."""
    app = quick_app(tmp_path, 20, home=False)
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 3, {})
    screen = table.screen
    async with app.run_test(size=(80, 24)) as pilot, table:
        await wait_for(pilot, lambda: settled(screen) and screen.table.view is not None, "the table")
        kinds = (screen.table.seat_kinds[0], "ai:easy")
        between = replace(screen.table, turn=None, seat_kinds=kinds)
        screen.table_state = replace(between, view={**between.view, "to_move": screen.table.seat})
        assert hint_may_come(screen.table) and screen.footer_words.get("hint") is None
        screen.table_state = replace(between, view={**between.view, "to_move": 1})
        assert screen.footer_words.get("hint") == HINT_NEXT
