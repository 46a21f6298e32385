"""The newcomer play-test's findings (notes/newcomer-report.md), each as a person meets it at
80×24: what a key does is what the screen says for the focused area, and the lines that carry a
promise are whole."""

from __future__ import annotations

import dataclasses

import pytest
from test_merchant_lord_screen import at_my_turn, builder, cursor_to, focus, play_until

from caravan_tui.games.merchant_lord.rules import SELL
from caravan_tui.games.merchant_lord.table_text import TO_THE_HAND
from caravan_tui.games.merchant_lord.widgets import ChipBar, VillageBoard
from caravan_tui.textual_adapter import notices, screen_lines

from tables import wait_for


def a_sale_with_or_without_a_tuck(state) -> bool:
    """Seat 0 sells, and at one village it may sell with no tuck or with one (finding 1)."""
    if state.turn != 0 or state.phase != SELL:
        return False
    sells = [a for a in state.legal_actions() if a[0] == "sell"]
    bare = {a[1] for a in sells if not a[2]}
    return any(a[2] and a[1] in bare for a in sells)


@pytest.mark.thorough
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


@pytest.mark.thorough
async def test_caravanserais_placement_line_is_whole_with_three_seats_at_80x24(tmp_path):
    """Finding 3: with three seats the line under the players read "You · camel now: caravan
    1→6, count 2 · laid 1K" or ended in a bare "·". Its first row is whole (the caravan and
    the count); the blocks laid (left out, counted) go on a row of their own, never cut after a
    piece."""
    from caravan_tui.textual_adapter import screen_lines

    from tables import table_shown

    async with table_shown(tmp_path, three_seats_mid_placement()) as (app, pilot, screen):
        await wait_for(pilot, lambda: screen.table.turn is not None, "my turn")
        await pilot.pause()
        line = screen.query_one("#cs-turn")
        said = str(line.render()).split("\n")
        assert "count" in said[0] and said[1].startswith("left out "), said
        box = line.region
        first = screen_lines(app.screen)[box.y][box.x : box.right].strip()
        assert first == said[0].strip() and not first.endswith("·"), first  # the figures whole


def test_ahldarahds_enter_line_keeps_the_map_and_the_route_kind_apart():
    """Finding 6: two plays of the build read the same on the Enter line ("Claim
    Textiles–Incense with an Incense card and 0 gold" twice, on two maps). The brief words keep
    the kind and the map, so no two plays read alike."""
    from test_ahldarahd import fresh, set_hand, to_build

    from caravan_tui.engine import render
    from caravan_tui.games.ahldarahd.describe import describe

    state = to_build(fresh(3), 0)
    set_hand(state, 0, ["red Incense", "blue Incense", "red Horses", "green Salt"])
    state.gold[0] = 9
    names = ["Ann", "AI 2 (normal)", "AI 3 (normal)"]
    routes = [a for a in state.legal_actions() if a[0] in ("claim", "buy")]
    said = {action: render(describe(state, action, brief=True), names, 0) for action in routes}
    assert len({a[1] for a in routes}) > 1, routes  # (plays on more than one map)
    assert len(set(said.values())) == len(said), sorted(said.values())
    assert any(" on your map " in words for words in said.values())
    assert any("(sea)" in words or "(land)" in words for words in said.values())


def test_an_auctions_enter_line_names_the_leader_once_and_fits_two_rows():
    """Finding 3: "enter: Raise to 1 gold for AI 2 (normal)'s Right of Passage (AI 2 (normal)
    bid 0; you ha……". The panel above names the leader; the line does not repeat it."""
    import random

    from test_ahldarahd import fresh

    from caravan_tui.engine import render
    from caravan_tui.games.ahldarahd.describe import describe

    state, rng = fresh(3, seed=3), random.Random(3)
    names = ["Ann", "AI 2 (normal)", "AI 3 (normal)"]
    for _ in range(300):
        raises = [a for a in state.legal_actions() if a[0] == "raise"]
        if raises:
            break
        state.apply(rng.choice(state.legal_actions()))
    else:
        raise AssertionError("no auction")
    seat = state.to_move()
    words = render(describe(state, raises[0], brief=True), names, seat)
    assert words.startswith("Raise to ") and f"high bid {state.high}" in words, words
    assert words.count("(normal)") <= 1, words
    assert len(f"enter: {words}") <= 2 * 46, words  # two rows of the left column at 80 columns


