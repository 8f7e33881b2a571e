"""Nothing about a secret roll reaches the table window but that it happened.

Each scenario is played twice, in two fresh windows, as two secret rolls that differ only in
what the dice decide: their faces, the follow-ups taken after them and what those spend. The
table window is looked at after every step of both (every text and accessible name it holds,
and a ``grab()`` of its pixels); every look must be the same as the first.

Scenarios: a Shadowrun 4 roll (a hit against a critical glitch followed by Edge: +N dice with
the Rule of Six, which spends Edge and adds dice); a Phase Six group roll of three (with a
bonus die against without); a Phase Six roll by the classic rules (three successes against
one success and a reroll die spent on a picked die); a Star Wars D6 attack on a character who
dodges (both dice pools thrown); a Star Wars D6 speed contest of two starships (a group roll
whose outcome moves the range or not); a Heldenhandbuch sieve roll (stopped at once, against
keeping a die and throwing the others again); a Heldenhandbuch combat phase of two fighters
(closed at once, against initiative, an attack, the hit let through and the damage throw); a
Heldenhandbuch memory check, which the system rolls secretly by itself; a Generic dice
expression with exploding dice (none against a chain of sixes); and a secret Shadowrun 4 roll
with the announcement switched off (an empty table either way).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtWidgets import QApplication, QWidget

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.ui.play.group_roll_dialog import GroupRollDialog
from shadowdice.ui.table_window import SECRET_NOTICE
from tests.ui.test_group_roll_starwars import new_pilot
from tests.ui.test_main_window_contests import new_fighter
from tests.ui.test_main_window_heldenhandbuch import new_hero
from tests.ui.test_main_window_phasesix import new_phase_six
from tests.ui.test_table_window import everything_in, runner
from tests.ui.window_helpers import SETTLE_MS, action_button, choose, star_wars_duel

CTRL = Qt.KeyboardModifier.ControlModifier


def look(table) -> tuple[str, bytes]:
    """What the players can see: every text and accessible name, and the pixels."""
    QApplication.processEvents()
    names = [w.accessibleName() for w in [table, *table.findChildren(QWidget)]]
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    table.grab().toImage().save(buffer, "PNG")
    return everything_in(table) + "\n" + "\n".join(names), bytes(data)


class Play:
    """One run of a scenario in a fresh window, looking at the table after every step."""

    def __init__(self, qtbot, window, dice) -> None:
        self.qtbot, self.window, self.dice = qtbot, window, dice
        self.table = window.game_table.open_table_window()
        self.table.setGeometry(40, 40, 900, 560)
        qtbot.waitExposed(self.table)
        window.activateWindow()  # the game master's keys go to the main window
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        self.looks: list[tuple[str, bytes]] = []

    def settle(self) -> None:
        panel = self.window.roll_panel
        self.qtbot.waitUntil(
            lambda: not panel.tray.is_animating() and panel.done_button.isEnabled(), timeout=4000
        )
        self.looks.append(look(self.table))

    def roll(self, faces, *, secret=True) -> None:
        self.window.check_panel.secret_box.setChecked(secret)
        self.dice.extend(faces)
        self.qtbot.keyClick(self.window, Qt.Key.Key_R, CTRL)
        self.settle()

    def take(self, action_id: str, faces=(), *, confirm=False) -> None:
        self.dice.extend(faces)
        self.qtbot.waitUntil(lambda: action_button(self.window, action_id) is not None)
        self.qtbot.mouseClick(action_button(self.window, action_id), Qt.MouseButton.LeftButton)
        if confirm:
            self.qtbot.keyClick(self.window, Qt.Key.Key_Return)  # Enter takes the pick
        self.settle()

    def done(self) -> None:
        session = self.window.roll_panel.session
        if session is not None and session.stops_early():  # Done asks first: yes, end here
            self.window.prompts.yes_no_answers.append(True)
        self.qtbot.mouseClick(self.window.roll_panel.done_button, Qt.MouseButton.LeftButton)
        self.qtbot.waitUntil(lambda: self.window.history_model.rowCount() >= 1, timeout=SETTLE_MS)
        self.looks.append(look(self.table))


def shadowrun(play: Play, variant: str) -> None:
    runner(play.window, "Kira")
    if variant == "a":
        play.roll([5, 5, 5, 6, 5, 5])
    else:
        play.roll([1, 1, 1, 1, 1, 2])  # a critical glitch
        play.take("edge_extra_dice", [6, 6, 3, 2, 6, 1, 4, 4])  # the Rule of Six adds dice
    play.done()


def shadowrun_unannounced(play: Play, variant: str) -> None:
    play.window.game_table.notice_action.setChecked(False)
    shadowrun(play, variant)


def phase_six_group(play: Play, variant: str) -> None:
    window = play.window
    for name, perception in (("Ash", 2), ("Bo", 3), ("Cy", 1)):
        new_phase_six(play.qtbot, window, name, perception)
    window.check_panel.secret_box.setChecked(True)
    dialog = window.open_group_roll()
    trait = dialog.form.widget("trait")
    trait.setCurrentIndex(trait.findData("skill:Perception"))
    dialog.form.widget("needed").setValue(4)
    play.dice.extend([5, 2, 6, 1, 5, 3] if variant == "a" else [1, 1, 2, 1, 3, 1])
    dialog.roll_button.click()
    play.qtbot.waitUntil(lambda: window.findChild(GroupRollDialog) is None)
    play.settle()
    if variant == "b":
        play.take("0:bonus_die", [6])
    play.done()


def phase_six_reroll(play: Play, variant: str) -> None:
    document = new_phase_six(play.qtbot, play.window, "Hagen", 0)
    variant_box = play.window.current_editor().field_widget("variant")
    variant_box.setCurrentIndex(variant_box.findData("classic"))
    courage = next(i for i, s in enumerate(document.sheet.skills) if s.name == "Courage")
    skills = next(t for t in document.system.sheet_tables() if t.key == "skills")
    document.set_cell(skills, courage, [c.key for c in skills.columns].index("value"), 3)
    panel = play.window.check_panel
    panel.widget("trait").setCurrentIndex(panel.widget("trait").findData("skill:Courage"))
    source = panel.widget("minimum_roll_from")
    source.setCurrentIndex(source.findData("Strength"))
    if variant == "a":
        play.roll([5, 6, 4])
    else:
        play.roll([1, 5, 2])
        play.take("reroll_die", [6], confirm=True)  # a reroll die spent on the suggested 1
    play.done()


def star_wars_speed_contest(play: Play, variant: str) -> None:
    window = play.window
    for name, ship in (("Bulack", "Dusty Freighter"), ("Pirate", "Rust Bucket")):
        new_pilot(window, name, ship)
    window.check_panel.secret_box.setChecked(True)
    dialog = window.open_group_roll()
    for key, value in (("group", "speed"), ("range", "medium")):
        dialog.form.widget(key).setCurrentIndex(dialog.form.widget(key).findData(value))
    for index in range(2):
        wish = dialog.form.widget(f"wish_{index}")
        wish.setCurrentIndex(wish.findData("close" if index == 0 else "open"))
    play.dice.extend([6, 6, 1, 1] if variant == "a" else [1, 2, 6, 5])
    dialog.roll_button.click()
    play.qtbot.waitUntil(lambda: window.findChild(GroupRollDialog) is None)
    play.settle()
    play.done()


def star_wars_dodge(play: Play, variant: str) -> None:
    star_wars_duel(play.window)
    play.roll([6] * 12 if variant == "a" else [1, 2] * 6)
    play.done()


def sieve(play: Play, variant: str) -> None:
    new_hero(play.qtbot, play.window, 9)
    choose(play.window.check_panel.widget("what"), "attribute:Strength")
    choose(play.window.check_panel.widget("roll"), "sieve")
    if variant == "a":
        play.roll([3, 4, 2])
    else:
        play.roll([9, 4, 2])
        play.take("keep", [9, 5], confirm=True)  # the 9 kept, two thrown again
    play.done()


def combat_phase(play: Play, variant: str) -> None:
    from shadowdice.systems.heldenhandbuch.sheet import Armor

    window, qtbot = play.window, play.qtbot
    new_fighter(qtbot, window, "Alrik")
    new_fighter(qtbot, window, "Brun", Armor(name="Chain shirt", protection=3, quality=10))
    window.check_panel.secret_box.setChecked(True)
    dialog = window.open_group_roll()
    play.dice.extend([12, 12, 12, 5, 15, 14, 9, 6] if variant == "b" else [3, 8, 2, 7, 4, 1, 6, 5])
    dialog.roll_button.click()
    qtbot.waitUntil(lambda: window.findChild(GroupRollDialog) is None)
    play.settle()
    if variant == "b":
        play.take("initiative:0")
        play.take("attack:1", confirm=True)
        play.take("let_through")
        play.take("damage", [14, 5, 5, 2])
    play.done()


def memory_check(play: Play, variant: str) -> None:
    new_fighter(play.qtbot, play.window, "Alrik")
    panel = play.window.check_panel
    choose(panel.widget("what"), "attribute:Intellect")
    panel.widget("memory").setChecked(True)
    play.roll([5, 4, 3] if variant == "a" else [1, 1, 2], secret=False)  # the system's secret
    play.done()


def exploding(play: Play, variant: str) -> None:
    window = play.window
    window.system_selector.setCurrentIndex(window.system_selector.findData("generic_dice"))
    window.new_character()
    choose(window.check_panel.widget("roll"), "")
    expression = window.check_panel.widget("expression")
    expression.setText("3d6!")
    expression.editingFinished.emit()
    play.qtbot.waitUntil(window.check_panel.roll_button.isEnabled, timeout=2000)
    play.roll([1, 2, 3] if variant == "a" else [6, 6, 6, 6, 2, 3, 4])
    play.done()


SCENARIOS = [
    shadowrun,
    shadowrun_unannounced,
    phase_six_group,
    phase_six_reroll,
    star_wars_dodge,
    star_wars_speed_contest,
    sieve,
    combat_phase,
    memory_check,
    exploding,
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__)
def test_two_secret_rolls_that_differ_only_in_their_dice_look_the_same_on_the_table(
    qtbot, make_window, scenario
):
    looks = {}
    for variant in ("a", "b"):
        dice = ScriptedDiceSource([])
        window = make_window(dice_source=dice)
        play = Play(qtbot, window, dice)
        scenario(play, variant)
        assert window.history_model.records()[0].secret, "the roll was secret"
        looks[variant] = play.looks
        window.close()

    first_texts, first_pixels = looks["a"][0]
    if scenario is not shadowrun_unannounced:
        assert SECRET_NOTICE in first_texts
    one_step = (star_wars_dodge, star_wars_speed_contest, memory_check, exploding)
    assert len(looks["b"]) > len(looks["a"]) or scenario in one_step, "b follows up"
    for variant, steps in looks.items():
        for step, (texts, pixels) in enumerate(steps):
            assert texts == first_texts, f"{variant} step {step}: the table's words differ"
            assert pixels == first_pixels, f"{variant} step {step}: the table's pixels differ"
