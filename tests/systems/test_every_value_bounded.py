"""Every value a character file or a check can carry is held to its range and its type.

Given each system's sample character (and template) as a file, every number in it is put at
its declared bounds, just past them and far past them (2^31, 2^63, 10^400), and every value
is given the wrong type (true for a number, 1 for a flag, a number for a text): what the
rules allow loads, anything else is refused with a short message naming the field, and no
value of the wrong type is taken as another (true as 1, 0 as false). Every number of every
system's check values has bounds, and every parameter of every check, given values at, past
and far past its bounds or of the wrong type, is rolled or refused in a few words.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from shadowdice.core.dice import RandomDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import MAX_ROWS, Kind, set_cell, set_field
from shadowdice.storage import character_file
from shadowdice.storage.character_file import (
    FORMAT_NAME,
    FORMAT_VERSION,
    CharacterFileError,
    parse_character,
)
from shadowdice.systems import builtin_registry

REGISTRY = builtin_registry()
SYSTEMS = list(REGISTRY)
#: Numbers far past any bound a rule gives.
FAR = (2**31, 2**63, -(2**63) - 1, 10**400, -(10**400))
#: Numbers whose declared bound the sheet itself keeps by settling, which go beyond it
#: without harm: the wishes granted count only against Psyche lines still emptied.
SETTLED = {("heldenhandbuch", ("psyche_lines_wished",))}
#: Numbers the sheet settles back from a bound at once (rounds since a mortal wound, on a
#: character not mortally wounded).
SETTLED_AWAY = {("starwars_d6", ("mortal_rounds",))}
#: The longest a refusal may be.
MOST_MESSAGE = 400


def file_of(system, sheet_data: dict[str, Any]) -> bytes:
    text = json.dumps(
        {
            "format": FORMAT_NAME,
            "format_version": FORMAT_VERSION,
            "system": system.id,
            "sheet_version": system.sheet_version,
            "sheet": sheet_data,
        }
    )
    return text.encode()


def sample_data(system) -> dict[str, Any]:
    sheet = system.sample_character() or system.new_sheet()
    return sheet.model_dump(mode="json")


def load(system, data: dict[str, Any]):
    return parse_character(file_of(system, data), REGISTRY, Path("probe.shadowdice"))


def refused(system, data: dict[str, Any]) -> CharacterFileError:
    with pytest.raises(CharacterFileError) as caught:
        load(system, data)
    assert len(str(caught.value)) <= MOST_MESSAGE, str(caught.value)
    return caught.value


def leaves(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every number, flag and text in JSON data, with where it is."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))
    else:
        yield path, data


def put(data: Any, path: tuple, value: Any) -> Any:
    """A deep copy of ``data`` with ``value`` at ``path``."""
    copy = json.loads(json.dumps(data))
    target = copy
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return copy


def wrong_types(value: Any) -> list[Any]:
    """Values of a JSON type other than ``value``'s, that a lax reading might take for it."""
    if isinstance(value, bool):
        return [1, 0, "true", None, 1.0]
    if isinstance(value, int):
        return [True, False, float(value) + 0.5, str(value), None, [value]]
    if isinstance(value, str):
        return [7, True, None, [value]]
    return []


def every_leaf(*, numbers: bool = False) -> Iterator[Any]:
    for system in SYSTEMS:
        for path, value in leaves(sample_data(system)):
            if numbers and (isinstance(value, bool) or not isinstance(value, int)):
                continue
            yield pytest.param(system, path, value, id=f"{system.id}-{'.'.join(map(str, path))}")


@pytest.mark.parametrize(("system", "path", "value"), list(every_leaf()))
def test_no_value_of_a_sample_is_taken_in_another_type(system, path, value):
    data = sample_data(system)
    for wrong in wrong_types(value):
        refused(system, put(data, path, wrong))


@pytest.mark.parametrize(("system", "path", "value"), list(every_leaf(numbers=True)))
def test_no_number_of_a_sample_loads_far_past_any_bound(system, path, value):
    data = sample_data(system)
    for far in FAR:
        refused(system, put(data, path, far))


def declared_numbers(system) -> Iterator[tuple[tuple, tuple[int, int], str]]:
    """Every number the editor declares on the sample, with its bounds and label."""
    sheet = system.sample_character() or system.new_sheet()
    for spec in system.sheet_fields():
        if spec.kind is Kind.INT and spec.bounds is not None and spec.editable:
            yield (spec.key,), spec.bounds(sheet), spec.label
    for table in system.sheet_tables():
        for index, row in enumerate(getattr(sheet, table.key)):
            for column in table.columns:
                numbered = column.kind is Kind.INT and column.bounds is not None
                if numbered and column.editable_in(row):
                    yield (table.key, index, column.key), column.bounds(row), column.label


