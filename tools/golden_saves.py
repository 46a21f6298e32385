"""Write the golden corpus: saves made by the actual code of a release (issue 33).

    python tools/golden_saves.py                       # every release in RELEASES
    python tools/golden_saves.py --release 0.3.0=abc1234

For each release, its commit is checked out into a temporary ``git worktree``, and that
release's own code (its ``MatchRunner``, AI seats and save store) plays seeded matches of every
game with AI seats only (with each game's quick options, then each of its on/off options
flipped, then its defaults with the most players; two seeds each): one match played to the
end, and the same match stopped about half way. The saves land in
``tests/golden/<release>/<game>-<options>-<seed>-<end|mid>.msgpack``; ``tests/test_golden.py``
checks that today's code opens, replays and plays on every one of them.

Every release adds its saves: run this with the new release's name and commit, commit the
files, and add the release to RELEASES. The AI seats search a fixed number of iterations
(``CARAVAN_TUI_AI_BUDGET=iterations``), so a match is the same on every machine.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: release -> commit; 0.2.0 is the first release (0.1.0 was the version of the skeleton only)
RELEASES = {"0.2.0": "b64f8c5"}

#: The player, run by the release's own code (only what every release since 0.2.0 offers).
PLAY = r"""
import asyncio, sys
from pathlib import Path
from ai.worker import AIWorker
from caravan_tui.games import GAMES
from caravan_tui.match.runner import MatchRunner
from caravan_tui.seats import SeatSpec
from saves.store import SaveStore

import caravan_tui
assert Path(caravan_tui.__file__).resolve().is_relative_to(Path.cwd().resolve()), "not the release's code"
store = SaveStore(Path(sys.argv[1]))
ITERATIONS = 24
SEEDS = (1, 2)


def configurations(game):
    # (label, options, players): the quick options; each on/off option flipped; the defaults
    # with the most players
    base = game.resolve_options(game.quick_options)
    yield "quick", base, game.default_players
    for name, option in game.options.items():
        if set(option.choices) == {False, True}:
            flipped = {**base, name: not base[name]}
            try:
                game.new(game.default_players, seed=0, options=flipped)
            except ValueError:
                continue  # not with this many players
            yield f"{name}-{'on' if flipped[name] else 'off'}", flipped, game.default_players
    most = max(game.players)
    yield f"defaults-{most}p", game.resolve_options({}), most


async def play(worker, game, label, options, players, seed, stop_at=None):
    seats = [SeatSpec.parse("ai:easy")] * players
    match_id = f"{game.id}-{label}-{seed}-{'mid' if stop_at else 'end'}"
    runner = MatchRunner.new(game.id, seats, [f"AI {i + 1}" for i in range(players)], seed, options, store,
                             match_id=match_id, iterations=ITERATIONS, worker=worker)
    runner.start()
    host = runner.host
    while host.status == "playing" and (stop_at is None or host.turn < stop_at):
        await asyncio.sleep(0.005)
    runner.stop()
    await asyncio.sleep(0.05)  # a write in its thread finishes
    return host.turn


async def main():
    async with AIWorker(max_workers=1) as worker:
        for game in GAMES.values():
            for label, options, players in configurations(game):
                for seed in SEEDS:
                    moves = await play(worker, game, label, options, players, seed)
                    await play(worker, game, label, options, players, seed, stop_at=max(1, moves // 2))
                    print(game.id, label, seed, moves, flush=True)


asyncio.run(main())
"""


def write_release(name: str, commit: str, out: Path) -> None:
    """Play the matches with ``commit``'s code; its saves into ``out/name``."""
    with tempfile.TemporaryDirectory(prefix="caravan-golden-") as temp:
        tree, home = Path(temp) / "tree", Path(temp) / "home"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True,
                       capture_output=True)
        try:
            env = {**os.environ, "PYTHONPATH": str(tree), "CARAVAN_TUI_HOME": str(home),
                   "CARAVAN_TUI_AI_BUDGET": "iterations"}
            subprocess.run([sys.executable, "-c", PLAY, str(home)], cwd=tree, env=env, check=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
        target = out / name
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for save in sorted((home / "saves").glob("*.msgpack")):
            shutil.copyfile(save, target / save.name)
        print(f"{name} ({commit}): {len(list(target.iterdir()))} saves in {target.relative_to(ROOT)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", action="append", metavar="NAME=COMMIT",
                        help="a release and its commit (default: every one in RELEASES)")
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "golden")
    args = parser.parse_args()
    releases = dict(text.split("=", 1) for text in args.release) if args.release else RELEASES
    for name, commit in releases.items():
        write_release(name, commit, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
