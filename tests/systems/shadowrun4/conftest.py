import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet


@pytest.fixture
def system():
    return Shadowrun4()


@pytest.fixture
def sheet():
    """Kira: Agility 4, Pistols 3, Edge 3 with all points unspent."""
    kira = ShadowrunSheet(name="Kira")
    kira.attributes[1].value = 4
    kira.skill("Pistols").rating = 3
    return kira


@pytest.fixture
def roll(system, sheet):
    """Start a check of Kira with scripted faces."""

    def start(faces, **values):
        values.setdefault("skill", "")
        values.setdefault("attribute", "")
        return system.start_check(sheet, values, ScriptedDiceSource(faces))

    return start
