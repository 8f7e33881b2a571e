"""A fight on the laptops at the table and on a large screen: at 1024x640, 1366x768 and
1920x1080, in German and English, at every step of a Heldenhandbuch combat phase (initiative,
attack pick, block pick, hit, damage through armour), of a Star Wars segment with a dodge
declared and of a Phase Six group roll, the encounter shows every fighter, the one-character
check form steps aside, and no choice, Confirm, Cancel or Done is cut off, outside its viewport
or behind a scroll; every fighter's dice lie whole in the tray, which keeps 40 % of the
window's height at 1366x768. A Star Wars attack the target dodges is one character's check
with the target's dice: the check form stays, and no button and neither group of dice is cut
or behind a scroll.
"""

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

from shadowdice.systems.heldenhandbuch.sheet import Armor
from shadowdice.systems.starwars.round_sheet import Declared
from shadowdice.systems.starwars.rounds import ActionKind
from shadowdice.ui.language import switch
from tests.ui.test_layout import layout_problems
from tests.ui.window_helpers import (
    SETTLE_MS,
    action_button,
    choose,
    headline,
    offered,
    star_wars_duel,
)

CTRL = Qt.KeyboardModifier.ControlModifier
SIZES = [(1024, 640), (1366, 768), (1920, 1080)]
SIZE_IDS = ["1024x640", "1366x768", "1920x1080"]
LANGUAGES = ["en", "de"]


def fits(qtbot, window, step: str, *, encounter: bool = True) -> None:
    """Everything of the step in sight and whole, once the buttons are arranged (when the
    event loop turns after they show); in the encounter, or (``encounter=False``) beside the
    one-character check form.
    """
    qtbot.wait(60)
    QApplication.processEvents()
    panel = window.roll_panel
    problems = [f"{step}: {problem}" for problem in layout_problems(window)]
    area = panel.outcome_area
    if area.verticalScrollBar().maximum() > 0:
        problems.append(
            f"{step}: the follow-ups need a scroll ({area.verticalScrollBar().maximum()} px)"
        )
    seen = area.viewport().rect()
    buttons = [
        *panel.action_buttons(),
        panel.confirm_button,
        panel.cancel_button,
        panel.done_button,
    ]
    for button in buttons:
        if not button.isVisible():
            continue
        placed = QRect(button.mapTo(area.viewport(), button.rect().topLeft()), button.size())
        if not seen.contains(placed):
            problems.append(f"{step}: {button.text()!r} lies outside the outcome's view")
        if button.width() < button.sizeHint().width():
            problems.append(f"{step}: {button.text()!r} is cut ({button.width()} px)")
    tray = panel.tray
    view = tray.viewport().rect()
    for item in tray.die_items():
        placed = tray.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if not view.contains(placed):
            problems.append(f"{step}: die {item.die.id} ({item.die.group}) is not whole in sight")
    if tray.verticalScrollBar().maximum() > 0:
        problems.append(f"{step}: the tray scrolls")
    assert window.encounter.isVisible() is encounter, step
    assert window.check_panel.isVisible() is not encounter, step
    for card in window.encounter.cards:
        if card.isVisible() and card.height() < card.heightForWidth(card.width()):
            problems.append(f"{step}: the card {card.name.text()!r} is cut")
    if encounter and window.height() == 768:
        share = tray.height() / window.height()
        if share < 0.4:
            problems.append(f"{step}: the tray keeps {share:.0%} of the window's height")
    assert not problems, "; ".join(problems)


def at_size(qtbot, window, size, language):
    switch(language)
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)


def settle(qtbot, window, action_id=None):
    def ready():
        panel = window.roll_panel
        return not panel.tray.is_animating() and (action_id is None or offered(window, action_id))

    qtbot.waitUntil(ready, timeout=SETTLE_MS)
    qtbot.wait(30)  # the buttons are arranged when the event loop turns


def take(qtbot, window, action_id):
    qtbot.mouseClick(action_button(window, action_id), Qt.MouseButton.LeftButton)


def fighter(qtbot, window, name, armor=False):
    choose(window.system_selector, "heldenhandbuch")
    document = window.new_character()
    document.sheet.name = name
    skill = document.sheet.skill("Basic martial arts")
    skill.value, skill.base_die, skill.bonus_dice = 16, "W20", 3
    if armor:
        document.sheet.armor.append(Armor(name="Chain shirt", protection=3, quality=10))
    window.current_page().set_mode("play")
    return document


