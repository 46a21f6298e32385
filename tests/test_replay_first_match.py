"""What newcomers found in their first replay: the footer offered "← Back" and "esc Back" side by
side (one steps a move back, the other leaves the replay), and ``h`` toggles what the AI weighed
at its move from the first press."""

from __future__ import annotations

import dataclasses
import random

import pytest
from textual.events import Key

from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.saves.snapshot import Snapshot
from caravan_tui.screens.table_panels import PanelWords
from caravan_tui.widgets import TablePanel
from caravan_tui.widgets.footer import KeysFooter

from tables import wait_for

SIZE = (80, 24)


def weighed_save(store: SaveStore, game) -> dict[int, list]:
    """A finished match of random moves, a person ("Ann") against an AI seat ("Bob") that
    recorded what it weighed at each of its moves with a choice; those records by move."""
    state = game.new(2, seed=7, options=game.quick_options)
    rng, actions, weighed = random.Random(7), [], {}
    while not state.is_over():
        legal = state.legal_actions()
        action = rng.choice(legal)
        if state.to_move() == 1 and len(legal) > 1:
            weighed[len(actions)] = [[action, 0.6, "the reason it played"], [legal[0], 0.3, "another"]]
        state.apply(action)
        actions.append(action)
    write_over(store, game, game.quick_options, state, actions, weighed)
    return weighed


def write_over(store: SaveStore, game, options: dict, state, actions: list, weighed: dict | None = None) -> None:
    """The finished match of ``actions`` (seed 7), a person ("Ann") against an AI seat ("Bob")."""
    store.write(
        Snapshot(
            match_id="m",
            game_id=game.id,
            options=game.resolve_options(options),
            players=2,
            seats=["human", "ai:easy"],
            names=["Ann", "Bob"],
            seed=7,
            actions=actions,
            state=state.to_data(),
            status="over",
            result=state.outcome(),
            weighed=weighed or {},
        )
    )


@pytest.mark.thorough
def h_says(screen) -> str:
    """What the footer says ``h`` does now."""
    said = [
        active.binding.description
        for active in screen.active_bindings.values()
        if active.binding.key == "h" and active.binding.show and active.enabled
    ]
    assert len(said) == 1, said
    return said[0]


@pytest.mark.thorough
async def test_the_replays_footer_names_each_key_once_and_h_toggles_what_the_ai_weighed_from_the_first_press(tmp_path):
    store = SaveStore(tmp_path)
    weighed = weighed_save(store, GAMES["merchant_lord"])
    app = CaravanApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay("m", seat=0, position=0)
        await wait_for(
            pilot,
            lambda: (
                getattr(app.screen, "replaying", False)
                and app.screen.is_mounted
                and any(footer.shown_keys for footer in app.screen.query(KeysFooter))
            ),
            "the replay",
        )
        screen = app.screen
        shown = [
            active.binding.description
            for active in screen.active_bindings.values()
            if active.binding.show and active.enabled
        ]
        assert len(shown) == len(set(shown)), shown  # (it offered "← Back" and "esc Back")
        assert {"Prev", "Next", "Back"} <= set(shown)
        panel = screen.query_one("#hint-panel", TablePanel)
        moves = sorted(weighed)[:3]
        for move in moves:  # at each AI move it shows; the first h hides it, the next shows it again
            await pilot.press(*["right"] * (move + 1 - screen.replay.position))
            await wait_for(pilot, lambda at=move + 1: screen.replay.position == at, "the AI's move")
            assert panel.showing and "the reason it played" in panel.text
            # (the footer says what h does: "h Why" over a panel the step had opened by itself
            # read as asking for it, and the h put it away)
            assert h_says(screen) == "Hide why"
            await pilot.press("h")
            assert not panel.showing
            await wait_for(pilot, lambda: h_says(screen) == "Why", "the footer's Why")
            await pilot.press("right", "left")  # away and back: it stays put away
            assert not panel.showing
            await pilot.press("h")
            assert panel.showing and "the reason it played" in panel.text
        # a panel not up at an AI's move (gone with another panel's change): h shows it, never
        # flips a flag blind (the first h seemed to do nothing, the second showed it)
        screen.table_state = dataclasses.replace(screen.table, hint_panel=None)
        await pilot.pause()
        assert not panel.showing
        await pilot.press("h")
        assert panel.showing and "the reason it played" in panel.text
        # on a busy host an h can come after an AI's move is stepped to but before it is drawn:
        # the person has not seen the panel, and h shows it (it put away the panel still to come)
        await pilot.press(*["left"] * (screen.replay.position - moves[0]))
        await wait_for(pilot, lambda: screen.replay.position == moves[0], "the move before the AI's")
        assert panel.showing and str(panel.border_title).startswith("Nothing weighed")  # (no AI's: it says so)
        screen.replay.step(1)
        update = screen.replay.queue.get_nowait()  # (the step's update, handled here: no draw between)
        screen.handle(update)
        screen.action_weighed()
        await pilot.pause()
        assert panel.showing and "the reason it played" in panel.text
        # → and h typed together: the step's panel drawn before the h was handled, though after it
        # was typed (the panel came and went within a frame, and the h seemed to do nothing)
        before = screen.overlays.weighed_drawn_at
        await pilot.press("left", "right")
        drawn = lambda: screen.overlays.weighed_drawn_at  # noqa: E731
        await wait_for(pilot, lambda: drawn() != before and drawn()[0] == moves[0] + 1, "the step drawn")
        assert panel.showing
        typed = Key("h", "h")
        typed.time = screen.overlays.weighed_drawn_at[1] - 0.01
        screen.post_message(typed)
        await pilot.pause()
        assert panel.showing and "the reason it played" in panel.text
        await pilot.press("h")  # (typed after: it puts the panel away)
        assert not panel.showing


