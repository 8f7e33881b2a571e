"""The party at a glance: eight characters of every system fit the roster beside the card on a
1366x768 laptop, each with its name, system, key resources and state, in English and German;
*File ▸ Open* takes several files at once, written to the settings once; the characters of
the last session come back at the next start, and a file gone since is named, not fatal.
"""

import pytest
from PySide6.QtCore import QRect, Qt

from shadowdice.storage.character_file import save_character
from shadowdice.storage.settings import SettingsStore
from shadowdice.systems import builtin_registry
from shadowdice.ui.language import shown, switch
from shadowdice.ui.play.party_roster import glance, state
from tests.ui.window_helpers import roster_names

#: Eight characters: two of most systems, one of Phase Six, one long name.
PARTY = {
    "shadowrun4": ["Vex Calloway", "Kira Nakamura-Østergård"],
    "heldenhandbuch": ["Jorna Eisenhand", "Brakmar Steinfaust"],
    "phasesix": ["Ilse Brandt"],
    "starwars_d6": ["Tarn Okoro", "Lyra Venn"],
    "generic_dice": ["Mara Quill"],
}


def saved_party(folder) -> list:
    """The party of eight, each in its own file, some of them hurt."""
    registry = builtin_registry()
    paths = []
    for system_id, names in PARTY.items():
        system = registry.get(system_id)
        for number, name in enumerate(names):
            sheet = system.sample_character()
            sheet.name = name
            if system_id == "shadowrun4":
                sheet.physical_damage = 4 + number
            if system_id == "starwars_d6" and number:
                sheet.wound = "wounded"
            path = folder / f"{system_id}-{number}.shadowdice"
            save_character(path, system, sheet)
            paths.append(path)
    return paths


@pytest.mark.parametrize("language", ["en", "de"])
def test_eight_characters_fit_the_roster_whole_at_1366x768(qtbot, window, tmp_path, language):
    # Given a party of eight opened at once on a 1366x768 laptop
    switch(language)
    window.resize(1366, 768)
    window.open_paths(saved_party(tmp_path))
    roster = window.party_roster
    qtbot.waitUntil(lambda: roster.entry_rect(7).isValid())

    # Then the roster needs no scrolling, and every entry lies whole inside it
    assert not roster.verticalScrollBar().isVisible()
    viewport = QRect(0, 0, roster.viewport().width(), roster.viewport().height())
    for place in range(8):
        assert viewport.contains(roster.entry_rect(place)), place
    # with each character's name, system, key resources and state in the language shown
    documents = window.documents()
    for document, entry in zip(documents, roster.entries(), strict=True):
        assert entry.startswith(f"{document.title} · {shown(document.system.name)}")
        assert glance(document) in entry and state(document) in entry
    sr4 = roster.entries()[0]
    if language == "de":
        assert "Edge 4/4 · Körperlicher Schaden 4/10" in sr4 and "Verletzungsmodifikator −1" in sr4
        assert roster.entries()[7] == "Mara Quill · Allgemeine Würfel · Trefferpunkte 24/24"
    else:
        assert "Edge 4/4 · Physical damage 4/10" in sr4 and "Wound modifier −1" in sr4
    # and the card beside it keeps room for its rolls
    assert window.current_card().rolls.width() >= 250


def test_each_entry_is_tall_enough_for_its_wrapped_lines(qtbot, window, tmp_path):
    window.open_paths(saved_party(tmp_path))
    roster = window.party_roster
    roster.setMinimumWidth(100)
    roster.setFixedWidth(300)
    qtbot.waitUntil(lambda: roster.viewport().width() <= 300)
    qtbot.wait(50)
    wide = roster.entry_rect(0).height()

    # A narrower roster wraps the lines, so an entry grows instead of cutting its text
    roster.setFixedWidth(120)
    qtbot.waitUntil(lambda: roster.entry_rect(0).height() > wide)


def test_file_open_takes_several_files_and_writes_the_settings_once(
    qtbot, window, prompts, tmp_path, monkeypatch
):
    paths = saved_party(tmp_path)
    broken = tmp_path / "broken.shadowdice"
    broken.write_text("{", encoding="utf-8")
    saves = []
    monkeypatch.setattr(SettingsStore, "save", lambda store, settings: saves.append(settings))
    resets = []
    window.party_roster.party.modelReset.connect(lambda: resets.append(1))
    party_changes = []
    set_party = type(window.check_panel).set_party
    monkeypatch.setattr(
        type(window.check_panel),
        "set_party",
        lambda panel, party: (party_changes.append(dict(party)), set_party(panel, party)),
    )

    # When the game master picks eight files and a broken one in File ▸ Open
    prompts.open_answers.append([*paths, broken])
    window.open_action.trigger()

    # Then the eight join the party, the last one shown, the settings written once
    assert roster_names(window) == [name for names in PARTY.values() for name in names]
    assert window.current_document().title == "Mara Quill"
    assert len(saves) == 1
    assert str(paths[-1].resolve()) == saves[0].recent_files[0]
    assert len(saves[0].recent_files) == 8
    # the roster and the check form followed once, for the whole batch
    assert len(resets) == 1
    assert len(party_changes) <= 1
    # and the broken file is named in one message
    assert len(prompts.errors) == 1 and "broken.shadowdice" in prompts.errors[0][1]
    assert window.statusBar().currentMessage() == "Opened 8 characters"


