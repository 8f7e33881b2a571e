"""Numbers in texts as the language shown writes them: German 4.000 and 12,5 %."""

import pytest
from babel.numbers import format_decimal, format_percent, get_decimal_symbol, get_group_symbol
from hypothesis import given
from hypothesis import strategies as st

from shadowdice.core import language
from shadowdice.core.language import NUMBER_STYLES, Text, number


@pytest.mark.parametrize("code", sorted(NUMBER_STYLES))
def test_each_language_writes_numbers_as_the_unicode_cldr_says(code):
    group, decimal, percent = NUMBER_STYLES[code]
    assert (group, decimal) == (get_group_symbol(code), get_decimal_symbol(code))
    assert percent.format("12") == format_percent(0.12, locale=code)


@given(st.integers(min_value=-(10**9), max_value=10**9), st.sampled_from(sorted(NUMBER_STYLES)))
def test_a_whole_number_with_grouping_reads_as_babel_writes_it(value, code):
    language.set_language(code)
    try:
        assert number(value, ",") == format_decimal(value, locale=code)
    finally:
        language.set_language("en")


@given(
    st.floats(min_value=0, max_value=1, allow_nan=False),
    st.sampled_from(sorted(NUMBER_STYLES)),
)
def test_a_chance_with_one_place_reads_as_babel_writes_it(chance, code):
    language.set_language(code)
    try:
        # Python rounds half to even, Babel half up: compare on a value both round alike.
        chance = round(chance, 3) + 0.0001
        expected = format_percent(chance, "#,##0.0%", locale=code)
        assert number(chance, ".1%").replace("\u00a0", "") == expected
    finally:
        language.set_language("en")


def test_a_text_writes_its_numbers_again_in_the_language_shown():
    price = Text("", "{value:,}", args={"value": 4000})
    chance = Text("", "{value:.1%}", args={"value": 0.125})
    mean = Text("", "{value:.1f}", args={"value": 3.5})
    assert (price, chance, mean) == ("4,000", "12.5%", "3.5")
    language.set_language("de")
    assert (price.translated(), chance.translated(), mean.translated()) == (
        "4.000",
        "12,5\u00a0%",
        "3,5",
    )
    assert Text("", "{value:,}", args={"value": 4000}) == "4.000"
    assert Text.from_data(price.to_data()) == "4.000"  # a file keeps the number, not its words


def test_a_whole_number_without_a_format_is_digits_alone_in_every_language():
    language.set_language("de")
    assert Text("", "{n} of {total}", args={"n": 3, "total": 12000}) == "3 of 12000"
    assert Text("", "{flag}", args={"flag": True}) == "True"


def test_a_fraction_without_a_format_takes_the_decimal_separator():
    language.set_language("de")
    assert Text("", "x{factor}", args={"factor": 1.5}) == "x1,5"


def test_a_number_converted_to_a_string_in_its_placeholder_reads_as_without():
    language.set_language("de")
    text = Text("", "{mean!s} of {chance:.0%}", args={"mean": 1.5, "chance": 0.5})
    assert text == "1,5 of 50\u00a0%"
