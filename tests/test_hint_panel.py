"""The hint panel at 80×24: its labels agree with the figures beside them, and a hint longer
than the panel scrolls rather than being cut mid-sentence."""

from __future__ import annotations

import pytest

from caravan_tui.ai.explain import chance_words
from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.table_panels import PanelWords, explanation
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets import TablePanel

from tables import BareApp, Table, settled, wait_for


def two(value: float, proven: bool = False) -> str:
    """A win chance between two, in words (a hint's ``between``)."""
    return chance_words(value, 2)


SIZE = (80, 24)


def test_a_weaker_move_whose_figures_grow_more_says_it_is_weaker_in_the_end():
    rows = [
        ("Lay A", 0.6, 0.60, "caravan 24 → 25"),
        ("Lay B", 0.3, 0.59, "caravan 24 → 24"),
        ("Lay C", 0.1, 0.40, "caravan 24 → 26"),
    ]
    lines = explanation(rows)
    assert lines[2].startswith("Nearly as good: Lay B")
    assert lines[3].startswith("Weaker in the end: Lay C")  # was "Weaker", under a smaller 24 → 24
    assert explanation([rows[0], ("Lay D", 0.1, 0.4, "caravan 24 → 24")])[2].startswith("Weaker: Lay D")


def test_the_alternatives_come_best_first_by_the_result_their_labels_speak_of():
    """The bug: "Clearly best … Weaker … Nearly as good": the alternatives came in the search's
    order, their labels by their expected results."""
    rows = [("Go", 0.7, 0.60, ""), ("Wait", 0.2, 0.20, ""), ("Turn", 0.1, 0.58, "")]
    assert [line.split(":")[0] for line in explanation(rows)] == ["Clearly best", "Nearly as good", "Weaker"]
    assert explanation(rows)[1:] == ["Nearly as good: Turn", "Weaker: Wait"]


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", ["decktet_caravan", "camel_caravan"])
async def test_a_hint_longer_than_the_panel_scrolls_and_says_so(tmp_path, game_id):
    """The foot says where the text stands: at its end Camel Caravan's ctrl+↓ changed nothing and
    nothing said why; and beside Camel Caravan's board the panel had 10 lines of text, the plays
    list above it as tall as ever."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, game_id, game_screen_class(GAMES[game_id]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")  # (a turn that begins clears the panel)
        panel = screen.query_one("#hint-panel", TablePanel)
        lines = [f"reason {n}: " + "a long sentence about the move " * 3 + "END" for n in range(12)]
        screen.open_panel("hint", PanelWords("Hint", tuple(lines)))
        await wait_for(pilot, lambda: "ctrl+↓ more" in str(panel.border_subtitle), "the foot to say there is more")
        assert panel.max_scroll_y > 0 and panel.scroll_y == 0
        if game_id == "camel_caravan":
            assert panel.region.height >= 16 and screen.query_one("#actions").region.height >= 4
        await pilot.press("ctrl+down")
        await wait_for(pilot, lambda: panel.scroll_y > 0, "the panel to scroll")  # (a scroll is drawn a refresh later)
        await wait_for(pilot, lambda: "ctrl+↑↓ more" in str(panel.border_subtitle), "the foot to say both ways")
        await pilot.press(*["ctrl+down"] * 40)
        await wait_for(pilot, lambda: panel.scroll_y == panel.max_scroll_y, "the last line")  # it can be reached
        await wait_for(pilot, lambda: "the end · ctrl+↑" in str(panel.border_subtitle), "the foot to say it ends")
        screen_text = "\n".join(line for line in screen_lines(app.screen))
        assert "END" in screen_text.split("reason 11")[-1]


@pytest.mark.thorough
async def test_the_foot_says_there_is_more_when_the_panel_shrinks_after_it_showed(tmp_path):
    """The foot follows the panel's size, not only the first refresh after ``show`` (a smaller
    terminal, or a layout that comes later on a busy machine)."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        panel = screen.query_one("#hint-panel", TablePanel)
        screen.open_panel("hint", PanelWords("Hint", tuple(f"reason {n}" for n in range(3))))
        await wait_for(pilot, lambda: panel.region.height > 0, "the panel")
        assert panel.max_scroll_y == 0 and "more" not in str(panel.border_subtitle)
        panel.styles.max_height = 4
        await wait_for(pilot, lambda: panel.max_scroll_y > 0, "the panel to be cut")
        await wait_for(pilot, lambda: "more" in str(panel.border_subtitle), "the foot to say there is more")


