"""On the smallest laptop window (1024x640) the check form fills two columns and every field
shows whole across: nothing runs off its right edge.
"""

import pytest
from PySide6.QtCore import Qt

from shadowdice.ui.roll_finder import HINT_PADDING
from tests.ui.test_layout import SYSTEMS
from tests.ui.window_helpers import choose


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_at_1024x640_the_check_form_has_two_columns_and_no_field_runs_off_its_edge(
    qtbot, window, system_id
):
    window.open_sample(system_id)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    qtbot.wait(100)  # a scroll bar appearing takes its width from the form
    form = window.check_panel.form
    shown = [form.widget(param.key) for param in form.params()]
    shown = [widget for widget in shown if widget.isVisible()]
    assert shown, f"{system_id}: the sample's check has fields"
    if len(shown) > 1:
        assert form.columns == 2, f"{system_id}: the form is one column at 1024 px"
    viewport = form.parentWidget()
    for widget in shown:
        right = widget.mapTo(viewport, widget.rect().topRight()).x()
        assert right < viewport.width(), f"{system_id}: {widget.objectName()} runs off the form"


def test_play_gives_the_check_its_two_columns_and_edit_gives_the_sheet_room(qtbot, window):
    window.open_sample("phasesix")
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    sheet_in_play, check = window.splitter.sizes()
    assert check >= 560 and window.check_panel.form.columns == 2

    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    sheet, check = window.splitter.sizes()
    assert window.current_page().mode == "edit"
    assert sheet >= sheet_in_play + 100 and check >= 440

    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    window.resize(1000, 640)
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.splitter.sizes()[1] >= 560)


def german_at(qtbot, window, size):
    from shadowdice.ui import language as ui_language

    ui_language.switch("de")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    qtbot.wait(100)


def cut_texts(window) -> list[str]:
    """What the game master cannot read whole: a choice cut short, a label taller than its
    room, the card's search hint longer than its field, a form that must scroll.
    """
    from PySide6.QtWidgets import QLineEdit

    from shadowdice.ui.play.param_form import ChoiceBox

    form = window.check_panel.form
    cut = []
    for param in form.params():
        widget = form.widget(param.key)
        if not widget.isVisible():
            continue
        if isinstance(widget, ChoiceBox) and widget.shown_text() != widget.currentText():
            cut.append(f"{param.key}: {widget.shown_text()!r}")
        label = form.label(param.key)
        wraps = label.isVisible() and label.wordWrap()
        if wraps and label.heightForWidth(label.width()) > label.height():
            cut.append(f"label of {param.key}: {label.text()!r}")
    area = window.check_panel._area
    if form.sizeHint().height() > area.viewport().height():
        cut.append("the form scrolls")
    search = window.findChild(QLineEdit, "card_filter")
    if search is not None and search.isVisible():
        room = search.contentsRect().width() - search.textMargins().left() - HINT_PADDING
        if search.fontMetrics().horizontalAdvance(search.placeholderText()) > room:
            advance = search.fontMetrics().horizontalAdvance(search.placeholderText())
            cut.append(f"search: {search.placeholderText()!r} {advance} > {room}")
    return cut


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize(
    ("system_id", "check"),
    [
        ("heldenhandbuch", None),
        ("heldenhandbuch", "herb_search"),
        ("heldenhandbuch", "drinking"),
        ("starwars_d6", None),
        ("starwars_d6", "damage"),
        ("shadowrun4", None),
        ("phasesix", None),
    ],
)
def test_in_german_every_choice_label_and_the_search_hint_read_whole(
    qtbot, window, system_id, check, size
):
    # Given a sample character opened (its check form laid out for it), in German
    window.open_sample(system_id)
    german_at(qtbot, window, size)
    panel = window.check_panel
    if check is not None:
        choose(panel.widget("check"), check)
        qtbot.wait(100)
    # Then every choice shows its entry whole, no label is cut, the form does not scroll
    assert cut_texts(window) == []
    assert panel.form.columns == 2
    if size == (1920, 1080):  # and with room to spare, every label stays on one line
        labels = [panel.form.label(param.key) for param in panel.form.params()]
        wrapped = [
            label.text()
            for label in labels
            if label.isVisible() and label.width() < label.one_line_width()
        ]
        assert wrapped == []


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
def test_in_english_the_star_wars_check_reads_whole_without_scrolling(qtbot, window, size):
    # Given the Star Wars sample's default check (five rows of fields), in English
    window.open_sample("starwars_d6")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    qtbot.wait(100)
    # Then every field shows whole and the form does not scroll
    assert cut_texts(window) == []
    assert window.check_panel.form.columns == 2


