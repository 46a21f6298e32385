"""What a key at a shared table costs the session's process, in CPU time rather than wall time
(which moves with the machine's load): one Decktet Caravan table at 80×24 in this process, as an
SSH session shows it (the chat line included), its opponent played by this script.

    python benchmarks/key_cost.py [--repeat 30] [--game decktet_caravan] [--json FILE]
                                  [--profile KIND FILE]

Each key goes to the app as the terminal driver posts it; then the script waits until the screen
has drawn a frame since the key (at most ``DRAWN_WITHIN`` seconds: a key never drawn counts as
missed, and is reported) and sleeps ``--settle`` seconds more for the rest of what it changed,
and counts the process's CPU time since the key, less what the process spends idle over as long
(measured first). On a busy machine a fixed settle alone ended before the key's frame. Kinds:

- ``nav``: an arrow in the plays list (down, then up again);
- ``tab``: the focus to the next widget: once the chat line has closed, Tab round the table's
  focusable widgets until the plays list has the focus again (at the Decktet table the log, the
  hand, the plays list: three Tabs a play), so a run has as many Tabs as it has plays times the
  widgets, not the one Tab that first gave the list the focus;
- ``chat``: ``t``, the chat line in place of the status line; ``escape``: closed again;
- ``play``: Enter on a play; ``reply``: the opponent's move arriving (its Update, our turn).

Reported: the median and mean CPU milliseconds of each kind, and the frames drawn (layouts, full
or partial) per key. The screen is headless, so the terminal output itself (a few percent of a
session's time: the escape codes and the writer thread) is not counted.

``--profile chat out.prof`` writes a cProfile of the keys of one kind alone, for ``python -m
pstats out.prof`` (who calls ``update_nodes``, ``_refresh_layout``, ``recompose``)."""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual import events

from caravan_tui.app import CaravanApp
from caravan_tui.bus import Act, YourTurn
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.saves import SaveStore
from caravan_tui.screens import game_screen_class
from caravan_tui.screens.chat import ChatInput
from caravan_tui.seats import SeatSpec
from caravan_tui.textual_adapter import Redraws
from caravan_tui.widgets import ActionList

KINDS = ("nav", "tab", "chat", "escape", "play", "reply")
#: the longest the script waits for a key's first frame before counting the key missed
DRAWN_WITHIN = 10.0


