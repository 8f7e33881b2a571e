"""The system as the app sees it: sheet declaration, check parameters, preview and start."""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.sheet import SheetEditError, add_row, set_cell
from shadowdice.systems.heldenhandbuch import Heldenhandbuch
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet
from shadowdice.systems.heldenhandbuch.sieve import CascadeSession, SieveSession
from shadowdice.systems.heldenhandbuch.single_roll import SingleRollSession


def test_the_system_is_named_and_its_sheet_round_trips(system):
    assert (system.id, system.name) == ("heldenhandbuch", "Heldenhandbuch")
    sheet = system.new_sheet()
    assert HeldenSheet.model_validate(sheet.model_dump()) == sheet


def test_every_declared_field_and_column_exists_on_the_sheet(system, alrik):
    for spec in system.sheet_fields():
        getattr(alrik, spec.key)
    for table in system.sheet_tables():
        for row in getattr(alrik, table.key):
            for column in table.columns:
                getattr(row, column.key)


def test_only_a_general_skill_holds_the_star(system, alrik):
    skills = next(t for t in system.sheet_tables() if t.key == "skills")
    star = next(c for c in skills.columns if c.key == "star")
    index = [s.name for s in alrik.skills].index("Weapon smithing")
    with pytest.raises(SheetEditError):
        set_cell(alrik, skills, index, star, True)
    assert add_row(alrik, skills) == len(alrik.skills) - 1


def test_the_preview_says_the_roll_the_dice_and_how_far_matches_reach(system, alrik):
    # Given Oratory 9 on 3W12 and Intimidation 12 with the star on 4W20
    single = system.preview_check(alrik, {"what": "skill:Oratory", "roll": "single"})
    sieve = system.preview_check(alrik, {"what": "skill:Oratory", "roll": "sieve"})
    cascade = system.preview_check(alrik, {"what": "skill:Intimidation", "roll": "cascade"})
    # Then each summary says what the roll is
    assert single.summary == "Single roll: 3W12, matches up to 9; success: any result of 4+"
    assert sieve.summary == "Sieve roll: 3W12, matches up to 9; keep at least one die each throw"
    assert cascade.summary == (
        "Cascade roll: 4W20, matches up to 12, sequences too; keep at least one die each "
        "throw; the best group counts"
    )
    assert not (single.problem or sieve.problem or cascade.problem)


def test_only_a_single_roll_previews_a_chance(system, alrik):
    # Given Oratory 9 on 3W12: per die a 1 (1/12), a failure (2/12) or a success (9/12)
    one, fail, hit = 1 / 12, 2 / 12, 9 / 12
    # No result: no success at all, or one success voided by a 1 (with a failure or a 1)
    no_result = (one + fail) ** 3 + 6 * hit * one * fail + 3 * hit * one**2
    # When the single roll is previewed, Then the chance of a result is the rest
    single = system.preview_check(alrik, {"what": "skill:Oratory", "roll": "single"})
    assert single.chance == pytest.approx(1 - no_result, abs=1e-12)
    # And the rolls the player steers show none
    for roll in ("sieve", "cascade", "learning"):
        preview = system.preview_check(alrik, {"what": "skill:Oratory", "roll": roll})
        assert preview.chance is None, roll


def test_a_tools_lower_quality_caps_the_matches(system, alrik):
    preview = system.preview_check(
        alrik, {"what": "skill:Weapon smithing", "roll": "sieve", "quality": 11}
    )
    assert preview.summary.startswith("Sieve roll: 5W20, matches up to 11")


def test_emptied_psyche_lines_cost_every_check_a_die(system, alrik):
    alrik.psyche.current = 9
    preview = system.preview_check(alrik, {"what": "skill:Oratory", "roll": "single"})
    assert preview.summary.startswith("Single roll: 2W12 (1 lost to emptied lines and injuries)")


def test_a_check_without_dice_is_refused(system, alrik):
    alrik.skill("Oratory").bonus_dice = 0
    preview = system.preview_check(alrik, {"what": "skill:Oratory", "extra_dice": -1})
    assert preview.problem == "Oratory has no dice left to roll: 1W12, 1 fewer asked for."