def test_at_1024x640_in_german_the_star_wars_check_reads_whole_in_the_check_columns_width(
    qtbot, window
):
    from shadowdice.ui.main_window import CHECK_COLUMN_WIDTH

    # Given the Star Wars sample's check in German at 1024x640, the check column at the width
    # the window gives it (a window manager's screen gives it no more)
    window.open_sample("starwars_d6")
    german_at(qtbot, window, (1024, 640))
    left, right = window.splitter.sizes()[:2]
    window.splitter.setSizes([left + right - CHECK_COLUMN_WIDTH, CHECK_COLUMN_WIDTH])
    qtbot.waitUntil(lambda: window.splitter.sizes()[1] == CHECK_COLUMN_WIDTH)
    qtbot.wait(100)
    # Then "Geschicklichkeit 4D" shows whole beside the wrapped labels, nothing scrolls
    assert cut_texts(window) == []
    assert window.check_panel.form.columns == 2
    # and "(1 übrig)" stays together on the wrapped label's second line
    force_point = window.check_panel.form.label("force_point")
    assert label_lines(force_point)[-1].startswith("("), label_lines(force_point)


def test_opening_a_sample_at_1024x640_gives_the_check_its_two_columns(qtbot, window):
    # Given the window already at the laptop's size, when a sample (a batch) is opened
    window.resize(1024, 640)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1024, 640))
    window.open_sample("starwars_d6")
    # Then the check column takes its width as for a character made by hand
    qtbot.waitUntil(lambda: window.splitter.sizes()[1] >= 560)
    assert window.check_panel.form.columns == 2


def test_the_search_hint_says_what_to_type_where_it_fits_and_its_name_where_not(qtbot):
    from shadowdice.ui.roll_finder import SearchLine

    line = SearchLine()
    qtbot.addWidget(line)
    line.set_long_hint("Wurf suchen: Fertigkeit, Attribut, Tabelle")
    line.set_short_hint("Wurf suchen (Strg+F)")
    line.show()
    qtbot.waitExposed(line)
    line.resize(400, 24)
    assert line.placeholderText() == "Wurf suchen: Fertigkeit, Attribut, Tabelle"
    line.resize(150, 24)
    assert line.placeholderText() == "Wurf suchen (Strg+F)"


def label_lines(label) -> list[str]:
    """The lines a word-wrapped label shows at its width, as Qt breaks them."""
    from PySide6.QtGui import QTextLayout, QTextOption

    layout = QTextLayout(label.text(), label.font())
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(label.contentsRect().width())
        lines.append(label.text()[line.textStart() : line.textStart() + line.textLength()])
    layout.endLayout()
    return lines


def test_at_1024x640_a_wrapped_label_keeps_how_many_are_left_with_its_word(qtbot, window):
    # Given a Phase Six sample's check in German at the laptop's size, its dice labels wrapped
    window.open_sample("phasesix")
    german_at(qtbot, window, (1024, 640))
    form = window.check_panel.form
    labels = [form.label(key) for key in ("bonus_dice", "destiny_dice")]
    assert all(label.isVisible() for label in labels)
    shown = {label.text(): label_lines(label) for label in labels}
    # Then "(von 2)" stays together: no line is the number alone
    alone = {text: lines for text, lines in shown.items() if lines[-1].strip()[:1].isdigit()}
    assert alone == {}, shown
