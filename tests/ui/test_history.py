"""The roll history: one line per roll, expandable to every throw, member and action, filtered
by character, copied as text.
"""

from datetime import UTC, datetime

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from shadowdice.core.record import (
    ActionRecord,
    DieRecord,
    MemberRecord,
    OutcomeRecord,
    RollRecord,
    ThrowRecord,
)
from shadowdice.ui.play.history import (
    KEPT_INDEXES,
    PAGE,
    UNDONE_ROLE,
    CharacterChooser,
    HistoryModel,
    HistoryView,
)
from tests.ui.test_main_window_phasesix import new_phase_six
from tests.ui.window_helpers import SETTLE_MS, headline


def record(character="Kira", headline="2 hits - success", members=(), actions=()):
    return RollRecord(
        system="shadowrun4",
        character=character,
        check="Agility + Pistols",
        throws=(
            ThrowRecord(
                label="Pool",
                dice=(
                    DieRecord(sides=6, faces=(6, 5), marks=("exploded", "hit")),
                    DieRecord(sides=6, faces=(1,), marks=("glitch",)),
                ),
            ),
        ),
        actions=actions,
        members=members,
        outcome=OutcomeRecord(headline=headline, tone="success", detail="threshold 1"),
        time=datetime(2026, 11, 21, 20, 15, tzinfo=UTC),
    )


def children(model, row):
    parent = model.index(row, 0)
    return [model.index(r, 0, parent).data() for r in range(model.rowCount(parent))]


def test_the_model_passes_the_model_tester_while_rolls_come_and_go(qtmodeltester):
    model = HistoryModel()
    qtmodeltester.check(model)
    model.add(record("Kira"))
    model.add(record("Bo", actions=(ActionRecord(id="x", label="Reroll"),)))
    model.add_earlier([record("Old")])
    qtmodeltester.check(model)
    assert [
        model.index(r).data(Qt.ItemDataRole.DisplayRole).split("  ")[1][:3] for r in range(3)
    ] == [
        "Bo:",
        "Kir",
        "Old",
    ]
    model.clear()
    assert model.rowCount() == 0


def test_a_roll_expands_to_every_throw_face_mark_and_action():
    model = HistoryModel()
    action = ActionRecord(id="edge_reroll_misses", label="Edge: reroll misses", cost="1 Edge")
    change = "Edge: reroll misses: 2 hits - success → 4 hits - success · Edge 3 → 2"
    model.add(record(actions=(action,)).model_copy(update={"changes": (change,)}))
    assert children(model, 0) == [
        "threshold 1",
        "Pool W6: 6→5 (exploded, hit), 1 (glitch)",
        change,
    ]
    detail = model.index(0, 0, model.index(0, 0))
    assert model.parent(detail) == model.index(0, 0)
    assert model.parent(model.index(0, 0)) == QModelIndex()


def test_a_group_roll_shows_every_member_and_counts_for_each_in_the_filter(qtbot):
    model = HistoryModel()
    members = (
        MemberRecord(character="Ash", headline="1 success", tone="failure"),
        MemberRecord(character="Bo, the Bold", headline="2 successes", tone="success"),
    )
    model.add(record("Ash, Bo, the Bold", "Group: 3 of 4", members=members))
    model.add(record("Cy"))
    view = HistoryView(model)
    qtbot.addWidget(view)
    chooser = CharacterChooser(model)
    qtbot.addWidget(chooser)
    assert "Ash: 1 success" in children(model, 1)
    assert "Bo, the Bold: 2 successes" in children(model, 1)
    assert [chooser.itemText(i) for i in range(chooser.count())] == [
        "Everyone",
        "Cy",
        "Ash",
        "Bo, the Bold",
    ]

    chooser.setCurrentIndex(chooser.findData("Bo, the Bold"))
    assert model.rowCount() == 1
    assert "Group: 3 of 4" in model.index(0, 0).data()
    chooser.setCurrentIndex(chooser.findData(""))
    assert model.rowCount() == 2


def test_copy_as_text_copies_the_chosen_roll_with_its_details(qtbot):
    model = HistoryModel()
    model.add(record("Kira"))
    model.add(record("Bo", "Glitch!"))
    view = HistoryView(model)
    qtbot.addWidget(view)
    view.show()
    view.setCurrentIndex(model.index(1, 0))
    view.setFocus()
    with qtbot.waitSignal(view.copied):
        qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    text = QGuiApplication.clipboard().text()
    assert text.splitlines()[0].endswith("Kira: Agility + Pistols — 2 hits - success")
    assert "    Pool W6: 6→5 (exploded, hit), 1 (glitch)" in text
    assert "Bo" not in text