def test_a_check_without_dice_says_what_took_them(system, alrik):
    # Given Strength 9 (3W12, physical) with an emptied Psyche line and a critical injury
    alrik.psyche.current = 9
    alrik.life_circles[0].critical = 1
    preview = system.preview_check(alrik, {"what": "attribute:Strength", "extra_dice": -1})
    assert preview.problem == (
        "Strength has no dice left to roll: 3W12, 2 lost to emptied lines and injuries, "
        "1 fewer asked for."
    )


def test_the_learning_preview_counts_its_dice(system, alrik):
    one = system.preview_check(alrik, {"what": "skill:Oratory", "roll": "learning"})
    three = system.preview_check(
        alrik, {"what": "skill:Oratory", "roll": "learning", "learning_dice": 3}
    )
    assert one.summary == "1 learning die W12 for 1 EP · Oratory 9"
    assert three.summary == "3 learning dice W12 for 3 EP · Oratory 9"


def test_a_character_round_trips_through_its_save_file(system, alrik, tmp_path):
    # Given a character with every part of the sheet filled in
    from shadowdice.core.registry import Registry
    from shadowdice.storage.character_file import load_character, save_character
    from shadowdice.systems.heldenhandbuch.sheet import Armor, Item

    alrik.skill("Weapon smithing").master_grade = 2
    alrik.psyche.current, alrik.physis.regeneration = 4, 3
    alrik.life_circles[0].heavy, alrik.life_circles[0].treated = 2, False
    alrik.life_circles[1].critical = 1
    alrik.mythos_points, alrik.respect, alrik.notes = 7, -3, "Schwur\nauf Ehre"
    alrik.equipment.append(Item(name="Sword", quality=16, notes="Güte 16"))
    alrik.armor.append(Armor(name="Mail", protection=4, quality=9, light=True))
    registry = Registry()
    registry.register(system)
    # When it is saved and loaded again
    path = tmp_path / "alrik.shadowdice"
    save_character(path, system, alrik)
    loaded = load_character(path, registry)
    # Then it is unchanged
    assert loaded.system is system and loaded.sheet == alrik
    assert loaded.sheet.model_dump() == alrik.model_dump()


@pytest.mark.parametrize(
    ("kind", "session_type"),
    [("single", SingleRollSession), ("sieve", SieveSession), ("cascade", CascadeSession)],
)
def test_start_check_starts_the_kind_of_roll_asked_for(system, alrik, kind, session_type):
    session = system.start_check(
        alrik, {"what": "attribute:Strength", "roll": kind}, ScriptedDiceSource([5, 6, 7])
    )
    assert type(session) is session_type and len(session.table) == 3


def test_check_params_offer_every_attribute_and_skill(system, alrik):
    params = {param.key: param for param in system.check_params(alrik)}
    choices = dict(params["what"].choices)
    assert choices["skill:Oratory"] == "Oratory 9 (3W12)"
    assert choices["attribute:Strength"] == "Strength 9 (3W12)"
    assert params["learning_dice"].only_with == ("roll", "learning")


def test_nothing_chosen_is_refused(system, alrik):
    with pytest.raises(CheckError):
        system.start_check(alrik, {"what": ""}, ScriptedDiceSource([]))


def test_a_new_system_instance_is_exported():
    assert isinstance(Heldenhandbuch(), Heldenhandbuch)


@pytest.mark.parametrize("contest", ["combat", "influence", "bargaining", "joint"])
def test_a_contest_without_skills_chosen_rolls_the_defaults_its_parameters_offer(
    system, alrik, contest
):
    # Given Brun has none of the contests' own skills, and Tracking first on his list
    brun = HeldenSheet(name="Brun")
    own = ("Basic martial arts", "Intimidation", "Self-control", "Haggling")
    brun.skills = [skill for skill in brun.skills if skill.name not in own]
    brun.skill("Tracking").value = 30
    members = [alrik, brun]
    offered = {param.key: param.default for param in system.group_check_params(members)}
    # When the contest is held with no skill chosen
    summary = system.preview_group_check(members, {"contest": contest}).summary
    # Then each rolls what the parameters offer: the contest's own skill where it is on the
    # sheet (Alrik's), else the first of the sheet's list (Brun's Tracking)
    assert offered[f"{contest}_skill_1"] == "skill:Tracking"
    for index, name in enumerate(["Alrik", "Brun"]):
        skill = offered[f"{contest}_skill_{index}"].removeprefix("skill:")
        assert f"{name}: {skill} " in summary
