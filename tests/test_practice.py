"""The practice option: off by default and remembered; on, the table asks "Sure? The AI rates
this as costing about N" before a move the search rates a blunder, and the person decides."""
from __future__ import annotations

import json

from caravan_tui.ai.review import Judged
from caravan_tui.ai.worker import AIWorker
from caravan_tui.games import get_game
from caravan_tui.preferences import Preferences
from caravan_tui.screens.dialogs import ConfirmScreen
from caravan_tui.screens.game import GameScreen
from caravan_tui.screens.new_match import MatchSetup
from caravan_tui.seats import SeatSpec

from tables import quick_app, wait_for

SIZE = (80, 24)


def test_practice_is_off_by_default_and_remembered(tmp_path):
    assert Preferences.load(tmp_path).practice is False
    preferences = Preferences.load(tmp_path)
    preferences.practice = True
    preferences.save()
    assert Preferences.load(tmp_path).practice is True
    (tmp_path / "preferences.json").write_text(json.dumps({"practice": "yes"}))
    assert Preferences.load(tmp_path).practice is False  # only a true from the file turns it on


def my_turn(app) -> bool:
    return isinstance(app.screen, GameScreen) and app.screen.table.turn is not None


async def test_the_table_asks_before_a_blunder_and_the_person_decides(tmp_path, monkeypatch):
    losses: list[float] = []

    async def judged(self, game_id, seat, positions, iterations, on_judged=None):
        (position,) = positions
        return [Judged(position.turn, position.action, "", "", ("other",), "", "", 0.6, 0.6 - losses.pop(0))]

    monkeypatch.setattr(AIWorker, "review", judged)
    preferences = Preferences.load(tmp_path)
    preferences.practice = True
    preferences.save()
    app = quick_app(tmp_path, 20)
    game = get_game("decktet_caravan")
    seed = next(s for s in range(100) if game.new(2, seed=s, options={"hands": 1}).to_move() == 0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup(game.id, [SeatSpec("human"), SeatSpec.ai("easy")], ["Ann", "Bot"],
                                   {"hands": 1}, seed))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        move = table.table.legal[0]
        losses += [0.30, 0.30]  # a blunder: 30 points of win chance
        table.act(move)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Sure? The AI rates this as costing about 30 points of win chance" in app.screen.question
        await pilot.press("n")  # think again: nothing is played
        await wait_for(pilot, lambda: app.screen is table, "the table")
        assert table.table.turn is not None and app.runner.host.actions == []
        table.act(move)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question again")
        await pilot.press("y")  # play it anyway
        await wait_for(pilot, lambda: app.runner.host.actions[:1] == [move], "the move played")
        await wait_for(pilot, lambda: my_turn(app), "the next turn")
        losses.append(0.02)  # not a blunder: it goes without a question
        other = table.table.legal[0]
        played = len(app.runner.host.actions)
        table.act(other)
        await wait_for(pilot, lambda: len(app.runner.host.actions) > played, "the move, unasked")
        assert app.runner.host.actions[played] == other and not losses


async def test_the_new_match_form_turns_practice_on_for_the_next_matches(tmp_path):
    from textual.widgets import Checkbox

    app = quick_app(tmp_path, 30)
    started = []
    app.begin_match = started.append
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        box = app.screen.query_one("#practice", Checkbox)
        assert box.value is False
        box.value = True
        await pilot.pause()
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: started, "the start")
    assert Preferences.load(tmp_path).practice is True


async def test_a_move_chosen_while_another_is_checked_says_it_waits_and_the_first_still_goes(tmp_path, monkeypatch):
    """The bug: an Enter pressed while the practice check ran (for a Camel Caravan turn's next
    action, say) replaced the move being checked, which was dropped without a word. The first
    goes once judged; the second is refused with a word, to be chosen again."""
    import asyncio

    from caravan_tui.textual_adapter import notices

    release = asyncio.Event()

    async def judged(self, game_id, seat, positions, iterations, on_judged=None):
        (position,) = positions
        await release.wait()
        return [Judged(position.turn, position.action, "", "", ("other",), "", "", 0.6, 0.6)]

    monkeypatch.setattr(AIWorker, "review", judged)
    preferences = Preferences.load(tmp_path)
    preferences.practice = True
    preferences.save()
    app = quick_app(tmp_path, 20)
    game = get_game("decktet_caravan")
    seed = next(s for s in range(100) if game.new(2, seed=s, options={"hands": 1}).to_move() == 0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup(game.id, [SeatSpec("human"), SeatSpec.ai("easy")], ["Ann", "Bot"],
                                   {"hands": 1}, seed))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        first, second = table.table.legal[0], table.table.legal[1]
        table.act(first)
        await pilot.pause()
        table.act(second)  # while the first is judged
        await wait_for(pilot, lambda: any(n.title == "One move at a time" for n in notices(app)), "the word")
        release.set()
        await wait_for(pilot, lambda: app.runner.host.actions[:1] == [first], "the first move played")