def test_settings_held_while_starting_are_written_once_released(
    qtbot, window, tmp_path, monkeypatch
):
    # Given the settings held, as the start holds them until the window is painted
    paths = saved_party(tmp_path)[:3]
    saves = []
    monkeypatch.setattr(SettingsStore, "save", lambda store, settings: saves.append(settings))
    window.files.hold_saving()

    # When files are opened, one alone and then two together
    window.open_paths(paths[:1])
    window.open_paths(paths[1:])

    # Then nothing is written meanwhile, and all of it at once when released
    assert saves == []
    window.files.release_saving()
    assert len(saves) == 1
    assert saves[0].recent_files[:3] == [str(path.resolve()) for path in reversed(paths)]
    # and each later change is written again
    window.files.remember_system("starwars")
    assert len(saves) == 2


def test_the_last_sessions_party_comes_back_and_a_gone_file_is_named(qtbot, make_window, tmp_path):
    first = make_window()
    paths = saved_party(tmp_path)[:4]
    first.open_paths(paths)
    first.move_current(-3)  # the party's order is kept too
    order = [document.title for document in first.documents()]
    first.close()

    # When one file is gone by the next start
    paths[1].unlink()
    second = make_window()
    second.reopen_last_party()

    # Then the others come back in their order, and the gone one is named in one message
    assert roster_names(second) == [name for name in order if name != "Kira Nakamura-Østergård"]
    ((title, message),) = second.prompts.errors
    assert title == "Cannot open character" and "shadowrun4-1.shadowdice" in message
    assert second.statusBar().currentMessage() == "Opened 3 characters"


def test_reopening_the_party_is_a_setting(qtbot, make_window, tmp_path):
    first = make_window()
    first.open_paths(saved_party(tmp_path)[:2])
    first.files.change_settings(reopen_party=False)
    first.close()

    second = make_window()
    assert second.reopen_last_party() == []
    assert second.tabs.count() == 0
    qtbot.waitUntil(lambda: second.left.currentWidget() is second.left.welcome)

    dialog = second.open_settings()
    box = dialog.reopen_party
    assert not box.isChecked()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    dialog.accept()
    assert second.files.settings.reopen_party
    assert len(second.reopen_last_party()) == 2


@pytest.mark.parametrize("system_id", [info.id for info in builtin_registry().infos()])
def test_the_welcome_screen_opens_a_ready_made_party_of_each_system(qtbot, window, system_id):
    # When the game master clicks the party of a system on the welcome screen
    qtbot.mouseClick(window.left.welcome.party_buttons[system_id], Qt.MouseButton.LeftButton)

    # Then every sample of the system is open, unsaved and unchanged, the first one shown
    party = window.registry.get(system_id).sample_party()
    assert roster_names(window) == [sheet.name for sheet in party]
    assert [document.sheet for document in window.documents()] == list(party)
    assert all(document.path is None and not document.modified for document in window.documents())
    assert window.current_document().title == party[0].name


def test_a_new_heldenhandbuch_characters_life_circles_are_in_german(qtbot, window):
    switch("de")
    window.new_character_of("heldenhandbuch")
    view = window.current_editor().tables["life_circles"].view
    names = [view.model().index(row, 0).data(Qt.ItemDataRole.DisplayRole) for row in range(4)]
    assert names == ["Lebenskreis 1", "Lebenskreis 2", "Lebenskreis 3", "Lebenskreis 4"]
    # the file keeps the ids, whatever the language shown
    assert window.current_document().sheet.life_circles[0].name == "Life circle 1"


def test_a_party_of_every_system_leaves_the_check_its_two_columns_at_1024(qtbot, window, tmp_path):
    switch("de")
    window.resize(1024, 640)
    window.open_paths(saved_party(tmp_path))
    for place in range(8):
        qtbot.keyClick(window, getattr(Qt.Key, f"Key_{place + 1}"), Qt.KeyboardModifier.AltModifier)
        qtbot.wait(1)
        assert window.splitter.sizes()[1] >= 560, window.current_document().title