@pytest.mark.thorough
async def test_what_was_put_away_at_a_persons_move_stays_away_at_the_next_ais(tmp_path):
    """Caravans of Ahldarahd's replay: `h` at a person's move showed "Nothing weighed", `h` put
    it away, and ← to an AI's move brought "What AI 2 weighed" back by itself."""
    store = SaveStore(tmp_path)
    weighed = weighed_save(store, GAMES["merchant_lord"])
    app = CaravanApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        move = next(move for move in sorted(weighed) if move + 1 not in weighed)  # (an AI's, then a person's)
        app.open_replay("m", seat=0, position=move + 2)
        await wait_for(pilot, lambda: getattr(app.screen, "replaying", False) and app.screen.is_mounted, "the replay")
        screen = app.screen
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: screen.table.replay_at is not None, "the person's move")
        assert screen.replay.weighed(screen.replay.position) is None
        await pilot.press("h")
        await wait_for(pilot, lambda: panel.showing and "Nothing weighed" in str(panel.border_title), "why")
        await pilot.press("h")
        await wait_for(pilot, lambda: not panel.showing, "put away")
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.replay.position == move + 1, "the AI's move")
        await pilot.pause()
        assert not panel.showing
        await pilot.press("h")
        await wait_for(pilot, lambda: panel.showing and "the reason it played" in panel.text, "asked for")


@pytest.mark.thorough
async def test_the_arrows_step_on_from_a_hands_summary_in_a_replay(tmp_path):
    """The bug: stepping through a Decktet Caravan replay with →, the summary of a hand's end
    came up and took the next → keys, doing nothing with them (only enter or escape closed it)."""
    from caravan_tui.games.decktet_caravan.hand_summary import HandSummaryScreen

    store, game, options = SaveStore(tmp_path), GAMES["decktet_caravan"], {"hands": 2}
    state = game.new(2, seed=7, options=options)
    rng, actions, first_end = random.Random(7), [], 0
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
        if not first_end and state.view(0)["history"]:
            first_end = len(actions)
    write_over(store, game, options, state, actions)
    app = CaravanApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay("m", seat=0, position=first_end - 1)
        await wait_for(pilot, lambda: getattr(app.screen, "replaying", False) and app.screen.is_mounted, "the replay")
        table = app.screen
        await pilot.press("right")
        await wait_for(pilot, lambda: isinstance(app.screen, HandSummaryScreen), "the hand's summary")
        await pilot.press("right")
        await wait_for(pilot, lambda: app.screen is table, "the table again")
        assert table.replay.position == first_end + 1  # (the → stepped on, not only closed the summary)


