"""Star Wars D6 characters in files: a code the sheet refuses is named in the player's words."""

import json

import pytest

from shadowdice.storage.character_file import CharacterFileError, load_character, save_character
from shadowdice.systems import builtin_registry

REGISTRY = builtin_registry()
SYSTEM = REGISTRY.get("starwars_d6")


def test_a_bad_code_in_a_file_is_refused_without_pydantic_wording(tmp_path):
    # Given a saved character whose Dexterity was edited by hand to "4W+"
    path = tmp_path / "anla.shadowdice"
    save_character(path, SYSTEM, SYSTEM.new_sheet())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sheet"]["attributes"][0]["code"] = "4W+"
    path.write_text(json.dumps(data), encoding="utf-8")

    # When it is opened, then it is refused naming the place and the code, in plain words
    with pytest.raises(CharacterFileError) as refused:
        load_character(path, REGISTRY)

    problem = refused.value.problem
    assert problem.startswith("the character sheet is not valid at attributes[0].code: ")
    assert "4W+" in problem and "Value error" not in problem