@pytest.mark.thorough
@pytest.mark.parametrize("game_id", ["decktet_caravan", "merchant_lord"])  # (beside the board; over it)
async def test_the_hint_panel_stands_above_every_line_of_a_two_line_status(tmp_path, game_id):
    """The bug: the panel sat one line above the board's foot, over the first line of a status
    that had wrapped to two; " 6♣L⌘K 7☾M♣L 8≈V♣L A♣L→9" was all that showed of it."""
    from rich.text import Text

    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, game_id, game_screen_class(GAMES[game_id]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        status = screen.query_one("#status")
        status.line_of = lambda _table: Text("Enter plays Caravan FIRST " + "6♣L⌘K 7☾M♣L " * 5 + "LAST")
        screen.open_panel("hint", PanelWords("Hint", ("Play the caravan.",)))  # (a new state: the line draws it)
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.display and status.region.height == 2, "the panel and two lines")
        await pilot.pause()
        assert not panel.region.overlaps(status.region), (panel.region, status.region)
        shown = "\n".join(screen_lines(app.screen))
        assert "FIRST" in shown and "LAST" in shown


@pytest.mark.thorough
async def test_since_your_last_turns_title_and_foot_are_whole_where_the_panel_stands(tmp_path):
    """The bug: "Since your last turn (es…" and "ctrl+l: the whole log · …" in the side column,
    where Caravanserai's panels stand (28 columns)."""
    from caravan_tui.screens.table_panels import SINCE_TITLE, since_lines

    for game_id in ("caravanserai", "decktet_caravan"):
        app = BareApp(store=SaveStore(tmp_path / game_id))
        table = Table(app, game_id, game_screen_class(GAMES[game_id]), 1, {})
        screen = table.screen
        async with app.run_test(size=SIZE) as pilot, table:
            await wait_for(pilot, lambda screen=screen: settled(screen), "the table")
            lines, foot = since_lines([f"AI 2 did a long thing number {n} on the board" for n in range(20)], 20)
            screen.open_panel("since", PanelWords(SINCE_TITLE, tuple(lines), foot, latest=True))  # (as ``since_panel``)
            panel = screen.query_one("#since-panel", TablePanel)
            await wait_for(
                pilot, lambda panel=panel: panel.display and "earlier" in str(panel.border_subtitle), "the panel"
            )
            await pilot.pause()
            rows = screen_lines(app.screen)
            box = panel.region
            top, bottom = rows[box.y][box.x : box.right], rows[box.bottom - 1][box.x : box.right]
            assert SINCE_TITLE in top, (game_id, top)
            assert str(panel.border_subtitle) in bottom and "…" not in bottom, (game_id, bottom)


@pytest.mark.thorough
async def test_a_narrow_panels_foot_says_there_is_more_below_before_its_own_words(tmp_path):
    """The bug: on every Caravanserai placement hint the foot read "key 3: turn west" where
    "ctrl+↓ more" belonged (the two do not fit the side column together), and "How it stands",
    the hint's last line, lay below the fold with nothing saying so."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "caravanserai", game_screen_class(GAMES["caravanserai"]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        lines = tuple(f"A long line of the hint, number {n}, about a placement" for n in range(12))
        screen.open_panel("hint", PanelWords("Hint", (*lines, "How it stands: even"), "key 3: turn west"))
        panel = screen.query_one("#hint-panel", TablePanel)
        await wait_for(pilot, lambda: panel.display and panel.max_scroll_y > 0, "the panel longer than it shows")
        await pilot.pause()
        assert len("key 3: turn west · ctrl+↓ more") > panel.size.width - 6  # (they do not fit together)
        assert str(panel.border_subtitle) == "ctrl+↓ more"
        panel.scroll_lines(1)
        await wait_for(pilot, lambda: str(panel.border_subtitle) == "ctrl+↑↓ more", "further on")
        panel.scroll_lines(panel.max_scroll_y)
        await wait_for(pilot, lambda: str(panel.border_subtitle) == "key 3: turn west", "its end: its own words")


def test_an_alternative_keeps_a_bracket_whole_where_it_shares_part_of_it():
    """Merchant Lord: "Or: Reroll 3 (1f) — … a 33% chance of a sale (now: no village fits these
    dice" ended there, its bracket split at the "; " inside it and half of it left out as the
    suggestion's."""
    rows = [
        ("Reroll 2", 0.5, 0.5, "a 20% chance of a sale (now: no village fits these dice; no card in hand to tuck)"),
        ("Reroll 3", 0.4, 0.49, "a 33% chance of a sale (now: no village fits these dice; no card in hand to tuck)"),
    ]
    lines = explanation(rows)
    assert lines[-1].endswith("a 33% chance of a sale (now: no village fits these dice; no card in hand to tuck)")


