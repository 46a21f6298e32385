"""The practice option: off by default and remembered; on, the table asks "Sure? The AI rates
this as costing about N" before a move the search rates a blunder, and the person decides."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest

from caravan_tui.ai.review import ITERATIONS as REVIEW_ITERATIONS
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


@pytest.mark.thorough
async def test_the_table_asks_before_a_blunder_and_the_person_decides(tmp_path, monkeypatch):
    from caravan_tui.textual_adapter import notices

    losses: list[float] = []

    async def judged(self, game_id, seat, positions, iterations, on_judged=None, on_result=None):
        (position,) = positions
        assert iterations == REVIEW_ITERATIONS  # the review's own budget
        return [
            Judged(
                position.turn,
                position.action,
                "",
                "",
                ("other",),
                "Caravan 9",
                "",
                0.6,
                0.6 - losses.pop(0),
                seat,
                position.turn,
            )
        ]

    monkeypatch.setattr(AIWorker, "review", judged)
    preferences = Preferences.load(tmp_path)
    preferences.practice = True
    preferences.save()
    app = quick_app(tmp_path, 20)
    game = get_game("decktet_caravan")
    seed = next(s for s in range(100) if game.new(2, seed=s, options={"hands": 1}).to_move() == 0)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(
            MatchSetup(game.id, [SeatSpec("human"), SeatSpec.ai("easy")], ["Ann", "Bot"], {"hands": 1}, seed)
        )
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        move = table.table.legal[0]
        losses += [0.30, 0.30]  # a blunder: 30 points of win chance
        table.act(move)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Sure? The AI rates this as a blunder: 60% → 30% (−30%). Better: Caravan 9." in app.screen.question
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
        assert not any(notice.title == "Practice" for notice in notices(app))  # (fine: nothing said)
        # a mistake goes unasked too, and practice says so (a person never asked took it for a
        # check that did nothing all match)
        await wait_for(pilot, lambda: my_turn(app), "the turn after")
        losses.append(0.12)
        played = len(app.runner.host.actions)
        table.act(table.table.legal[0])
        await wait_for(pilot, lambda: len(app.runner.host.actions) > played, "the mistake, unasked")
        said = [notice.message for notice in notices(app) if notice.title == "Practice"]
        assert said == ["Played: the AI rates it a mistake: 60% → 48% (−12%). Practice asks only before a blunder."]


@pytest.mark.thorough
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


# each game a whole match reviewed: Merchant Lord's and Camel Caravan's (9 of the 10 CPU-s) in the
# end-to-end run; each run of it meets a blunder
@pytest.mark.parametrize(
    "games",
    [
        pytest.param(("decktet_caravan",), id="decktet_caravan"),
        pytest.param(("merchant_lord", "camel_caravan"), id="merchant_lord-camel_caravan", marks=pytest.mark.e2e),
    ],
)
def test_practice_asks_before_every_move_the_review_grades_a_blunder(games):
    """One judge: practice's check of a move (the worker's review of that one position, at its
    default budget) is the review's judgement of that decision, and it asks exactly where the
    review grades a blunder (issue: practice judged at 400 iterations, the review at 1,500, and
    never asked before the move the review called "a blunder: 56% → 35%")."""
    from caravan_tui.ai.matches import play_match
    from caravan_tui.ai.review import Position, decisions_of, judge, review
    from caravan_tui.screens.practice import Practice, question

    assert Practice(None).iterations == REVIEW_ITERATIONS  # type: ignore[arg-type]  # no worker needed
    budget, asked = 8, 0
    for game_id, players in ((game_id, 2) for game_id in games):
        game = get_game(game_id)
        specs = [SeatSpec.parse("random")] + [SeatSpec.ai("easy")] * (players - 1)
        record = play_match(game_id, specs, 3, game.quick_options, iterations=6)
        done = review(game_id, "m", players, record.seed, record.options, record.actions, 0, record.outcome[0], budget)
        single = {
            p.turn
            for p in decisions_of(game, players, record.seed, record.options, record.actions, 0).decisions
            if p.seat == 0 and not p.steps
        }
        state = game.new(players, seed=record.seed, options=record.options)
        by_turn = {judged.turn: judged for judged in done.decisions}
        for turn, action in enumerate(record.actions):
            if turn in single:
                practised = judge(game_id, 0, Position(turn, state.view(0), action), budget)
                assert practised == by_turn[turn]
                said = question(game_id, players, practised, ["Ann", "Bob"])
                assert (said is not None) == (done.grade(by_turn[turn]) == "blunder")
                asked += said is not None
            state.apply(action, False)
    assert asked  # the check met blunders, not only good moves


def held_check(tmp_path, monkeypatch, game_id: str, options: dict) -> tuple:
    """An app with practice on whose check of a move waits for the event returned, and a match
    of ``game_id`` where Ann (a person) moves first against an easy AI: (app, event, setup)."""
    release = asyncio.Event()

    async def judged(self, game_id, seat, positions, iterations, on_judged=None, on_result=None):
        (position,) = positions
        await release.wait()
        return [Judged(position.turn, position.action, "", "", ("other",), "", "", 0.6, 0.6, seat, position.turn + 1)]

    monkeypatch.setattr(AIWorker, "review", judged)
    preferences = Preferences.load(tmp_path)
    preferences.practice = True
    preferences.save()
    game = get_game(game_id)
    seed = next(s for s in range(100) if game.new(2, seed=s, options=options).to_move() == 0)
    setup = MatchSetup(game.id, [SeatSpec("human"), SeatSpec.ai("easy")], ["Ann", "Bot"], options, seed)
    return quick_app(tmp_path, 20), release, setup


@pytest.mark.thorough
async def test_a_move_chosen_while_another_is_checked_says_it_waits_and_the_first_still_goes(tmp_path, monkeypatch):
    """The bug: an Enter pressed while the practice check ran (for a Camel Caravan turn's next
    action, say) replaced the move being checked, which was dropped without a word. The first
    goes once judged; the second is refused with a word, to be chosen again."""
    from caravan_tui.textual_adapter import notices

    app, release, setup = held_check(tmp_path, monkeypatch, "decktet_caravan", {"hands": 1})
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup)
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        first, second = table.table.legal[0], table.table.legal[1]
        table.act(first)
        await pilot.pause()
        table.act(second)  # while the first is judged
        await wait_for(pilot, lambda: any(n.title == "One move at a time" for n in notices(app)), "the word")
        release.set()
        await wait_for(pilot, lambda: app.runner.host.actions[:1] == [first], "the first move played")


@pytest.mark.thorough
def test_practice_judges_a_proposal_written_step_by_step_whole_before_its_last_step():
    """The steps of a proposal go unasked; before the step that sends or drops it, practice
    judges the whole proposal exactly as the review does (the same decision, from its start)."""
    from caravan_tui.ai.matches import play_match
    from caravan_tui.ai.review import decisions_of
    from caravan_tui.screens.practice import Practice

    game = get_game("ahldarahd")
    record = play_match("ahldarahd", [SeatSpec.parse("random")] * 3, 5, game.quick_options, iterations=6)
    reviewed = {
        p.turn: p
        for p in decisions_of(game, 3, record.seed, record.options, record.actions, 0).decisions
        if p.seat == 0 and p.steps
    }
    practice = Practice(None)  # type: ignore[arg-type]  # no worker: only what it would judge
    state, asked = game.new(3, seed=record.seed, options=record.options), {}
    for turn, action in enumerate(record.actions):
        if state.to_move() == 0:
            position = practice.position(game.id, 0, turn, state.view(0), action)
            if position is not None:
                asked[position.turn] = position
        state.apply(action, False)
    assert reviewed and all(asked[turn] == dataclasses.replace(p, seat=-1) for turn, p in reviewed.items())


@pytest.mark.thorough
async def test_a_key_meant_to_play_while_the_move_is_checked_says_it_is_being_checked(tmp_path, monkeypatch):
    """The bug (Camel Caravan): an Enter pressed while the practice check ran (the same move
    again, or a board's Enter) did nothing and said nothing. It says the move is being checked."""
    from caravan_tui.textual_adapter import notices

    app, release, setup = held_check(tmp_path, monkeypatch, "decktet_caravan", {"hands": 1})
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup)
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        first = table.table.legal[0]
        table.act(first)
        await pilot.pause()
        table.act(first)  # Enter again, while it is judged
        await wait_for(pilot, lambda: any(n.message == "Checking your move…" for n in notices(app)), "the word")
        app.clear_notifications()
        assert not table.decides_now()  # (a board's Enter asks this first)
        await wait_for(pilot, lambda: any(n.message == "Checking your move…" for n in notices(app)), "the word again")
        release.set()
        await wait_for(pilot, lambda: app.runner.host.actions[:1] == [first], "the move played")


