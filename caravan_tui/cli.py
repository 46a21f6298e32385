"""The ``caravan-tui`` command: the app, plus headless selfplay, arena, replay, saves and bench.

Every mistake in what the command is given (an argument, an option, a file, the saves folder)
is one line on stderr, "caravan-tui: error: …", and exit status 2; it is found before anything
is played, so a long run never ends in an error that could have been seen at its start.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import socket
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from caravan_tui import __version__
from caravan_tui.ai.levels import LEVELS, MAX_ITERATIONS
from caravan_tui.ai.review import ITERATIONS as REVIEW_ITERATIONS
from caravan_tui.engine import MAX_SEED
from caravan_tui.files import MiB, NotRegular, TooLarge, read_regular
from caravan_tui.games import GAMES
from caravan_tui.run_file import RunFile
from caravan_tui.safe_text import LONG, plain
from caravan_tui.seats import BOOLEANS, SeatSpec, parse_seats

if TYPE_CHECKING:
    from caravan_tui.ai.matches import MatchRecord

#: bytes in a file of recorded matches (arena --json writes about 2-17 KB a match)
MAX_RECORDS = 16 * MiB
SEAT_HELP = (
    "random, greedy, "
    + ", ".join(f"ai:{level}" for level in LEVELS)
    + ", or a custom ai:LEVEL+FIELD=VALUE (e.g. ai:hard+horizon=12)"
)
#: processes a run may play its matches in (each a whole Python with a game and a search)
MAX_WORKERS = 64


class Refused(Exception):
    """Input the command cannot use; ``main`` prints it on one line and exits with status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (no usage), like every other error of the command."""

    def error(self, message: str):
        self.exit(2, f"caravan-tui: error: {message}\n")


# -- argument types ------------------------------------------------------------------------------


def address(text: str) -> str:
    """An argument type: a host name or address this machine can look up (an empty one would
    listen on every interface without saying so)."""
    try:
        if text.strip() != text or not text or not socket.getaddrinfo(text, None):
            raise ValueError
    except (OSError, ValueError, UnicodeError):
        raise argparse.ArgumentTypeError(f"must be an address to listen on, not {text!r}") from None
    return text


def whole_number(minimum: int, maximum: int | None = None):
    """An argument type: a whole number of at least ``minimum`` (and at most ``maximum``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum or (maximum is not None and value > maximum):
            allowed = f"of at least {minimum}" if maximum is None else f"from {minimum} to {maximum}"
            raise argparse.ArgumentTypeError(f"must be a whole number {allowed}, not {text!r}")
        return value

    return parse


def _seeds(first: int, count: int) -> None:
    """Refused unless the ``count`` seeds from ``first`` on are all seeds a save can hold."""
    if first + count - 1 > MAX_SEED:
        raise Refused(f"--seed {first} leaves no room for {count} seeds: the last seed is {MAX_SEED}")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return value


def _pause(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 to 5, not {text!r}")
    return value


def _port(text: str) -> int:
    port = whole_number(0)(text)
    if port > 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535, not {text!r}")
    return port


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


# -- checks made before anything runs ------------------------------------------------------------


def _options(game, pairs: list[str], players: int) -> dict:
    """The game's options from NAME=VALUE pairs, defaults filled in, once the game can be set up
    with them for ``players``: a yes/no option is written as one of BOOLEANS, a numbered one as
    a whole number."""
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise Refused(f"--option {pair!r} is not NAME=VALUE")
        options[name] = _option_value(game.options.get(name), text)
    problem = game.setup_problem(players, options)
    if problem is not None:
        raise Refused(problem)
    return game.resolve_options(options)


def _option_value(option, text: str):
    if option is None:
        return text  # resolve_options refuses the name
    if all(type(choice) is bool for choice in option.choices):
        return BOOLEANS.get(text.lower(), text)
    if any(type(choice) is int for choice in option.choices):
        try:
            return int(text)
        except ValueError:
            pass
    return text


def _option_text(options: dict) -> str:
    """``name=value, …`` as they are written on the command line."""

    def text(value) -> str:
        return ("yes" if value else "no") if isinstance(value, bool) else str(value)

    return ", ".join(f"{name}={text(value)}" for name, value in options.items()) or "none"


def _output(path: str | None) -> RunFile | None:
    """The --json file, opened (not emptied) before the run: a path that cannot be written is
    refused before any match is played, and a long run's results are not lost to it."""
    if path is None:
        return None
    try:
        return RunFile(path)
    except OSError as error:
        raise Refused(f"cannot write {path}: {_why(error)}") from None


def _write(out: RunFile | None, data: Any, indent: int | None = None) -> str | None:
    """The run's --json file written; what went wrong if it could not be (the results are then
    still printed, and the command ends with that line and status 1)."""
    if out is not None:
        try:
            out.write(data, indent)
        except OSError as error:
            return f"cannot write {out.path}: {_why(error)}"
    return None


def _unwritten(problem: str | None) -> int:
    if problem is None:
        return 0
    print(f"caravan-tui: error: {plain(problem, LONG)}", file=sys.stderr)
    return 1


def _writable_store():
    """The saves store, once its folder is known to take a new file."""
    from caravan_tui.saves.store import SaveStore

    store = SaveStore()
    try:
        store.folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=store.folder).close()
    except OSError as error:
        why = "it is not a folder" if isinstance(error, FileExistsError) else _why(error)
        raise Refused(f"cannot save in {store.folder}: {why}") from None
    return store


def _entries(store) -> list:
    """Every save, checked; Refused if the folder cannot be listed (which is not having none)."""
    from caravan_tui.saves.loading import checked_entries

    try:
        return checked_entries(store)
    except OSError as error:
        raise Refused(_why(error, where=True)) from None


@contextmanager
def _refused_for(match_id: str, doing: str) -> Iterator[None]:
    """What a saved match's store raises, as one line for the person (Refused)."""
    from caravan_tui.saves.codec import DamagedSave

    try:
        yield
    except FileNotFoundError:
        raise Refused(f"there is no saved match {match_id} (caravan-tui saves lists them)") from None
    except DamagedSave as error:
        raise Refused(f"cannot {doing} {match_id}: {error.reason}") from None
    except (OSError, ValueError) as error:
        raise Refused(f"cannot {doing} {match_id}: {_why(error)}") from None


def _loadable(store, match_id: str, doing: str) -> None:
    """Refused unless the saved match loads the one checked way."""
    from caravan_tui.saves.loading import load

    with _refused_for(match_id, doing):
        load(store, match_id)


def _replayable(match_id: str) -> str:
    """A saved match ``replay`` can open: it must load (no lock: a replay writes nothing)."""
    from caravan_tui.saves.store import SaveStore

    _loadable(SaveStore(), match_id, "replay")
    return match_id


def _levels(text: str) -> list[str]:
    """``--vs normal,hard``: one AI level per opponent (or one for all)."""
    levels = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if not levels or unknown:
        raise argparse.ArgumentTypeError(
            f"{(unknown or [text])[0]!r} is not an AI level; the levels are {', '.join(LEVELS)}"
        )
    return levels


def _play_setup(args):
    """The match ``play`` starts: you in seat 1, an AI of each ``--vs`` level after you."""
    from caravan_tui.preferences import Preferences, clean_name
    from caravan_tui.saves.store import SaveStore
    from caravan_tui.screens.new_match import setup_for

    game = GAMES[args.game]
    levels = args.vs
    players = args.players or (len(levels) + 1 if len(levels) > 1 else game.default_players)
    if players not in game.players:
        raise Refused(f"{game.title} is for {game.player_range()} players, not {players}")
    if len(levels) == 1:
        levels = levels * (players - 1)
    if len(levels) != players - 1:
        raise Refused(f"{players} players need {players - 1} AI levels after --vs, not {len(levels)}")
    options = _options(game, args.option, players)
    preferences = Preferences.load(SaveStore().root)
    if args.name and clean_name(args.name):
        preferences.name = clean_name(args.name)
        preferences.save()
    return setup_for(game, levels, preferences.name, options, args.seed)


def _resumable(match_id: str) -> str:
    """The match ``resume`` opens ("latest": the unfinished one played last), once it is known to
    load and to be free. Its lock is only tried: the app takes it itself."""
    from caravan_tui.saves.loading import latest_unfinished
    from caravan_tui.saves.store import SaveStore

    store = SaveStore()
    if match_id == "latest":
        latest = latest_unfinished(store)
        if latest is None:
            _entries(store)  # an unreadable folder says so
            raise Refused(f"there is no unfinished match to resume in {store.folder}")
        match_id = latest.match_id
    _loadable(store, match_id, "resume")
    try:
        store.lock(match_id).release()
    except OSError as error:
        raise Refused(f"cannot resume {match_id}: {_why(error)}") from None
    return match_id


def _why(error: Exception, where: bool = False) -> str:
    """What went wrong, in words (an OSError's without its "[Errno N]"), and for ``where`` the
    file it went wrong with."""
    if isinstance(error, (NotRegular, TooLarge)):
        return f"it is {error}"
    if not isinstance(error, OSError) or not error.strerror:
        return str(error)
    return f"{error.strerror}: {error.filename}" if where and error.filename else error.strerror


# -- progress ------------------------------------------------------------------------------------


def _progress(total: int):
    """A bar on stderr counting finished matches, if stderr is a terminal; a log file or a pipe
    gets nothing per match."""
    return (lambda done: _progress_bar(done, total)) if sys.stderr.isatty() else None


def _progress_bar(done: int, total: int) -> None:
    filled = 30 * done // total
    print(
        f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} matches",
        end="\n" if done == total else "",
        file=sys.stderr,
        flush=True,
    )


