"""Target: a Phase Six group roll of five characters resolves in well under a frame (16 ms)."""

import pytest

from shadowdice.core.dice import RandomDiceSource
from shadowdice.systems import builtin_registry

SYSTEM = builtin_registry().get("phasesix")


def five_scouts():
    sheets = []
    for number in range(5):
        sheet = SYSTEM.new_sheet()
        sheet.name = f"Scout {number + 1}"
        next(skill for skill in sheet.skills if skill.name == "Perception").value = 6
        sheets.append(sheet)
    values = {param.key: param.default for param in SYSTEM.group_check_params(sheets)}
    return sheets, {**values, "trait": "skill:Perception", "needed": 10}


@pytest.mark.benchmark(group="phase six")
def test_a_group_roll_of_five_characters_with_six_dice_each(benchmark):
    # Given five characters with Perception 6 and a group check needing 10 successes
    sheets, values = five_scouts()
    source = RandomDiceSource(seed=6)

    # When the group rolls, one member adds a bonus die, and the roll finishes
    def group_roll():
        session = SYSTEM.start_group_check(sheets, values, source)
        session.apply("0:bonus_die")
        sheets[0].bonus_dice = sheets[0].bonus_dice_max
        return session.finish()

    record = benchmark(group_roll)

    # Then every member's dice are in the record, and the successes add up
    assert record.character == ", ".join(sheet.name for sheet in sheets)
    assert sum(len(throw.dice) for throw in record.throws) == 5 * 6 + 1
    hits = sum("hit" in die.marks for throw in record.throws for die in throw.dice)
    assert record.outcome.values["successes"] == hits


@pytest.mark.benchmark(group="phase six")
def test_the_group_preview_with_its_exact_chance(benchmark):
    sheets, values = five_scouts()
    preview = benchmark(SYSTEM.preview_group_check, sheets, values)
    assert preview.problem == "" and 0 < preview.chance < 1
