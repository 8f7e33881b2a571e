"""Check values are a typed model of each system's own; a plain mapping still works."""

from typing import Annotated

import pytest
from pydantic import Strict

from shadowdice.core.dice import RandomDiceSource
from shadowdice.core.registry import CheckError, CheckValuesModel
from shadowdice.systems import builtin_registry

SYSTEMS = list(builtin_registry())


def a_character(system):
    """A fresh character of the system, with dice to roll in the check the panel offers."""
    sheet = system.new_sheet()
    sheet.name = "Tester"
    if system.id == "shadowrun4":
        sheet.skills[0].rating = 3
    if system.id == "phasesix":
        sheet.skills[0].value = 3
    return sheet


class Pool(CheckValuesModel):
    dice: int = 2
    colour: str | None = "red"


def test_a_mapping_is_read_into_the_model_with_defaults_for_what_it_leaves_out():
    pool = Pool.read({"dice": 5, "unknown": "ignored"})
    assert (pool.dice, pool.colour) == (5, "red")
    assert pool.as_parameters() == {"dice": 5}


def test_none_takes_the_default_unless_the_field_allows_none():
    pool = Pool.read({"dice": None, "colour": None})
    assert (pool.dice, pool.colour) == (2, None)


def test_a_model_is_handed_back_as_it_is():
    pool = Pool(dice=4)
    assert Pool.read(pool) is pool


def test_a_value_of_the_wrong_type_is_a_check_error_naming_the_parameter():
    with pytest.raises(CheckError, match=r"^dice: Input should be a valid integer"):
        Pool.read({"dice": "many"})


class StrictPool(CheckValuesModel):
    dice: Annotated[int, Strict()] = 2
    names: tuple[str, ...] = ()


def test_values_read_before_are_read_alike_and_wrong_ones_refused_every_time():
    # Given values read once
    first = StrictPool.read({"dice": 3})

    # When the same values are read again, and a flag that equals the number
    # Then they read alike, and the flag is refused as it was before anything was read
    assert StrictPool.read({"dice": 3}) == first
    for _ in range(2):
        with pytest.raises(CheckError, match=r"^dice: Input should be a valid integer"):
            StrictPool.read({"dice": True})
        with pytest.raises(CheckError, match=r"^dice: Input should be a valid integer"):
            StrictPool.read({"dice": "3"})


class StrictCounts(CheckValuesModel):
    counts: tuple[Annotated[int, Strict()], ...] = ()
    kinds: frozenset[Annotated[int, Strict()]] = frozenset()


@pytest.mark.parametrize("key", ["counts", "kinds"])
def test_values_within_a_tuple_that_equal_others_read_before_are_still_refused(key):
    # Given numbers read once, in a tuple or a set
    holder = tuple if key == "counts" else frozenset
    assert getattr(StrictCounts.read({key: holder((1, 2))}), key) == holder((1, 2))

    # Then flags that equal them are refused as they were before anything was read, and
    # floats that equal them too
    for wrong in (holder((True, 2)), holder((1.0, 2))):
        with pytest.raises(CheckError, match=rf"^{key}\.0: Input should be a valid integer"):
            StrictCounts.read({key: wrong})
    assert StrictCounts.read({key: holder((1, 2))}) == StrictCounts.read({key: holder((1, 2))})


def test_values_that_cannot_be_remembered_are_still_read():
    pool = StrictPool.read({"dice": 1, "names": ["Kira", "Hagen"]})
    assert pool.names == ("Kira", "Hagen")
    assert pool.as_parameters() == {"dice": 1, "names": ("Kira", "Hagen")}


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_the_parameters_of_a_check_are_what_pydantic_dumps(system):
    sheet = a_character(system)
    plain = {param.key: param.default for param in system.check_params(sheet)}
    typed = system.check_values(plain)
    assert list(typed.as_parameters().items()) == list(typed.model_dump(exclude_unset=True).items())


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_every_system_has_its_own_typed_check_values(system):
    assert system.check_values_type is not CheckValuesModel
    values = system.check_values({})
    assert isinstance(values, system.check_values_type)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_the_model_and_the_plain_dict_roll_the_same_check(system):
    # Given a character and the check panel's defaults, as a dict and as the typed model
    sheet = a_character(system)
    plain = {param.key: param.default for param in system.check_params(sheet)}
    typed = system.check_values(plain)
    assert isinstance(typed, system.check_values_type)

    # When both are previewed and rolled with the same dice
    previews = [system.preview_check(sheet, values) for values in (plain, typed)]
    records = []
    for values in (plain, typed):
        session = system.start_check(a_character(system), values, RandomDiceSource(11))
        record = session.finish().model_dump(mode="json")
        record.pop("time")
        records.append(record)

    # Then they agree, and the record keeps the values the caller chose
    assert previews[0] == previews[1]
    assert records[0] == records[1]
    assert records[0]["parameters"] == typed.model_dump(mode="json", exclude_unset=True)