def test_the_since_panel_keeps_a_turn_of_ours_the_rules_played_among_the_latest():
    """Merchant Lord: a round the rules played for the person ("You can sell nowhere; 2 4 4 6 go to
    the market") was among "14 more", and the round counter jumped from 3 to 5 unexplained."""
    from caravan_tui.screens.table_panels import SINCE_SHOWN, since_lines

    since = [f"AI 2 did thing {n}." for n in range(6)]
    since += ["You can sell nowhere; 2 4 4 6 go to the market: +4 favour."]
    since += [f"AI 3 did thing {n}." for n in range(14)]
    lines, foot = since_lines(since, 20)
    assert len(lines) == SINCE_SHOWN and lines[0].startswith("You can sell nowhere")
    assert lines[1:] == since[-(SINCE_SHOWN - 1) :]
    assert foot == f"ctrl+l: {len(since) - SINCE_SHOWN} earlier lines"  # (before those shown: "more" read as below)
    plain = [f"AI 2 did thing {n}." for n in range(20)]
    assert since_lines(plain, 20)[0] == plain[-SINCE_SHOWN:]
    assert since_lines(plain[:5], 5)[0] == plain[:5]  # (fewer than the panel holds: all of them)


def test_an_alternative_says_what_it_does_where_the_suggestion_does_the_same():
    """Camel Caravan: "Or: Place a camel on (0,5) — 2 actions — 2 actions left": the alternative's
    first part, the same words as the suggestion's, was left out and only what was left stayed."""
    rows = [
        ("Place a camel on (1,5) — 1 action", 0.6, 0.55, "a camel where it can steal AI 2's paper; 3 actions left"),
        ("Place a camel on (0,5) — 2 actions", 0.3, 0.5, "a camel where it can steal AI 2's paper; 2 actions left"),
        ("Pick up salt at (2,2) — 1 action", 0.1, 0.4, "loads salt (worth 3); 3 actions left"),
    ]
    lines = explanation(rows)
    assert any(
        line.endswith("Place a camel on (0,5) — 2 actions — a camel where it can steal AI 2's paper; 2 actions left")
        for line in lines
    ), lines
    # (all but what it does shared with the suggestion: said whole, Decktet Caravan's "Or: Caravan
    # 5☾M♣L — beats the lone 2 with 1 card" read as worth nothing)
    assert any(
        line.endswith("Pick up salt at (2,2) — 1 action — loads salt (worth 3); 3 actions left") for line in lines
    ), lines


def test_moves_alike_in_a_match_decided_either_way_are_said_to_be_so():
    """Camel Caravan, a match won 72–23: "Any of these is about as good" of a delivery for 6
    points beside an empty camel's move. Between players, where every move listed leaves the
    match won (or lost) as the search sees it, the hint says so, and each move's own figures
    beside it tell them apart."""
    rows = [
        ("Move the camel at (3,3) to (3,4)", 0.34, 0.99, "", None, 0.004),
        ("Deliver salt at (5,1)", 0.33, 0.992, "+6 points", None, 0.004),
        ("Pick up hides at (2,2)", 0.33, 0.988, "loads hides", None, 0.004),
    ]
    assert explanation(rows)[0] == "One of several about as good: Move the camel at (3,3) to (3,4)"
    lines = explanation(rows, between=two)
    assert lines[0] == "The match looks won with any of these: Move the camel at (3,3) to (3,4)"
    assert "Or: Deliver salt at (5,1) — +6 points" in lines and "Or: Pick up hides at (2,2) — loads hides" in lines
    # (none "Better" than another, whatever the noise: the match is decided with each)
    sure = [(text, share, value, reason, action, 0.0001) for text, share, value, reason, action, _ in rows]
    assert not any(line.startswith("Better") for line in explanation(sure, between=two))
    lost = [(text, share, 1 - value, *rest) for text, share, value, *rest in rows]
    assert explanation(lost, between=two)[0].startswith("The match looks lost with any of these: ")
    open_match = [(text, share, value - 0.5, *rest) for text, share, value, *rest in rows]
    assert explanation(open_match, between=two)[0].startswith("One of several about as good: ")