def test_a_group_roll_in_the_window_keeps_every_member_and_action(qtbot, window, dice):
    # Given two Phase Six characters and a group roll of Perception where Ash adds a die
    new_phase_six(qtbot, window, "Ash", 2)
    new_phase_six(qtbot, window, "Bo", 3)
    dialog = window.open_group_roll()
    trait = dialog.form.widget("trait")
    trait.setCurrentIndex(trait.findData("skill:Perception"))
    dice.extend([5, 2, 6, 1, 5])
    dialog.roll_button.click()
    qtbot.waitUntil(lambda: headline(window).startswith("Group:"), timeout=SETTLE_MS)
    dice.extend([6])
    next(
        b for b in window.roll_panel.action_buttons() if b.objectName() == "action_0:bonus_die"
    ).click()
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    window.roll_panel.finish()

    # Then the history line expands to both members, their throws and what the die changed
    lines = children(window.history_model, 0)
    assert any(line.startswith("Ash: ") for line in lines)
    assert any(line.startswith("Bo: ") for line in lines)
    assert any(line.startswith("Ash: Add a bonus die: Group: ") for line in lines), lines


def test_a_long_history_gives_the_view_a_page_at_a_time_and_a_new_roll_keeps_its_length():
    model = HistoryModel()
    model.add_earlier(record(f"Old {number}") for number in range(5 * PAGE))
    assert model.rowCount() == PAGE

    model.show_more()
    assert model.rowCount() == 2 * PAGE
    model.add(record("Kira"))

    assert model.rowCount() == 2 * PAGE
    assert "Kira:" in model.index(0, 0).data()
    assert "Old 0:" in model.index(1, 0).data()
    assert len(model.records()) == 5 * PAGE + 1


def test_scrolling_through_a_long_history_keeps_indexes_of_the_newest_rows_only():
    model = HistoryModel()
    model.add_earlier(record(f"Old {number}") for number in range(KEPT_INDEXES + 2 * PAGE))
    while model.rowCount() < KEPT_INDEXES + 2 * PAGE:
        model.show_more()

    for row in range(model.rowCount()):  # every row asked for, as a view scrolling down does
        assert model.index(row, 0).row() == row
        assert model.parent(model.index(0, 0, model.index(row, 0))).row() == row

    assert len(model._tops) == KEPT_INDEXES
    assert "Old 0:" in model.index(0, 0).data()
    assert f"Old {KEPT_INDEXES + PAGE}:" in model.index(KEPT_INDEXES + PAGE, 0).data()


def test_earlier_rolls_are_read_when_the_rows_or_the_filter_reach_them():
    batches_read = []

    def earlier():
        for batch in range(10):
            batches_read.append(batch)
            name = "Ghost" if batch == 7 else "Old"
            yield [(record(name), {"Kira"} if batch == 7 else set())] * (PAGE // 2)

    model = HistoryModel()
    model.set_earlier_source(earlier())
    assert batches_read == [0, 1]

    model.set_character("Ghost")
    assert batches_read == list(range(10))
    assert model.rowCount() == PAGE // 2
    assert model.index(0, 0).data(UNDONE_ROLE) == ("Kira",)


def test_a_roll_of_someone_known_leaves_the_chooser_as_it_is(qtbot):
    model = HistoryModel()
    chooser = CharacterChooser(model)
    qtbot.addWidget(chooser)
    model.add(record("Kira"))
    with qtbot.assertNotEmitted(model.characters_changed):
        for _ in range(3):
            model.add(record("Kira"))
    assert [chooser.itemText(i) for i in range(chooser.count())] == ["Everyone", "Kira"]


def test_scrolling_to_the_end_of_the_history_shows_a_page_more(qtbot):
    model = HistoryModel()
    model.add_earlier(record(f"Old {number}") for number in range(3 * PAGE))
    view = HistoryView(model)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)

    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())

    assert model.rowCount() == 2 * PAGE


def test_a_painted_row_shows_its_line_colour_and_strike_through_as_asked_one_role_at_a_time():
    model = HistoryModel()
    model.add(record("Kira"))
    model.add(record("Bo", headline="1 hit - failure"))
    model.set_undone(model.records()[0], "Bo", True)
    delegate = QStyledItemDelegate()
    for row, undone in ((0, True), (1, False)):
        index = model.index(row, 0)
        option = QStyleOptionViewItem()

        delegate.initStyleOption(option, index)  # what a view asks of a row it paints

        assert option.text == index.data(Qt.ItemDataRole.DisplayRole)
        assert option.text.endswith("(undone)") == undone
        assert option.font.strikeOut() == undone
        colour = index.data(Qt.ItemDataRole.ForegroundRole)
        assert option.palette.color(QPalette.ColorRole.Text) == colour
    detail = model.index(0, 0, model.index(1, 0))
    option = QStyleOptionViewItem()
    delegate.initStyleOption(option, detail)
    assert option.text == detail.data() == children(model, 1)[0]
