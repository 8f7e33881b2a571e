"""The exact odds agree with counting every way the dice can fall."""

import subprocess
import sys
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shadowdice.core.die import Die
from shadowdice.systems.generic import odds
from shadowdice.systems.generic.notation import DiceTerm, Expression, Keep, Number, Success, parse
from shadowdice.systems.generic.session import term_value


def brute_force(expression: Expression, target: int) -> float:
    """The chance of reaching ``target``, counting every face of every die (no explosions)."""
    dice = [(term, die) for term in expression.dice_terms for die in range(term.count)]
    hits = total = 0
    for faces in product(*(range(1, term.sides + 1) for term, _ in dice)):
        result, position = expression.constant, 0
        for term in expression.dice_terms:
            rolled = [Die(i, term.sides, (faces[position + i],)) for i in range(term.count)]
            result += term.sign * term_value(term, rolled)
            position += term.count
        hits += result >= target
        total += 1
    return hits / total


@st.composite
def small_terms(draw):
    count = draw(st.integers(1, 3))
    keep = draw(st.none() | st.builds(Keep, st.booleans(), st.integers(1, count)))
    success = draw(
        st.none() | st.builds(Success, st.sampled_from([">=", "<", "="]), st.integers(1, 6))
    )
    return DiceTerm(count, draw(st.integers(2, 6)), keep=keep, success=success)


@settings(max_examples=150, deadline=None)
@given(small_terms(), st.integers(-2, 3), st.integers(-3, 20))
def test_the_chance_of_a_target_is_the_share_of_all_throws_that_reach_it(term, number, target):
    expression = Expression((term, Number(abs(number), 1 if number >= 0 else -1)))
    assert odds.chance_at_least(expression, target) == pytest.approx(
        brute_force(expression, target)
    )


def test_an_exploding_die_follows_its_chain():
    # d6!: 6 or more needs a first 6 (1/6); 7 or more a 6 and then at least 1: also 1/6
    expression = Expression((DiceTerm(1, 6, explode=True),))
    assert odds.chance_at_least(expression, 7) == pytest.approx(1 / 6)
    assert odds.chance_at_least(expression, 13) == pytest.approx(1 / 36, rel=1e-6)


def test_a_term_too_large_for_a_preview_gets_no_chance_instead_of_freezing_the_panel():
    huge = Expression((DiceTerm(100, 1000),))
    assert odds.chance_at_least(huge, 50_000) is None
    # the average of plain dice needs no distribution: 100 x 500.5
    assert odds.mean(huge) == 50_050
    kept = Expression((DiceTerm(100, 1000, keep=Keep(True, 3)),))
    assert odds.mean(kept) is None


def test_opening_a_character_whose_first_roll_is_plain_does_not_load_icepool():
    script = (
        "import sys\n"
        "from shadowdice.systems import builtin_registry\n"
        "system = builtin_registry().get('generic_dice')\n"
        "sheet = system.new_sheet()\n"
        "values = {param.key: param.default for param in system.check_params(sheet)}\n"
        "preview = system.preview_check(sheet, values)\n"
        "assert 'average' in preview.summary, preview\n"
        "print('icepool' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("text", "target", "chance"),
    [
        ("3d6", 10, 135 / 216),
        ("2d20kh1", 15, 1 - (14 / 20) ** 2),  # advantage: not both below 15
        ("2d20kl1", 15, (6 / 20) ** 2),  # disadvantage: both 15 or more
        ("3d6kh1", 6, 1 - (5 / 6) ** 3),
        ("3d6kl1", 2, (5 / 6) ** 3),
        ("1d20+5", 15, 11 / 20),
        ("2d10>=8", 1, 1 - 0.7**2),
        ("3d10<3", 2, 3 * 0.2**2 * 0.8 + 0.2**3),
    ],
)
def test_worked_examples_have_the_chances_counted_by_hand(text, target, chance):
    assert odds.chance_at_least(parse(text), target) == pytest.approx(chance)


@pytest.mark.parametrize(
    "text",
    [
        "+".join(["100d1000!>=2"] * 12),  # the exact fractions grow to tens of thousands of digits
        "+".join(["20d1000!>=2"] * 12),
        "+".join(["100d20!>=2"] * 4),
    ],
)
def test_many_terms_counting_successes_get_no_chance_instead_of_freezing_the_panel(text):
    expression = parse(text)
    assert odds.chance_at_least(expression, 10) is None and odds.mean(expression) is None


@pytest.mark.parametrize(
    ("text", "target"), [("+".join(["100d10>=8"] * 6), 180), ("100d1000!>=2", 100)]
)
def test_large_counts_of_successes_still_get_their_chance(text, target):
    assert 0 < odds.chance_at_least(parse(text), target) < 1
