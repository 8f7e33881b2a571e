"""Opening a party at once (``shadowdice a b c ...``): the last character is shown, and only
the cards on screen are built; each other card is built when its tab is first shown, with
what happened to its character in the meantime.
"""

import gc

import pytest
from PySide6.QtCore import Qt

from shadowdice.storage.character_file import save_character
from shadowdice.systems import builtin_registry
from shadowdice.ui.language import switch as switch_language
from tests.ui.window_helpers import SETTLE_MS, click_in_roster, headline, roster_names


def saved_party(folder, count: int) -> list:
    """``count`` Shadowrun runners, "Runner 1" ..., each in its own file."""
    system = builtin_registry().get("shadowrun4")
    paths = []
    for number in range(1, count + 1):
        sheet = system.new_sheet()
        sheet.name = f"Runner {number}"
        path = folder / f"runner-{number}.shadowdice"
        save_character(path, system, sheet)
        paths.append(path)
    return paths


def test_a_party_opened_at_once_shows_the_last_and_builds_no_card_passed_over(
    qtbot, window, tmp_path
):
    window.open_paths(saved_party(tmp_path, 5))

    assert window.tabs.count() == 5
    assert window.current_document().title == "Runner 5"
    card = window.current_card()
    assert card.isVisible() and card.name.text() == "Runner 5"
    pages = [window.tabs.widget(index) for index in range(5)]
    assert [page.has_card() for page in pages] == [False, False, False, False, True]
    assert roster_names(window) == [f"Runner {number}" for number in range(1, 6)]


def test_a_card_built_later_shows_what_changed_while_its_tab_was_hidden(qtbot, window, tmp_path):
    window.open_paths(saved_party(tmp_path, 3))
    second = window.documents()[1]
    assert not window.tabs.widget(1).has_card()

    # While Runner 2 is not shown, it takes damage and the table switches to German
    damage = next(r for r in second.resources() if r.key == "physical_damage")
    second.set_resource(damage, 3)
    switch_language("de")

    # Its roster entry shows it; the card, built now, shows it too, in German
    assert "Körperlicher Schaden 3/" in window.party_roster.entries()[1]
    click_in_roster(qtbot, window, 1)
    card = window.current_card()
    assert card.isVisible() and card.name.text() == "Runner 2"
    assert card.resources["physical_damage"].value() == 3
    assert card.filter.placeholderText().startswith("Wurf suchen")


def test_a_party_opened_beside_others_joins_them_and_shows_its_last(qtbot, window, tmp_path):
    first, *party = saved_party(tmp_path, 4)
    window.open_path(first)

    # A file that cannot be read is reported and passed over; the last one read is shown
    broken = tmp_path / "broken.shadowdice"
    broken.write_text("{", encoding="utf-8")
    window.open_paths([*party, broken])

    assert [document.title for document in window.documents()] == [
        "Runner 1",
        "Runner 2",
        "Runner 3",
        "Runner 4",
    ]
    assert window.current_document().title == "Runner 4"
    assert [window.tabs.widget(index).has_card() for index in range(4)] == [
        True,
        False,
        False,
        True,
    ]
    assert window.prompts.errors and "broken.shadowdice" in window.prompts.errors[0][1]


def test_a_card_built_later_fills_and_rolls_the_check_as_one_built_at_once(
    qtbot, window, dice, tmp_path
):
    window.open_paths(saved_party(tmp_path, 3))
    assert not window.tabs.widget(1).has_card()
    click_in_roster(qtbot, window, 1)
    card = window.current_card()

    qtbot.keyClicks(card.filter, "Body")
    qtbot.keyClick(card.filter, Qt.Key.Key_Return)
    assert window.check_panel.widget("attribute").currentData() == "Body"
    dice.extend([5, 5, 1])
    card.rolls.doubleClicked.emit(card.rolls.model().index(0, 0))
    qtbot.waitUntil(lambda: headline(window) == "2 hits - success", timeout=SETTLE_MS)
    assert window.roll_panel.session.check.startswith("Body")


@pytest.fixture
def collector_watched(window):
    """How many characters the window held at each run of the cycle collector while a test
    runs; afterwards the collector is as it was, with nothing frozen.
    """
    open_at_runs: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            open_at_runs.append(window.tabs.count())

    enabled = gc.isenabled()
    gc.enable()
    gc.callbacks.append(count)
    yield open_at_runs
    gc.callbacks.remove(count)
    gc.unfreeze()
    if not enabled:
        gc.disable()


def test_a_party_opens_without_the_cycle_collector_and_is_frozen_after(
    qtbot, window, tmp_path, collector_watched
):
    # Given forty saved runners, and the collector running as in the app once started
    paths = saved_party(tmp_path, 40)
    gc.collect()
    gc.freeze()
    collector_watched.clear()

    # When they are opened at once
    opened = window.open_paths(paths)

    # Then the collector never ran while they were read (it would walk the sheets already
    # read, again and again), runs again afterwards, and will not walk them later either
    assert len(opened) == 40
    assert all(open_then == 40 for open_then in collector_watched), collector_watched
    assert gc.isenabled()
    in_sight = {id(thing) for thing in gc.get_objects()}
    assert not any(id(document.sheet) in in_sight for document in opened)
    assert not any(id(row) in in_sight for row in opened[0].sheet.skills)
