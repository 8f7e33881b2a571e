"""Test-wide settings: Qt runs offscreen, whatever the machine has; benchmarks run on request;
the message catalogs are compiled when a .po file is newer than its .mo file (as the build does);
Hypothesis sets no deadline per example, as speed is measured by benchmarks only.
"""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# A deadline per example is a timed assertion: on a shared, busy machine it fails examples that
# are only slow, and speed is what tests/benchmarks measures against its floors.
settings.register_profile("shadowdice", deadline=None)
settings.load_profile("shadowdice")

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


@pytest.fixture
def demo_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Compile German translations for the catalog "demo" (modules named
    ``shadowdice.systems.demo.*``), as the build does, and have the app read them.

    Call it with the translations by English message (a pair of messages for a plural).
    """
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from shadowdice.core import language

    def compile_demo(translations: dict) -> None:
        catalog = Catalog(locale="de", domain="demo")
        for message, translation in translations.items():
            catalog.add(message, translation)
        folder = tmp_path / "de" / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "demo.mo").open("wb") as file:
            write_mo(file, catalog)
        monkeypatch.setattr(language, "locale_dir", lambda domain: tmp_path)
        language._catalog.cache_clear()

    yield compile_demo
    language._catalog.cache_clear()
