"""Each game's table at 80×24, as text, compared with a committed snapshot: a layout change that
cuts a line, hides a key or pushes a panel off the screen shows as a diff.

Text rather than SVG (the plain characters a player reads, without colours or fonts): a diff
reads in a terminal. The positions are fixed (seed, size, the moves before), no AI seat plays,
and the clock and spinner are not on these screens, so the text is the same on every run.

After a deliberate change to a table, write the snapshots again and review the diff:
``CARAVAN_TUI_SNAPSHOTS=update .venv/bin/python -m pytest tests/test_table_snapshots.py
--snapshot-update`` (the text and the SVG are taken from one drawing of each table, in one test).

The same positions as SVG, through Textual's snapshot plugin (pytest-textual-snapshot), for the
colours and styles a text snapshot cannot show: a failing one writes ``snapshot_report.html``
to open in a browser, side by side; ``--snapshot-update`` writes them again. Every snapshot
also fails on a line cut with "…" while its panel has room for it (``cut_with_room``)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.textual_adapter import screen_lines
from caravan_tui.widgets.footer import KeysFooter, keys_shown

from tables import BareApp, Table, settled, wait_for

SIZE = (80, 24)
FOLDER = Path(__file__).with_name("snapshots")
UPDATE = os.environ.get("CARAVAN_TUI_SNAPSHOTS") == "update"


def prefix_to_my_turn(game, seed: int, moves: int) -> tuple:
    """``moves`` seeded random actions, then as many more as it takes for seat 0 (the screen's)
    to decide: the moves before the snapshot's position."""
    rng, state, actions = random.Random(seed), game.new(2, seed=seed, options=game.quick_options), []
    while (len(actions) < moves or state.to_move() != 0) and not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action, False)
        actions.append(action)
    return tuple(actions)


POSITIONS = [pytest.param(game_id, moves, id=f"{game_id}-{moves}") for game_id in GAMES for moves in (0, 12)]


def screen_text(app) -> str:
    return "\n".join(line.rstrip() for line in screen_lines(app.screen)) + "\n"


def cut_with_room(screen) -> list[str]:
    """The lines a widget on ``screen`` cuts with "…" at its right edge while it has a blank
    row (a line it could have wrapped into): a promise or a figure shown in part for no reason."""
    rows = screen_lines(screen)
    found = []
    for widget in screen.query("*"):
        box = widget.content_region
        if not widget.display or box.width < 2 or box.height < 2:
            continue
        lines = [rows[y][box.x : box.right] for y in range(box.y, min(box.bottom, len(rows)))]
        if any(not line.strip() for line in lines):
            found += [line.strip() for line in lines if line.rstrip().endswith("…")]
    return sorted(set(found))


def check_text_snapshot(text: str, shown: list[str], game_id: str, moves: int) -> None:
    """The footer at 80 columns shows each key whole, and the text is the committed snapshot's."""
    footer = text.splitlines()[-1]
    cut = [description for description in shown if f" {description} " not in f" {footer} "]
    assert not cut, f"the footer at 80 columns cuts or hides {cut}: {footer!r}"
    path = FOLDER / f"{game_id}-{moves}.txt"
    if UPDATE or not path.exists():
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"no snapshot yet: wrote {path.name}; review it and commit it")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs: review, then update the snapshots"


@pytest.mark.thorough
@pytest.mark.parametrize(("game_id", "moves"), POSITIONS)
def test_each_table_at_80_by_24_matches_its_svg_snapshot(tmp_path, snap_compare, game_id, moves):
    """The table as a person sees it, colours and all, and its text snapshot, from one drawing of
    it (no AI seat plays: nothing thinks while it is taken; the cursor does not blink). (The
    name is the SVG snapshots' own: their files are named after it.)"""
    game = GAMES[game_id]
    app = BareApp(store=SaveStore(tmp_path))
    app.move_pause = 0.0
    table = Table(app, game_id, game_screen_class(game), 7, game.quick_options, prefix_to_my_turn(game, 7, moves))
    cut: list[str] = []
    drawn: list[tuple[str, list[str]]] = []

    async def to_my_turn(pilot) -> None:
        await table.__aenter__()
        screen = table.screen
        await wait_for(pilot, lambda: screen.table.turn is not None and settled(screen), "my turn")
        await pilot.wait_for_scheduled_animations()
        cut.extend(cut_with_room(screen))
        drawn.append(
            (
                screen_text(app),
                [
                    b.description
                    for b, _, _ in keys_shown(screen)[0]
                    if b.action not in screen.query_one(KeysFooter).dropped
                ],
            )
        )

    try:
        assert snap_compare(app, terminal_size=SIZE, run_before=to_my_turn)
    finally:
        table.runner.stop()
    assert not cut, f"cut while there is room: {cut}"
    ((text, shown),) = drawn
    check_text_snapshot(text, shown, game_id, moves)


async def test_the_check_finds_a_line_cut_where_its_panel_has_room():
    from textual.app import App
    from textual.widgets import Static

    class Cut(App):
        CSS = "Static { width: 20; height: 3; text-wrap: nowrap; text-overflow: ellipsis; }"

        def compose(self):
            yield Static("enter: Buy M03 for 5 coins (M03 left half)", id="cut")

    app = Cut()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert cut_with_room(app.screen) == ["enter: Buy M03 for …"]
        app.query_one("#cut").styles.text_wrap = "wrap"
        await pilot.pause()
        assert cut_with_room(app.screen) == []
