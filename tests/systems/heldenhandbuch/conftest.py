import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.heldenhandbuch import Heldenhandbuch
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet


@pytest.fixture
def system():
    return Heldenhandbuch()


@pytest.fixture
def alrik():
    """Alrik: Oratory 9 on 3W12 (general, no star), Intimidation 12 on 4W20 (general, star),
    Sword 16 on 4W20 (combat), Weapon smithing 20 on 5W20 (profession), Strength 9 (3W12),
    lucky number 14, Psyche 15 of 15, respect 5, 10 EP.
    """
    sheet = HeldenSheet(name="Alrik", lucky_number=14, respect=5, experience_points=10)
    sheet.skill("Oratory").value = 9
    sheet.skill("Oratory").base_die = "W12"
    sheet.skill("Oratory").bonus_dice = 2
    intimidation = sheet.skill("Intimidation")
    intimidation.value, intimidation.base_die, intimidation.bonus_dice = 12, "W20", 3
    intimidation.star = True
    smithing = sheet.skill("Weapon smithing")
    smithing.value, smithing.base_die, smithing.bonus_dice = 20, "W20", 4
    martial = sheet.skill("Basic martial arts")
    martial.value, martial.base_die, martial.bonus_dice = 16, "W20", 3
    sheet.attribute("Strength").value = 9
    return sheet


@pytest.fixture
def roll(system):
    """Start a check of a sheet with scripted faces."""

    def start(sheet, faces, **values):
        return system.start_check(sheet, values, ScriptedDiceSource(faces))

    return start


def faces(session):
    return [die.face for die in session.table]
