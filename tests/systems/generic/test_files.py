"""A Generic dice character saves and opens as any other; a broken expression is refused."""

import json

import pytest

from shadowdice.storage.character_file import CharacterFileError, load_character, save_character
from shadowdice.systems import builtin_registry

REGISTRY = builtin_registry()
SYSTEM = REGISTRY.get("generic_dice")


def test_named_rolls_save_and_open_again(tmp_path):
    sheet = SYSTEM.new_sheet()
    sheet.name = "Rowan"
    sheet.rolls[0].expression = "1D20 + 7"
    path = tmp_path / "rowan.shadowdice"
    save_character(path, SYSTEM, sheet)

    loaded = load_character(path, REGISTRY)
    assert loaded.system is SYSTEM and loaded.sheet == sheet
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["system"] == "generic_dice"
    assert saved["sheet"]["rolls"][0] == {"name": "Attack", "expression": "1d20+7"}


def test_a_file_with_an_expression_that_cannot_be_rolled_is_refused(tmp_path):
    sheet = SYSTEM.new_sheet()
    path = tmp_path / "broken.shadowdice"
    save_character(path, SYSTEM, sheet)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sheet"]["rolls"][0]["expression"] = "3x6"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CharacterFileError, match=r"rolls\[0\]\.expression.*cannot be read"):
        load_character(path, REGISTRY)


def test_the_sample_character_rolls_every_one_of_its_rolls():
    sample = SYSTEM.sample_character()
    assert sample is not None and sample.name == "Mara Quill"
    quick = SYSTEM.quick_checks(sample)
    assert [check.label for check in quick] == [str(row) for row in sample.rolls]
    for check in quick:
        assert SYSTEM.preview_check(sample, check.values).problem == ""