@pytest.mark.thorough
async def test_escape_is_offered_as_hide_while_it_puts_the_hint_away(tmp_path):
    """Over SSH: with the panel of what others did up, escape hid it and nothing else: escape,
    Down, Enter, meant for the menu's "Leave for the lobby", played a move (first with the
    footer's "esc Menu", then with its "esc Hide"). That panel is a notice: escape hides it and
    opens the menu, as it does without it. The hint's escape puts it away, and says so."""
    from caravan_tui.screens.table_panels import SINCE_TITLE

    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")

        def footer() -> str:
            return screen_lines(app.screen)[-1]

        assert "esc Menu" in footer()
        screen.open_panel("since", PanelWords(SINCE_TITLE, ("AI 2 did a thing.",)))
        await wait_for(pilot, lambda: screen.query_one("#since-panel", TablePanel).showing, "the panel")
        assert "esc Menu" in footer() and "esc Hide" not in footer()
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is not screen, "the menu")
        assert not screen.query_one("#since-panel", TablePanel).showing
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the table again")
        screen.open_panel("hint", PanelWords("Hint", ("a reason",)))
        await wait_for(pilot, lambda: "esc Hide" in footer(), "escape's word beside a hint")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not screen.query_one("#hint-panel", TablePanel).showing, "the hint put away")
        assert app.screen is screen
        await wait_for(pilot, lambda: "esc Menu" in footer(), "the menu offered again")


def test_an_alternative_keeps_a_part_the_suggestion_says_elsewhere():
    """Caravans of Ahldarahd: "Nearly as good: Claim Spices–Horses … — the Spices city: 1 of the
    3 routes it needs": its Horses part, which the suggestion (Horses–Dates) said too but first,
    was left out, and the claim read as one big city's route alone."""
    rows = [
        ("Claim Horses–Dates", 0.5, 0.5, "the Horses city: 1 of the 2 routes it needs; the Dates city: 1 of the 2"),
        (
            "Claim Spices–Horses",
            0.4,
            0.49,
            "the Spices city: 1 of the 3 routes it needs; the Horses city: 1 of the 2 routes it needs",
        ),
    ]
    assert explanation(rows)[-1].endswith(
        "Claim Spices–Horses — the Spices city: 1 of the 3 routes it needs; the Horses city: 1 of the 2 routes it needs"
    )


async def test_what_others_did_shows_its_newest_lines_where_the_panel_is_short():
    """Over SSH: the "Meanwhile" panel showed a long name's away and leave notices at its top and
    cut off its newest lines, the stand-in's moves, which were the ones to read."""
    from textual.app import App, ComposeResult

    from caravan_tui.screens.table_panels import since_panel
    from caravan_tui.widgets.table_panel import TablePanel

    name = "MarigoldVanDerStraatenOfTheSaltRoadCaraX"
    lines = [f"{name} is away.", f"{name} leaves; an AI plays the seat until their return."] * 3
    words = since_panel([*lines, "Marigold·AI sells 2 5 at their 2-5: 2 coins."], 8)
    assert words is not None and words.latest

    class Shown(App[None]):
        def compose(self) -> ComposeResult:
            panel = TablePanel(lambda _table: words)
            panel.styles.width, panel.styles.height = 29, 8
            yield panel

    app = Shown()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(TablePanel)
        panel.table_state = object()  # (its words are the same whatever the table)
        await wait_for(pilot, lambda: "earlier" in str(panel.border_subtitle), "its newest lines, the rest counted")
        await pilot.pause()
        assert panel.text.endswith("Marigold·AI sells 2 5 at their 2-5: 2 coins.") and panel.max_scroll_y == 0


