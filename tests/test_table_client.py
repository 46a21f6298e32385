"""The table as a fold over its bus, as plain functions, for every game's kind of table: each
message gives a new state (the last one left as it was), a view's world is built once, and the
status line is a function of the state."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Mapping
from dataclasses import replace

import pytest

from caravan_tui.bus import Chat, Hint, MatchInfo, MatchOver, Message, Thinking, Update, YourTurn
from caravan_tui.games import GAMES
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.action_pause import ActionPause
from caravan_tui.screens.table_client import acted, cursor_at, cursor_pointed, focused, heard, highlighted, paused, spun
from caravan_tui.screens.table_panels import ASKING
from caravan_tui.screens.table_seat import TableState
from caravan_tui.screens.table_status import LOG, list_enter, log_status, replay_status, seat_status
from caravan_tui.seat_kinds import OPEN
from caravan_tui.textual_adapter import message_clock
from caravan_tui.widgets.seat_table import only_spun


def table_of(game_id: str):
    """A new table for seat 0 of a two-person match of ``game_id`` (of the game's own kind), the
    match's first view, and a counted builder of worlds."""
    game = GAMES[game_id]
    players = max(2, game.players.start)
    state = game.new(players, seed=5, options={})
    built = []

    def world_of(view):
        built.append(view)
        return game.from_view(view, 0)

    table = game_screen_class(game).TABLE(seat=0)
    return table, state, players, world_of, built


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_turn_folds_into_a_new_table_and_says_so(game_id):
    table, state, players, world_of, built = table_of(game_id)
    names = ["[b]Ann[/b]", *(f"P{seat}" for seat in range(1, players))]
    start = heard(table, MatchInfo("m", 0, game_id, names, ["human"] * players, {}), world_of, 12.0)
    assert start is not table and table.names == () and start.kinds_at == 12.0
    assert start.names[0] == "[b]Ann[/b]" and type(start) is type(table)
    assert seat_status(start).plain == "Connecting…"
    view = state.view(0)
    shown = heard(start, Update("m", 0, 0, view, []), world_of, 13.0)
    assert shown.view == view and shown.world is not None and start.view is None
    mover = view["to_move"]
    if mover != 0:
        assert shown.turn is None and seat_status(shown).plain == f"{shown.seat_name(mover)} to play…"
        return
    legal = state.legal_actions()
    turn = heard(shown, YourTurn("m", 0, 0, dict(view), legal, undo=False), world_of, 14.0)
    assert len(built) == 1  # the turn's view is the update's: its world stands
    assert turn.turn == 0 and turn.legal == tuple(legal) and not turn.undo and shown.turn is None
    assert seat_status(turn).plain == "Your turn."
    hint = Hint("m", 0, 0, legal[0], "", [["a", 1.0, 0.5, "", legal[0]]], [legal[0]])
    assert heard(turn, hint, world_of, 15.0) is turn  # (not asked for, or put away before it came)
    hinted = heard(dataclasses.replace(turn, hint_panel=ASKING), hint, world_of, 15.0)
    assert hinted.hint_plan == (legal[0],) and turn.hint_plan == ()
    assert heard(hinted, Hint("m", 0, 7, legal[0], "", [], []), world_of, 16.0) is hinted  # another decision's
    gone = acted(hinted)
    assert gone.turn is None and hinted.turn == 0 and seat_status(gone).plain == "" and gone.highlighted is None
    over = heard(gone, MatchOver("m", [1.0] * players, [1.0 / players] * players), world_of, 17.0)
    assert over.over is not None and seat_status(over).plain == "The match is over."


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_ai_seat_thinking_shows_in_the_status_line(game_id):
    table, state, players, world_of, _ = table_of(game_id)
    kinds = ["human", *["ai:easy"] * (players - 1)]
    view = dict(state.view(0), to_move=1)
    seated = heard(table, MatchInfo("m", 0, game_id, ["Ann", *["AI"] * (players - 1)], kinds, {}), world_of, 0.0)
    waiting = heard(seated, Update("m", 0, 0, view, []), world_of, 0.0)
    thinking = heard(waiting, Thinking("m", 1, 1200, None), world_of, 0.0)
    assert "is thinking… 1,200 iterations" in seat_status(thinking).plain
    assert "iterations" not in seat_status(waiting).plain


def test_the_log_s_status_keeps_a_long_name_and_its_keys_on_one_line():
    """The bug: with the log focused, a person of 40 letters to play took two lines of the
    status line at 80 columns, the log's keys pushed onto the legend's line."""
    name = "Abcdefghij" * 4
    table = TableState(seat=0, names=["Ann", name], seat_kinds=["human", "remote"], focus=LOG, view={"to_move": 1})
    line = log_status(table, 78)
    assert line is not None and line.cell_len <= 78 and line.plain.endswith("· log: ↑↓ · enter: all")
    assert line.plain.startswith(name) and "to play" in line.plain  # (the keys' short words leave it whole)
    narrow = log_status(table, 47)  # (Caravans of Ahldarahd's column: "Abc… to play…" beside the whole keys)
    assert narrow is not None and narrow.cell_len <= 47 and narrow.plain.startswith("AbcdefghijAbcd…")
    assert name in log_status(table).plain  # (no room given: the name whole)
    short = replace(table, names=["Ann", "Bo"])
    assert log_status(short, 78).plain == "Bo to play… · log: ↑↓ scroll · enter: whole log"


def test_what_the_person_points_at_folds_into_a_new_table_and_the_enter_line_follows_it():
    """The widgets' reports (a cursor, the plays list's highlight, the focus, the spinner, a pause)
    are reducers too: a new table each, the last left as it was, the same report the same table;
    what Enter plays and the status line are read from the table alone."""
    table = TableState(seat=0, names=["Ann", "Bob"], seat_kinds=["human", "ai:easy"], turn=3, legal=[("a",), ("b",)])
    moved = cursor_at(table, "board", (1, 2))
    assert moved.cursors == {"board": (1, 2)} and table.cursors == {} and cursor_at(moved, "board", (1, 2)) is moved
    lit = highlighted(focused(moved, "actions"), ("b",))
    assert list_enter(lit) == ("b",) and list_enter(moved) is None and highlighted(lit, ("b",)) is lit
    assert list_enter(focused(lit, "board")) is None and list_enter(replace(lit, turn=None)) is None
    waiting = replace(table, turn=None, view={"to_move": 1})
    frames = {seat_status(spun(waiting)).plain[0], seat_status(spun(spun(waiting))).plain[0]}
    assert len(frames) == 2 and waiting.spin == 0
    assert paused(waiting, 1).pausing == 1 and paused(waiting, None) is waiting
    # the spinner's frame alone is the status line's: every other part has nothing to draw
    assert only_spun(waiting, spun(waiting)) and not only_spun(waiting, cursor_at(spun(waiting), "board", 1))


def test_a_replays_status_line_is_a_function_of_its_table():
    table = TableState(seat=1, replaying=True, names=["Ann", "Bob"], replay_at=(12, 80))
    assert replay_status(table, 80).plain == "▕█░░░░░░░▏ move 12/80 · Bob's view"
    assert replay_status(replace(table, seat=None), 80).plain.endswith("the public view")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_log_is_the_tables_state_folded_from_moves_and_chat(game_id):
    """The log's lines are the table's state (the log draws itself from them): a move's lines
    after the last, marked when another moved; a chat line, marked when another said it; a whole
    log (a reconnect, a replay's step) in their place."""
    table, state, _, world_of, _ = table_of(game_id)
    first = dict(state.view(0), to_move=1)
    waiting = heard(table, Update("m", 0, 0, first, ["P1 began."]), world_of, 0.0)
    assert waiting.log == (("P1 began.", False),) and table.log == ()  # (no view before: nobody moved)
    moved = heard(waiting, Update("m", 0, 1, dict(first, to_move=0), ["P1 plays."]), world_of, 0.0)
    assert moved.log == (("P1 began.", False), ("P1 plays.", True))
    said = heard(moved, Chat("m", 1, "hi", name="P1"), world_of, 0.0)
    ours = heard(said, Chat("m", 0, "hello", name="Ann"), world_of, 0.0)
    assert ours.log[2:] == (("P1 says: hi", True), ("You say: hello", False))
    mine = heard(ours, Update("m", 0, 2, dict(first, to_move=1), ["You play."]), world_of, 0.0)
    assert mine.log[-1] == ("You play.", False)
    whole = heard(mine, Update("m", 0, 2, first, ["a", "b"], whole_log=True), world_of, 0.0)
    assert whole.log == (("a", False), ("b", False)) and len(mine.log) == 5


def held_in_place(value: object, where: str = "") -> list[str]:
    """Where ``value`` holds a list, dict, set or bytearray (a holder could change it in place):
    through tuples, frozensets, read-only mappings and dataclasses (a selection); not through a
    bus message (the bus's, read as it came) or another object (a world, a picture)."""
    if isinstance(value, list | dict | set | bytearray):
        return [f"{where}: {type(value).__name__}"]
    if isinstance(value, Message):
        return []
    if isinstance(value, tuple | frozenset):
        return [found for n, item in enumerate(value) for found in held_in_place(item, f"{where}[{n}]")]
    if isinstance(value, Mapping):
        return [found for key, item in value.items() for found in held_in_place(item, f"{where}[{key!r}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            found
            for field in dataclasses.fields(value)
            for found in held_in_place(getattr(value, field.name), f"{where}.{field.name}")
        ]
    return []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_table_holds_values_not_lists_or_dicts(game_id):
    """A table's state is a value: what it holds cannot be changed in place, by default, after
    each kind of message and after the widgets' reports (the view and the world are the bus's
    and the engine's, read only)."""
    table, state, players, world_of, _ = table_of(game_id)
    names = ["Ann", *(f"P{seat}" for seat in range(1, players))]
    seated = heard(table, MatchInfo("m", 0, game_id, names, ["human"] * players, {}), world_of, 0.0)
    view = dict(state.view(0), to_move=0)
    legal = state.legal_actions() if state.to_move() == 0 else []
    turn = heard(
        heard(seated, Update("m", 0, 0, view, ["x"]), world_of, 0.0), YourTurn("m", 0, 0, view, legal), world_of, 0.0
    )
    hint = Hint("m", 0, 0, legal[0] if legal else ("x",), "", [["a", 1.0, 0.5, "", ("x",)]], [("x",)])
    asking = dataclasses.replace(turn, hint_panel=ASKING)
    hinted = heard(heard(asking, hint, world_of, 0.0), Chat("m", 1, "hi", name="P1"), world_of, 0.0)
    pointed = cursor_pointed(cursor_at(hinted, "board", (0, 0)), "board", (1, 1))
    for shown in (table, seated, turn, hinted, pointed):
        found = [
            place
            for field in dataclasses.fields(shown)
            if field.name not in ("view", "world")
            for place in held_in_place(getattr(shown, field.name), field.name)
        ]
        assert found == []


def test_the_pause_is_the_tables_state_and_a_key_skips_only_while_it_says_so():
    """``ActionPause`` keeps no copy of the seat on show: a key is held back while the table's
    state says an action is on show, and not once a state without it is assigned (a reconnect's
    table), though the pause itself has not ended."""

    async def run() -> None:
        tables: list[TableState] = [TableState(seat=0)]
        pause = ActionPause(lambda: tables[-1].pausing, lambda seat: tables.append(paused(tables[-1], seat)))
        pause.mover = 1
        lingering = asyncio.ensure_future(pause.linger(5.0))
        await asyncio.sleep(0)
        assert tables[-1].pausing == 1 and pause.pausing == 1
        tables.append(TableState(seat=0))  # a new state, no action on show in it
        assert not pause.skip(message_clock()) and not lingering.done()
        tables.append(paused(tables[-1], 1))
        assert pause.skip(message_clock())  # the rest shows at once, and the pause ends
        await lingering
        assert tables[-1].pausing is None

    asyncio.run(run())


def test_a_key_pressed_before_the_action_came_on_show_does_not_skip_it():
    """A key typed as the table opened (held for it, over SSH) is no answer to the AI's action
    that came on show before it reached the table: it does what it does."""

    async def run() -> None:
        tables: list[TableState] = [TableState(seat=0)]
        pause = ActionPause(lambda: tables[-1].pausing, lambda seat: tables.append(paused(tables[-1], seat)))
        pressed = message_clock()
        pause.mover = 1
        lingering = asyncio.ensure_future(pause.linger(5.0))
        await asyncio.sleep(0)
        assert not pause.skip(pressed) and not lingering.done()
        assert pause.skip(message_clock())
        await lingering

    asyncio.run(run())


def test_a_seat_kept_for_its_person_is_waited_for_by_their_name():
    """A rematch keeps the other seat for its person: the table said it waited for "a person to
    take seat 2", as if anyone could, though only Bob may (the header already named him)."""
    table = TableState(seat=0, names=("Ann", "Bob"), seat_kinds=("human", OPEN), view={"to_move": 1})
    assert seat_status(table).plain == "Waiting for Bob to take seat 2 (from the lobby)…"
    free = replace(table, names=("Ann", "Open seat 2"))
    assert seat_status(free).plain == "Waiting for a person to take seat 2 (from the lobby)…"


def test_a_hint_that_leaves_the_last_hints_line_says_so():
    """Merchant Lord, round 9: "Turn a 1 into a 2 (2f) … then turn a 2 into a 3 (2 favour) …
    then 1 card tucked at your 3-4 village"; the person played the first turn, and the next hint
    went on with another die and another village, nothing said of the plan it left. The table
    keeps the rest of a hint's line once its play is played; the next hint that does not start
    with it names the step left, and one that keeps to it, or comes after another play, does not."""
    from caravan_tui.screens.table_panels import hint_lines

    table, _, _, world_of, _ = table_of("merchant_lord")
    first, second, other = ("adjust", 0, 1), ("adjust", 1, 1), ("reroll", 3)
    asked = replace(table, hint_panel=ASKING, turn=0, legal=(first, second, other))
    hinted = heard(asked, Hint("m", 0, 0, first, "", [], [first, second]), world_of, 0.0)
    hinted = replace(hinted, hint_action=first)  # (as the panel shows it)
    assert acted(hinted, other).plan_left == ()  # (another play than the hint's)
    gone = acted(hinted, first)
    assert gone.plan_left == (second,) and gone.turn is None
    again = replace(gone, hint_panel=ASKING, turn=0, legal=(second, other))
    kept = heard(again, Hint("m", 0, 0, second, "", [], [second]), world_of, 0.0)
    assert kept.plan_dropped is None and kept.plan_left == ()
    left = heard(again, Hint("m", 0, 0, other, "", [], [other]), world_of, 0.0)
    assert left.plan_dropped == second and left.plan_left == ()
    assert (
        heard(replace(again, legal=(other,)), Hint("m", 0, 0, other, "", [], [other]), world_of, 0.0).plan_dropped
        is None
    )
    # the panel says it under how it stands
    rows = [["Reroll 4", 0.6, 0.4, "a 64% chance of a sale", other]]
    lines = hint_lines(rows, ["Reroll 4"], "", [3, 4], 0, 2, None, dropped='"Turn a 2 into a 3 (2f)"')
    stands = next(i for i, line in enumerate(lines) if line.startswith("How it stands"))
    assert lines[stands + 1] == (
        'A new line: the last hint\'s line went on with "Turn a 2 into a 3 (2f)", which this search ranks lower.'
    )


def test_a_hints_line_is_shown_up_to_a_later_roll():
    """Merchant Lord, round 6: the hint said "Turn a 3 into a 4 (2f) … then 1 card tucked at your
    1-6 village" (its words stop before a roll), and the next said "the last hint's went on with
    "Reroll 1 (1f)"", a roll never named. The line a hint shows stops before a later move the
    game says draws on chance; a roll hinted now is the hint's own move."""
    from caravan_tui.ai.explain import said_line
    from caravan_tui.games import get_game

    game = get_game("merchant_lord")
    world = game.new(2, seed=1, options={})
    world.favour[0] = 5
    turn = next(action for action in world.legal_actions() if action[0] == "adjust")
    after = world.clone()
    after.apply(turn, False)
    roll = next(action for action in after.legal_actions() if action[0] == "reroll")
    sale_or_end = next(action for action in after.legal_actions() if action[0] == "end_favour")
    assert said_line(game, world, [turn, roll]) == (turn,)
    assert said_line(game, world, [turn, sale_or_end]) == (turn, sale_or_end)
    assert said_line(game, world, [roll]) == (roll,)


def test_a_merchant_lord_end_of_favour_with_no_sale_after_it_says_so():
    """The plays list read "No more favour: sell" where no village fitted the dice (the hint then
    said "then no village fits these dice"): it reads "No more favour: no sale" there."""
    import random

    from caravan_tui.bus import YourTurn
    from caravan_tui.games.merchant_lord.play_lines import short_play

    game = GAMES["merchant_lord"]

    def at(seed: int, steps: int):
        state, rng = game.new(2, seed=seed, options={}), random.Random(seed)
        for _ in range(steps):
            state.apply(rng.choice(state.legal_actions()), False)
        table = game_screen_class(game).TABLE(seat=0)
        message = YourTurn("m", 0, steps, state.view(0), list(state.legal_actions()))
        return heard(table, message, lambda view: game.from_view(view, 0), 0.0)

    assert short_play(at(0, 9), ("end_favour",), None) == "No more favour: no sale"
    assert short_play(at(1, 0), ("end_favour",), None) == "No more favour: sell"
