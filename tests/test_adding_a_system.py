"""The whole system in one file that opens docs/adding-a-system.md works as the page says.

The test reads the page's first Python block, runs it as the package it says to put it in,
registers the system through its declaration, rolls it with scripted dice, and plays it in
the real main window: so the page cannot drift from the API.
"""

import re
import sys
import types
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import Registry
from shadowdice.core.session import Tone
from shadowdice.storage.paths import AppPaths
from shadowdice.storage.settings import SettingsStore
from shadowdice.systems import builtin_registry
from shadowdice.ui.main_window import MainWindow
from tests.ui.conftest import AnsweredPrompts
from tests.ui.window_helpers import SETTLE_MS, headline

PAGE = Path(__file__).parents[1] / "docs" / "adding-a-system.md"
SECTION = "\n## A whole system in one file\n"
PACKAGE = "shadowdice.systems.beat_the_number"


def example_code() -> str:
    """The first Python block of the page's section on a whole system."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index(SECTION) :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def example(monkeypatch):
    """The page's code, run as the package it names (``shadowdice.systems.beat_the_number``)."""
    module = types.ModuleType(PACKAGE)
    monkeypatch.setitem(sys.modules, PACKAGE, module)
    exec(compile(example_code(), f"{PAGE.name} (the example)", "exec"), module.__dict__)
    return module


def test_the_example_is_about_eighty_lines_of_code():
    code = [line for line in example_code().splitlines() if line.strip()]
    assert 60 <= len(code) <= 110


def test_the_declaration_registers_the_system_and_a_roll_that_fails_may_take_luck(example):
    # Given the system registered by its declaration alone, and a character with skill 2
    registry = Registry()
    registry.add(example.SYSTEM)
    assert not registry.is_loaded("beat_the_number")
    system = registry.get("beat_the_number")
    assert type(system).__name__ == "BeatTheNumber"
    sheet = system.new_sheet()
    sheet.name = "Ada"
    # Then the preview says the dice and the chance: 4, 5 and 6 beat 5 with skill 2
    preview = system.preview_check(sheet, {"number": 5})
    assert (preview.summary, preview.chance, preview.problem) == ("1d6 + 2 against 5", 0.5, "")

    # When Ada rolls a 2 against 5
    values = system.check_values({"number": 5})
    session = system.start_check(sheet, values, ScriptedDiceSource([2, 6]))

    # Then 4 does not beat 5, and luck is offered
    outcome = session.outcome()
    assert (outcome.headline, outcome.tone) == ("4: not beaten", Tone.FAILURE)
    assert [(a.id, a.enabled) for a in session.actions()] == [("luck", True)]

    # When she spends a point of luck: the die is thrown again (a 6), and 8 beats 5
    session.apply("luck")
    assert session.outcome().headline == "8: beaten"
    assert sheet.luck == 2 and session.actions() == ()
    record = session.finish()
    assert [throw.label for throw in record.throws] == ["Roll", "Luck"]
    assert record.outcome.values == {"total": 8, "success": True}


def test_without_luck_the_follow_up_says_why_not(example):
    system = Registry()
    system.add(example.SYSTEM)
    system = system.get("beat_the_number")
    sheet = system.sheet_type(name="Ada", luck=0)
    session = system.start_check(sheet, {"number": 7}, ScriptedDiceSource([1]))
    [luck] = session.actions()
    assert (luck.enabled, luck.reason) == (False, "No luck left")


def test_the_real_window_edits_and_rolls_the_example(example, qtbot, tmp_path):
    # Given the app with the shipped systems and the example beside them
    registry = builtin_registry()
    registry.add(example.SYSTEM)
    paths = AppPaths.under(tmp_path)
    dice = ScriptedDiceSource([])
    window = MainWindow(
        registry=registry,
        paths=paths,
        settings=SettingsStore(paths.settings_file),
        dice_source=dice,
        prompts=AnsweredPrompts(),
        animation_ms=0,
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)

    # When the player makes a character of it, named Ada, and sets the number to beat
    document = window.new_character_of("beat_the_number")
    qtbot.keyClicks(window.current_editor().field_widget("name"), "Ada")
    window.check_panel.widget("number").setValue(6)
    assert "1d6 + 2 against 6" in window.check_panel.preview.text()

    # And rolls a 3, then presses Ctrl+1 for luck and throws a 5
    dice.extend([3, 5])
    qtbot.mouseClick(window.check_panel.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: headline(window) == "5: not beaten", timeout=SETTLE_MS)
    qtbot.waitUntil(lambda: window.roll_panel.action_buttons()[0].isEnabled(), timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)

    # Then the tray says she beat it, and the luck she spent is gone from her sheet
    qtbot.waitUntil(lambda: headline(window) == "7: beaten", timeout=SETTLE_MS)
    assert document.sheet.name == "Ada" and document.sheet.luck == 2
