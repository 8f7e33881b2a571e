import pytest

from shadowdice.core.dice import DiceRequest, ScriptedDiceSource
from shadowdice.core.registry import EMPTY_PARTY
from shadowdice.systems.phasesix import PhaseSix
from shadowdice.systems.phasesix.sheet import PhaseSixSheet


class RecordingSource(ScriptedDiceSource):
    """Scripted faces that also note how many dice each request asked for, wave by wave."""

    def __init__(self, faces):
        super().__init__(faces)
        self.requests: list[int] = []

    def throw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request.count)
        return super().throw(request)


@pytest.fixture
def system():
    return PhaseSix()


@pytest.fixture
def hagen():
    """Hagen by the classic rules (text 000): strength 3 (2+), openness 6 (0+), IQ 80 (8+),
    neuroticism 10 (15+); melee (Hand to Hand Combat) 4, courage 5; 2 bonus dice, 2 reroll
    dice, 1 destiny die.
    """
    sheet = PhaseSixSheet(name="Hagen", rules="classic", destiny_dice_max=1, destiny_dice=1)
    sheet.attribute("Strength").value = 3
    sheet.attribute("Openness").value = 6
    sheet.attribute("Intelligence").value = 80
    sheet.attribute("Neuroticism").value = 10
    sheet.skill("Hand to Hand Combat").value = 4
    sheet.skill("Courage").value = 5
    return sheet


@pytest.fixture
def hagen_now():
    """Hagen by the current rules (text 001): a human (5+), strength 4, courage 5; 2 bonus
    dice, 2 rerolls, 1 destiny die.
    """
    sheet = PhaseSixSheet(name="Hagen", rules="current", destiny_dice_max=1, destiny_dice=1)
    sheet.attribute("Strength").value = 4
    sheet.skill("Courage").value = 5
    return sheet


@pytest.fixture
def roll(system):
    """Start a check of a sheet with scripted faces (a list, or a source to look at later);
    faces left over after the start feed the actions that follow.
    """

    def start(sheet, faces, party=EMPTY_PARTY, **values):
        source = faces if isinstance(faces, ScriptedDiceSource) else ScriptedDiceSource(faces)
        return system.start_check(sheet, values, source, party)

    return start


def action(session, action_id):
    return next(a for a in session.actions() if a.id == action_id)


def chains(session):
    return [die.faces for die in session.table]
