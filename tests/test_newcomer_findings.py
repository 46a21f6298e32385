"""The newcomer play-test's findings (notes/newcomer-report.md), each as a person meets it at
80×24: what a key does is what the screen says for the focused area, and the lines that carry a
promise are whole."""
from __future__ import annotations

from caravan_tui.games.merchant_lord.rules import SELL
from caravan_tui.games.merchant_lord.table_text import TO_THE_HAND
from caravan_tui.games.merchant_lord.widgets import ChipBar, VillageBoard
from caravan_tui.textual_adapter import notices

from tables import wait_for
from test_merchant_lord_screen import at_my_turn, builder, cursor_to, focus, play_until


def a_sale_with_or_without_a_tuck(state) -> bool:
    """Seat 0 sells, and at one village it may sell with no tuck or with one (finding 1)."""
    if state.turn != 0 or state.phase != SELL:
        return False
    sells = [a for a in state.legal_actions() if a[0] == "sell"]
    bare = {a[1] for a in sells if not a[2]}
    return any(a[2] and a[1] in bare for a in sells)


async def test_space_in_the_villages_chooses_but_never_sells_and_the_line_says_tab_to_tuck(tmp_path):
    """Finding 1: Enter on a village, then space (as the line said) sold at once without the
    tuck meant. Space chooses the village as Enter does; on the chosen village it sells nothing
    and says where tucking is; the line under the row says how to reach the hand."""
    prefix, state = play_until(a_sale_with_or_without_a_tuck)
    sells = [a for a in state.legal_actions() if a[0] == "sell"]
    tucked = next(a for a in sells if a[2] and any(b[1] == a[1] and not b[2] for b in sells))
    async with at_my_turn(tmp_path, prefix) as (app, pilot, table):
        screen = table.screen
        villages = screen.query_one(VillageBoard)
        await focus(pilot, app, villages)
        await cursor_to(pilot, villages, tucked[1])
        assert TO_THE_HAND in builder(screen)
        start = table.moves()
        await pilot.press("space")  # chooses, as Enter would
        assert screen.sel.village == tucked[1] and table.moves() == start
        assert screen.enter_action() is not None  # the sale with no tuck is complete
        assert TO_THE_HAND in builder(screen), builder(screen)
        await pilot.press("space")  # on the chosen village: no sale
        await wait_for(pilot, lambda: any(n.title == "Space does not sell" for n in notices(app)), "the reason")
        await pilot.pause()
        assert table.moves() == start and screen.table.turn is not None
        assert any("tab to your hand" in n.message for n in notices(app))
        await pilot.press("tab")  # the line's promise: tab reaches the hand
        assert app.focused is screen.query_one("#ml-hand", ChipBar)


def three_seats_mid_placement():
    """A 3-player Caravanserai match (random play, seed 5) where seat 0 has laid three or more
    pieces of its placement: the runner, at that position."""
    import random

    from caravan_tui.match.runner import MatchRunner
    from caravan_tui.seats import SeatSpec

    runner = MatchRunner.new("caravanserai", [SeatSpec("human")] * 3, ["Ann", "Bob", "Cy"], 5, {}, None)
    host, rng = runner.host, random.Random(5)
    for _ in range(400):
        placement = host.state.view(0)["placement"]
        if host.state.to_move() == 0 and placement is not None and len(placement["laid"]) >= 3:
            return runner
        seat, action = host.state.to_move(), rng.choice(host.state.legal_actions())
        host.events.append(host.state.apply(action))
        host.actions.append(action)
        host.movers.append(seat)
    raise AssertionError("no such position")


async def test_caravanserais_placement_line_is_whole_with_three_seats_at_80x24(tmp_path):
    """Finding 3: with three seats the line under the players read "You · camel now: caravan
    1→6, count 2 · laid 1K" or ended in a bare "·". Its first row is whole (the caravan and
    the count); the pieces laid go on a row of their own, never cut after a piece."""
    from caravan_tui.textual_adapter import screen_lines

    from tables import table_shown

    async with table_shown(tmp_path, three_seats_mid_placement()) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        await pilot.pause()
        line = screen.query_one("#cs-turn")
        said = str(line.render()).split("\n")
        assert "count" in said[0] and said[1].startswith("laid "), said
        box = line.region
        first = screen_lines(app.screen)[box.y][box.x:box.right].strip()
        assert first == said[0].strip() and not first.endswith("·"), first  # the figures whole