def every_declared_number() -> Iterator[Any]:
    for system in SYSTEMS:
        for path, bounds, _label in declared_numbers(system):
            name = ".".join(map(str, path))
            yield pytest.param(system, path, bounds, id=f"{system.id}-{name}")


@pytest.mark.parametrize(("system", "path", "bounds"), list(every_declared_number()))
def test_every_declared_number_loads_at_its_bounds_and_not_past_them(system, path, bounds):
    low, high = bounds
    for inside in (low, high):
        # Given the sample with one number set to a bound the editor declares for it (and
        # what depends on it settled, as the editor does)
        sheet = system.sample_character() or system.new_sheet()
        edit(system, sheet, path, inside)
        assert value_at(sheet, path) == inside or (system.id, path) in SETTLED_AWAY
        # Then its file loads as it was saved
        loaded = load(system, sheet.model_dump(mode="json"))
        assert loaded.sheet == sheet
    # And one past either bound, or far past, is refused
    data = sample_data(system)
    past = (low - 1, high + 1) if (system.id, path) not in SETTLED else ()
    for outside in (*past, *FAR):
        refused(system, put(data, path, outside))


def edit(system, sheet, path: tuple, value: int) -> None:
    """Set the number at ``path`` through the core's edits, as the editor does."""
    if len(path) == 1:
        spec = next(spec for spec in system.sheet_fields() if spec.key == path[0])
        set_field(sheet, spec, value)
        return
    table = next(table for table in system.sheet_tables() if table.key == path[0])
    column = next(column for column in table.columns if column.key == path[2])
    set_cell(sheet, table, path[1], column, value)


def value_at(sheet, path: tuple) -> Any:
    value: Any = sheet
    for part in path:
        value = value[part] if isinstance(part, int) else getattr(value, part)
    return value


def test_shadowrun_damage_past_the_monitor_is_refused_with_a_short_message():
    system = REGISTRY.get("shadowrun4")
    data = sample_data(system)
    boxes = system.sample_character().physical_boxes
    for key in ("physical_damage", "stun_damage"):
        for damage in (boxes + 1, 2**31, 2**63, 10**400):
            error = refused(system, {**data, key: damage})
            assert "damage" in error.problem


# --- check values ---------------------------------------------------------------------------


def check_models() -> Iterator[Any]:
    for system in SYSTEMS:
        for model in {system.check_values_type, system.group_check_values_type} - {None}:
            yield pytest.param(model, id=f"{system.id}-{model.__name__}")


def bounds_of(field) -> tuple[int | None, int | None]:
    low = high = None
    for rule in field.metadata:
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    return low, high


@pytest.mark.parametrize("model", list(check_models()))
def test_every_number_of_a_check_has_bounds_and_is_held_to_them(model):
    for key, field in model.model_fields.items():
        if field.annotation is not int:
            continue
        low, high = bounds_of(field)
        # Given a number of a check: the model says its range
        assert low is not None and high is not None, f"{key} has no bounds"
        # Then both ends are read, and nothing past them
        assert getattr(model.read({key: low}), key) == low
        assert getattr(model.read({key: high}), key) == high
        for outside in (low - 1, high + 1, *FAR):
            with pytest.raises(CheckError) as caught:
                model.read({key: outside})
            assert len(str(caught.value)) <= MOST_MESSAGE


@pytest.mark.parametrize("model", list(check_models()))
def test_no_value_of_a_check_is_taken_in_another_type(model):
    for key, field in model.model_fields.items():
        if field.annotation in (int, bool, str):
            for wrong in [*wrong_types(field.get_default())[:-1], 1.5]:
                if wrong is None or (field.annotation is str and isinstance(wrong, list)):
                    continue
                with pytest.raises(CheckError):
                    model.read({key: wrong})


def hostile_values(param) -> list[Any]:
    """Values for a check parameter at and past its bounds, and of the wrong types."""
    if param.kind is Kind.INT:
        low, high = param.bounds
        return [low, high, low - 1, high + 1, *FAR, True, 1.5, "3"]
    if param.kind is Kind.FLAG:
        return [True, False, 1, 0, "yes"]
    if param.kind is Kind.CHARACTERS:
        return ["a", 7, ("a",) * 1000, (7,)]
    return [7, True, 1.5, "x" * 100_000, "nonexistent", "9" * 5000]


def every_param() -> Iterator[Any]:
    for system in SYSTEMS:
        sheet = system.sample_character() or system.new_sheet()
        for param in system.check_params(sheet):
            yield pytest.param(system, False, param, id=f"{system.id}-{param.key}")
        if system.group_check_values_type is not None:
            for param in system.group_check_params([sheet, sheet.model_copy(deep=True)]):
                yield pytest.param(system, True, param, id=f"{system.id}-group-{param.key}")