def test_in_a_decided_match_the_hint_puts_first_the_move_the_game_rates_best():
    """Caravans of Ahldarahd, a match lost either way: the hint put "End your build" first, beside
    a sale of a Right of Passage for 8 gold that bought a city; the search tells such moves apart
    no more, the game's prior (its points) does."""
    from caravan_tui.ai.explain import Candidate, decided_first

    game = GAMES["camel_caravan"]
    state = game.new(2, seed=3)
    seat = state.to_move()
    legal = state.legal_actions()
    rated = dict(zip(legal, game.ai.prior(state, legal), strict=True))
    ranked = sorted(legal, key=rated.__getitem__)  # (the search's first is the prior's last)
    assert rated[ranked[0]] < rated[ranked[-1]]
    chosen = [ranked[0], ranked[len(ranked) // 2], ranked[-1]]
    found = [Candidate(action, 0.3, 0.99 - 0.001 * index) for index, action in enumerate(chosen)]
    assert [c.action for c in decided_first("camel_caravan", state.view(seat), seat, found)] == [
        ranked[-1],
        ranked[0],
        ranked[len(ranked) // 2],
    ]
    open_match = [candidate._replace(value=candidate.value - 0.5) for candidate in found]
    assert decided_first("camel_caravan", state.view(seat), seat, open_match) == open_match  # (as it was)


def test_an_alternative_says_its_whole_reason_the_parts_it_shares_too():
    """Decktet Caravan: "Or: Caravan 5☀S≈V 6☀S∿Y — … keeps 2 Crowns and 2 Aces" beside others'
    "you collect 2 cards worth −2", the same for it but left out as the suggestion's; Caravans of
    Ahldarahd: "the Ivory city: 1 of the 3 routes it needs" without the Spices city it took a
    route towards too. Each alternative is said whole."""
    rows = [
        ("Sell your 3-4: 2¢", 0.6, 0.55, "sale at your 3-4 village; 2 coins; dice 1 2 left; no village fits"),
        (
            "Sell AI 3's 3-4: 2¢",
            0.4,
            0.54,
            "sale at AI 3's 3-4 village; pays AI 3 2 coins; dice 1 2 left; no village fits",
        ),
    ]
    lines = explanation(rows)
    assert lines[-1].endswith("— sale at AI 3's 3-4 village; pays AI 3 2 coins; dice 1 2 left; no village fits"), lines


def test_a_weaker_move_in_a_solo_game_says_its_expected_end_beside_the_suggestions():
    """Solo Caravanserai: "Weaker in the end" of a move the review then graded a blunder, 9
    pieces short, its own figures (25 against 24 long, 4 camels back against 3) all larger, and
    nothing said of how much weaker."""
    from caravan_tui.games import get_game
    from caravan_tui.screens.table_panels import hint_lines

    solo = get_game("caravanserai").ai.review.solo
    rows = [
        ["Head NE", 0.6, 43 / solo.scale, "lays 2W camel; caravan 24 → 25", ("dir", 1), 0.001],
        ["Head SE", 0.3, 34 / solo.scale, "lays 3W camel; caravan 24 → 27", ("dir", 2), 0.001],
    ]
    lines = hint_lines(rows, ["Head NE", "Head SE"], "", [24.0], 0, 1, None, solo=solo)
    assert lines[-1].startswith("Weaker in the end (the hint expects about 34 pieces, against 43 pieces): Head SE")
    between = hint_lines(rows, ["Head NE", "Head SE"], "", [24.0, 20.0], 0, 2, None, solo=solo)
    assert "the hint expects about" not in between[-1]  # (between players the figure is a win chance)


def test_an_alternative_leaving_the_same_risk_says_it():
    """Camel Caravan: "Or: Move gems from (4,2) to (3,3) — brings gems 3 steps from its city" under
    a suggestion whose "risk: AI 2 can steal the gems or the ivory next turn" held for it too: the
    alternative read as safe. It says the risk, whole."""
    from caravan_tui.screens.table_panels import explanation

    risk = "risk: AI 2 can steal the gems or the ivory next turn"
    rows = [
        ["End the turn", 0.5, 0.5, f"passes with 1 action unused; 3 goods carried; {risk}", ("end_turn",), 0.01],
        ["Move gems", 0.3, 0.5, f"brings gems 3 steps from its city; 3 goods carried; {risk}", ("m",), 0.01],
    ]
    lines = explanation(rows, ["End the turn", "Move gems"])
    assert lines[-1] == f"Or: Move gems — brings gems 3 steps from its city; 3 goods carried; {risk}", lines


def test_an_alternative_the_suggestions_line_plays_later_is_said_to_be_that_not_weaker():
    """Caravans of Ahldarahd: "Weaker: Claim Pearls–Metals …: takes the Metals city (+4 gold)" under
    a claim toward nothing, and the next hint, that claim made, put Pearls–Metals first: the
    suggestion's line played it next in the same build."""
    from caravan_tui.ai.explain import IN_LINE_LABEL, Candidate, in_line

    route, city, other, end = ("claim", "Sp-Me"), ("claim", "Pe-Me"), ("claim", "In-Me"), ("end",)
    found = [
        Candidate(route, 0.5, 0.49, (route, city, end), "the Spices city: 1 of the 4 routes it needs"),
        Candidate(other, 0.2, 0.40, (other, end), "takes the Metals city (+4 gold)"),
        Candidate(city, 0.2, 0.41, (city, end), "takes the Metals city (+4 gold)"),
        Candidate(end, 0.1, 0.30, (end,), "keeps 5 gold"),
    ]
    marked = in_line(found)
    assert [candidate.action for candidate in marked] == [route, city, other, end]  # (not its end: "End" now)
    rows = [(" ".join(c.action).replace("claim", "Claim"), c.share, c.value, c.reason) for c in marked]
    lines = explanation(rows)
    assert lines[2] == f"{IN_LINE_LABEL}: Claim Pe-Me — takes the Metals city (+4 gold)"
    assert lines[3].startswith("Weaker: Claim In-Me") and not any("line plays" in line for line in lines)
    assert in_line(found[:1] + found[1:2]) == found[:2]  # (nothing of its line among them: as it was)


def test_a_move_of_the_same_name_later_in_the_line_is_another_move_where_its_words_differ():
    """Caravanserai: "Then, in its line: Head south-east (SE) to (-3,1) … caravan 11 → 16" under a
    suggestion whose line reached 17 first: a direction heads from another cell after the line's
    first step (and a Merchant Lord sale leaves other dice). Only the same move there, in the
    game's words and for the same reason, is "in its line"; a Caravans of Ahldarahd claim is."""
    from ahldarahd_seed65 import after
    from test_hint_and_review_agree import LATER, LOG, OPTIONS, SEED

    from caravan_tui.ai.explain import Candidate, in_line
    from caravan_tui.games import get_game

    state = get_game("caravanserai").new(2, seed=SEED, options=OPTIONS)
    for action in (*LOG, *LATER[:2]):
        state.apply(action, False)
    east, line = ("dir", 0), (*LATER[2:6], ("camel",))  # (its line heads east too, from 3 cells on)
    assert state.to_move() == 0 and line[3] == east
    found = [Candidate(line[0], 0.6, 0.5, line, ""), Candidate(east, 0.4, 0.4, (east,), "")]
    assert in_line(found)[1].reason  # (by its key alone, it was "in its line")
    assert in_line(found, "caravanserai", state.view(0), 0) == found
    # a claim is the same claim later, said as it is there: "the Spices city: 2 of the 3 routes it
    # needs" once the line's first claim is laid, not the "1 of the 3" of now (nor its own line's)
    world = after(21)
    spices, salt = ("claim", "red", 8, "Spices"), ("claim", "red", 15, "Salt")
    own = "the Spices city: 1 of the 3 routes it needs; then …"
    found = [Candidate(spices, 0.6, 0.5, (spices, salt, ("end",)), ""), Candidate(salt, 0.4, 0.4, (salt, spices), own)]
    assert in_line(found, "ahldarahd", world.view(0), 0)[1].reason == (
        "the suggestion's line plays it after it; the Spices city: 2 of the 3 routes it needs; "
        "the Salt city: 1 of the 4 routes it needs; spends a Salt card (0 left)"
    )


def test_how_sure_a_hint_is_weighs_no_step_its_own_line_plays_later():
    """Merchant Lord: "Either is about as good: Sell your 1-6 …", then "Then, in its line: Sell your
    3-4": the line's next sale counted as the second of two choices."""
    from caravan_tui.ai.explain import IN_LINE

    rows = [
        ("Sell your 1-6", 0.5, 0.6, "sale at your 1-6"),
        ("Sell your 3-4", 0.45, 0.6, f"{IN_LINE}; sale at your 3-4"),
        ("Reroll 5", 0.05, 0.3, "a 17% chance to sell for more"),
    ]
    assert explanation(rows) == [
        "Clearly best: Sell your 1-6",
        "  — sale at your 1-6",  # (after a dash, as an alternative's reason)
        "Then, in its line: Sell your 3-4 — sale at your 3-4",
        "Weaker: Reroll 5 — a 17% chance to sell for more",
    ]


def test_alternatives_are_listed_in_the_order_of_their_labels():
    """Caravans of Ahldarahd: "Nearly as good: … Or: … Nearly as good: …": an alternative within
    a wider noise of the suggestion ("Or", as good) expects less than one beyond a narrow noise
    ("Nearly as good"), and by expected result alone came after it."""
    rows = [
        ["Open the Pirate Queen", 0.4, 0.50, "a", ("a",), 0.005],
        ["Open the Eyes", 0.3, 0.485, "b", ("b",), 0.002],
        ["Open the red Ivory", 0.2, 0.47, "c", ("c",), 0.03],
        ["Open the blue Gems", 0.1, 0.40, "d", ("d",), 0.001],
    ]
    labels = [line.partition(":")[0] for line in explanation(rows)[2:]]
    assert labels == ["Or", "Nearly as good", "Weaker"]


@pytest.mark.thorough
async def test_the_latest_lines_of_what_others_did_are_whole_and_the_rest_counted(tmp_path):
    """A three-player Camel Caravan round: the panel of what others did, scrolled to its end, began
    "space 3 (1,2) and 2 demand markers (1 action).": who acted was cut off above. It shows as
    many of its latest lines as it holds, whole, and counts those before them in its foot."""
    from caravan_tui.screens.table_panels import SINCE_TITLE

    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "camel_caravan", game_screen_class(GAMES["camel_caravan"]), 1, {})
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen), "the table")
        lines = tuple(
            f"• AI {2 + n % 2}{' picks up salt at' * (1 + n % 4)} space {n} and {n} demand markers (1 action)."
            for n in range(9)
        )
        screen.open_panel("since", PanelWords(SINCE_TITLE, lines, "", latest=True))
        panel = screen.query_one("#since-panel", TablePanel)
        await wait_for(pilot, lambda: panel.display and "earlier" in str(panel.border_subtitle), "the panel")
        await pilot.pause()
        box = panel.region
        shown = [row[box.x + 2 : box.right - 2] for row in screen_lines(app.screen)[box.y + 1 : box.bottom - 1]]
        assert shown[0].startswith("• AI "), shown
        assert " ".join(" ".join(shown).split()).endswith("space 8 and 8 demand markers (1 action).")
        # (the lines left out before them are counted in its foot, none hidden with nothing said)
        left_out = 9 - sum(line.startswith("• AI ") for line in shown)
        assert str(panel.border_subtitle) == f"ctrl+l: {left_out} earlier lines" and panel.max_scroll_y == 0


