"""The ``caravan-tui`` command: the app, plus headless selfplay, saves and bench commands."""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from caravan_tui.games import GAMES

SEAT_SPECS = ("random", "greedy", "ai:easy", "ai:normal", "ai:hard")


def _seat_list(text: str) -> list[str]:
    specs = [spec.strip() for spec in text.split(",") if spec.strip()]
    for spec in specs:
        if spec not in SEAT_SPECS:
            raise argparse.ArgumentTypeError(f"unknown seat {spec!r}; use {', '.join(SEAT_SPECS)}")
    return specs


def _options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"option {pair!r} is not NAME=VALUE")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="caravan-tui", description="Caravan-themed trading games.")
    commands = parser.add_subparsers(dest="command")

    play = commands.add_parser("play", help="start a match against the AI at once")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--vs", default="normal", choices=("easy", "normal", "hard"), help="AI level")

    resume = commands.add_parser("resume", help="resume a saved match (the latest unfinished one by default)")
    resume.add_argument("match", nargs="?", default="latest")

    selfplay = commands.add_parser("selfplay", help="play headless matches between seats")
    selfplay.add_argument("game", choices=sorted(GAMES))
    selfplay.add_argument("--seats", type=_seat_list, default=["ai:normal", "ai:easy"],
                          help=f"comma-separated, one per player: {', '.join(SEAT_SPECS)}")
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    selfplay.add_argument("--workers", type=int, default=2, help="matches played in parallel")
    selfplay.add_argument("--json", metavar="FILE", help="also write every match record as JSON")

    commands.add_parser("saves", help="list saved matches")

    bench = commands.add_parser("bench", help="measure engine and AI speed")
    bench.add_argument("game", nargs="?", choices=sorted(GAMES))
    bench.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    return parser


def cmd_selfplay(args) -> int:
    from caravan_tui.selfplay import format_table, run_selfplay, summarise

    game = GAMES[args.game]
    if len(args.seats) not in game.players:
        print(f"{game.title} needs {game.players.start}-{game.players.stop - 1} seats", file=sys.stderr)
        return 2
    try:
        options = game.resolve_options(_options(args.option))
    except (ValueError, argparse.ArgumentTypeError) as error:
        print(error, file=sys.stderr)
        return 2
    done = []

    def progress(record) -> None:
        done.append(record)
        print(f"\r{len(done)}/{args.games} matches", end="", file=sys.stderr, flush=True)

    records = run_selfplay(args.game, args.seats, args.games, args.seed, options, args.workers, on_result=progress)
    print(file=sys.stderr)
    rows, moves = summarise(records)
    print(f"{game.title}: {args.games} matches, seeds {args.seed}-{args.seed + args.games - 1}, options {options}")
    print(format_table(rows, moves))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([{"seed": r.seed, "seats": r.specs, "scores": r.scores, "outcome": r.outcome,
                        "moves": r.moves, "actions": r.actions} for r in records], out)
    return 0


def cmd_saves(_args) -> int:
    from saves.store import SaveStore

    store = SaveStore()
    entries = store.entries()
    if not entries:
        print(f"no saved matches in {store.folder}")
        return 0
    print(f"{'match':<24} {'game':<16} {'seats':<24} {'moves':>5}  {'last played':<16} status")
    for entry in entries:
        when = datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
        snap = entry.snapshot
        if snap is None:
            print(f"{entry.match_id:<24} {'?':<16} {'':<24} {'':>5}  {when:<16} damaged: {entry.error}")
            continue
        title = GAMES[snap.game_id].title if snap.game_id in GAMES else snap.game_id
        print(f"{snap.match_id:<24} {title:<16} {','.join(snap.seats):<24} {len(snap.actions):>5}  "
              f"{datetime.fromtimestamp(snap.updated).strftime('%Y-%m-%d %H:%M'):<16} {snap.status}")
    return 0


def cmd_bench(args) -> int:
    from caravan_tui.bench import format_report, run_bench

    results = run_bench([args.game] if args.game else None)
    print(format_report(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "selfplay":
        return cmd_selfplay(args)
    if args.command == "saves":
        return cmd_saves(args)
    if args.command == "bench":
        return cmd_bench(args)
    from caravan_tui.app import run_app

    if args.command == "play":
        run_app(play=(args.game, args.vs))
    elif args.command == "resume":
        run_app(resume=args.match)
    else:
        run_app()
    return 0
