"""Settings ▸ Language switches the whole window while the app runs, without a restart; the
choice is kept, and the next start comes up in it.
"""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from shadowdice.core import language
from shadowdice.storage.settings import SettingsStore
from shadowdice.ui.settings_dialog import SettingsDialog
from tests.ui.window_helpers import SETTLE_MS, choose


def menu_titles(window) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def open_settings(qtbot, window) -> SettingsDialog:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    shown = [dialog for dialog in window.findChildren(SettingsDialog) if dialog.isVisible()]
    assert len(shown) == 1
    return shown[0]


def test_choosing_deutsch_switches_the_running_window_and_english_switches_back(
    qtbot, make_window, app_paths
):
    window = make_window()
    window.open_sample("shadowrun4")
    assert menu_titles(window)[:3] == ["&File", "&Edit", "&Roll"]
    assert window.save_action.text() == "&Save"

    dialog = open_settings(qtbot, window)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Cancel"
    choose(dialog.language, "de")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    # Menus, actions, tooltips and reasons of greyed commands read German at once
    assert language.current() == "de"
    assert menu_titles(window)[:7] == [
        "&Datei",
        "&Bearbeiten",
        "&Würfeln",
        "&Ansicht",
        "&Verlauf",
        "&Tisch",
        "&Hilfe",
    ]
    assert window.save_action.text() == "&Speichern"
    assert window.legend_action.toolTip() == (
        "Die Markierungen der Würfel in Worten unter der Schale zeigen"
    )
    assert window.move_left_action.toolTip() == (
        "Der gezeigte Charakter steht schon vorn in der Gruppe."
    )
    assert window.windowTitle() == "Vex Calloway[*] — Shadowdice"
    # Qt's own buttons too
    dialog = open_settings(qtbot, window)
    assert dialog.windowTitle() == "Einstellungen"
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "Abbrechen"
    assert SettingsStore(app_paths.settings_file).load().language == "de"

    choose(dialog.language, "en")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert menu_titles(window)[:3] == ["&File", "&Edit", "&Roll"]
    assert window.move_left_action.toolTip() == "The character shown is already first in the party."


def test_the_next_start_comes_up_in_the_language_chosen(qtbot, make_window, app_paths):
    store = SettingsStore(app_paths.settings_file)
    store.save(store.load().model_copy(update={"language": "de"}))
    window = make_window()
    assert menu_titles(window)[0] == "&Datei"
    assert window.new_action.text() == "&Neuer Charakter"


def test_the_play_widgets_follow_a_switch_with_a_roll_on_the_table(qtbot, make_window, dice):
    from shadowdice.ui.language import switch

    window = make_window()
    sample = window.left.welcome.sample_buttons["shadowrun4"]
    assert sample.text() == "One character"
    assert sample.accessibleName() == "Try a Shadowrun 4 character"
    window.open_sample("shadowrun4")
    dice.extend([5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3])
    window.check_panel.request_roll()
    panel = window.roll_panel
    qtbot.waitUntil(lambda: panel.done_button.isEnabled(), timeout=SETTLE_MS)
    qtbot.waitUntil(lambda: not panel.tray.is_animating())
    english_buttons = [button.toolTip() for button in panel.action_buttons()]

    switch("de")
    assert window.check_panel.title() == "Probe für Vex Calloway"
    assert window.check_panel.roll_button.text() == "Würfeln"
    assert window.check_panel.secret_box.text() == "Geheim würfeln"
    assert "Erfolgschance" in window.check_panel.preview.text()
    assert panel.done_button.text() == "Fertig"
    assert panel.headline.accessibleName().startswith("Ergebnis: ")
    assert all("(Strg+" in tip for tip in (b.toolTip() for b in panel.action_buttons()))
    assert window.history_filter.itemText(0) == "Alle"
    assert window.current_card().filter.placeholderText().startswith("Wurf suchen")
    assert sample.text() == "Ein Charakter"
    assert sample.accessibleName() == "Einen Charakter für Shadowrun 4 ausprobieren"

    switch("en")
    assert window.check_panel.roll_button.text() == "Roll"
    assert [button.toolTip() for button in panel.action_buttons()] == english_buttons


def test_the_history_reads_in_the_language_chosen_even_for_rolls_made_before(
    qtbot, make_window, dice
):
    from shadowdice.ui.language import switch

    window = make_window()
    window.open_sample("shadowrun4")
    dice.extend([5, 1, 1, 2, 3, 4, 6, 2, 3, 3, 3, 3])
    window.check_panel.request_roll()
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    window.roll_panel.done_button.click()
    model = window.history_model
    first = model.index(0, 0)
    english = model.data(first)
    assert "hit" in english
    switch("de")
    german = model.data(model.index(0, 0))
    assert "Erfolg" in german and german != english
    details = [model.data(model.index(row, 0, first)) for row in range(model.rowCount(first))]
    assert any(line.startswith("Wurf W6:") for line in details)


