"""On an AI's turn the footer offered ``h Hint``, but ``h`` brought no hint there: it skipped the
AI's moves on show, or, while the AI thought, said "A hint is for your turn.". There the footer
says ``h Hint for your turn`` and ``h`` asks for the hint of the coming turn (it shows as that turn comes),
while the AI thinks as while its moves are on show; ``h`` again drops it."""

from __future__ import annotations

import pytest
from test_undo_beside_a_stand_in import footer_offers

from caravan_tui.bus import Act
from caravan_tui.match.runner import MatchRunner
from caravan_tui.screens.table_keys import HINT_NEXT, HINT_NEXT_TIP, hint_waits
from caravan_tui.screens.table_overlays import HINT_DROPPED, HINT_HELD
from caravan_tui.screens.table_seat import TableState
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import notices
from caravan_tui.widgets.footer import KeysFooter

from tables import settled, table_shown, wait_for


@pytest.mark.thorough
async def test_h_on_an_ai_s_turn_asks_for_the_coming_turn_s_hint_and_the_footer_says_so(tmp_path, worker):
    runner = MatchRunner.new(
        "decktet_caravan",
        [SeatSpec("human"), SeatSpec.ai("normal")],
        ["Ann", "AI 2"],
        1,
        {},
        None,
        worker=worker,
        iterations=100_000,  # (the AI thinks for the whole test)
    )
    async with table_shown(tmp_path, runner) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.seat_kinds and settled(screen), "the table")
        footer = screen.query_one(KeysFooter)
        if screen.table.turn is not None:  # Ann leads: she plays, then the AI thinks
            assert footer_offers(app, "Hint") and not footer_offers(app, HINT_NEXT)
            await screen.client.send(Act(runner.match_id, 0, screen.table.turn, screen.table.legal[0]))
        await wait_for(pilot, lambda: screen.table.turn is None and footer.caught_up(), "the AI's turn")
        assert footer_offers(app, HINT_NEXT) and not footer_offers(app, "Hint")
        palette = {command.title: command.help for command in app.get_system_commands(screen)}
        assert palette[HINT_NEXT].startswith(HINT_NEXT_TIP)
        await pilot.press("h")
        await wait_for(pilot, lambda: HINT_HELD in [n.message for n in notices(app)], "what h did")
        assert screen.overlays.hint_held and screen.table.hint_panel is None
        await pilot.press("h")
        await wait_for(pilot, lambda: HINT_DROPPED in [n.message for n in notices(app)], "what h again did")
        assert not screen.overlays.hint_held
        assert "A hint is for your turn." not in [n.message for n in notices(app)]


def test_at_a_table_of_people_h_waits_only_for_our_own_move_on_its_way():
    """After an AI's move (or the chance that ends a round) the turn may be another person's:
    "h Hint next" there was answered "A hint is for your turn."."""
    people = TableState(0, names=("Ann", "Bob", "AI 3"), seat_kinds=("human", "human", "ai:normal"))
    alone = TableState(0, names=("Ann", "AI 2", "AI 3"), seat_kinds=("human", "ai:normal", "ai:normal"))
    for mover, at_people, at_alone in ((2, False, True), (None, False, True), (0, True, True), (1, False, True)):
        view = {"to_move": mover}
        assert hint_waits(people.viewing(view, None)) is at_people, mover
        assert hint_waits(alone.viewing(view, None)) is at_alone, mover