async def measure(args: argparse.Namespace) -> dict:
    frames = Redraws()
    app = CaravanApp(store=SaveStore(Path(tempfile.mkdtemp(prefix="key-cost-"))), ai_iterations=10)
    app.move_pause = 0.0
    runner = MatchRunner.new(args.game, [SeatSpec("human")] * 2, ["Ann", "Bob"], 7, {}, None)
    client = runner.client(0)
    client.shared = True  # as over SSH: the chat line, the bell
    screen = game_screen_class(GAMES[args.game])(client)
    opponent = runner.client(1)
    cpu: dict[str, list[float]] = {kind: [] for kind in KINDS}
    drawn: dict[str, list[tuple[int, int]]] = {kind: [] for kind in KINDS}
    missed: dict[str, int] = dict.fromkeys(KINDS, 0)
    profiled, profile = (args.profile[0], cProfile.Profile()) if args.profile else (None, None)

    async with app.run_test(size=(80, 24)):
        await app.push_screen(screen)
        runner.start()

        async def settle() -> None:
            await asyncio.sleep(args.settle)

        async def until(test) -> None:
            for _ in range(400):
                if test():
                    return
                await asyncio.sleep(0.025)
            raise TimeoutError

        await until(lambda: screen.table.view is not None)
        await asyncio.sleep(2 * app.flash_seconds)
        began = time.process_time()
        await asyncio.sleep(2.0)
        idle = (time.process_time() - began) / 2.0  # CPU seconds a wall second, doing nothing

        async def timed(kind: str, key: str | None, wait=None, after=None) -> None:
            before, layouts, shown = time.process_time(), frames.layouts, frames.frames
            start = time.monotonic()
            if profile is not None and kind == profiled:
                profile.enable()
            if key is not None:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            if after is not None:
                await after()
            if wait is not None:
                await until(wait)
            drawn_by = time.monotonic() + DRAWN_WITHIN
            while frames.frames == shown and time.monotonic() < drawn_by:
                await asyncio.sleep(0.01)
            missed[kind] += frames.frames == shown
            await settle()
            if profile is not None and kind == profiled:
                profile.disable()
            spent = time.process_time() - before - idle * (time.monotonic() - start)
            cpu[kind].append(spent)
            drawn[kind].append((frames.layouts - layouts, frames.frames - shown))

        async def tab() -> None:
            """Tab, until the focus has moved: the next look at the focus sees where it went."""
            was = app.focused
            await timed("tab", "tab", wait=lambda: app.focused is not was)

        async def reply() -> None:
            """The opponent's turn, played at once: its first legal action at each of its decisions
            (a turn of several steps is several decisions), until the turn is ours or the match over."""
            while not (screen.table.turn is not None or screen.table.over):
                try:
                    message = await asyncio.wait_for(opponent.get(), 0.5)
                except TimeoutError:
                    continue  # (no decision of the opponent's pending: ours is on its way)
                if isinstance(message, YourTurn):
                    await opponent.send(Act(runner.match_id, 1, message.turn, message.legal[0]))

        line = screen.query_one(ChatInput)
        plays = 0
        while plays < args.repeat:
            if screen.table.turn is None:
                await timed("reply", None, wait=lambda: screen.table.turn is not None or screen.table.over, after=reply)
                if screen.table.over is not None:
                    break
                if app.screen is not screen:  # a hand's summary: closed
                    app.post_message(events.Key("space", " "))
                    await until(lambda: app.screen is screen)
                    await settle()
                continue
            actions = screen.query_one(ActionList)
            while not actions.has_focus:
                await tab()
            if actions.highlighted is None:  # (reached by Tab, the list highlights no line it had unseen)
                await timed("nav", "down")
            for key in ("down", "up"):
                await timed("nav", key)
            await timed("chat", "t", wait=lambda: line.has_focus)
            # (the focus goes back once the line is closed: a tab pressed before would move it on)
            await timed("escape", "escape", wait=lambda: isinstance(app.focused, ActionList))
            await tab()  # round the table's widgets, and back to the plays list
            while not actions.has_focus:
                await tab()
            await timed("play", "enter", wait=lambda: screen.table.turn is None)
            plays += 1
        runner.stop()
    if profile is not None:
        profile.dump_stats(args.profile[1])

    return {
        "game": args.game,
        "idle_ms_per_s": round(1000 * idle, 2),
        **{
            kind: {
                "n": len(cpu[kind]),
                "missed": missed[kind],
                "median_ms": round(1000 * statistics.median(cpu[kind]), 2) if cpu[kind] else None,
                "mean_ms": round(1000 * statistics.fmean(cpu[kind]), 2) if cpu[kind] else None,
                "layouts": round(statistics.fmean(d[0] for d in drawn[kind]), 2) if drawn[kind] else None,
                "frames": round(statistics.fmean(d[1] for d in drawn[kind]), 2) if drawn[kind] else None,
            }
            for kind in KINDS
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--game", default="decktet_caravan", choices=[g.id for g in GAMES.values() if g.default_players == 2]
    )
    parser.add_argument("--repeat", type=int, default=30, help="plays of ours measured")
    parser.add_argument("--settle", type=float, default=0.25, help="seconds a key is given to be drawn")
    parser.add_argument("--json", metavar="FILE", help="also write the row as JSON")
    parser.add_argument(
        "--profile",
        nargs=2,
        metavar=("KIND", "FILE"),
        help=f"write a cProfile of the keys of one kind ({', '.join(KINDS)}) to FILE",
    )
    args = parser.parse_args()
    row = asyncio.run(measure(args))
    if args.json:
        Path(args.json).write_text(json.dumps(row, indent=2))
    print(f"{args.game}: idle {row['idle_ms_per_s']} ms of CPU a second")
    print("| key | n | CPU ms median / mean | layouts / frames a key | never drawn |")
    print("|---|---|---|---|---|")
    for kind in KINDS:
        r = row[kind]
        if r["n"]:
            print(
                f"| {kind} | {r['n']} | {r['median_ms']:.1f} / {r['mean_ms']:.1f} "
                f"| {r['layouts']:.2f} / {r['frames']:.2f} | {r['missed']} |"
            )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
