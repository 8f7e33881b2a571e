"""What a start leaves for later, on the way to the window: the models of roll records are
built and the app's icon is set once the window is painted (before the first roll needs
them), and pydantic looks for no plugins among the installed distributions, nor imports
``importlib.metadata`` to do so. And what it does
first: every module of Shadowdice without Qt that the window needs is imported before Qt (see
:func:`shadowdice.app.import_core`), but a system's rules, which come with its character.

Each test starts the app as the ``shadowdice`` command does, in a process of its own with a
private home, on one saved character.
"""

from __future__ import annotations

import json
import os
import re
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

#: Starts the app on the files of its command line (after the result file); reports the
#: modules of Shadowdice imported in turn up to the window, which record models were built,
#: whether the app had its icon and whether ``importlib.metadata`` (which reads the installed
#: distributions) was imported the moment the window was first exposed (Qt paints it then;
#: on a busy machine that may come while the start still reads the file) and once the work
#: put off until the paint has run, then rolls Body for the character as the Roll button does
#: and quits.
WATCHED_START = textwrap.dedent(
    """
    import importlib.abc, json, sys
    from pathlib import Path

    report = {"imported": []}

    class Watch(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.startswith("shadowdice.") or name == "PySide6":
                report["imported"].append(name)

    sys.meta_path.insert(0, Watch())
    import shadowdice.app as app
    from shadowdice.core import record
    from tests.benchmarks.startup_probe import when_first_exposed

    result = Path(sys.argv[1])
    start = app.start

    def built():
        return [model.__name__ for model in record.MODELS if model.__pydantic_complete__]

    def exposed(window):
        report["built_when_exposed"] = built()
        report["icon_when_exposed"] = not window.windowIcon().isNull()
        report["metadata_when_exposed"] = "importlib.metadata" in sys.modules

    when_first_exposed(app, exposed)  # the moment Qt paints the window, however busy

    def start_watched(arguments):
        application, window = start(arguments)
        sys.meta_path.pop(0)
        from PySide6.QtCore import QTimer
        from shadowdice.ui.first_paint import after_first_paint

        def painted_and_turned():
            report["built_after_paint"] = built()
            report["icon_after_paint"] = not application.windowIcon().isNull()
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


def watched_start(tmp_path: Path) -> tuple[dict, Path]:
    """Start the app on Kira, saved, as :data:`WATCHED_START` does; its report, and the file
    with the record of the roll it made.
    """
    kira = saved_kira(tmp_path)
    result = tmp_path / "roll.json"
    run = subprocess.run(
        [sys.executable, "-c", WATCHED_START, str(result), str(kira)],
        env=environment(tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1]), result


def environment(home: Path, *paths: Path) -> dict[str, str]:
    """A private home, this repository (and ``paths``) on the import path, pydantic's plugins
    left to the app.
    """
    env = private_home_environment(home)
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    env["PYTHONPATH"] = os.pathsep.join(str(path) for path in (REPO, *paths))
    return env


def test_record_models_and_icon_wait_for_the_paint_and_are_ready_for_the_first_roll(tmp_path):
    # Given a saved character, when the app starts on it and rolls once its window is painted
    report, result = watched_start(tmp_path)

    # Then no record model was built on the way to the window, all of them once it was painted
    assert report["built_when_exposed"] == []
    assert report["built_after_paint"] == [
        "DieRecord",
        "ThrowRecord",
        "ActionRecord",
        "OutcomeRecord",
        "MemberRecord",
        "RollRecord",
    ]
    # ... and so was the app's icon set
    assert not report["icon_when_exposed"] and report["icon_after_paint"]
    # ... and nothing read the installed distributions' metadata on the way
    assert not report["metadata_when_exposed"]
    # ... and the roll right after was made and written as a record that reads back
    assert report["rolled"] == 0 and report["code"] == 0
    record = RollRecord.model_validate_json(result.read_text(encoding="utf-8"))
    assert record.character == "Kira" and record.throws


def test_the_start_imports_the_modules_without_qt_before_qt(tmp_path):
    # Given a saved character, when the app starts on it
    report, _result = watched_start(tmp_path)

    # Then every module of Shadowdice without Qt that it imported came before Qt, but those
    # of the rule systems' own packages (found, and loaded for the character, as needed)
    imported = report["imported"]
    after_qt = imported[imported.index("PySide6") :]
    rules = re.compile(r"shadowdice\.systems\.\w+")
    without_qt = [
        name
        for name in after_qt
        if name.startswith("shadowdice.") and not name.startswith("shadowdice.ui")
    ]
    assert [name for name in without_qt if not rules.match(name)] == []
    assert "shadowdice.systems.shadowrun4" in without_qt


def spy_plugin(tmp_path: Path) -> tuple[Path, Path]:
    """A pydantic plugin installed in a folder of its own, which leaves a mark when loaded;
    the folder and the mark's path (checked to work where nothing turns plugins off).
    """
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
    return plugins, mark


def rolled_and_quit(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """The app started on Kira, saved, in ``env``, having rolled Body for her and quit; its
    record is checked.
    """
    result = tmp_path / "roll.json"
    roll = ["--roll", '{"attribute": "Body"}', "--write-result", str(result)]
    run = subprocess.run(
        [sys.executable, "-m", "shadowdice", *roll, str(saved_kira(tmp_path))],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    if run.returncode == 0:
        assert json.loads(result.read_text(encoding="utf-8"))["character"] == "Kira"
    return run


def test_the_start_loads_no_pydantic_plugin_installed_beside_it(tmp_path):
    # Given a pydantic plugin installed beside the app, which leaves a mark when loaded
    plugins, mark = spy_plugin(tmp_path)

    # When the app starts on a saved character, rolls and quits
    run = rolled_and_quit(tmp_path, environment(tmp_path / "home", plugins))

    # Then it rolled, with no plugin loaded
    assert run.returncode == 0, run.stderr
    assert not mark.exists()


def test_the_start_loads_the_pydantic_plugins_the_environment_does_not_turn_off(tmp_path):
    # Given a pydantic plugin installed beside the app, and an environment that turns off
    # only another plugin
    plugins, mark = spy_plugin(tmp_path)
    env = {**environment(tmp_path / "home", plugins), "PYDANTIC_DISABLE_PLUGINS": "other"}

    # When the app starts on a saved character, rolls and quits
    run = rolled_and_quit(tmp_path, env)

    # Then it rolled, with the plugin loaded as pydantic does
    assert run.returncode == 0, run.stderr
    assert mark.exists()