# -- commands ------------------------------------------------------------------------------------


#: a game argument: named GAME in the usage, the games listed in its help, where they wrap at a
#: comma (the choices in braces, wrapped at 80 columns, cut a game's id in two)
GAME_ARGUMENT: dict[str, Any] = {
    "choices": sorted(GAMES),
    "metavar": "GAME",
    "help": f"the game: {', '.join(sorted(GAMES))}",
}


def build_parser() -> argparse.ArgumentParser:
    positive, seed, iterations = whole_number(1), whole_number(0, MAX_SEED), whole_number(1, MAX_ITERATIONS)
    workers = whole_number(1, MAX_WORKERS)
    parser = Parser(prog="caravan-tui", description="Caravan-themed trading games.")
    parser.add_argument("--version", action="version", version=f"caravan-tui {__version__}")
    commands = parser.add_subparsers(dest="command")

    play = commands.add_parser("play", help="start a match against the AI at once")
    play.add_argument("game", **GAME_ARGUMENT)
    play.add_argument(
        "--vs",
        type=_levels,
        default="normal",
        help=f"AI level of each opponent, comma-separated ({', '.join(LEVELS)}); one level for all",
    )
    play.add_argument("--players", type=positive, help="players at the table (default: the game's usual)")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option; yes/no options take yes, no, true, false, on, off, 1 or 0",
    )
    play.add_argument("--name", help="your name at the table (remembered)")
    play.add_argument("--seed", type=seed, help="the match's seed, to deal the same match again (default: random)")

    resume = commands.add_parser("resume", help="resume a saved match (the latest unfinished one by default)")
    resume.add_argument("match", nargs="?", default="latest")

    selfplay = commands.add_parser("selfplay", help="play headless matches between seats")
    selfplay.add_argument("game", **GAME_ARGUMENT)
    selfplay.add_argument(
        "--seats", type=_seat_list, default="ai:normal,ai:easy", help=f"comma-separated, one per player: {SEAT_HELP}"
    )
    selfplay.add_argument("--games", type=positive, default=10)
    selfplay.add_argument("--seed", type=seed, default=1)
    selfplay.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option; yes/no options take yes, no, true, false, on, off, 1 or 0",
    )
    selfplay.add_argument("--workers", type=workers, default=2, help="matches played in parallel")
    selfplay.add_argument("--json", metavar="FILE", help="also write every match record as JSON")

    arena = commands.add_parser("arena", help="round-robin tournament between seats, with ratings")
    arena.add_argument("game", **GAME_ARGUMENT)
    arena.add_argument(
        "--seats",
        type=_seat_list,
        default="random,greedy,ai:easy",
        help=f"comma-separated seats to compare: {SEAT_HELP}",
    )
    arena.add_argument("--players", type=positive, help="players per match (default: the game's usual)")
    arena.add_argument("--rounds", type=positive, default=5, help="times each line-up plays in each seat order")
    arena.add_argument("--seed", type=seed, default=1)
    arena.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option; yes/no options take yes, no, true, false, on, off, 1 or 0",
    )
    arena.add_argument("--iterations", type=iterations, help="cap every AI seat to this many iterations")
    arena.add_argument("--workers", type=workers, default=2, help="matches played in parallel")
    arena.add_argument("--json", metavar="FILE", help="write the matrix, ratings and every match record")

    replay = commands.add_parser(
        "replay",
        help="watch a saved match move by move (MATCH), or replay a match recorded by arena --json (FILE INDEX)",
    )
    replay.add_argument(
        "file",
        metavar="MATCH_OR_FILE",
        help="a saved match's id (the Load screen shows it under the list: 20261128-173952-e1b598), "
        "or a file arena --json wrote",
    )
    replay.add_argument("index", type=whole_number(0), nargs="?", help="with a FILE: which of its matches, from 0")
    replay.add_argument("--save", action="store_true", help="store the recorded match as a save file you can open")

    review = commands.add_parser(
        "review",
        help="how each of your decisions in a finished match changed your "
        "chances: the turning points, the better moves and why",
    )
    review.add_argument("match", metavar="MATCH")
    review.add_argument("--seat", type=positive, help="the seat to review (default: the first a person played)")
    review.add_argument(
        "--text",
        action="store_true",
        help="print the review (turning points, each decision's cost, the chart) in 80 columns "
        "instead of opening it; progress goes to stderr",
    )
    review.add_argument(
        "--iterations",
        type=iterations,
        default=REVIEW_ITERATIONS,
        help=f"search iterations a decision (default {REVIEW_ITERATIONS})",
    )

    saves = commands.add_parser("saves", help="list saved matches")
    saves.add_argument(
        "--recover",
        metavar="MATCH",
        help="open a save damaged after its start at its last whole move (the damaged file is kept)",
    )

    serve = commands.add_parser("serve", help="host matches over SSH: friends play with ssh -p PORT HOST")
    serve.add_argument(
        "--host", type=address, default="127.0.0.1", help="address to listen on (default: this machine only)"
    )
    serve.add_argument("--port", type=_port, default=2222)
    serve.add_argument(
        "--authorized-keys", metavar="FILE", help="let in only the public keys listed (OpenSSH authorized_keys format)"
    )
    serve.add_argument("--allow-guests", action="store_true", help="let in clients without a key, as guests")
    serve.add_argument(
        "--grace",
        type=whole_number(0),
        default=60,
        help="seconds a person who drops keeps their seat before an AI stands in (a new "
        "match's first offer; each match may choose)",
    )
    serve.add_argument("--idle-timeout", type=_seconds, default=1800, help="close a session idle this many seconds")
    serve.add_argument("--per-address", type=positive, default=8, help="logged-in connections at once from one address")
    serve.add_argument(
        "--max-pre-login",
        type=positive,
        default=32,
        help="connections not logged in yet, at once (at most half from one address; each has 20 s)",
    )
    serve.add_argument("--max-sessions", type=positive, default=64, help="sessions at once (each is a process)")
    serve.add_argument("--ai-iterations", type=iterations, help="cap every AI seat to this many iterations")
    serve.add_argument(
        "--move-pause",
        type=_pause,
        default=0.6,
        help="seconds an opponent's move stays on a person's screen before the next (0 to 5)",
    )
    serve.add_argument(
        "--database",
        metavar="URL",
        help="keep the matches, names and connection log in PostgreSQL (postgresql://…), shared "
        "with other servers on the same database (docs/several-hosts.md); needs the postgres extra",
    )
    serve.add_argument(
        "--admin-keys",
        metavar="FILE",
        help="the operators' keys, one a line (a public key or its SHA256 fingerprint): in the "
        "lobby, o kicks, bans, mutes and closes matches",
    )
    serve.add_argument(
        "--web",
        type=_port,
        metavar="PORT",
        help="also serve a seat from a browser on this port (off unless given): people sign a browser "
        "in with l in the SSH lobby (docs/hosting.md)",
    )
    serve.add_argument(
        "--web-url",
        metavar="URL",
        help="the address people reach the web seat by, e.g. https://games.example.org behind a proxy",
    )
    serve.add_argument("--web-cert", metavar="FILE", help="serve the web seat over HTTPS with this certificate (PEM)")
    serve.add_argument("--web-key", metavar="FILE", help="the certificate's private key (PEM)")
    serve.add_argument(
        "--web-trusted-proxy",
        metavar="ADDRESS",
        action="append",
        default=[],
        help="a reverse proxy's address whose X-Forwarded-For/-Proto/-Host are believed (repeatable)",
    )

    admin = commands.add_parser("admin", help="moderate a server offline: its people, bans, moderation log")
    admin.add_argument("--database", metavar="URL", help="the server's PostgreSQL (else its folder)")
    doing = admin.add_subparsers(dest="action", required=True, parser_class=Parser)
    doing.add_parser("people", help="everyone with a name kept, and their key")
    doing.add_parser("bans", help="the keys banned")
    ban = doing.add_parser(
        "ban",
        help="ban a key (a name kept, or a key's fingerprint: SHA256: and 43 characters, as ssh-keygen -l prints it)",
    )
    ban.add_argument("who")
    ban.add_argument("--reason", default="", help="said to them as their session ends")
    ban.add_argument(
        "--admin-keys", metavar="FILE", help="the operators' keys, as serve is given them: an operator's key is refused"
    )
    unban = doing.add_parser("unban", help="lift a ban (a name kept, or a SHA256 fingerprint)")
    unban.add_argument("who")

    bench = commands.add_parser("bench", help="measure engine and AI speed")
    bench.add_argument("game", nargs="?", **GAME_ARGUMENT)
    bench.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    bench.add_argument(
        "--vs-openspiel",
        action="store_true",
        help="our ISMCTS against OpenSpiel's on the same engine (needs pip install '.[bench]')",
    )
    bench.add_argument("--matches", type=positive, default=200, help="head-to-head matches for --vs-openspiel")
    bench.add_argument("--seconds", type=_seconds, default=0.1, help="time per move for --vs-openspiel")
    return parser


