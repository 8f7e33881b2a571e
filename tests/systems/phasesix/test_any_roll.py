"""Any classic check, counted by hand: the minimum roll from the attribute named (5 - value,
5 - 1.5 x value for a persona attribute, neuroticism 5 + value, intelligence (120 - IQ) / 5
rounded down, never below 0) raised by the difficulty, sixes thrown again wave after wave
above 6+, one success per die whose total reaches the minimum roll, and destiny dice thrown
apart succeeding on 4+ as well.
"""

import math

from hypothesis import given
from hypothesis import strategies as st

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.phasesix import PhaseSix
from shadowdice.systems.phasesix.sheet import PhaseSixSheet

RAISE = {"normal": 0, "hard": 2, "very_hard": 4}


def minimum_roll(attribute: str, value: int, difficulty: str) -> int:
    if attribute == "Neuroticism":
        written = 5 + value
    elif attribute == "Intelligence":
        written = (120 - value) // 5
    elif attribute in ("Openness", "Conscientiousness", "Extraversion", "Agreeableness"):
        written = 5 - math.ceil(1.5 * value)
    else:
        written = 5 - value
    return max(written, 0) + RAISE[difficulty]


def totals(faces: list[int], dice: int, explode: bool) -> tuple[list[int], list[int]]:
    """The totals of ``dice`` dice thrown from ``faces``, all sixes of a wave thrown again
    together; and the faces left over.
    """
    chains = [[face] for face in faces[:dice]]
    faces = faces[dice:]
    live = [chain for chain in chains if explode and chain[-1] == 6]
    while live:
        for chain, face in zip(live, faces, strict=False):
            chain.append(face)
        faces = faces[len(live) :]
        live = [chain for chain in live if chain[-1] == 6]
    return [sum(chain) for chain in chains], faces


attribute_and_value = st.one_of(
    st.tuples(
        st.sampled_from(["Strength", "Deftness", "Openness", "Conscientiousness", "Agreeableness"]),
        st.integers(-10, 10),
    ),
    st.tuples(st.just("Neuroticism"), st.integers(-10, 10)),
    st.tuples(st.just("Intelligence"), st.integers(40, 200)),
)


@given(
    named=attribute_and_value,
    difficulty=st.sampled_from(list(RAISE)),
    pool=st.integers(1, 6),
    destiny=st.integers(0, 2),
    faces=st.lists(st.integers(1, 6), min_size=60, max_size=60),
)
def test_the_successes_are_the_dice_that_reach_the_minimum_roll(
    named, difficulty, pool, destiny, faces
):
    attribute, value = named
    sheet = PhaseSixSheet(name="Hagen", rules="classic", destiny_dice_max=2, destiny_dice=2)
    sheet.attribute(attribute).value = value
    sheet.skill("Courage").value = pool
    faces = [*faces, *[1] * 60]  # enough for the longest chains
    values = {
        "trait": "skill:Courage",
        "minimum_roll_from": attribute,
        "difficulty": difficulty,
        "destiny_dice": destiny,
    }
    session = PhaseSix().start_check(sheet, values, ScriptedDiceSource(faces))

    needed = minimum_roll(attribute, value, difficulty)
    ordinary, left = totals(faces, pool, explode=needed > 6)
    fate, _left = totals(left, destiny, explode=False)
    expected = sum(total >= needed for total in ordinary)
    expected += sum(total >= needed or total >= 4 for total in fate)
    assert session.minimum_roll.value == needed
    assert session.successes == expected
    assert session.outcome().values["success"] is (expected > 0)
