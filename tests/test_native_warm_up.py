"""A start loads Qt's libraries and has fontconfig read its configuration on a thread of its
own, while the main thread imports the core (:mod:`shadowdice.ui.native_warm_up`); Qt still
runs on the main thread, and where there is nothing to load, nothing is.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shadowdice.storage.character_file import save_character
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from shadowdice.ui import native_warm_up
from tests.private_home import private_home_environment

REPO = Path(__file__).resolve().parents[1]
TIMEOUT_S = 120

#: Starts the app on the files of its command line, watching the warm-up: on which thread it
#: ran, which of Qt's libraries it was asked to load and which were loaded after it,
#: and whether Qt's main thread is the main thread once the window is up.
WATCHED_START = textwrap.dedent(
    """
    import json, sys, threading
    import shadowdice.ui.native_warm_up as warm

    report = {}
    load = warm.load

    def watched(folder, names):
        report["on_main_thread"] = threading.current_thread() is threading.main_thread()
        report["asked"] = list(names)
        load(folder, names)
        with open("/proc/self/maps") as maps:
            mapped = maps.read()
        report["loaded"] = [name for name in names if name.rsplit("/")[-1] in mapped]

    warm.load = watched
    import shadowdice.app as app

    start = app.start

    def start_watched(arguments):
        application, window = start(arguments)
        from PySide6.QtCore import QThread

        report["qt_on_main_thread"] = (
            QThread.currentThread() is application.thread()
            and threading.current_thread() is threading.main_thread()
        )
        report["loading_left"] = [thread.name for thread in threading.enumerate()
                                  if thread.name == warm.THREAD_NAME]
        return application, window

    app.start = start_watched
    code = app.main(sys.argv[1:])
    print(json.dumps({"code": code, **report}))
    """
)


@pytest.mark.skipif(
    native_warm_up.qt_folder() is None or not sys.platform.startswith("linux"),
    reason="Qt's libraries are files of their own in PySide6's folder on Linux only",
)
def test_a_start_loads_qts_libraries_on_a_thread_of_their_own_and_runs_qt_on_the_main_one(
    tmp_path,
):
    # Given a saved character
    kira = tmp_path / "kira.shadowdice"
    save_character(kira, Shadowrun4(), ShadowrunSheet(name="Kira"))
    result = tmp_path / "roll.json"
    env = {**private_home_environment(tmp_path / "home"), "PYTHONPATH": str(REPO)}

    # When the app starts on it, rolls once and quits
    roll = ["--roll", '{"attribute": "Body"}', "--write-result", str(result)]
    run = subprocess.run(
        [sys.executable, "-c", WATCHED_START, *roll, str(kira)],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )

    # Then Qt's libraries were loaded on a thread of their own, done before the window
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["on_main_thread"] is False
    assert report["asked"] == report["loaded"] == list(native_warm_up.LIBRARIES)
    assert report["loading_left"] == []
    # ... and Qt runs on the main thread, the roll made as ever
    assert report["qt_on_main_thread"] is True
    assert report["code"] == 0
    assert json.loads(result.read_text(encoding="utf-8"))["character"] == "Kira"
    assert "thread" not in run.stderr.lower()


def test_nothing_is_loaded_where_pyside6_has_no_folder_of_qt_libraries(monkeypatch, tmp_path):
    # Given a PySide6 whose folder holds no Qt libraries of their own (as on Windows or macOS)
    class NoPySide6:
        @staticmethod
        def find_spec(_name):
            return None

    monkeypatch.setattr(native_warm_up, "PathFinder", NoPySide6)
    assert native_warm_up.qt_folder() is None

    # Then a start loads nothing ahead of Qt
    assert native_warm_up.warm_up_natively() is None


def test_a_library_that_cannot_be_loaded_is_left_to_qt(monkeypatch, tmp_path):
    # Given a folder of Qt in which the X platform's plugin cannot be loaded
    import ctypes

    tried = []
    names = native_warm_up.LIBRARIES + native_warm_up.X_PLATFORM
    plugin = str(tmp_path / names[-1])

    class Library:
        def __init__(self, name):
            tried.append(name)
            if name == plugin:
                raise OSError(f"{name}: cannot open shared object file")

        def FcInit(self):  # fontconfig's name
            tried.append("FcInit")

    monkeypatch.setattr(ctypes, "CDLL", Library)

    # When Qt's libraries are loaded ahead of Qt
    native_warm_up.load(tmp_path, names)

    # Then nothing is raised, the rest is loaded and fontconfig still reads its configuration
    libraries = [str(tmp_path / name) for name in names]
    assert tried == [*libraries, native_warm_up.FONTCONFIG, "FcInit"]


@pytest.mark.parametrize(
    ("environment", "on_x"),
    [
        ({"QT_QPA_PLATFORM": "xcb"}, True),
        ({"QT_QPA_PLATFORM": "xcb:no_grab"}, True),
        ({"QT_QPA_PLATFORM": "offscreen"}, False),
        ({"QT_QPA_PLATFORM": "wayland;xcb"}, False),
        ({"XDG_SESSION_TYPE": "x11"}, True),
        ({}, True),
        ({"XDG_SESSION_TYPE": "wayland"}, False),
    ],
)
def test_the_x_platform_is_loaded_ahead_only_where_qt_will_run_on_x(environment, on_x):
    expected = native_warm_up.LIBRARIES + (native_warm_up.X_PLATFORM if on_x else ())
    assert native_warm_up.libraries(environment) == expected
