"""The chance of a result of a single roll, against every throw counted out with the rules'
own evaluation (text 003 "Einzelwurf", "Patzer", "Meisterliches Können", "Glückszahl").
"""

from itertools import product

import pytest

from shadowdice.systems.heldenhandbuch.chances import chance_of_a_result
from shadowdice.systems.heldenhandbuch.evaluation import evaluate


def counted_out(count, sides, value, lucky_number=0):
    """Throw every face combination and evaluate it as a session does, the lucky number
    turned into a 20.
    """
    results = 0
    for faces in product(range(1, sides + 1), repeat=count):
        if sides == 20 and lucky_number:
            faces = tuple(20 if face == lucky_number else face for face in faces)
        dice = list(enumerate(faces))
        if evaluate(dice, cap=value, value=value, sides=sides).value > 0:
            results += 1
    return results / sides**count


@pytest.mark.parametrize(
    ("count", "sides", "value", "lucky_number"),
    [
        (1, 6, 3, 0),
        (3, 6, 5, 0),
        (4, 6, 5, 0),
        (3, 8, 7, 0),
        (3, 12, 9, 0),
        (3, 12, 15, 0),  # a Könner ignores a single 1
        (3, 20, 20, 0),  # a master ignores two
        (3, 20, 12, 14),  # a lucky success changes nothing
        (3, 20, 12, 1),  # a lucky 1 is turned into a 20
        (3, 20, 12, 3),  # so is a lucky failure
    ],
)
def test_the_chance_matches_every_throw_counted_out(count, sides, value, lucky_number):
    expected = counted_out(count, sides, value, lucky_number)
    assert chance_of_a_result(
        count, sides, value=value, lucky_number=lucky_number
    ) == pytest.approx(expected, abs=1e-12)


def test_masterly_skill_raises_the_chance():
    # Given 3W20: a Könner's single 1 voids nothing, a master's two neither
    plain = chance_of_a_result(3, 20, value=14)
    koenner = chance_of_a_result(3, 20, value=15)
    master = chance_of_a_result(3, 20, value=20)
    assert plain < koenner < master


def test_a_check_with_shadow_rolls_previews_no_chance(system, alrik):
    # Given Weapon smithing 22: two shadow rolls, thrown again at the player's choice
    alrik.skill("Weapon smithing").value = 22
    preview = system.preview_check(alrik, {"what": "skill:Weapon smithing", "roll": "single"})
    assert preview.chance is None and preview.summary.endswith("; 2 shadow rolls")
