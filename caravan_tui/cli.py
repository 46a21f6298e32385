"""The ``caravan-tui`` command: the app, plus headless selfplay, saves and bench commands."""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from ai.levels import LEVELS
from caravan_tui.games import GAMES
from caravan_tui.seats import SeatSpec, parse_seats

SEAT_HELP = ("random, greedy, " + ", ".join(f"ai:{level}" for level in LEVELS)
             + ", or a custom ai:LEVEL+FIELD=VALUE (e.g. ai:hard+horizon=12)")


def _seat_list(text: str) -> list[SeatSpec]:
    """Seats a policy plays (people have no place in a headless run)."""
    try:
        specs = parse_seats(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    people = [str(spec) for spec in specs if spec.is_person]
    if people:
        raise argparse.ArgumentTypeError(f"{people[0]} is a person's seat; here every seat is played by the program")
    return specs


def _options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise argparse.ArgumentTypeError(f"option {pair!r} is not NAME=VALUE")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def _resolve_options(game, pairs: list[str]) -> dict | None:
    """The game's options from NAME=VALUE pairs; None (after saying why) if any is refused."""
    try:
        return game.resolve_options(_options(pairs))
    except (ValueError, argparse.ArgumentTypeError) as error:
        print(error, file=sys.stderr)
        return None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="caravan-tui", description="Caravan-themed trading games.")
    commands = parser.add_subparsers(dest="command")

    play = commands.add_parser("play", help="start a match against the AI at once")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--vs", default="normal", choices=tuple(LEVELS), help="AI level")

    resume = commands.add_parser("resume", help="resume a saved match (the latest unfinished one by default)")
    resume.add_argument("match", nargs="?", default="latest")

    selfplay = commands.add_parser("selfplay", help="play headless matches between seats")
    selfplay.add_argument("game", choices=sorted(GAMES))
    selfplay.add_argument("--seats", type=_seat_list, default="ai:normal,ai:easy",
                          help=f"comma-separated, one per player: {SEAT_HELP}")
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    selfplay.add_argument("--workers", type=int, default=2, help="matches played in parallel")
    selfplay.add_argument("--json", metavar="FILE", help="also write every match record as JSON")

    arena = commands.add_parser("arena", help="round-robin tournament between seats, with ratings")
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument("--seats", type=_seat_list, default="random,greedy,ai:easy",
                       help=f"comma-separated seats to compare: {SEAT_HELP}")
    arena.add_argument("--players", type=int, help="players per match (default: the game's usual)")
    arena.add_argument("--rounds", type=int, default=5, help="times each line-up plays in each seat order")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    arena.add_argument("--iterations", type=int, help="cap every AI seat to this many iterations")
    arena.add_argument("--workers", type=int, default=2, help="matches played in parallel")
    arena.add_argument("--json", metavar="FILE", help="write the matrix, ratings and every match record")

    replay = commands.add_parser("replay", help="replay a match recorded by arena --json")
    replay.add_argument("file")
    replay.add_argument("index", type=int)
    replay.add_argument("--save", action="store_true", help="store it as a save file you can open")

    commands.add_parser("saves", help="list saved matches")

    bench = commands.add_parser("bench", help="measure engine and AI speed")
    bench.add_argument("game", nargs="?", choices=sorted(GAMES))
    bench.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    bench.add_argument("--vs-openspiel", action="store_true",
                       help="our ISMCTS against OpenSpiel's on the same engine (needs pip install '.[bench]')")
    bench.add_argument("--matches", type=int, default=200, help="head-to-head matches for --vs-openspiel")
    bench.add_argument("--seconds", type=float, default=0.1, help="time per move for --vs-openspiel")
    return parser


def cmd_selfplay(args) -> int:
    from ai.arena import run_jobs
    from caravan_tui.selfplay import format_table, selfplay_jobs, summarise

    game = GAMES[args.game]
    if len(args.seats) not in game.players:
        print(f"{game.title} needs {game.players.start}-{game.players.stop - 1} seats", file=sys.stderr)
        return 2
    options = _resolve_options(game, args.option)
    if options is None:
        return 2
    jobs = selfplay_jobs(args.game, args.seats, args.games, args.seed, options)
    records = run_jobs(jobs, args.workers, _progress_bar)
    print(file=sys.stderr)
    rows, moves = summarise(records)
    print(f"{game.title}: {args.games} matches, seeds {args.seed}-{args.seed + args.games - 1}, options {options}")
    print(format_table(rows, moves))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([{"seed": r.seed, "seats": r.specs, "scores": r.scores, "outcome": r.outcome,
                        "moves": r.moves, "actions": r.actions} for r in records], out)
    return 0


