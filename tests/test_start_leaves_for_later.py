"""What a start leaves for later, on the way to the window: the models of roll records are
built once the window is painted (before the first roll needs them), and pydantic looks for
no plugins among the installed distributions.

Each test starts the app as the ``shadowdice`` command does, in a process of its own with a
private home, on one saved character.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from shadowdice.core.record import RollRecord
from shadowdice.storage.character_file import save_character
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.private_home import private_home_environment

REPO = Path(__file__).resolve().parents[1]
TIMEOUT_S = 120

#: Starts the app on the files of its command line (after the result file); reports which
#: record models were built when the start returned and once the window was painted, then
#: rolls Body for the character as the Roll button does and quits.
WATCHED_START = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from PySide6.QtCore import QTimer
    import shadowdice.app as app
    from shadowdice.core import record
    from shadowdice.ui.first_paint import after_first_paint

    result = Path(sys.argv[1])
    report = {}
    start = app.start

    def built():
        return [model.__name__ for model in record.MODELS if model.__pydantic_complete__]

    def start_watched(arguments):
        application, window = start(arguments)
        report["built_at_start"] = built()

        def painted_and_turned():
            report["built_after_paint"] = built()
            report["rolled"] = app.roll_and_write(window, {"attribute": "Body"}, result)
            application.quit()

        # a turn later: every piece of work waiting for the paint has run by then
        after_first_paint(window, lambda: QTimer.singleShot(0, painted_and_turned))
        return application, window

    app.start = start_watched
    code = app.main(sys.argv[2:])
    print(json.dumps({"code": code, **report}))
    """
)


def saved_kira(folder: Path) -> Path:
    path = folder / "kira.shadowdice"
    save_character(path, Shadowrun4(), ShadowrunSheet(name="Kira"))
    return path


def environment(home: Path, *paths: Path) -> dict[str, str]:
    """A private home, this repository (and ``paths``) on the import path, pydantic's plugins
    left to the app.
    """
    env = private_home_environment(home)
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    env["PYTHONPATH"] = os.pathsep.join(str(path) for path in (REPO, *paths))
    return env


def test_record_models_wait_for_the_paint_and_are_ready_for_the_first_roll(tmp_path):
    # Given a saved character
    kira = saved_kira(tmp_path)
    result = tmp_path / "roll.json"

    # When the app starts on it, and rolls once its window is painted
    run = subprocess.run(
        [sys.executable, "-c", WATCHED_START, str(result), str(kira)],
        env=environment(tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )

    # Then no record model was built on the way to the window, all of them once it was painted
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["built_at_start"] == []
    assert report["built_after_paint"] == [
        "DieRecord",
        "ThrowRecord",
        "ActionRecord",
        "OutcomeRecord",
        "MemberRecord",
        "RollRecord",
    ]
    # ... and the roll right after was made and written as a record that reads back
    assert report["rolled"] == 0 and report["code"] == 0
    record = RollRecord.model_validate_json(result.read_text(encoding="utf-8"))
    assert record.character == "Kira" and record.throws


def test_the_start_loads_no_pydantic_plugin_installed_beside_it(tmp_path):
    # Given a pydantic plugin installed beside the app, which leaves a mark when loaded
    plugins = tmp_path / "plugins"
    info = plugins / "spy_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: spy-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[pydantic]\nspy = spy_plugin:plugin\n")
    mark = tmp_path / "loaded"
    (plugins / "spy_plugin.py").write_text(
        textwrap.dedent(
            f"""
            from pathlib import Path
            Path({str(mark)!r}).write_text("loaded")

            class Plugin:
                def new_schema_validator(self, *arguments):
                    return None, None, None

            plugin = Plugin()
            """
        )
    )
    env = environment(tmp_path / "home", plugins)
    model = "from pydantic import BaseModel\nclass Model(BaseModel):\n    x: int\n"
    subprocess.run([sys.executable, "-c", model], env=env, check=True, timeout=TIMEOUT_S)
    assert mark.exists(), "pydantic loads the plugin where nothing says otherwise"
    mark.unlink()

    # When the app starts on a saved character, rolls and quits
    result = tmp_path / "roll.json"
    roll = ["--roll", '{"attribute": "Body"}', "--write-result", str(result)]
    run = subprocess.run(
        [sys.executable, "-m", "shadowdice", *roll, str(saved_kira(tmp_path))],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )

    # Then it rolled, with no plugin loaded
    assert run.returncode == 0, run.stderr
    assert json.loads(result.read_text(encoding="utf-8"))["character"] == "Kira"
    assert not mark.exists()