def cmd_selfplay(args) -> int:
    from caravan_tui.ai.arena import run_jobs, share_line, wins_by_turn
    from caravan_tui.selfplay import format_solo, format_table, selfplay_jobs, summarise, summarise_solo

    game = GAMES[args.game]
    if len(args.seats) not in game.players:
        raise Refused(f"{game.title} is for {game.player_range()} players; --seats names {len(args.seats)}")
    options = _options(game, args.option, len(args.seats))
    _seeds(args.seed, args.games)
    out = _output(args.json)
    jobs = selfplay_jobs(args.game, args.seats, args.games, args.seed, options)

    def games(records: list[MatchRecord]) -> list[dict[str, Any]]:
        return [record.as_json() for record in records]

    records = run_jobs(jobs, min(args.workers, args.games), _progress(args.games), out.keeper(games) if out else None)
    unwritten = _write(out, games(records))  # first: a reader of stdout that leaves early must not cost them
    print(
        f"{game.title}: {args.games} {'games' if len(args.seats) == 1 else 'matches'}, "
        f"seeds {args.seed}-{args.seed + args.games - 1}, options {_option_text(options)}"
    )
    if len(args.seats) == 1:  # solo: no one to beat, so the score and the titles it reached
        print(format_solo(summarise_solo(records), game.solo_titles))
    else:
        print(format_table(*summarise(records)))
        print(share_line("order of play", "the first to move", wins_by_turn(records), len(records)))
    return _unwritten(unwritten)


