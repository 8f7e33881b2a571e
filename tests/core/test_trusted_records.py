"""A finished session builds its record without validating it: the record must be exactly
what validation would have made of the same data.
"""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from shadowdice.core.dice import RandomDiceSource, ScriptedDiceSource
from shadowdice.core.record import DieRecord, FrozenDict, RollRecord, frozen_values, trusted
from shadowdice.systems import builtin_registry

REGISTRY = builtin_registry()

#: What each system's check needs beyond the form's defaults to roll a fresh character.
ROLLABLE = {"shadowrun4": {"modifier": 8}, "phasesix": {"bonus_dice": 1}}


def finished_check(system_id: str, seed: int) -> RollRecord:
    """A check of a fresh character with the form's defaults, an action taken if offered."""
    system = REGISTRY.get(system_id)
    sheet = system.new_sheet()
    sheet.name = "Tester"
    values = {param.key: param.default for param in system.check_params(sheet)}
    values.update(ROLLABLE.get(system_id, {}))
    session = system.start_check(sheet, values, RandomDiceSource(seed))
    enabled = [action for action in session.actions() if action.enabled and action.pick is None]
    if enabled:
        session.apply(enabled[0].id)
    return session.finish()


def assert_fields_in_declared_order(model: BaseModel) -> None:
    """Each part of a record holds its fields in the order its model declares them, as
    validation puts them: JSON is written in that order, so a record written from a roll
    reads back as the same text only then.
    """
    given = list(vars(model))
    assert given == [name for name in type(model).model_fields if name in given], given
    for value in given:
        for part in _parts(getattr(model, value)):
            assert_fields_in_declared_order(part)


def _parts(value: object) -> list[BaseModel]:
    if isinstance(value, BaseModel):
        return [value]
    if isinstance(value, tuple):
        return [part for item in value for part in _parts(item)]
    return []


@pytest.mark.parametrize("system_id", [info.id for info in REGISTRY.infos()])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_finished_record_is_what_validation_makes_of_it(system_id, seed):
    record = finished_check(system_id, seed)
    validated = RollRecord.model_validate(record.model_dump())
    assert record == validated
    assert record.model_dump_json() == validated.model_dump_json()
    assert record.model_fields_set == validated.model_fields_set
    assert_fields_in_declared_order(record)
    assert isinstance(record.outcome.values, FrozenDict)
    with pytest.raises(TypeError, match="cannot be changed"):
        record.outcome.values["hits"] = 99  # type: ignore[index]


def test_a_trusted_record_stays_frozen_and_lists_become_tuples():
    record = trusted(
        RollRecord,
        **RollRecord.model_validate(finished_check("shadowrun4", 4).model_dump()).__dict__,
    )
    with pytest.raises(Exception, match="frozen"):
        record.check = "something else"  # type: ignore[misc]
    assert frozen_values({"who": ["Kira", "Ash"]}) == {"who": ("Kira", "Ash")}


def test_dice_that_lie_alike_share_one_record_that_validation_agrees_with():
    record = finished_check("shadowrun4", 5)
    dice = [die for throw in record.throws for die in throw.dice]
    alike = max(([other for other in dice if other == die] for die in dice), key=len)
    assert len(alike) > 1 and all(die is alike[0] for die in alike)
    assert alike[0] == DieRecord.model_validate(alike[0].model_dump())


def test_a_die_of_the_same_id_and_face_that_lies_otherwise_has_its_own_record():
    # Given a die 0 showing a 4, rolled by a character with and without the cinematic rules
    system = REGISTRY.get("shadowrun4")
    records = []
    for cinematic in (False, True):
        sheet = system.new_sheet()
        sheet.cinematic = cinematic
        session = system.start_check(sheet, {"modifier": 1}, ScriptedDiceSource([4]))
        records.append(session.finish().throws[0].dice[0])

    # Then each record says how its own die lies: a miss, then a hit on 4+
    assert [(die.faces, die.marks) for die in records] == [((4,), ("miss",)), ((4,), ("hit",))]


@pytest.mark.parametrize(
    "die",
    [
        {"sides": 6, "faces": ["six"]},
        {"sides": 6, "faces": [6], "colour": "red"},
        {"sides": 6, "faces": [6], "marks": "hit"},
    ],
    ids=["a face that is no number", "a field no die has", "marks that are no list"],
)
def test_a_record_from_a_file_is_still_validated(die):
    data = finished_check("shadowrun4", 6).model_dump(mode="json")
    data["throws"][0]["dice"][0] = die
    with pytest.raises(ValidationError):
        RollRecord.model_validate(data)