@pytest.mark.parametrize(("system", "group", "param"), list(every_param()))
def test_a_check_value_at_or_past_its_bounds_or_of_a_wrong_type_is_rolled_or_refused(
    system, group, param
):
    sheet = system.sample_character() or system.new_sheet()
    members = [sheet, sheet.model_copy(deep=True)]
    shown = dict([param.only_with]) if param.only_with else {}
    for value in hostile_values(param):
        values = {**shown, param.key: value}
        # When the check panel, the command line or a caller asks for the check
        # Then it previews and rolls, or says why not in a few words: nothing else
        try:
            preview = (
                system.preview_group_check(members, values)
                if group
                else system.preview_check(sheet, values)
            )
        except CheckError as refusal:
            problem = str(refusal)
        else:
            problem = preview.problem
        assert len(problem) <= MOST_MESSAGE, problem[:MOST_MESSAGE]
        try:
            if group:
                system.start_group_check(members, values, RandomDiceSource(seed=1))
            else:
                system.start_check(sheet.model_copy(deep=True), values, RandomDiceSource(seed=1))
        except CheckError as refusal:
            assert len(str(refusal)) <= MOST_MESSAGE, str(refusal)[:MOST_MESSAGE]
        else:
            outside = (
                param.kind is Kind.INT
                and value not in param.bounds
                and not (type(value) is int and param.bounds[0] <= value <= param.bounds[1])
            )
            wrong = param.kind is Kind.FLAG and type(value) is not bool
            assert not (outside and value in FAR), f"{value} was rolled"
            assert not wrong, f"{value!r} was rolled as a flag"


ANY_VALUE = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.none(),
    st.tuples(st.text(max_size=5)),
)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_values_of_a_check_preview_or_are_refused_in_a_few_words(system, data):
    # Given a character and any values for any of its check's parameters
    sheet = system.sample_character() or system.new_sheet()
    params = system.check_params(sheet)
    chosen = data.draw(st.lists(st.sampled_from(params), min_size=1, max_size=4))
    values = {param.key: data.draw(ANY_VALUE) for param in chosen}
    for param in chosen:
        if param.only_with and param.only_with[0] not in values:
            values[param.only_with[0]] = param.only_with[1]
    # When the check is previewed and rolled
    # Then it is, or a CheckError says why in a few words
    for attempt in (
        lambda: system.preview_check(sheet, values),
        lambda: system.start_check(sheet.model_copy(deep=True), values, RandomDiceSource(seed=1)),
    ):
        try:
            attempt()
        except CheckError as refusal:
            assert len(str(refusal)) <= MOST_MESSAGE


# --- tables ---------------------------------------------------------------------------------


def models_within(model, seen: set | None = None) -> Iterator[Any]:
    """A model and every model its fields hold, once each."""
    seen = set() if seen is None else seen
    if model in seen:
        return
    seen.add(model)
    yield model
    for field in model.model_fields.values():
        for inner in (field.annotation, *get_args(field.annotation)):
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                yield from models_within(inner, seen)


def every_table() -> Iterator[Any]:
    for system in SYSTEMS:
        for top in (system.sheet_type, system.template_type):
            if top is None:
                continue
            for model in models_within(top):
                for key, field in model.model_fields.items():
                    if get_origin(field.annotation) is list:
                        yield pytest.param(field, id=f"{system.id}-{model.__name__}.{key}")


@pytest.mark.parametrize("field", list(every_table()))
def test_every_table_of_every_sheet_has_at_most_a_thousand_rows(field):
    most = [rule.max_length for rule in field.metadata if hasattr(rule, "max_length")]
    assert most and most[0] <= MAX_ROWS


def test_a_file_with_a_row_more_than_a_table_holds_is_refused():
    system = REGISTRY.get("generic_dice")
    data = sample_data(system)
    row = data["rolls"][0]
    rolls = [{**row, "name": f"Roll {number}"} for number in range(MAX_ROWS + 1)]
    error = refused(system, {**data, "rolls": rolls})
    assert error.problem.endswith("a table holds at most 1000 rows, this one 1001")
    load(system, {**data, "rolls": rolls[:MAX_ROWS]})


def test_a_file_of_forty_times_the_rows_is_refused_for_its_table_before_its_rows_are_read(
    monkeypatch,
):
    # Given a file of 40,000 named rolls (within the size limit)
    system = REGISTRY.get("generic_dice")
    data = sample_data(system)
    rolls = [{**data["rolls"][0], "name": f"Roll {number}"} for number in range(40 * MAX_ROWS)]
    checked = []
    for name in ("_current_file_model", "_validate_sheet_in_file"):
        real = getattr(character_file, name)
        monkeypatch.setattr(
            character_file, name, lambda *arguments, real=real: checked.append(real(*arguments))
        )

    # Then the table's length is refused, and no row went to the sheet's model
    error = refused(system, {**data, "rolls": rolls})
    assert error.problem.endswith("a table holds at most 1000 rows, this one 40000")
    assert checked == []
