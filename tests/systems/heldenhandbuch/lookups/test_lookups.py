"""Every table the game master looks up, as declared for the system (``LOOKUPS``)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.lookups import LOOKUP_BY_ID, LOOKUPS, InputKind

ISSUE_TABLES = {
    "damage",
    "item_quality",
    "crafting",
    "mass_production",
    "healing",
    "chase",
    "herb_search",
    "drinking",
}


def test_every_table_of_the_issue_is_a_lookup():
    assert set(LOOKUP_BY_ID) >= ISSUE_TABLES
    assert len(LOOKUP_BY_ID) == len(LOOKUPS)


def test_every_lookup_is_declared_completely():
    for lookup in LOOKUPS:
        assert lookup.label and lookup.summary and lookup.inputs, lookup.id
        for entry in lookup.inputs:
            assert entry.label, (lookup.id, entry.key)
            if entry.kind is InputKind.CHOICE:
                assert entry.default in {choice for choice, _label in entry.choices}
            elif entry.kind is InputKind.INT:
                low, high = entry.bounds
                assert low <= entry.default <= high, (lookup.id, entry.key)


def test_check_parameter_keys_are_unique_across_all_lookups():
    keys = [param.key for lookup in LOOKUPS for param in lookup.check_params(("check", lookup.id))]
    assert len(keys) == len(set(keys))


def _value(entry):
    low, high = entry.bounds
    if entry.kind is InputKind.CHOICE:
        return st.sampled_from([choice for choice, _label in entry.choices])
    if entry.kind is InputKind.INT:
        return st.integers(low, high)
    return st.lists(st.integers(low, high), max_size=entry.count).map(tuple)


@st.composite
def lookup_and_values(draw):
    lookup = draw(st.sampled_from(LOOKUPS))
    return lookup, {entry.key: draw(_value(entry)) for entry in lookup.inputs}


@settings(max_examples=300, deadline=None)
@given(lookup_and_values())
def test_any_declared_values_give_a_sentence_or_a_message_for_the_player(case):
    # Given any values within the declared bounds and choices
    lookup, values = case
    # When the lookup runs, Then it resolves with a sentence, or refuses with a CheckError
    try:
        result = lookup.run(values)
    except CheckError as refusal:
        assert str(refusal).endswith(".")
        return
    assert result.sentence.endswith(".")
    assert all(isinstance(line, str) and line for line in result.details)