@pytest.mark.thorough
async def test_the_status_line_says_the_move_is_being_checked_while_it_is(tmp_path, monkeypatch):
    """The bug (Camel Caravan, 80×24): practice's check of a move took seconds and the status
    line went on promising what Enter would play, so the move seemed not taken and a newcomer
    pressed Enter again. The line says the move is being checked, and goes back once it is."""
    from caravan_tui.textual_adapter import screen_lines

    app, release, setup = held_check(tmp_path, monkeypatch, "camel_caravan", {})
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(setup)
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        await pilot.press("enter")  # a camel placed at the board's cursor
        await wait_for(
            pilot,
            lambda: any("Practice is checking your move…" in line for line in screen_lines(app.screen)),
            "the line",
        )
        release.set()
        await wait_for(pilot, lambda: len(app.runner.host.actions) == 1, "the move played")
        await wait_for(pilot, lambda: not any("checking" in line for line in screen_lines(app.screen)), "the line back")


def first_seed(game_id: str, options: dict, test) -> int:
    """A seed of a 2-player match where seat 0 moves first and ``test`` holds of the start."""
    game = get_game(game_id)
    return next(s for s in range(200) if (state := game.new(2, seed=s, options=options)).to_move() == 0 and test(state))


def sells_after_favour(state) -> bool:
    state.apply(("end_favour",), False)
    legal = state.legal_actions()
    return state.to_move() == 0 and ("end_selling",) in legal and any(a[0] == "sell" for a in legal)


