"""Target: each step of a Heldenhandbuch cascade roll, with the best keep suggested, takes
well under a frame (16 ms), even with the most dice a check throws.
"""

import pytest

from shadowdice.core.dice import RandomDiceSource
from shadowdice.systems import builtin_registry

SYSTEM = builtin_registry().get("heldenhandbuch")


def a_master_smith():
    """A hero whose Strength 20 throws 5W20 and may build sequences in a cascade roll."""
    sheet = SYSTEM.new_sheet()
    sheet.name = "Smith"
    next(attribute for attribute in sheet.attributes if attribute.name == "Strength").value = 20
    values = {param.key: param.default for param in SYSTEM.check_params(sheet)}
    return sheet, {**values, "what": "attribute:Strength", "roll": "cascade"}


@pytest.mark.benchmark(group="heldenhandbuch")
def test_a_cascade_roll_of_five_w20_kept_as_suggested_to_the_end(benchmark):
    # Given a 5W20 cascade roll
    sheet, values = a_master_smith()
    source = RandomDiceSource(seed=20)

    # When the player keeps the suggested dice after every throw until no dice are left
    def cascade():
        session = SYSTEM.start_check(sheet, values, source)
        steps = 0
        while keep := next((a for a in session.actions() if a.id == "keep" and a.enabled), None):
            session.apply("keep", keep.pick.suggested)
            steps += 1
        return steps, session.finish()

    steps, record = benchmark(cascade)

    # Then the roll ended with its group's value in the record
    assert 1 <= steps <= 5
    assert record.outcome.values["ended"] is True


@pytest.mark.benchmark(group="heldenhandbuch")
def test_the_preview_of_a_single_roll_with_its_exact_chance(benchmark):
    sheet, values = a_master_smith()
    values = {**values, "roll": "single"}
    preview = benchmark(SYSTEM.preview_check, sheet, values)
    assert preview.problem == "" and 0 < preview.chance <= 1
