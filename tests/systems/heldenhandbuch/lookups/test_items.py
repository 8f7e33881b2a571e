"""Item quality grades, price factors and bonus effects (rule text "Güte von Gegenständen";
"Waffenschmied": "Erlesene und legendäre Gegenstände").
"""

import pytest

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups.items import (
    BONUS_EFFECTS,
    ITEM_QUALITY,
    item_quality,
    quality_grade,
)


@pytest.mark.parametrize(
    ("quality", "name", "german", "factor"),
    [
        (4, "improvised", "improvisiert", 0.5),
        (6, "improvised", "improvisiert", 0.5),
        (7, "simple", "einfach", 1.0),
        (10, "simple", "einfach", 1.0),
        (11, "good", "gut", 1.5),
        (15, "good", "gut", 1.5),
        (16, "artful", "kunstfertig", 3.0),
        (19, "artful", "kunstfertig", 3.0),
        (20, "masterly", "meisterlich", 5.0),
    ],
)
def test_quality_grades_and_price_factors_at_their_boundaries(quality, name, german, factor):
    grade = quality_grade(quality)
    assert (grade.name, grade.german, grade.price_factor) == (name, german, factor)


@pytest.mark.parametrize("quality", [3, 21])
def test_qualities_outside_4_to_20_have_no_grade(quality):
    with pytest.raises(CheckError, match="from 4 to 20"):
        quality_grade(quality)


def test_a_good_item_costs_one_and_a_half_times_the_simple_price():
    item = item_quality(12, simple_price=30)
    assert item.price == 45
    assert item.sentence == "Quality 12: good (gut), price x1.5: 45."
    assert item.details == ()


def test_without_a_simple_price_only_the_factor_is_shown():
    item = item_quality(5)
    assert item.price is None
    assert item.sentence == "Quality 5: improvised (improvisiert), price x0.5."


@pytest.mark.parametrize(
    ("effects", "rank", "factor"),
    [(0, "masterly", 5), (1, "exquisite", 10), (2, "exquisite", 10), (3, "legendary", 100)],
)
def test_bonus_effects_make_a_masterly_item_exquisite_then_legendary(effects, rank, factor):
    item = item_quality(20, bonus_effects=effects)
    assert (item.rank, item.price_factor) == (rank, factor)


def test_a_legendary_item_costs_at_least_a_hundredfold():
    item = item_quality(20, bonus_effects=4, simple_price=40)
    assert item.sentence == (
        "Quality 20: legendary (legendär), price at least x100, 4 bonus effects: at least 4,000."
    )


def test_an_exquisite_item_is_glossed_erlesen_not_meisterlich():
    # Given a masterly item with one bonus effect, Then its rank is named in the text's word
    item = item_quality(20, bonus_effects=1, simple_price=40)
    assert item.sentence == "Quality 20: exquisite (erlesen), price x10, 1 bonus effect: 400."


def test_a_masterly_item_lists_the_kinds_of_bonus_effect():
    details = item_quality(20).details
    assert len(details) == len(BONUS_EFFECTS) == 6
    # Each a sentence of its own, so that the details read apart in the tray's one line
    assert details[0] == "Wx: x bonus dice on checks (at most 6 dice)."
    assert details[-1] == "TSx: +x damage dice."


def test_bonus_effects_below_quality_20_are_refused():
    # Reading: the least result for a bonus effect (21) already makes quality 20.
    with pytest.raises(CheckError, match="Only masterly items"):
        item_quality(19, bonus_effects=1)


def test_the_item_lookup_keeps_quality_within_4_to_20():
    with pytest.raises(CheckError, match="Quality \\(Güte\\) must be a number from 4 to 20"):
        ITEM_QUALITY.run({"quality": 21})
    assert ITEM_QUALITY.run({"quality": 16}).sentence == (
        "Quality 16: artful (kunstfertig), price x3."
    )
