"""Reveal, copy and export take exactly the rolls chosen in the history, whatever it is
filtered to: never the newest roll of another character, never one that is not shown.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication

from shadowdice.core.record_text import record_text
from shadowdice.ui.play.history import PAGE, RECORD_ROLE
from tests.ui.test_history import record
from tests.ui.test_table_window import runner
from tests.ui.window_helpers import SETTLE_MS

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def roll(qtbot, window, document, faces, *, secret):
    window.tabs.setCurrentIndex(window.documents().index(document))
    window.check_panel.secret_box.setChecked(secret)
    window.dice_source.extend(faces)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(window.roll_panel.done_button.isEnabled, timeout=SETTLE_MS)
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)


def evening(qtbot, window):
    """Kira and Mordecai each roll once in public and once secretly, interleaved."""
    kira = runner(window, "Kira")
    mordecai = runner(window, "Mordecai", pistols=4)
    roll(qtbot, window, kira, [5, 5, 1, 1, 1, 1], secret=False)
    roll(qtbot, window, kira, [5, 5, 5, 5, 1, 1], secret=True)
    roll(qtbot, window, mordecai, [6, 6, 6, 2, 2, 2, 2], secret=True)
    roll(qtbot, window, mordecai, [2, 2, 2, 2, 2, 2, 2], secret=False)
    return window.history_model.records()


def filters(window):
    chooser = window.history_filter
    for index in range(chooser.count()):
        chooser.setCurrentIndex(index)
        yield chooser.currentData()


def choose_only(window, index):
    flags = QItemSelectionModel.SelectionFlag
    window.history.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)


def shown_rows(window):
    view = window.history
    return [view.model().index(row, 0) for row in range(view.model().rowCount())]


def test_reveal_takes_exactly_the_chosen_row_under_every_filter(qtbot, window, dice):
    records = evening(qtbot, window)
    table = window.game_table.open_table_window()
    reveal = window.game_table.reveal_action
    assert reveal in window.history.actions(), "the history row's context menu offers it"

    for name in filters(window):
        # With nothing chosen, Reveal is disabled and says why; forced, it reveals nothing
        window.history.clearSelection()
        assert not reveal.isEnabled(), name
        assert "Choose a secret roll" in reveal.toolTip()
        before = table.headline.text()
        assert window.game_table.reveal() is None
        assert table.headline.text() == before
        assert [r.revealed for r in window.history_model.records()] == [False] * 4

        # Each row shown is the roll chosen, and only a secret one can be revealed
        for index in shown_rows(window):
            choose_only(window, index)
            record = index.data(RECORD_ROLE)
            assert window.game_table.chosen_record() is record
            assert (not name) or name in record.characters()
            assert reveal.isEnabled() == (record.secret and not record.revealed)
            if not record.secret:
                assert "not secret" in reveal.toolTip()
            # Copying the row copies that roll, marked when secret
            qtbot.keyClick(window.history, Qt.Key.Key_C, CTRL)
            assert QGuiApplication.clipboard().text() == record_text(record)

        # Two rows chosen: which one would be revealed is not clear, so none is
        rows = shown_rows(window)
        choose_only(window, rows[0])
        window.history.selectionModel().select(rows[-1], QItemSelectionModel.SelectionFlag.Select)
        assert not reveal.isEnabled() and "one roll" in reveal.toolTip()

    # When the history shows Kira's rolls and her secret roll is revealed with Ctrl+Shift+V
    window.history_filter.setCurrentIndex(window.history_filter.findData("Kira"))
    kiras_secret = next(r for r in records if r.secret and r.character == "Kira")
    row = next(i for i in shown_rows(window) if i.data(RECORD_ROLE) is kiras_secret)
    choose_only(window, row)
    window.history.setFocus()
    qtbot.keyClick(window.history, Qt.Key.Key_V, CTRL | SHIFT)

    # Then exactly that roll is on the table, saying it is revealed; Mordecai's stays secret
    assert table.headline.text() == f"Revealed: {kiras_secret.outcome.headline}"
    assert table.detail.text().startswith("Kira:")
    now = window.history_model.records()
    assert [(r.character, r.secret, r.revealed) for r in now] == [
        ("Mordecai", False, False),
        ("Mordecai", True, False),
        ("Kira", True, True),
        ("Kira", False, False),
    ]
    assert table.history_model.index(0, 0).data().endswith("(revealed)")
    assert not reveal.isEnabled() and "revealed already" in reveal.toolTip()


def test_an_export_holds_the_session_whatever_the_history_shows(
    qtbot, window, dice, prompts, tmp_path
):
    records = evening(qtbot, window)
    window.history_filter.setCurrentIndex(window.history_filter.findData("Kira"))
    choose_only(window, shown_rows(window)[0])

    for suffix in (".md", ".csv"):
        prompts.choice_answers.append(0)
        prompts.export_answers.append(tmp_path / f"evening{suffix}")
        window.export_rolls()
        text = (tmp_path / f"evening{suffix}").read_text(encoding="utf-8")
        # Markdown leaves the secret rolls out by default, CSV keeps them, marked
        public = [r for r in records if not r.secret]
        assert text.count("Mordecai") == 1 + (suffix == ".csv")
        assert text.count("Kira") == 1 + (suffix == ".csv")
        assert len(public) == 2
        if suffix == ".csv":
            marked = [line for line in text.splitlines()[1:] if line.endswith(",secret")]
            assert len(marked) == 2


def test_a_chosen_roll_that_leaves_the_page_for_a_new_roll_is_chosen_no_longer(window):
    model = window.history_model
    secret = record("Old").model_copy(update={"secret": True})
    model.add_earlier(secret.model_copy() for _ in range(PAGE))
    reveal = window.game_table.reveal_action
    flags = QItemSelectionModel.SelectionFlag
    for details in (False, True):  # the roll chosen, or one line of its details
        model.add_earlier([secret.model_copy()])
        last = model.index(PAGE - 1, 0)
        chosen = model.index(0, 0, last) if details else last
        window.history.selectionModel().select(chosen, flags.ClearAndSelect | flags.Rows)
        assert reveal.isEnabled()
        assert model.rowCount() == PAGE

        model.add(record("Kira"))  # the page keeps its length: its last roll goes

        assert window.game_table.chosen_record() is None
        assert not reveal.isEnabled()
        assert "Choose a secret roll" in reveal.toolTip()