def cmd_arena(args) -> int:
    from caravan_tui.ai.arena import format_standings, lineups, run_jobs, schedule, standings, to_json

    game = GAMES[args.game]
    players = game.default_players if args.players is None else args.players
    if players not in game.players:
        raise Refused(f"{game.title} is for {game.player_range()} players, not {players}")
    if len(set(args.seats)) < 2:
        raise Refused("an arena needs at least two different seats")
    options = _options(game, args.option, players)
    _seeds(args.seed, args.rounds * len(lineups(args.seats, players)))
    out = _output(args.json)
    total = args.rounds * len(lineups(args.seats, players)) * players
    jobs = schedule(args.game, args.seats, players, args.rounds, args.seed, options, args.iterations)
    names = [str(seat) for seat in args.seats]

    def matches(records: list[MatchRecord]) -> dict[str, Any]:
        return to_json(standings(names, records), records)

    records = run_jobs(
        jobs, min(args.workers, total // players), _progress(total), out.keeper(matches) if out else None
    )
    table = standings(names, records)
    unwritten = _write(out, to_json(table, records))  # first, as in selfplay
    print(
        f"{game.title}, {players} players, options {_option_text(options)}, {len(records)} matches, "
        f"seeds {args.seed}-{records[-1].seed} (each played from every seat)"
    )
    print(format_standings(table))
    return _unwritten(unwritten)


def cmd_replay(args) -> int:
    if args.index is None:
        return cmd_app(args)
    from caravan_tui.ai.arena import record_problem
    from caravan_tui.engine import normalise_action
    from caravan_tui.saves.codec import DamagedSave
    from caravan_tui.saves.loading import replay_snapshot
    from caravan_tui.saves.snapshot import Snapshot, new_match_id
    from caravan_tui.seat_labels import ai_seat_name

    store = _writable_store() if args.save else None
    where = f"match {args.index} of {args.file}"
    try:
        data = json.loads(read_regular(args.file, MAX_RECORDS))
    except (OSError, ValueError, RecursionError) as error:
        raise Refused(f"cannot replay {where}: {_why(error)}") from None
    # (arena --json writes its matches under "matches", selfplay --json the list itself)
    matches = data.get("matches") if isinstance(data, dict) else data
    if not isinstance(matches, list):
        raise Refused(f"cannot replay {where}: it holds no list of matches, as arena and selfplay --json write")
    if not args.index < len(matches):
        raise Refused(f"cannot replay {where}: it holds {len(matches)} matches")
    match = matches[args.index]
    problem = record_problem(match)
    if problem is not None:
        raise Refused(f"cannot replay {where}: {problem}")
    game, seats, seed, options = GAMES[match["game"]], match["seats"], match["seed"], match["options"]
    try:
        state = game.new(len(seats), seed=seed, options=options)
        actions = [normalise_action(a) for a in match["actions"]]
        for action in actions:
            state.apply(action)
    except (ValueError, LookupError, TypeError, RecursionError) as error:  # an action the game refuses
        raise Refused(f"cannot replay {where}: {_why(error)}") from None
    same = state.scores() == match["scores"]
    print(
        plain(
            f"{game.title}, seats {', '.join(seats)}, seed {seed}: "
            f"scores {state.scores()} ({'as recorded' if same else 'DIFFERENT from the record'})",
            LONG,
        )
    )
    if store:
        snapshot = Snapshot(
            match_id=new_match_id(),
            game_id=game.id,
            options=game.resolve_options(options),
            players=len(seats),
            seats=seats,
            names=[ai_seat_name(seat, spec.level or spec.kind) for seat, spec in enumerate(map(SeatSpec.parse, seats))],
            seed=seed,
            actions=actions,
            state=state.to_data(),
            status="over" if state.is_over() else "playing",
            result=state.outcome() if state.is_over() else None,
            rules=game.rules_version,
        )
        try:
            replay_snapshot(snapshot)
            store.write(snapshot)
        except DamagedSave as error:
            raise Refused(f"cannot save match {args.index} of {args.file}: {error.reason}") from None
        except (OSError, ValueError) as error:
            raise Refused(f"cannot save match {args.index} of {args.file}: {_why(error)}") from None
        print(f"saved as {snapshot.match_id}")
    return 0 if same else 1


def _review_target(args):
    """The finished match and the seat ``review`` is asked for (a seat numbered from 1), once
    both are known to be reviewable."""
    from caravan_tui.match_review import default_seat, not_reviewable
    from caravan_tui.saves.loading import load
    from caravan_tui.saves.store import SaveStore

    store = SaveStore()
    with _refused_for(args.match, "review"):
        snapshot = load(store, args.match).snapshot
    seat = default_seat(snapshot) if args.seat is None else args.seat - 1
    problem = not_reviewable(snapshot, seat)
    if problem is not None:
        raise Refused(problem)
    return store, snapshot, seat


def cmd_review(args) -> int:
    store, snapshot, seat = _review_target(args)
    if not args.text:
        return cmd_app(args, review=(snapshot.match_id, seat, args.iterations))
    import asyncio

    from caravan_tui.ai.review_text import review_lines, wrapped
    from caravan_tui.ai.worker import AIWorker
    from caravan_tui.match_review import review_of
    from caravan_tui.saves.reviews import ReviewShelf
    from caravan_tui.seats import names_called
    from caravan_tui.ssh.keeping import seat_given_up

    bar = sys.stderr.isatty()
    told = [-1]

    def judged(done: int, total: int) -> None:
        """Progress on stderr whatever stdout is: a bar on a terminal, else a line a tenth. As a
        share: the total holds the draws weighed after the decisions ("25/25 decisions judged"
        stood over a review of 23)."""
        if bar:
            filled = 30 * done // total
            print(
                f"\r[{'#' * filled}{'.' * (30 - filled)}] {100 * done // total}% of the review done",
                end="\n" if done == total else "",
                file=sys.stderr,
                flush=True,
            )
        elif 10 * done // total > told[0]:
            told[0] = 10 * done // total
            print(f"{100 * done // total}% of the review done", file=sys.stderr, flush=True)

    async def reviewed():
        async with AIWorker(2) as worker:
            shelf, gave_up = ReviewShelf(store.root), seat_given_up(store.root, snapshot.match_id, seat)
            return await review_of(snapshot, seat, shelf, worker, args.iterations, judged, gave_up=gave_up)

    review = asyncio.run(reviewed())
    names = names_called(snapshot.names, snapshot.seats)  # (as the table said)
    for line in wrapped(review_lines(review, names, GAMES[snapshot.game_id].title)):
        print(plain(line, LONG))
    return 0


def cmd_saves(args) -> int:
    from caravan_tui.saves.store import SaveStore

    if args.recover is not None:
        return _recover(args.recover)
    store = SaveStore()
    entries = _entries(store)
    if not entries:
        print(plain(f"no saved matches in {store.folder}", LONG))
        return 0
    shown = [entry.snapshot for entry in entries if entry.snapshot is not None]
    # columns as wide as their widest value, so no title runs into the next column; the seats,
    # of any number, on a line of their own below, so that a row keeps within 80 columns
    match = max([len("match")] + [len(entry.match_id) for entry in entries])
    game = max([len("game")] + [len(GAMES[snap.game_id].title) for snap in shown])
    print(f"{'match':<{match}} {'game':<{game}} {'moves':>5}  {'last played':<16} status")
    for entry in entries:  # file names and what files hold: plain (no escape reaches the terminal)
        snap = entry.snapshot
        if snap is None:
            when = datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
            print(plain(f"{entry.match_id:<{match}} {'?':<{game}} {'':>5}  {when:<16} damaged", LONG))
            _print_below(entry.error)
            if entry.recovery:  # (the command first: it stays on one line, to be copied)
                _print_below(f"caravan-tui saves --recover {entry.match_id}: {entry.recovery}")
            continue
        when = datetime.fromtimestamp(snap.updated).strftime("%Y-%m-%d %H:%M")
        title = GAMES[snap.game_id].title
        print(plain(f"{snap.match_id:<{match}} {title:<{game}} {len(snap.actions):>5}  {when:<16} {snap.status}", LONG))
        _print_below(f"seats: {', '.join(snap.seats)}")
    return 0


def _print_below(text: str) -> None:
    """``text`` under a row of a table, indented, folded to 80 columns between words (plain: a
    command or a file name in it stays whole, to be copied)."""
    folding = textwrap.TextWrapper(80, "  ", "    ", break_long_words=False, break_on_hyphens=False)
    for line in folding.wrap(plain(text, LONG)):
        print(line)


def _recover(match_id: str) -> int:
    """``saves --recover``: the damaged save opened at its last whole move, the damaged file kept."""
    store = _writable_store()
    with _refused_for(match_id, "recover"):
        store.path(match_id)
        recovered = store.recover(match_id)
    lost = f"{recovered.lost} later change{'s' if recovered.lost > 1 else ''}"
    print(
        plain(
            f"recovered {match_id}: it opens at move {recovered.moves} ({lost} could not be read); "
            f"the damaged file is kept as {recovered.kept}",
            LONG,
        )
    )
    return 0


def cmd_bench(args) -> int:
    if args.vs_openspiel:
        return cmd_vs_openspiel(args)
    from caravan_tui.bench import format_report, run_bench

    out = _output(args.json)
    results = run_bench([args.game] if args.game else None)
    unwritten = _write(out, results, indent=2)  # first, as in selfplay
    print(format_report(results))
    return _unwritten(unwritten)


def cmd_vs_openspiel(args) -> int:
    try:
        from caravan_tui.ai.openspiel_bridge import format_head_to_head, head_to_head
    except ImportError:
        raise Refused("OpenSpiel is not installed: pip install '.[bench]'") from None
    from caravan_tui.ai.levels import get_level

    out = _output(args.json)
    game = GAMES[args.game] if args.game else next(iter(GAMES.values()))
    level = get_level("normal")
    result = head_to_head(
        game.id,
        args.matches,
        args.seconds,
        level.horizon,
        level.exploration,
        game.quick_options,
        on_result=_progress_bar if sys.stderr.isatty() else None,
    )
    unwritten = _write(out, result, indent=2)  # first, as in selfplay
    print(format_head_to_head(result))
    return _unwritten(unwritten)


def cmd_app(args, review: tuple[str, int, int] | None = None) -> int:
    """The app, once what the command line asks of it is known to work (a mistake is a line
    here, not a notice in an app that then exits 0); ``review``: the match, seat and budget of
    a review to open."""
    play = resume = replay = None
    if args.command == "play":
        _writable_store()
        play = _play_setup(args)
    elif args.command == "resume":
        resume = _resumable(args.match)
    elif args.command == "replay":
        if args.save:
            raise Refused("--save takes a recorded match: replay FILE INDEX --save")
        replay = _replayable(args.file)
    from caravan_tui.app import run_app

    failure = run_app(play=play, resume=resume, replay=replay, review=review)
    if failure:
        doing = {"play": "the match", "resume": "the match", "replay": "the replay", "review": "the review"}.get(
            args.command, "the app"
        )
        print(f"caravan-tui: error: {doing} stopped: {plain(failure, LONG)}", file=sys.stderr)
        return 1
    return 0


def cmd_serve(args) -> int:
    """Run the SSH server until interrupted. Its folder (``server`` in the data dir) holds the
    hosted matches' saves, the names people chose, the host key and the connection log; with
    ``--database``, all but the host key are kept in PostgreSQL instead."""
    import asyncio

    from caravan_tui.saves.store import SaveStore
    from caravan_tui.ssh.server import STOPPING, ServerConfig, serve

    root = SaveStore().root / "server"
    try:
        root.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=root).close()
    except OSError as error:
        raise Refused(f"cannot keep the server's files in {root}: {_why(error)}") from None
    keys = None
    if args.authorized_keys is not None:
        from caravan_tui.ssh.server import read_authorized_keys

        try:
            read_authorized_keys(args.authorized_keys)
        except (OSError, ValueError) as error:  # asyncssh's KeyImportError is a ValueError
            raise Refused(f"cannot read {args.authorized_keys}: {_why(error)}") from None
        keys = Path(args.authorized_keys).resolve()
    admin_keys = None
    if args.admin_keys is not None:
        from caravan_tui.ssh.moderation import read_admin_keys

        try:
            read_admin_keys(args.admin_keys)
        except (OSError, ValueError) as error:
            raise Refused(f"cannot read the admin keys in {args.admin_keys}: {_why(error)}") from None
        admin_keys = Path(args.admin_keys).resolve()
    if args.database is not None and find_spec("psycopg") is None:
        raise Refused("--database needs PostgreSQL's driver: pip install 'caravan-tui[postgres]'")
    try:
        config = ServerConfig(
            root,
            args.host,
            args.port,
            keys,
            args.allow_guests,
            per_address=args.per_address,
            max_pre_login=args.max_pre_login,
            max_sessions=args.max_sessions,
            idle_timeout=args.idle_timeout,
            grace=args.grace,
            ai_iterations=args.ai_iterations,
            move_pause=args.move_pause,
            database=args.database,
            admin_keys=admin_keys,
        )
    except ValueError as error:
        raise Refused(str(error)) from None
    web = _web_config(args)

    def ready(server, problems) -> None:
        for problem in problems:
            print(f"caravan-tui: not resumed: {plain(problem, LONG)}", file=sys.stderr)
        resumed = len(server.hub.matches)
        print(
            f"caravan-tui: serving on {args.host} port {server.port} (ssh -p {server.port} {args.host}); "
            f"{resumed} match{'es' if resumed != 1 else ''} resumed; "
            f"{'matches in the database, host key' if args.database else 'files'} in {root}",
            flush=True,
        )
        if server.web is not None:
            print(f"caravan-tui: web seat on {server.web.url}/ (web port {server.web.port})", flush=True)

    def stopping(server) -> None:
        people = len(server.live)
        told = f"telling the {people} {'person' if people == 1 else 'people'} connected why (at most {STOPPING:.0f} s)"
        print(f"caravan-tui: stopping: {told if people else 'no one is connected'}; every match is kept", flush=True)

    with suppress(KeyboardInterrupt):  # ctrl+c before the server's own handler is in place
        asyncio.run(serve(config, ready, web, stopping))
    print("caravan-tui: stopped.", flush=True)  # (its terminal read nothing past "^C")
    return 0