def test_a_sure_win_beside_moves_that_only_look_won_is_no_tie():
    """Merchant Lord, a sale laying the ninth card: "The match looks won with any of these: Sell
    your 3-4 +M10R … this line wins the match, nothing left to chance … Or: Stop selling" — the
    stop left 8 table cards and the match going, and read as just as good."""
    rows = [
        ("Sell your 3-4 +M10R: 3¢", 0.6, 1.0, "this line wins the match, nothing left to chance", None, 0.0),
        ("Stop selling (4 dice to market)", 0.2, 0.98, "", None, 0.0),
        ("Sell your 3-4: 2¢", 0.2, 0.975, "", None, 0.0),
    ]
    lines = explanation(rows, between=two)
    assert not lines[0].startswith("The match looks won with any of these"), lines
    assert not any(line.startswith("Or: Stop selling") for line in lines), lines
    every = [(text, share, 1.0, *rest) for text, share, _, *rest in rows]  # (each a sure win: a tie)
    assert explanation(every, between=two)[0].startswith("The match looks won with any of these")


@pytest.mark.thorough
async def test_h_says_it_hides_the_hint_while_the_hint_shows(tmp_path):
    """Decktet Caravan at 80×24: with the hint up, the footer said "h Hint", and ``h`` put the hint
    away without a word. It says "h Hide hint" then, and does it; "h Hint" once it is away."""
    app = BareApp(store=SaveStore(tmp_path))
    table = Table(app, "decktet_caravan", game_screen_class(GAMES["decktet_caravan"]), 3, {})  # (seat 0 leads)
    screen = table.screen
    async with app.run_test(size=SIZE) as pilot, table:
        await wait_for(pilot, lambda: settled(screen) and screen.table.turn is not None, "our turn")

        def footer() -> str:
            return screen_lines(app.screen)[-1]

        assert "h Hint" in footer() and "Hide hint" not in footer()
        screen.open_panel("hint", PanelWords("Hint", ("a reason",)))
        await wait_for(pilot, lambda: "h Hide hint" in footer(), "h's word beside a hint")
        await pilot.press("h")
        await wait_for(pilot, lambda: not screen.query_one("#hint-panel", TablePanel).showing, "the hint put away")
        await wait_for(pilot, lambda: "h Hint" in footer(), "the hint offered again")