def pilots():
    """Two Star Wars D6 pilots with ships, one of them with Starship Piloting."""
    from tests.systems.starwars.characters import character

    bulack = character(
        "Bulack", Mechanical="3D+1", skills=[("Starship Piloting", "Mechanical", "0D")]
    )
    bulack.ship, bulack.sublight_speed = "Dusty Freighter", "2D"
    pirate = character("Pirate")
    pirate.ship, pirate.sublight_speed = "Rust Bucket", "2D"
    return [bulack, pirate]


def test_a_star_wars_group_roll_reads_its_typed_values_with_each_members_own():
    system = builtin_registry().get("starwars_d6")
    plain = {"group": "speed", "range": "medium", "wish_0": "close", "piloting_0": True,
             "wish_1": "open", "piloting_1": False}  # fmt: skip
    typed = system.group_check_values(plain)
    assert isinstance(typed, system.group_check_values_type)
    assert (typed.group, typed.range, typed.wish(0), typed.piloting(0)) == (
        "speed",
        "medium",
        "close",
        True,
    )
    assert (typed.wish(1), typed.piloting(1), typed.wish(2)) == ("open", False, "")
    assert typed.as_parameters() == plain

    # The typed values and the plain mapping preview and roll the same contest
    assert system.preview_group_check(pilots(), plain) == system.preview_group_check(
        pilots(), typed
    )
    records = []
    for values in (plain, typed):
        record = system.start_group_check(pilots(), values, RandomDiceSource(5)).finish()
        records.append(record.model_dump(mode="json", exclude={"time"}))
    assert records[0] == records[1]


def test_a_group_roll_value_of_the_wrong_type_is_refused_naming_it():
    system = builtin_registry().get("starwars_d6")
    with pytest.raises(CheckError, match=r"^segment: Input should be a valid integer"):
        system.group_check_values({"group": "order", "segment": "first"})


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_a_system_without_a_typed_group_model_gets_the_mapping_as_it_is(system):
    plain = {"contest": "combat", "combat_skill_0": "Swords"}
    values = system.group_check_values(plain)
    if system.group_check_values_type is None:
        assert values is plain
    else:
        assert isinstance(values, system.group_check_values_type)


@pytest.mark.parametrize("contest", ["combat", "influence", "bargaining", "joint", "ranged"])
def test_a_heldenhandbuch_contest_rolls_the_same_from_its_typed_values_and_a_mapping(contest):
    system = builtin_registry().get("heldenhandbuch")

    def fighters():
        sheets = [system.new_sheet(), system.new_sheet()]
        for sheet, name in zip(sheets, ["Alrik", "Brun"], strict=True):
            sheet.name = name
        return sheets

    plain = {p.key: p.default for p in system.group_check_params(fighters())}
    plain["contest"] = contest
    typed = system.group_check_values(plain)
    assert isinstance(typed, system.group_check_values_type)
    assert typed.contest == contest and typed.of(f"{contest}_skill", 0) == plain.get(
        f"{contest}_skill_0"
    )

    previews = [system.preview_group_check(fighters(), values) for values in (plain, typed)]
    assert previews[0] == previews[1] and not previews[0].problem
    records = []
    for values in (plain, typed):
        session = system.start_group_check(fighters(), values, RandomDiceSource(3))
        records.append(session.finish().model_dump(mode="json", exclude={"time"}))
    assert records[0] == records[1]
