"""A start imports and builds what its first paint shows; what it does not show comes later.

Shadowdice is started in a fresh interpreter on one saved character, as a player starts it
(``start_imports_probe.py``). The parts the first window does not show are not imported on
the way to it: the table window and its tray for the second screen, the dialog after an
error, the offer of recovered characters, the network behind the Table menu.
The table window and the error dialog are imported once the window is painted, so their
first use is as quick as before; the rest when first used. The welcome screen is built only
by a start that opens no character.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from shadowdice.storage.character_file import save_character
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.private_home import private_home_environment

PROBE = Path(__file__).with_name("start_imports_probe.py")

#: Imported once the window is painted.
AFTER_THE_FIRST_PAINT = ["shadowdice.ui.table_window", "shadowdice.ui.crash_dialog"]
#: Imported when first used.
WHEN_FIRST_USED = [
    "shadowdice.ui.recovery_dialog",
    "shadowdice.ui.network.link",
    "shadowdice.ui.settings_dialog",
    "shadowdice.ui.sheet_editor",
]


def started(tmp_path: Path, *, with_kira: bool = True, table: bool = False) -> dict:
    """What the probe saw, starting on Kira's saved file (or on nothing); with ``table``,
    opening the table window (View ▸ Table window, Ctrl+T) as soon as the start is done.
    """
    kira = tmp_path / "kira.shadowdice"
    save_character(kira, Shadowrun4(), ShadowrunSheet(name="Kira"))
    env = {**private_home_environment(tmp_path / "home"), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, str(PROBE), *([str(kira)] if with_kira else [])]
    command += ["--table"] if table else []
    command += ["--watch"]
    run = subprocess.run(
        [*command, *AFTER_THE_FIRST_PAINT, *WHEN_FIRST_USED],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_start_imports_only_what_its_first_paint_shows(tmp_path):
    # When Shadowdice starts with a saved character
    seen = started(tmp_path)

    # Then nothing the window does not show was imported for its first paint
    assert seen["tabs"] == 1
    assert seen["shown"] == []

    # ... nor the welcome screen built, unless the window was painted before Kira was read
    # (a slow machine: the window is painted while the file is read)
    assert seen["welcome_built"] == (seen["tabs_when_shown"] == 0)
    assert not seen["welcome_shown"]

    # ... the table window and the error dialog come once the window is painted
    assert seen["painted"] == AFTER_THE_FIRST_PAINT

    # ... and PySide6 never looked through every widget class for one it does not know
    # (a viewport made by Qt), which would have made Python classes of them all
    assert seen["classes_shown"] == seen["classes_painted"] == []


def test_a_start_with_no_character_shows_the_welcome_screen(tmp_path):
    seen = started(tmp_path, with_kira=False)
    assert seen["tabs"] == 0
    assert seen["welcome_shown"]


def test_the_table_window_opens_right_after_the_start_before_it_was_imported(tmp_path):
    seen = started(tmp_path, table=True)
    assert seen["table_window_shown"]
    # (unless a slow read let the window be painted, and the module come, before that)
    assert not seen["table_module_before"] or seen["painted_during_start"]