async def test_a_narrow_panel_of_what_others_did_keeps_its_foot_whole():
    """Caravanserai at 80×24, the side column's panel 28 cells wide: "ctrl+l: 2 earlier lin…".
    Where the count does not fit, the foot names the key and the log whole."""
    from textual.app import App

    from caravan_tui.screens.table_panels import since_panel

    class Narrow(App):
        def compose(self):
            yield TablePanel(lambda table: None, id="panel")

    app = Narrow()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(TablePanel)
        panel.styles.width = 28
        panel.display = True
        words = since_panel([f"AI 2 did thing {n}." for n in range(12)], 12)
        assert words is not None and words.foot.startswith("ctrl+l: ") and words.earlier
        panel.shown = words
        await pilot.pause()
        panel.say_if_more()
        assert str(panel.border_subtitle) == "ctrl+l: the whole log", panel.border_subtitle
        panel.styles.width = 60  # (with the room, the count)
        await pilot.pause()
        panel.say_if_more()
        assert str(panel.border_subtitle) == words.foot


def test_a_weaker_move_that_gains_more_points_says_the_chance_it_leaves():
    """Caravans of Ahldarahd at 8–8–8: "Clearly best: End your build" stood over "Weaker: Buy
    Ivory–Incense … takes the Incense city (+4 gold) …; +1 point", and a newcomer read a
    contradiction. A move the search ranks weaker that gains more points than the suggestion is
    "Weaker in the end", with the chance the search expects after it."""
    rows = [
        ("End your build", 0.8, 0.47, "keeps 12 gold and 0 cards for later turns", None, 0.01),
        ("Buy Ivory–Incense", 0.2, 0.31, "takes the Incense city (+4 gold); +1 point", None, 0.02),
    ]
    lines = explanation(rows, between=lambda value, proven: chance_words(value, 3))
    assert lines[0] == "Clearly best: End your build", lines
    weaker = (
        "Weaker in the end (the hint expects 31% of the win after it, 47% of the win after its pick): Buy Ivory–Incense"
    )
    assert any(line.startswith(weaker) for line in lines), lines
    # (a weaker move gaining no more points than the suggestion is plainly weaker)
    level = [rows[0], (rows[1][0], 0.2, 0.31, "takes the Incense city (+4 gold)", None, 0.02)]
    assert any(line.startswith("Weaker: Buy Ivory–Incense") for line in explanation(level, between=two))


