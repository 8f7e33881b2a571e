"""Test-wide settings: Qt runs offscreen, whatever the machine has; benchmarks run on request."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BENCHMARKS = Path(__file__).parent / "benchmarks"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave the benchmarks out of a run that does not ask for them with ``--benchmark-only``,
    so that they are not collected (and not counted as skipped) in the default run.
    """
    if collection_path == BENCHMARKS and not config.getoption("benchmark_only"):
        return True
    return None