def test_the_sheet_editor_the_card_and_the_party_roster_follow_a_switch_keeping_edits(
    qtbot, make_window
):
    from PySide6.QtWidgets import QLabel

    from shadowdice.ui.language import switch

    window = make_window()
    window.open_sample("phasesix")
    page = window.current_page()
    window.toggle_play_edit()
    editor = page.editor
    name = editor.field_widget("name")
    qtbot.keyClicks(name, " Jr.")  # an unsaved edit, which the switch must keep
    undo_steps = page.document.undo_stack.count()
    attributes = editor.tables["attributes"].view.model()

    def labels() -> set[str]:
        return {label.text() for label in editor.findChildren(QLabel)}

    assert {"Rules:", "Lineage:", "Attributes"} <= labels()
    assert attributes.headerData(0, Qt.Orientation.Horizontal) == "Attribute"
    assert attributes.index(0, 0).data() == "Education"

    switch("de")
    assert {"Regeln:", "Abstammung:", "Eigenschaften", "Notizen:"} <= labels()
    assert attributes.headerData(0, Qt.Orientation.Horizontal) == "Eigenschaft"
    assert attributes.index(0, 0).data() == "Bildung"
    assert editor.field_widget("variant").currentText() == "Aktuelle Regeln"
    assert editor.tables["skills"].hide_unrated.text() == "Nur bewertete"
    card = page.card
    card_labels = {label.text() for label in card.findChildren(QLabel)}
    assert "Bonuswürfel:" in card_labels
    card.finder.unrated.setChecked(True)  # Courage is not rated yet
    assert any(label.startswith("Tapferkeit") for label in card.roll_labels())
    assert "Bonuswürfel" in window.party_roster.entries()[0]
    # nothing of the character changed, and the switch left no step to undo
    assert name.text() == "Ilse Brandt Jr."
    assert page.document.sheet.name == "Ilse Brandt Jr."
    assert page.document.undo_stack.count() == undo_steps

    switch("en")
    assert {"Rules:", "Attributes"} <= labels()
    assert attributes.index(0, 0).data() == "Education"
    assert "Bonus dice" in window.party_roster.entries()[0]


def test_the_tray_the_legend_and_the_table_window_follow_a_switch(qtbot, make_window, dice):
    from shadowdice.ui.language import switch

    window = make_window()
    window.open_sample("shadowrun4")
    table = window.game_table.open_table_window()
    dice.extend([5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3])
    window.check_panel.request_roll()
    panel = window.roll_panel
    qtbot.waitUntil(lambda: panel.done_button.isEnabled(), timeout=SETTLE_MS)
    qtbot.waitUntil(lambda: not panel.tray.is_animating())
    assert "green badge with a tick: counts" in panel.legend.text()
    assert "die 1: 5, hit" in panel.tray.accessibleDescription()
    english = table.headline.text()

    switch("de")
    assert "grünes Abzeichen mit Haken: zählt" in panel.legend.text()
    assert "Würfel 1: 5, Erfolg" in panel.tray.accessibleDescription()
    assert table.windowTitle() == "Shadowdice — Tisch"
    assert table.headline.text() != english and "Erfolg" in table.headline.text()
    assert window.game_table.secret_action.text() == "&Geheim würfeln"

    switch("en")
    assert table.headline.text() == english
    assert window.game_table.secret_action.text() == "Roll &secretly"


def test_the_about_print_and_template_dialogs_read_german(qtbot, make_window):
    from shadowdice.ui.language import switch

    window = make_window()
    window.open_sample("starwars_d6")
    switch("de")
    try:
        about = window.show_about()
        assert about.description.text().startswith(
            "<p>Ein Begleiter für Pen-and-Paper-Rollenspiele am Tisch"
        )
        about.components.setCurrentRow(0)
        assert "Fenster, Bedienelemente und Zeichnen" in about.details.text()
        assert "Lizenz: LGPL-3.0-only" in about.details.text()
        about.close()

        printing = window.open_print_dialog()
        assert printing.windowTitle() == "Drucken"
        assert printing.paper.itemText(printing.paper.findData("Letter")) == "US-Letter"
        printing.close()

        library = window.open_templates()
        assert library.create_button.text() == "Charakter &erstellen"
        assert library.new_button.text() == "&Neue Vorlage"
        library.close()
    finally:
        switch("en")


def test_a_wound_step_in_words_on_the_card_follows_a_switch(qtbot, window):
    from shadowdice.ui.language import switch

    # Given a Star Wars character's card in English, healthy
    choose(window.system_selector, "starwars_d6")
    window.new_character()
    window.current_page().set_mode("play")
    wounds = window.current_card().resources["wound"]
    assert wounds.text() == "Healthy"

    # When the game master switches to German, the card reads "Gesund", and back
    switch("de")
    assert wounds.text() == "Gesund"
    switch("en")
    assert wounds.text() == "Healthy"


def test_the_welcome_screen_built_after_a_switch_reads_the_new_language(qtbot, make_window):
    from shadowdice.ui.language import switch

    # Given a window that came up with a character: its welcome screen is not built
    window = make_window()
    window.open_sample("shadowrun4")
    qtbot.waitUntil(lambda: window.left.currentWidget() is window.left.party)
    assert not window.left.has_welcome()

    # When the language switches, and then the last character closes
    switch("de")
    window.close_current()

    # Then the welcome screen comes, in German
    assert window.left.currentWidget() is window.left.welcome
    sample = window.left.welcome.sample_buttons["shadowrun4"]
    assert sample.text() == "Ein Charakter"
    assert window.left.welcome.party_buttons["shadowrun4"].text() == "Eine Gruppe"