def _progress_bar(done: int, total: int) -> None:
    filled = 30 * done // total
    print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} matches", end="", file=sys.stderr, flush=True)


def cmd_arena(args) -> int:
    from ai.arena import format_standings, run_jobs, schedule, standings, to_json

    game = GAMES[args.game]
    players = args.players or game.default_players
    if players not in game.players:
        print(f"{game.title} is for {game.players.start}-{game.players.stop - 1} players", file=sys.stderr)
        return 2
    if len(set(args.seats)) < 2:
        print("an arena needs at least two different seats", file=sys.stderr)
        return 2
    if args.rounds < 1:
        print("an arena needs at least one round", file=sys.stderr)
        return 2
    options = _resolve_options(game, args.option)
    if options is None:
        return 2
    jobs = schedule(args.game, args.seats, players, args.rounds, args.seed, options, args.iterations)
    records = run_jobs(jobs, args.workers, _progress_bar)
    print(file=sys.stderr)
    table = standings([str(seat) for seat in args.seats], records)
    print(f"{game.title}, {players} players, {len(records)} matches, seeds {args.seed}-{jobs[-1].seed} "
          "(each played from every seat)")
    print(format_standings(table))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(to_json(table, records), out)
    return 0


def cmd_replay(args) -> int:
    from caravan_tui.engine import normalise_action
    from saves.codec import DamagedSave
    from saves.loading import replay_snapshot
    from saves.snapshot import Snapshot, new_match_id
    from saves.store import SaveStore

    try:
        with open(args.file, encoding="utf-8") as source:
            match = json.load(source)["matches"][args.index]
        game = GAMES[match["game"]]
        state = game.new(len(match["seats"]), seed=match["seed"], options=match["options"])
        actions = [normalise_action(a) for a in match["actions"]]
        for action in actions:
            state.apply(action)
    except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
        print(f"cannot replay match {args.index} of {args.file}: {error}", file=sys.stderr)
        return 2
    same = state.scores() == match["scores"]
    print(f"{game.title}, seats {', '.join(match['seats'])}, seed {match['seed']}: "
          f"scores {state.scores()} ({'as recorded' if same else 'DIFFERENT from the record'})")
    if args.save:
        snapshot = Snapshot(match_id=new_match_id(), game_id=game.id, options=match["options"],
                            players=len(match["seats"]), seats=match["seats"], names=match["seats"],
                            seed=match["seed"], actions=actions, state=state.to_data(),
                            status="over" if state.is_over() else "playing",
                            result=state.outcome() if state.is_over() else None)
        try:
            replay_snapshot(snapshot)
        except DamagedSave as error:
            print(f"cannot save match {args.index} of {args.file}: {error.reason}", file=sys.stderr)
            return 2
        SaveStore().write(snapshot)
        print(f"saved as {snapshot.match_id}")
    return 0 if same else 1


def cmd_saves(_args) -> int:
    from saves.loading import checked_entries
    from saves.store import SaveStore

    store = SaveStore()
    try:
        entries = checked_entries(store)
    except OSError as error:
        print(error, file=sys.stderr)
        return 2
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
        title = GAMES[snap.game_id].title
        print(f"{snap.match_id:<24} {title:<16} {','.join(snap.seats):<24} {len(snap.actions):>5}  "
              f"{datetime.fromtimestamp(snap.updated).strftime('%Y-%m-%d %H:%M'):<16} {snap.status}")
    return 0


def cmd_bench(args) -> int:
    if args.vs_openspiel:
        return cmd_vs_openspiel(args)
    from caravan_tui.bench import format_report, run_bench

    results = run_bench([args.game] if args.game else None)
    print(format_report(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)
    return 0


def cmd_vs_openspiel(args) -> int:
    try:
        from ai.openspiel_bridge import format_head_to_head, head_to_head
    except ImportError:
        print("OpenSpiel is not installed: pip install '.[bench]'", file=sys.stderr)
        return 2
    from ai.levels import get_level

    game = GAMES[args.game] if args.game else next(iter(GAMES.values()))
    level = get_level("normal")
    result = head_to_head(game.id, args.matches, args.seconds, level.horizon, level.exploration,
                          game.quick_options, on_result=_progress_bar)
    print(file=sys.stderr)
    print(format_head_to_head(result))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "selfplay":
        return cmd_selfplay(args)
    if args.command == "arena":
        return cmd_arena(args)
    if args.command == "replay":
        return cmd_replay(args)
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