def _web_config(args):
    """The web seat ``serve --web`` asked for (None: none), its files checked before it starts."""
    if args.web is None:
        if args.web_url or args.web_cert or args.web_key or args.web_trusted_proxy:
            raise Refused("--web-url, --web-cert, --web-key and --web-trusted-proxy need --web PORT")
        return None
    from caravan_tui.web.seat import WebConfig, tls_context

    cert = Path(args.web_cert).resolve() if args.web_cert else None
    key = Path(args.web_key).resolve() if args.web_key else None
    try:
        config = WebConfig(args.web, args.web_url, cert, key, frozenset(args.web_trusted_proxy))
        if cert is not None and key is not None:
            tls_context(cert, key)
    except (OSError, ValueError) as error:  # (ssl.SSLError is an OSError)
        raise Refused(f"cannot serve the web seat: {_why(error)}") from None
    return config


def cmd_admin(args) -> int:
    """People, bans and unbans of a server while it runs or not (the server reads a ban as each
    person arrives); every change lands in the moderation log, by "admin"."""
    import time

    from caravan_tui.hub_protocol import reason_problem
    from caravan_tui.saves.store import SaveStore
    from caravan_tui.ssh.keeping import FileKeeping, Keeping
    from caravan_tui.ssh.moderation import KEY_FINGERPRINT, Ban, read_admin_keys
    from caravan_tui.ssh.records import IDENTITY

    keeping: Keeping
    if args.database is not None:
        if find_spec("psycopg") is None:
            raise Refused("--database needs PostgreSQL's driver: pip install 'caravan-tui[postgres]'")
        from caravan_tui.pgstore import open_database

        keeping = open_database(args.database, "admin")[1]
    else:
        keeping = FileKeeping(SaveStore().root / "server")
    names, moderation = keeping.names, keeping.moderation
    if args.action == "people":
        for identity, name in names.everyone():
            print(f"{plain(name)}\t{identity}")
        return 0
    if args.action == "bans":
        for ban in moderation.bans():
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(ban.at))
            print(
                f"{ban.identity}\t{plain(names.name(ban.identity)) or '-'}\t{when}\tby {plain(ban.by)}"
                f"\t{plain(ban.reason)}"
            )
        return 0
    if args.action == "ban" and args.who.startswith("SHA256:") and not KEY_FINGERPRINT.fullmatch(args.who):
        raise Refused(
            f"{plain(args.who)} is not a key's fingerprint: SHA256: and 43 characters, as ssh-keygen -l prints it"
        )
    who = args.who if IDENTITY.fullmatch(args.who) and args.who.startswith("SHA256:") else names.identity_of(args.who)
    if who is None:
        raise Refused(f"nobody keeps the name {plain(args.who)}: give a name kept or a key's fingerprint")
    if args.action == "ban":
        if problem := reason_problem(args.reason):
            raise Refused(problem)
        operators: frozenset[str] = frozenset()
        if args.admin_keys is not None:
            try:
                operators = read_admin_keys(args.admin_keys)
            except (OSError, ValueError) as error:
                raise Refused(f"cannot read the admin keys in {args.admin_keys}: {_why(error)}") from None
        if who in operators:
            raise Refused(f"{plain(args.who)} is an operator: take their key out of --admin-keys first")
        if not who.startswith("SHA256:"):
            raise Refused(f"{plain(args.who)} is a guest, who has no key to ban")
        moderation.ban(Ban(who, time.time(), "admin", args.reason))
        moderation.log("admin", "ban", f"{args.who} {who}", args.reason)
        print(f"caravan-tui: {who} is banned")
    elif moderation.unban(who):
        moderation.log("admin", "unban", f"{args.who} {who}", "")
        print(f"caravan-tui: {who} is no longer banned")
    else:
        raise Refused(f"{who} is not banned")
    return 0


COMMANDS = {
    "selfplay": cmd_selfplay,
    "arena": cmd_arena,
    "replay": cmd_replay,
    "saves": cmd_saves,
    "review": cmd_review,
    "bench": cmd_bench,
    "serve": cmd_serve,
    "admin": cmd_admin,
}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = COMMANDS.get(args.command, cmd_app)(args)
        sys.stdout.flush()  # a reader that left is found here, not at exit
        return code
    except Refused as error:
        print(f"caravan-tui: error: {plain(error, LONG)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left (caravan-tui saves | head): stop quietly. As the Python docs advise,
        # point stdout at devnull so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as error:  # the system failed us mid-run (a full disk, say): still one line
        print(f"caravan-tui: error: {plain(_why(error, where=True), LONG)}", file=sys.stderr)
        return 1