def combat(qtbot, window, dice, faces):
    dialog = window.open_group_roll()
    dice.extend(faces)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window, "initiative:0")


def attack(qtbot, window, step=None):
    """The first fighter takes the initiative and attacks the second with the suggested
    dice (looked at while picked, as ``step``), taken with Enter.
    """
    take(qtbot, window, "initiative:0")
    settle(qtbot, window, "attack:1")
    take(qtbot, window, "attack:1")
    if step:
        fits(qtbot, window, step)
    qtbot.keyClick(window, Qt.Key.Key_Return)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_every_step_of_a_combat_phase_fits(qtbot, window, dice, prompts, size, language):
    fighter(qtbot, window, "Jorna Eisenhand")
    brakmar = fighter(qtbot, window, "Brakmar", armor=True)
    at_size(qtbot, window, size, language)

    # A phase where Brakmar can block: the two 14s are met by his 15s
    combat(qtbot, window, dice, [12, 12, 5, 3, 15, 15, 9, 6])
    fits(qtbot, window, "initiative")
    attack(qtbot, window, "attack pick")
    settle(qtbot, window, "block")
    take(qtbot, window, "block")
    fits(qtbot, window, "block pick")
    qtbot.keyClick(window, Qt.Key.Key_Return)
    settle(qtbot, window)
    fits(qtbot, window, "blocked")
    prompts.yes_no_answers.append(True)
    window.roll_panel.done_button.click()
    assert not window.encounter.isVisible() and window.check_panel.isVisible()

    # A phase with a hit through the armour
    combat(qtbot, window, dice, [12, 12, 12, 5, 15, 14, 9, 6])
    attack(qtbot, window)
    settle(qtbot, window, "let_through")
    fits(qtbot, window, "defence")
    take(qtbot, window, "let_through")
    settle(qtbot, window, "damage")
    fits(qtbot, window, "hit")
    dice.extend([14, 5, 5, 2])
    take(qtbot, window, "damage")
    settle(qtbot, window)
    assert brakmar.sheet.armor[0].quality == 9  # the armour wore
    fits(qtbot, window, "damage and armour, the injuries to place")
    take(qtbot, window, "injury:0")
    settle(qtbot, window)
    fits(qtbot, window, "the second injury to place")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_star_wars_segment_with_a_dodge_fits(qtbot, window, dice, size, language):
    for name, declared in (
        ("Anla", [("action", "Blaster")]),
        ("Bulack", [("action", "Blaster"), ("reaction", "Dodge")]),
        ("Corukk", [("action", "Blaster")]),
    ):
        choose(window.system_selector, "starwars_d6")
        document = window.new_character()
        document.sheet.name = name
        document.sheet.this_round = [
            Declared(kind=ActionKind(kind), rolls=rolls, segment=1) for kind, rolls in declared
        ]
        window.current_page().set_mode("play")
    at_size(qtbot, window, size, language)
    dialog = window.open_group_roll()
    choose(dialog.form.widget("group"), "order")
    dice.extend([4, 3, 5, 2, 6, 1, 3, 3, 4] * 3)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    assert headline(window) != "Ready to roll"
    fits(qtbot, window, "segment order")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_star_wars_attack_the_target_dodges_fits(qtbot, window, dice, size, language):
    # Han shoots his Blaster (three dice) at Bossk, who dodges (four dice): a hit
    star_wars_duel(window)
    at_size(qtbot, window, size, language)
    dice.extend([6, 6, 6, 3, 2, 2, 2, 2])
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    settle(qtbot, window)
    groups = {item.die.group for item in window.roll_panel.tray.die_items()}
    assert groups == {"", "opponent"}, "the attack's dice and the dodge's"
    assert window.roll_panel.done_button.isVisible()
    fits(qtbot, window, "the attack and the dodge", encounter=False)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_phase_six_group_roll_fits(qtbot, window, dice, size, language):
    for _ in range(3):
        window.open_sample("phasesix")
    at_size(qtbot, window, size, language)
    dialog = window.open_group_roll()
    dice.extend([6, 5, 4, 3, 2, 1, 6, 5, 1, 1] * 6)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    fits(qtbot, window, "group roll")