def test_a_weaker_delivery_says_the_chance_it_leaves():
    """Camel Caravan, seed 1487: "Weaker: Deliver the stolen gems … (+6) — delivers gems for +6"
    below a pick-up the hint itself said could be stolen, with no reason given."""
    rows = [
        ("Pick up swords at space 2 (0,6)", 0.7, 0.40, "loads swords; ends the turn", None, 0.01),
        ("Deliver the stolen gems (+6)", 0.1, 0.33, "delivers gems for +6; ends the turn", None, 0.02),
    ]
    lines = explanation(rows, between=two)
    weaker = "Weaker in the end (the hint expects 33% to win after it, 40% to win after its pick): Deliver"
    assert any(line.startswith(weaker) for line in lines), lines


def test_a_weaker_moves_chance_is_said_beside_its_picks_on_the_same_footing():
    """Caravanserai, seed 1535, round 4: "How it stands: … even (54% to win)" (the pick's own
    mean), then "Weaker in the end (the hint expects 63% to win after it): Head west … caravan 15
    → 16": the weaker move read as the better one. The label says both chances as the ranking
    weighed them."""
    rows = [
        ("Head north-west (NW)", 0.6, 0.75, "caravan 15 → 15 (count 1)", None, 0.01, 0.54),
        ("Head west (W)", 0.2, 0.63, "caravan 15 → 16 (count 3)", None, 0.01),
    ]
    lines = explanation(rows, between=two)
    weaker = "Weaker in the end (the hint expects 63% to win after it, 75% to win after its pick): Head west"
    assert any(line.startswith(weaker) for line in lines), lines


def test_a_weaker_move_worded_as_the_pick_says_the_chances_that_tell_them_apart():
    """Caravans of Ahldarahd, seed 1551: "Clearly best: Keep the Shah — … no one is clearly ahead
    yet" over "Weaker: Give the Shah to AI 3 — …" in the same words: nothing said of why."""
    said = "{p%d} build{p%d:s} first this turn and bid{p%d:s} first next turn: the first pick; no one is ahead"
    rows = [
        ("Keep the Shah", 0.8, 0.40, said % (0, 0, 0), None, 0.01),
        ("Give the Shah to AI 3", 0.1, 0.31, said % (2, 2, 2), None, 0.01),
        ("Give the Shah to AI 2", 0.1, 0.30, "AI 2 picks first", None, 0.01),
    ]
    lines = explanation(rows, between=lambda value, proven: chance_words(value, 3))
    alike = "Weaker (the hint expects 31% of the win after it, 40% of the win after its pick): Give the Shah to AI 3"
    assert any(line.startswith(alike) for line in lines), lines
    assert any(line.startswith("Weaker: Give the Shah to AI 2") for line in lines), lines  # (its words differ)
