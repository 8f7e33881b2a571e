"""Template files: saved in the character envelope under their own format, read back whole."""

from __future__ import annotations

import json

import pytest

from shadowdice.storage.character_file import CharacterFileError, save_character
from shadowdice.storage.template_file import (
    TEMPLATE_SUFFIX,
    load_template,
    save_template,
    user_templates,
)
from tests.storage.conftest import CrewSheet, CrewTemplate, Gear


@pytest.fixture
def template() -> CrewTemplate:
    return CrewTemplate(name="Deckhand", luck=4, gear=[Gear(label="Rope", count=2)])


def test_given_a_template_when_saved_and_loaded_then_it_comes_back_equal(
    tmp_path, system, registry, template
):
    path = tmp_path / f"deckhand{TEMPLATE_SUFFIX}"

    save_template(path, system, template)
    loaded = load_template(path, registry)

    assert loaded.sheet == template
    assert loaded.system is system
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["system"], data["sheet_version"]) == (
        "shadowdice-template",
        "test-crew",
        1,
    )


def test_given_a_character_file_when_read_as_a_template_then_it_is_refused(
    tmp_path, system, registry
):
    path = tmp_path / "hagen.json"
    save_character(path, system, CrewSheet(name="Hagen"))

    with pytest.raises(CharacterFileError, match="not a Shadowdice template file"):
        load_template(path, registry)


def test_given_a_template_out_of_its_bounds_when_saved_then_nothing_is_written(
    tmp_path, system, template
):
    path = tmp_path / f"deckhand{TEMPLATE_SUFFIX}"
    template.__dict__["luck"] = 9  # as a bug elsewhere might leave it

    with pytest.raises(CharacterFileError, match="the template is not valid at luck"):
        save_template(path, system, template)
    assert not path.exists()


def test_given_a_newer_template_version_then_it_is_refused_naming_both(
    tmp_path, system, registry, template
):
    path = tmp_path / f"deckhand{TEMPLATE_SUFFIX}"
    save_template(path, system, template)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "sheet_version": 2}), encoding="utf-8")

    with pytest.raises(CharacterFileError) as refused:
        load_template(path, registry)

    assert refused.value.problem == (
        "its Test Crew template was saved by a newer version of Shadowdice "
        "(template version 2); this version reads up to template version 1"
    )


def test_given_a_folder_with_a_broken_template_then_the_good_ones_are_listed(
    tmp_path, system, registry, template
):
    save_template(tmp_path / f"b-deckhand{TEMPLATE_SUFFIX}", system, template)
    save_template(tmp_path / f"a-cook{TEMPLATE_SUFFIX}", system, CrewTemplate(name="Cook"))
    (tmp_path / f"broken{TEMPLATE_SUFFIX}").write_text("{", encoding="utf-8")
    save_character(tmp_path / "hagen.json", system, CrewSheet(name="Hagen"))

    names = [loaded.sheet.name for loaded in user_templates(tmp_path, registry, system)]

    assert names == ["Cook", "Deckhand"]