async def test_a_status_line_cut_after_its_rows_ends_in_one_ellipsis():
    """Finding 3: a cut Enter line ended "you ha……": the row was cut with its own "…" and one
    more added. One "…" marks the cut."""
    from rich.text import Text
    from textual.app import App

    from caravan_tui.widgets.table_text import StatusLine

    said = Text(" ".join(letter * 40 for letter in "xyz"), style="bold")  # (rows as wide as the line)
    said.overflow = "ellipsis"

    class Line(App):
        def compose(self):
            yield StatusLine(lambda _table: said, 2, id="status")

    app = Line()
    async with app.run_test(size=(40, 6)) as pilot:
        line = app.query_one(StatusLine)
        line.table_state = object()  # (any state: the line words itself from ``said``)
        await pilot.pause()
        shown = str(line.render())
        assert shown.endswith("…") and "……" not in shown and shown.count("\n") == 1, shown


async def test_your_record_shows_every_column_whole_at_80_columns(tmp_path):
    """Finding 3: the record's last column read "0 (bes" at 80 columns (a sideways scroll to
    read "0 (best 0)")."""
    from test_your_record import DECKTET, PERSON, RANDOM, play

    from caravan_tui.saves import SaveStore
    from caravan_tui.screens.your_record import YourRecordScreen
    from caravan_tui.textual_adapter import screen_lines

    from tables import quick_app

    store = SaveStore(tmp_path)
    await play(store, DECKTET, [PERSON, RANDOM], 1)
    app = quick_app(store.root, iterations=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, YourRecordScreen), "the record")
        # (the saves are read in a worker: on a busy machine the first frame says so)
        await wait_for(pilot, lambda: "Decktet Caravan" in "\n".join(screen_lines(app.screen)), "the saves read")
        shown = "\n".join(screen_lines(app.screen))
        assert "Decktet Caravan" in shown and "(best " in shown, shown
        line = next(row for row in shown.splitlines() if "Decktet Caravan" in row)
        assert line[line.index("(best ") :].split(")")[0].removeprefix("(best ").strip().isdigit(), line


async def test_homes_continue_line_keeps_the_number_of_moves_with_its_word(tmp_path):
    """Finding 3: "Continue: Decktet Caravan, Root vs AI 2 (normal) (20" / "moves)" at 80×24."""
    from test_your_record import DECKTET, PERSON, RANDOM, play

    from caravan_tui.saves import SaveStore
    from caravan_tui.screens.home import HomeScreen
    from caravan_tui.textual_adapter import screen_lines

    from tables import quick_app

    store = SaveStore(tmp_path)
    await play(store, DECKTET, [PERSON, RANDOM], 7, moves=20)  # unfinished: Continue offers it
    app = quick_app(store.root, iterations=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, HomeScreen)
                and "Continue" in str(app.screen.query_one("#home-continue").render())
            ),
            "home",
        )
        await pilot.pause()
        rows = [row for row in screen_lines(app.screen) if "moves" in row or "Continue" in row]
        assert any("Continue: Decktet Caravan (" in row and " moves)" in row for row in rows), rows


@pytest.mark.thorough
async def test_undo_says_why_where_nothing_of_yours_can_be_taken_back(tmp_path):
    """Finding 2: "u Undo" in Decktet Caravan's footer on every turn, refused after each AI
    reply ("cannot undo past …"); then the key was dimmed and did nothing, which said it
    by colour alone. The host says with each turn whether it would take back; where it would
    not, the footer leaves ``u`` out, and ``u`` leaves the position as it is and says why in
    words."""
    from test_one_truth import match_table

    from caravan_tui.textual_adapter import notices

    app, runner, screen = match_table(tmp_path, "decktet_caravan", 2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen)
        runner.start()
        try:
            await wait_for(pilot, lambda: screen.table.turn is not None, "my first turn")
            for _ in range(6):  # my plays and the random seat's answers: each answer shows a card
                moves = len(runner.host.actions)
                screen.act(screen.table.legal[0])
                await wait_for(
                    pilot,
                    lambda moves=moves: (
                        (screen.table.turn is not None and len(runner.host.actions) > moves + 1)
                        or runner.host.state.is_over()
                    ),
                    "my turn",
                )
                if runner.host.state.is_over():
                    break
                possible = isinstance(runner.host._undo_target(0), int)
                assert screen.table.undo == possible
                await pilot.pause()
                footer = screen_lines(app.screen)[-1]
                assert ("u Undo" in footer) == possible, footer  # (offered beside a refusal, it misled)
                if not possible:
                    turn = screen.table.turn
                    await pilot.press("u")
                    await wait_for(
                        pilot,
                        lambda: any("cannot undo past" in n.message for n in notices(app)),
                        "the reason, in words",
                    )
                    assert screen.table.turn == turn and len(runner.host.actions) == moves + 2
                    return
            raise AssertionError("undo was possible after every reply")
        finally:
            runner.stop()


