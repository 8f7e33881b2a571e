"""Target: a Star Wars D6 preview with its exact chance follows every spin-box step at once
(well under a frame, 16 ms), even for a Force Point's doubled code against an opponent.
"""

import pytest

from shadowdice.core.dice import RandomDiceSource
from shadowdice.systems import builtin_registry

SYSTEM = builtin_registry().get("starwars_d6")


def a_jedi_against_a_typed_opponent():
    """Sense 6D+2 doubled by a Force Point (12D+4) against an opponent's 10D+1 and 20."""
    sheet = SYSTEM.new_sheet()
    sheet.name = "Jedi"
    values = {param.key: param.default for param in SYSTEM.check_params(sheet)}
    return sheet, {
        **values,
        "roll": "code",
        "code": "6D+2",
        "target": 20,
        "opponent": "code",
        "defender_code": "10D+1",
        "force_point": "spend",
    }


@pytest.mark.benchmark(group="star wars d6")
def test_the_preview_of_a_doubled_code_against_an_opponent(benchmark):
    sheet, values = a_jedi_against_a_typed_opponent()
    preview = benchmark(SYSTEM.preview_check, sheet, values)
    assert preview.problem == "" and 0 < preview.chance < 1


@pytest.mark.benchmark(group="star wars d6")
def test_the_check_rolled_and_finished(benchmark):
    sheet, values = a_jedi_against_a_typed_opponent()
    source = RandomDiceSource(seed=4)

    def roll():
        sheet.force_points, sheet.force_point_round = 1, False
        return SYSTEM.start_check(sheet, values, source).finish()

    record = benchmark(roll)
    assert sum(len(throw.dice) for throw in record.throws) == 12 + 10