@pytest.mark.thorough
async def test_h_right_after_a_step_shows_the_moves_own_panel_not_hides_it(tmp_path):
    """Decktet Caravan: `h` at a person's move ("Nothing weighed"), → to an AI's move, `h`:
    nothing, and a second `h` showed what the AI weighed. Under load the first `h` came before the
    step was shown, and read the panel of the move before as the one to put away."""
    store = SaveStore(tmp_path)
    weighed = weighed_save(store, GAMES["merchant_lord"])
    app = CaravanApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        move = sorted(weighed)[0]
        app.open_replay("m", seat=0, position=move)
        await wait_for(pilot, lambda: getattr(app.screen, "replaying", False) and app.screen.is_mounted, "the replay")
        screen = app.screen
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: screen.table.replay_at is not None, "the move before the AI's")
        screen.open_panel("hint", PanelWords("Nothing weighed", ("A person's move.",)))  # (the move before's)
        await pilot.pause()
        screen.replay.step(1)  # → and h before the step is shown
        screen.overlays.toggle_weighed()
        await wait_for(pilot, lambda: screen.table.replay_at[0] == move + 1, "the AI's move")
        await pilot.pause()
        assert panel.showing and "the reason it played" in panel.text


@pytest.mark.thorough
async def test_a_replay_calls_the_watchers_own_seat_you_and_no_other_seats_view(tmp_path):
    """Merchant Lord, the replay of one's own match: the board read "▶Root" and "Root's dice"
    beside a log that said "you roll 2 4 2 6"; Decktet Caravan's, in AI 2's view, said "you lead"
    of AI 2. The watcher's own seat is "you" in its own view, another seat by its name; in another
    seat's view every seat by its name, as the log there names them ("you roll" beside "Ann rolls")."""
    from caravan_tui.screens.requests import ChangeReplayView

    store = SaveStore(tmp_path)
    weighed_save(store, GAMES["merchant_lord"])
    app = CaravanApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay("m", seat=0, position=3)
        await wait_for(pilot, lambda: getattr(app.screen, "replaying", False) and app.screen.is_mounted, "the replay")
        table = app.screen.table
        assert (table.short_name(0), table.whose(), table.seat_name(0)) == ("You", "Your", "Ann (you)")
        assert table.words("{p0} roll{p0:s}; {p1} lead{p1:s}.") == "You roll; Bob leads."
        app.post_message(ChangeReplayView(app.screen))  # (v: Bob's view)
        await wait_for(pilot, lambda: getattr(app.screen, "seat", None) == 1, "Bob's view")
        table = app.screen.table
        assert (table.short_name(1), table.whose(), table.seat_name(1)) == ("Bob", "Bob's", "Bob")
        assert table.words("{p1} lead{p1:s}; {p0} roll{p0:s}.") == "Bob leads; Ann rolls."


@pytest.mark.thorough
async def test_what_was_put_away_stays_away_in_the_next_view(tmp_path):
    """Decktet Caravan's replay: `h` put "What AI 2 weighed" away, and `v` for the next seat's
    view brought it back at the same move."""
    store = SaveStore(tmp_path)
    weighed = weighed_save(store, GAMES["merchant_lord"])
    app = CaravanApp(store=store)
    async with app.run_test(size=SIZE) as pilot:
        move = min(weighed)
        app.open_replay("m", seat=0, position=move + 1)  # (the AI's move on show)
        await wait_for(pilot, lambda: getattr(app.screen, "replaying", False) and app.screen.is_mounted, "the replay")
        screen = app.screen
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.showing and "the reason it played" in panel.text, "what it weighed")
        await pilot.press("h")
        await wait_for(pilot, lambda: not panel.showing, "put away")
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen is not screen and app.screen.is_mounted, "the next view")
        other = app.screen
        await wait_for(pilot, lambda: other.table.replay_at is not None, "the move in the next view")
        await pilot.pause()
        assert not other.query_one("#hint-panel", TablePanel).showing
        await pilot.press("h")
        await wait_for(pilot, lambda: other.query_one("#hint-panel", TablePanel).showing, "asked for again")
