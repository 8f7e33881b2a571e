"""The Qt models are thin adapters that pass Qt's model tester and follow the sheet."""

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from shadowdice.core.record import OutcomeRecord, RollRecord
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.ui.character_document import CharacterDocument
from shadowdice.ui.play.history import RECORD_ROLE, HistoryModel
from shadowdice.ui.sheet_table_model import BOUNDS_ROLE, RatedRowsProxy, SheetTableModel


@pytest.fixture
def document(qapp):
    system = Shadowrun4()
    return CharacterDocument(system, system.new_sheet())


def skills_model(document):
    table = next(t for t in document.system.sheet_tables() if t.key == "skills")
    return SheetTableModel(document, table)


def record(character, headline, tone="success"):
    return RollRecord(
        system="shadowrun4",
        character=character,
        check="Agility + Pistols",
        throws=(),
        outcome=OutcomeRecord(headline=headline, tone=tone),
        time=datetime(2026, 11, 21, 20, 15, tzinfo=UTC),
    )


def test_sheet_table_model_passes_the_model_tester(qtmodeltester, document):
    model = skills_model(document)
    qtmodeltester.check(model)
    model.add_row()
    qtmodeltester.check(model)


def test_sheet_table_model_edits_through_the_document_and_reports_refusals(qtbot, document):
    model = skills_model(document)
    pistols = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "Pistols")
    with qtbot.waitSignal(document.modified_changed):
        assert model.setData(model.index(pistols, 1), 4)
    assert document.sheet.skill("Pistols").rating == 4
    assert model.index(pistols, 1).data(BOUNDS_ROLE) == (0, 12)
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert not model.setData(model.index(pistols, 1), 13)
    assert refused.args == ["Rating must be a whole number from 0 to 12"]
    assert not model.flags(model.index(pistols, 0)) & Qt.ItemFlag.ItemIsEditable


def test_adding_and_removing_rows_is_announced_to_views(qtbot, document):
    model = skills_model(document)
    before = model.rowCount()
    with qtbot.waitSignal(model.rowsInserted):
        row = model.add_row()
    assert model.rowCount() == before + 1 and model.index(row, 0).data() == "New skill 1"
    with qtbot.waitSignal(model.rowsRemoved):
        model.remove_row(row)
    assert model.rowCount() == before
    with qtbot.waitSignal(model.edit_refused):
        model.remove_row(0)
    assert model.rowCount() == before


def test_proxy_hides_unrated_rows(document):
    model = skills_model(document)
    document.sheet.skill("Pistols").rating = 3
    proxy = RatedRowsProxy(1)
    proxy.setSourceModel(model)
    assert proxy.rowCount() == model.rowCount()
    proxy.set_hide_unrated(True)
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Pistols"]


def test_history_model_passes_the_model_tester_and_puts_the_newest_first(qtmodeltester):
    model = HistoryModel()
    model.add(record("Kira", "2 hits - success"))
    model.add(record("Bo", "Glitch!", "glitch"))
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    assert "Bo: Agility + Pistols — Glitch!" in model.index(0).data()
    assert model.index(1).data(RECORD_ROLE).character == "Kira"
    assert "Agility + Pistols" in model.index(0).data(Qt.ItemDataRole.ToolTipRole)


def test_a_flag_column_is_a_check_box_that_sets_the_flag(qtmodeltester, qapp):
    # Given the Heldenhandbuch's attributes, whose "Physical" column is a flag
    from shadowdice.systems.heldenhandbuch import Heldenhandbuch

    system = Heldenhandbuch()
    document = CharacterDocument(system, system.new_sheet())
    table = next(t for t in system.sheet_tables() if t.key == "attributes")
    model = SheetTableModel(document, table)
    qtmodeltester.check(model)
    column = [c.key for c in table.columns].index("physical")
    row = next(i for i, a in enumerate(document.sheet.attributes) if not a.physical)
    cell = model.index(row, column)

    # Then it shows a check box, not the word "false"
    assert cell.data(Qt.ItemDataRole.DisplayRole) is None
    assert cell.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert cell.flags() & Qt.ItemFlag.ItemIsUserCheckable

    # When the box is ticked, the flag is set on the sheet
    assert model.setData(cell, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert document.sheet.attributes[row].physical is True
    assert cell.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked


def test_a_row_the_rules_refuse_is_reported_not_raised(qtbot, qapp):
    # Given a Star Wars character who has every Force skill (found by the soak test: the
    # Add button raised out of the slot)
    from shadowdice.systems.starwars.system import StarWarsD6

    system = StarWarsD6()
    document = CharacterDocument(system, system.new_sheet())
    table = next(t for t in system.sheet_tables() if t.key == "force_skills")
    model = SheetTableModel(document, table)
    while True:
        try:
            document.add_row(table)
        except Exception:
            break
    before = model.rowCount()
    # When another row is asked for, Then the refusal is reported and nothing is added
    with qtbot.waitSignal(model.edit_refused) as refused:
        assert model.add_row() is None
    assert "all Force skills" in refused.args[0] and model.rowCount() == before