def test_decktets_how_to_play_says_an_ace_or_crown_may_stand_in_for_a_rank():
    """Finding 5: the plays list shows "Caravan A≈V→3 …" from the first turn, but How to play
    never said an Ace or Crown may stand in for a rank 2–9 (the rules, §caravans, do)."""
    from caravan_tui.games import GAMES
    from caravan_tui.screens.how_to_play import how_to_play

    short = " ".join(how_to_play(GAMES["decktet_caravan"].rules).split())
    assert "an Ace or Crown may stand in for a rank 2–9" in short and "→9" in short


def test_a_hints_alternative_reason_after_the_dash_reads_your_in_lower_case():
    """Finding 7: "— Your Right of Passage is worth about 3 gold" (a capital mid-sentence). A
    seat's name after the dash keeps its capital."""
    from caravan_tui.screens.table_panels import explanation

    candidates = [
        ["Pass", 0.6, 0.7, "keeps your gold"],
        ["Raise to 2 gold", 0.3, 0.68, "Your Right of Passage is worth about 3 gold to you"],
        ["Raise to 3 gold", 0.1, 0.4, "Bob takes the Shah"],
    ]
    lines = explanation(candidates)
    assert any(line.endswith("— your Right of Passage is worth about 3 gold to you") for line in lines), lines
    assert any(line.endswith("— Bob takes the Shah") for line in lines), lines


def test_caravanserais_safety_end_and_its_variant_help_are_in_plain_words():
    """Finding 8: "The game ended: no seat can place any more (the safety end)." and the new-match
    form's "variant basic ▼ Expert: 7 goods a colour…" (help for the choice not chosen)."""
    from caravan_tui.games import GAMES
    from caravan_tui.games.caravanserai.words import SAFETY, SAFETY_WORDS

    from tables import offline_screen

    screen = offline_screen("caravanserai")
    screen.table_state = dataclasses.replace(screen.table, names=["Ann", "Bob"])
    summary = screen.match_summary(
        {"players": 2, "caravans": [[], []], "reserves": [[0] * 6, [0] * 6], "end": SAFETY, "trigger": None}
    )
    shown = " ".join(str(line) for line in summary.renderables[1:])
    assert "safety end" not in shown and shown == SAFETY_WORDS and "ended early" in shown
    help_text = GAMES["caravanserai"].options["variant"].help
    assert help_text.startswith("basic: ") and "; expert: " in help_text


def test_ahldarahds_how_to_play_says_how_many_routes_take_a_small_city():
    """ "a 3-route city falls to 2 routes" read as the city losing a route: 2 of its 3 routes
    take it (a strict majority, rules §4)."""
    from caravan_tui.games import GAMES
    from caravan_tui.games.ahldarahd.maps import DEGREE, MAJORITY
    from caravan_tui.screens.how_to_play import how_to_play

    short = " ".join(how_to_play(GAMES["ahldarahd"].rules).split())
    assert "falls to" not in short and "fall to" not in short
    assert dict(zip(DEGREE, MAJORITY))[3] == 2
    assert "2 routes of their own take a 3-route city" in short
    assert "A small city (3 routes) is taken with 2 of them" in GAMES["ahldarahd"].rules  # (its tips)


def test_caravanserais_end_line_nests_no_brackets():
    """ "The game is over (no seat can place any more (the safety end))." read as a slip."""
    from caravan_tui.games import get_game
    from caravan_tui.games.caravanserai.words import SAFETY

    for players in (1, 2):
        state, events = get_game("caravanserai").new(players, seed=1), []
        state._finish(SAFETY, events)
        text = events[-1].text
        assert text.startswith(f"The game is over: {SAFETY}. ") and "))" not in text, text
