"""Work put off until a window is painted (:mod:`shadowdice.ui.first_paint`)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from shadowdice.ui.first_paint import after_first_paint


def test_the_work_waits_for_the_window_on_screen_and_runs_once(qtbot):
    # Given a window just shown
    window = QLabel("Kira")
    qtbot.addWidget(window)
    window.show()
    done: list[bool] = []

    # When work is put off until it is painted
    after_first_paint(window, lambda: done.append(window.windowHandle().isExposed()))

    # Then it has not run yet, and runs once the window is exposed
    assert done == []
    qtbot.waitUntil(lambda: done == [True])

    # ... and only once, however often the window comes back
    window.hide()
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(10)
    assert done == [True]


def test_a_window_not_shown_yet_has_the_work_once_shown_and_painted(qtbot):
    # Given a window built but not shown yet, and work put off until it is painted
    window = QLabel("Kira")
    qtbot.addWidget(window)
    done: list[bool] = []
    after_first_paint(window, lambda: done.append(window.windowHandle().isExposed()))

    # When the event loop turns, the window still hidden
    qtbot.wait(50)

    # Then the work waits; shown, the window has it once exposed
    assert done == []
    window.show()
    qtbot.waitUntil(lambda: done == [True])


def test_the_memory_a_start_read_with_is_given_back_once_the_window_is_painted(
    qtbot, tmp_path, monkeypatch, app_paths, prompts, dice
):
    from shadowdice.storage.character_file import save_character
    from shadowdice.storage.settings import SettingsStore
    from shadowdice.systems import builtin_registry
    from shadowdice.systems.shadowrun4 import Shadowrun4
    from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
    from shadowdice.ui import character_files
    from shadowdice.ui.main_window import MainWindow

    given_back: list[bool] = []
    monkeypatch.setattr(
        character_files,
        "give_back_free_memory",
        lambda: given_back.append(window.windowHandle().isExposed()),
    )
    kira = tmp_path / "kira.shadowdice"
    save_character(kira, Shadowrun4(), ShadowrunSheet(name="Kira"))

    # Given a window not on screen yet, when a character is opened in it
    window = MainWindow(
        registry=builtin_registry(),
        paths=app_paths,
        settings=SettingsStore(app_paths.settings_file),
        prompts=prompts,
        dice_source=dice,
    )
    qtbot.addWidget(window)
    window.open_paths([kira])

    # Then what reading it freed waits for the window to be painted, and goes back then
    qtbot.wait(50)
    assert given_back == []
    window.show()
    qtbot.waitUntil(lambda: given_back == [True])
