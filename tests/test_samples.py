"""One set of samples: every sample character is a character file in its system's
``samples/`` folder, read by the welcome screen (``sample_party``), opened by the README's
command and played by the tests. Each opens as a file of now; the Heldenhandbuch pair can
fight each other, several dice each, and a demo fight shows a hit, its damage and the armour;
the Star Wars characters are finished, not half-made.
"""

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import SAMPLE_SUFFIX, SAMPLES_FOLDER
from shadowdice.storage.character_file import load_character
from shadowdice.systems import builtin_registry

REGISTRY = builtin_registry()
SYSTEMS = [info.id for info in REGISTRY.infos()]
ROOT = Path(__file__).parents[1]


def sample_files(system_id: str) -> list[Path]:
    package = type(REGISTRY.get(system_id)).__module__.rpartition(".")[0]
    folder = Path(str(resources.files(package).joinpath(SAMPLES_FOLDER)))
    return sorted(folder.glob(f"*{SAMPLE_SUFFIX}"))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_sample_is_a_character_file_of_now_and_the_party_reads_them_all(system_id):
    files = sample_files(system_id)
    party = REGISTRY.get(system_id).sample_party()

    # A party of two at least, each a file the app opens as it saves them, unchanged
    assert len(files) >= 2
    loaded = [load_character(path, REGISTRY) for path in files]
    assert all(each.system.id == system_id and not each.migrated for each in loaded)
    assert [each.sheet for each in loaded] == list(party)
    assert len({sheet.name for sheet in party}) == len(party)
    assert REGISTRY.get(system_id).sample_character() == party[0]


def test_the_samples_live_in_one_place_only():
    assert not (ROOT / "examples").exists()
    assert list((ROOT / "shadowdice").rglob("sample.json")) == []
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "shadowdice/systems/shadowrun4/samples/2-kira.shadowdice" in readme


def test_the_heldenhandbuch_samples_can_fight_each_other():
    system = REGISTRY.get("heldenhandbuch")
    party = system.sample_party()
    for sheet in party:
        assert sheet.skill("Basic martial arts").value > 0, sheet.name
        assert sheet.equipment and sheet.armor, sheet.name

    # A combat phase of the two starts, and offers the initiative to each
    values = {"contest": "combat"}
    assert not system.preview_group_check(party, values).problem
    session = system.start_group_check(party, values, ScriptedDiceSource([4] * 40))
    ids = [action.id for action in session.actions()]
    assert {"initiative:0", "initiative:1"} <= set(ids)


def test_a_sample_fight_throws_several_dice_a_fighter_and_a_hit_meets_the_armour():
    system = REGISTRY.get("heldenhandbuch")
    jorna, brakmar = system.sample_party()
    # Given Jorna (4W12) and Brakmar (3W12) in a combat phase
    # Jorna's four dice, Brakmar's three, then the damage dice
    faces = [10, 10, 6, 4, 1, 8, 6, 10, 5, 10]
    session = system.start_group_check(
        [jorna, brakmar], {"contest": "combat"}, ScriptedDiceSource(faces)
    )
    thrown = Counter(die.group for die in session.dice)
    assert thrown == {jorna.name: 4, brakmar.name: 3}

    # When Jorna takes the initiative and attacks with her pair of 10s, and Brakmar, whose 8
    # cannot block them, lets them through and she throws the damage
    session.apply("initiative:0")
    attack = next(action for action in session.actions() if action.id == "attack:1")
    assert attack.pick.suggested == (0, 1)
    session.apply("attack:1", attack.pick.suggested)
    session.apply("let_through")
    session.apply("damage")

    # Then three damage dice meet Brakmar's chain shirt, which wears
    assert [die.face for die in session.dice if die.group.endswith("damage")] == [10, 5, 10]
    outcome = session.outcome()
    assert outcome.headline == f"{brakmar.name}: heavy damage"
    assert "Heavy damage: 17 after armor 3" in outcome.detail
    assert brakmar.armor[0].quality == 9


def test_the_star_wars_samples_are_finished_characters():
    system = REGISTRY.get("starwars_d6")
    for sheet in system.sample_party():
        assert not sheet.in_creation, sheet.name
        labels = [action.label for action in system.sheet_actions(sheet)]
        assert "Finish creation" not in labels and "Creation finished" in labels
