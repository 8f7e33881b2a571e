"""Test-wide settings: Qt runs offscreen, whatever the machine has; benchmarks run on request;
the message catalogs are compiled when a .po file is newer than its .mo file (as the build does).
"""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# "The system's language" is English in tests, whatever the machine's: tests read English texts
# unless they switch on purpose (and switch back).
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import catalogs  # noqa: E402 - lives in packaging/

sys.path.pop(0)
catalogs.compile_all()

BENCHMARKS = Path(__file__).parent / "benchmarks"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave the benchmarks out of a run that does not ask for them with ``--benchmark-only``,
    so that they are not collected (and not counted as skipped) in the default run.
    """
    if collection_path == BENCHMARKS and not config.getoption("benchmark_only"):
        return True
    return None


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language leaves English behind, for the next one."""
    yield
    ui_language = sys.modules.get("shadowdice.ui.language")
    if ui_language is not None:
        ui_language.switch("en")
    else:
        from shadowdice.core import language

        language.set_language("en")
