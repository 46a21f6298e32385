"""What a person waits for when they open the saves list with many saves (issue 50).

    python benchmarks/saves_list.py [--saves 1000] [--folder DIR] [--json FILE]

``--saves`` matches are saved first (each game in turn, 10–60 random moves each, so the list
holds matches of every game and length, as a person's folder does; kept in ``--folder`` to be
used again, else in a temporary folder). Then the app starts headless at 80×24 on Home, the
person presses ``l``, and from that press are timed: how long ``l`` itself took to be answered,
the first rows shown, every row shown; and while the rows come, ``down`` every 50 ms, each timed
from its press to its answer (the cursor moved a row), as keys a person presses meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.events import Key
from textual.widgets import DataTable

from caravan_tui.app import CaravanApp
from caravan_tui.games import GAMES
from caravan_tui.saves import SaveStore, Snapshot
from caravan_tui.screens.saves import SavesScreen

KEY_EVERY = 0.05  #: seconds between the keys pressed while the list fills
PROBE = 0.02  #: seconds between looks at the list


def make_saves(store: SaveStore, count: int) -> None:
    """``count`` saves of random matches, every game in turn (those there are already kept)."""
    have = len(store.entries())
    games = list(GAMES.values())
    for number in range(have, count):
        game = games[number % len(games)]
        rng = random.Random(number)
        players = rng.choice(list(game.players))
        options = game.resolve_options({})
        state = game.new(players, seed=number, options=options)
        actions = []
        for _ in range(rng.randint(10, 60)):
            if state.is_over():
                break
            action = rng.choice(state.legal_actions())
            state.apply(action, False)
            actions.append(action)
        snapshot = Snapshot(
            f"bench-{number:05d}",
            game.id,
            options,
            players,
            ["human"] * players,
            [f"P{seat}" for seat in range(players)],
            number,
            actions,
            state.to_data(),
            rules=game.rules_version,
            status="over" if state.is_over() else "playing",
            result=state.outcome() if state.is_over() else None,
        )
        with store.lock(snapshot.match_id) as lock:
            store.open(lock, snapshot)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def open_the_list(store: SaveStore, count: int) -> dict[str, Any]:
    app = CaravanApp(store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows: dict[str, float] = {}

        def listed() -> DataTable | None:
            """The saves list, once its screen is shown and has laid out its table (a screen is
            the app's before its widgets are mounted)."""
            screen = app.screen
            tables = screen.query(DataTable) if isinstance(screen, SavesScreen) else None
            return tables.first() if tables else None

        def shown() -> int:
            table = listed()
            return 0 if table is None else table.row_count

        async def watch(pressed: float) -> None:
            while shown() < count:
                if shown() and "first" not in rows:
                    rows["first"] = time.perf_counter() - pressed
                await asyncio.sleep(PROBE)
            rows.setdefault("first", time.perf_counter() - pressed)
            rows["all"] = time.perf_counter() - pressed

        pressed = time.perf_counter()
        watching = asyncio.create_task(watch(pressed))
        app.post_message(Key("l", "l"))
        while (table := listed()) is None:
            await asyncio.sleep(PROBE)
        answered = time.perf_counter() - pressed
        keys: list[float] = []
        while not watching.done():
            before = table.cursor_row
            if table.row_count > before + 1:
                start = time.perf_counter()
                app.post_message(Key("down", None))  # (as a terminal's key comes: not waiting for the app to idle)
                while table.cursor_row == before:
                    await asyncio.sleep(PROBE)
                keys.append(time.perf_counter() - start)
            await asyncio.sleep(KEY_EVERY)
        await watching
    return {
        "saves": count,
        "l_answered_ms": round(answered * 1e3, 1),
        "first_rows_ms": round(rows["first"] * 1e3, 1),
        "all_rows_ms": round(rows["all"] * 1e3, 1),
        "keys_meanwhile": len(keys),
        "key_ms": {
            "p50": round(statistics.median(keys) * 1e3, 1) if keys else None,
            "p95": round(percentile(keys, 0.95) * 1e3, 1) if keys else None,
            "max": round(max(keys) * 1e3, 1) if keys else None,
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--folder", type=Path, help="where the saves are made, and kept to be used again")
    parser.add_argument("--json", metavar="FILE", help="also write the row as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="saves-list-") as temp:
        store = SaveStore(args.folder or Path(temp))
        store.folder.mkdir(parents=True, exist_ok=True)
        make_saves(store, args.saves)
        row = asyncio.run(open_the_list(store, args.saves))
    print(
        f"{row['saves']} saves: l answered in {row['l_answered_ms']:.0f} ms, first rows after "
        f"{row['first_rows_ms']:.0f} ms, all rows after {row['all_rows_ms']:.0f} ms; "
        f"{row['keys_meanwhile']} keys pressed meanwhile, answered in p50/p95/max "
        f"{row['key_ms']['p50']}/{row['key_ms']['p95']}/{row['key_ms']['max']} ms"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(row, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