@pytest.mark.thorough
@pytest.mark.parametrize(
    ("game_id", "before", "move", "test"),
    [
        ("merchant_lord", [("end_favour",)], ("end_selling",), sells_after_favour),
        ("camel_caravan", [], ("end_turn",), lambda state: ("end_turn",) in state.legal_actions()),
    ],
)
async def test_a_move_that_asks_first_asks_once_with_practice_on(tmp_path, monkeypatch, game_id, before, move, test):
    """Merchant Lord's "Stop selling?" took two `y`s with practice on: practice played the move
    again once judged, through the table's question, which asked again (Camel Caravan's "End the
    turn with 1 action unused?" the same). One question, one `y`."""
    app, release, _ = held_check(tmp_path, monkeypatch, "decktet_caravan", {"hands": 1})
    release.set()
    seed = first_seed(game_id, {}, test)
    async with app.run_test(size=SIZE) as pilot:
        app.start_match(MatchSetup(game_id, [SeatSpec("human"), SeatSpec.ai("easy")], ["Ann", "Bot"], {}, seed))
        await wait_for(pilot, lambda: my_turn(app), "my turn")
        table = app.screen
        for action in before:
            table.act(action)
            await wait_for(pilot, lambda action=action: app.runner.host.actions[-1:] == [action], "the move before")
        await wait_for(pilot, lambda: my_turn(app) and move in table.table.legal, "the move on offer")
        played = len(app.runner.host.actions)
        table.act(move)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: len(app.runner.host.actions) > played, "the move played")
        assert app.runner.host.actions[played] == move and not isinstance(app.screen, ConfirmScreen)
