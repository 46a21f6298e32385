"""Test-run settings: how many test processes, and no per-test timeout for slow strength runs."""
import os

import pytest


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two test processes per core (``-n auto``): the table tests spend about half their time
    waiting for their screens to settle, and a second process fills that time."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()  # (not on macOS)
    return 2 * (cores or 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow strength runs take as long as their games do: the per-test timeout guards the default run."""
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.timeout(0))
