"""Group rolls (text 000 "Gruppenwürfe", text 001 "Group rolls"): each character rolls with
their own dice, minimum roll and resources; the successes add up against the number needed.
"""

import copy
from fractions import Fraction

import pytest

from shadowdice.core import language
from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.session import SessionError, Tone
from shadowdice.systems.phasesix.sheet import Knowledge, PhaseSixSheet


@pytest.fixture
def mira():
    """Mira by the classic rules: neuroticism 0 (5+), courage 2; no destiny dice."""
    sheet = PhaseSixSheet(name="Mira", rules="classic")
    sheet.skill("Courage").value = 2
    return sheet


@pytest.fixture
def mira_now():
    """Mira by the current rules: an elf with 4+, courage 2."""
    sheet = PhaseSixSheet(name="Mira", rules="current", lineage="Elf", minimum_roll=4)
    sheet.skill("Courage").value = 2
    return sheet


COURAGE = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism"}


def group_roll(system, members, faces, **values):
    return system.start_group_check(members, values, ScriptedDiceSource(faces))


def test_each_member_rolls_with_their_own_dice_and_minimum_roll(system, hagen, mira):
    # Hagen: 5 dice at 15+ (his neuroticism), Mira: 2 dice at 5+ (hers)
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 5, 5, 6], needed=2, **COURAGE)
    hagen_roll, mira_roll = group.members
    assert (hagen_roll.minimum_roll.value, mira_roll.minimum_roll.value) == (15, 5)
    assert (len(hagen_roll.table), len(mira_roll.table)) == (5, 2)
    assert (hagen_roll.successes, mira_roll.successes) == (0, 2)
    # And the tray groups the dice by character
    assert [die.group for die in group.table] == ["Hagen"] * 5 + ["Mira"] * 2


def test_the_successes_add_up_to_make_it(system, hagen, mira):
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 5, 5, 6], needed=2, **COURAGE)
    outcome = group.outcome()
    assert outcome.headline == "Group: 2 of 2 successes - made it"
    assert outcome.tone is Tone.SUCCESS and outcome.detail == "Hagen 0 · Mira 2"
    assert group.check == "Group roll: Courage, 2 successes needed"


def test_a_hard_group_roll_raises_every_members_minimum_roll_by_two(system, hagen, mira):
    # Hagen 15+ becomes 17+, Mira 5+ becomes 7+: her 6 is thrown again and 6 + 1 reaches 7
    group = group_roll(
        system, [hagen, mira], [1, 2, 3, 4, 5, 5, 6, 1], needed=1, difficulty="hard", **COURAGE
    )
    hagen_roll, mira_roll = group.members
    assert (hagen_roll.minimum_roll.value, mira_roll.minimum_roll.value) == (17, 7)
    assert [die.faces for die in mira_roll.table] == [(5,), (6, 1)]
    assert group.outcome().headline == "Group: 1 of 1 success - made it"


def test_a_group_short_of_the_successes_needed_fails(system, hagen, mira):
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 5, 5, 2], needed=3, **COURAGE)
    outcome = group.outcome()
    assert outcome.headline == "Group: 1 of 3 successes - failed"
    assert outcome.tone is Tone.FAILURE and outcome.values["successes"] == 1


def test_each_member_spends_their_own_dice(system, hagen, mira):
    mira.bonus_dice = 0
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 1, 5, 2, 4], needed=2, **COURAGE)
    actions = {a.id: a for a in group.actions()}
    assert not actions["1:bonus_die"].enabled
    with pytest.raises(SessionError, match="Mira: Add a bonus die: no bonus dice left"):
        group.apply("1:bonus_die")
    # Hagen's destiny die is his, thrown apart beside his dice
    throw = group.apply("0:destiny_die")
    assert throw.label == "Hagen: Destiny die"
    assert group.die(throw.die_ids[0]).group == "Hagen · destiny"
    assert hagen.destiny_dice == 0 and mira.destiny_dice == 0
    assert [(c.resource, c.who) for c in group.charges] == [("destiny_dice", 0)]
    assert group.outcome().headline == "Group: 2 of 2 successes - made it"


def test_a_classic_member_rerolls_a_picked_die(system, hagen, mira):
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 1, 5, 2, 6], needed=2, **COURAGE)
    miss = group.members[1].table[1]
    offered = next(a for a in group.actions() if a.id == "1:reroll_die")
    assert offered.pick.eligible == (miss.id,)
    group.apply("1:reroll_die", [miss.id])
    assert mira.reroll_dice == 1 and group.outcome().values["successes"] == 2


def test_the_current_rules_take_the_modifier_for_every_member(system, hagen_now, mira_now):
    group = system.start_group_check(
        [hagen_now, mira_now],
        {"trait": "skill:Courage", "modifier": 1, "needed": 3},
        ScriptedDiceSource([6, 5, 5, 1, 1, 5, 4, 6, 6, 2, 2, 2]),
    )
    hagen_roll, mira_roll = group.members
    assert (hagen_roll.minimum_roll.value, mira_roll.minimum_roll.value) == (6, 5)
    assert group.outcome().headline == "Group: 2 of 3 successes - failed"
    # When Hagen rerolls his whole roll, Mira's dice stay as they lie
    throw = group.apply("0:reroll_roll")
    assert len(throw.replaced) == 5 and [d.face for d in mira_roll.table] == [5, 4]
    assert group.outcome().headline == "Group: 3 of 3 successes - made it"
    assert (hagen_now.reroll_dice, mira_now.reroll_dice) == (1, 2)


def test_a_member_without_dice_throws_nothing_and_can_add_bonus_dice(system, hagen, mira):
    mira.skill("Courage").value = -1
    source = ScriptedDiceSource([1, 1, 1, 1, 1, 6])
    group = system.start_group_check([hagen, mira], {**COURAGE, "needed": 1}, source)
    mira_roll = group.members[1]
    assert mira_roll.throws == [] and mira_roll.table == ()
    # Rerolls cannot rescue a roll without dice
    reroll = next(a for a in group.actions() if a.id == "1:reroll_die")
    assert reroll.reason == "there are no dice to reroll"
    group.apply("1:bonus_die")
    assert group.outcome().headline == "Group: 1 of 1 success - made it"


def test_a_group_without_any_dice_is_refused(system, hagen, mira):
    for sheet in (hagen, mira):
        sheet.skill("Courage").value = 0
        sheet.bonus_dice = sheet.destiny_dice = 0
    with pytest.raises(CheckError, match="No one in the group has dice for Courage"):
        group_roll(system, [hagen, mira], [], needed=1, **COURAGE)


def test_a_group_needs_one_set_of_rules(system, hagen, mira_now):
    values = {**COURAGE, "needed": 1}
    preview = system.preview_group_check([hagen, mira_now], values)
    assert preview.problem == (
        "A group roll needs one set of rules: Hagen (classic rules), Mira (current rules)."
    )
    with pytest.raises(CheckError, match="one set of rules"):
        system.start_group_check([hagen, mira_now], values, ScriptedDiceSource([]))
    # The dialog still gets its parameters, labelled with the first member's rules
    params = {p.key: p for p in system.group_check_params([hagen, mira_now])}
    assert dict(params["minimum_roll_from"].choices)["Strength"] == "Strength (Hagen 3 → 2+)"
    params = {p.key: p for p in system.group_check_params([mira_now, hagen])}
    assert params["modifier"].label == "Difficulty ± (minimum roll Mira 4+)"


def test_a_classic_group_needs_the_attribute_for_the_minimum_roll(system, hagen, mira):
    preview = system.preview_group_check([hagen, mira], {"trait": "skill:Courage", "needed": 2})
    assert preview.problem == "Choose the attribute the game master names for the minimum roll."


def test_group_params_offer_the_traits_all_members_have(system, hagen, mira):
    hagen.knowledge.append(Knowledge(name="Heraldry", value=2))
    params = {p.key: p for p in system.group_check_params([hagen, mira])}
    assert list(params) == ["trait", "minimum_roll_from", "difficulty", "needed"]
    choices = dict(params["trait"].choices)
    assert choices["skill:Courage"] == "Courage (Hagen 5, Mira 2)"
    assert "knowledge:Heraldry" not in choices
    assert params["needed"].default == 2


def test_classic_group_labels_give_every_members_minimum_roll(system, hagen, mira):
    params = {p.key: p for p in system.group_check_params([hagen, mira])}
    choices = dict(params["minimum_roll_from"].choices)
    assert choices[""] == "Choose the attribute"
    assert choices["Neuroticism"] == "Neuroticism (Hagen 10 → 15+, Mira 0 → 5+)"
    assert choices["Intelligence"] == "Intelligence (Hagen 80 → 8+, Mira 100 → 4+)"


def test_current_group_labels_give_every_members_minimum_roll(system, hagen_now):
    bo = PhaseSixSheet(name="Bo", lineage="Elf", minimum_roll=4)
    params = {p.key: p for p in system.group_check_params([hagen_now, bo])}
    assert params["modifier"].label == "Difficulty ± (minimum rolls Hagen 5+, Bo 4+)"


def test_the_classic_groups_apprehension_check_is_rolled_as_a_skill(system, hagen, mira):
    # The classic rules: an Apprehension check of the whole group; the game master names
    # intelligence for the minimum roll: Hagen IQ 80 (8+), Mira IQ 100 (4+)
    hagen.skill("Apprehension").value = 2
    mira.skill("Apprehension").value = 1
    values = {"trait": "skill:Apprehension", "minimum_roll_from": "Intelligence", "needed": 2}
    choices = dict(system.group_check_params([hagen, mira])[0].choices)
    assert choices["skill:Apprehension"] == "Apprehension (Hagen 2, Mira 1)"
    assert system.preview_group_check([hagen, mira], values).problem == ""
    group = system.start_group_check([hagen, mira], values, ScriptedDiceSource([6, 3, 1, 4]))
    # Hagen's 6 explodes to 6 + 1 = 7, short of 8; his 3 fails; Mira's 4 makes 4+
    assert [m.minimum_roll.value for m in group.members] == [8, 4]
    assert group.outcome().headline == "Group: 1 of 2 successes - failed"


def test_the_current_groups_apprehension_check_rolls_the_attribute(system, hagen_now, mira_now):
    # The current rules: an Apprehension check of the whole group, the attribute's value in dice
    hagen_now.attribute("Apprehension").value = 2
    mira_now.attribute("Apprehension").value = 1
    values = {"trait": "attribute:Apprehension", "modifier": 0, "needed": 2}
    choices = dict(system.group_check_params([hagen_now, mira_now])[0].choices)
    assert choices["attribute:Apprehension"] == "Apprehension (Hagen 2, Mira 1)"
    group = system.start_group_check([hagen_now, mira_now], values, ScriptedDiceSource([5, 2, 4]))
    # Hagen at 5+: one success; Mira, an elf at 4+: one success
    assert group.outcome().headline == "Group: 2 of 2 successes - made it"


def test_current_group_params_ask_for_a_modifier(system, hagen_now, mira_now):
    keys = [p.key for p in system.group_check_params([hagen_now, mira_now])]
    assert keys == ["trait", "modifier", "needed"]
    assert system.has_group_checks


def test_the_group_preview_gives_the_exact_chance(system, hagen_now, mira_now):
    hagen_now.skill("Courage").value = 1
    mira_now.skill("Courage").value = 1
    preview = system.preview_group_check(
        [hagen_now, mira_now], {"trait": "skill:Courage", "modifier": 0, "needed": 2}
    )
    # Hagen 1 die at 5+ (1/3), Mira 1 die at 4+ (1/2): both must succeed
    assert preview.chance == pytest.approx(float(Fraction(1, 3) * Fraction(1, 2)))
    assert preview.summary.startswith("Hagen: Courage 1 → 1 die · minimum roll 5+ (Human)")


def test_members_with_the_same_name_are_told_apart(system, hagen):
    twin = hagen.model_copy(deep=True)
    group = group_roll(system, [hagen, twin], [1] * 10, needed=1, **COURAGE)
    assert [m.character for m in group.members] == ["Hagen", "Hagen (2)"]
    assert {die.group for die in group.table} == {"Hagen", "Hagen (2)"}


def test_a_members_actions_follow_dice_edited_on_their_sheet_while_the_group_rolls(
    system, hagen, mira
):
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 5, 5, 6, 2], needed=2, **COURAGE)
    assert {a.id: a for a in group.actions()}["1:bonus_die"].enabled
    group.apply("0:bonus_die")  # Hagen's die: Mira's dice and table stay as they were
    mira.bonus_dice = 0  # edited in Mira's card
    actions = {a.id: a for a in group.actions()}
    assert actions["0:bonus_die"].enabled and not actions["1:bonus_die"].enabled
    assert actions["1:bonus_die"].reason == "no bonus dice left"


def test_the_group_outcome_is_worked_out_again_only_when_a_members_successes_change(
    system, hagen, mira
):
    # Given Hagen without a success and Mira with one (a bonus die of 1 and one of 6 to come)
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 1, 5, 2, 1, 6], needed=2, **COURAGE)
    before = group.outcome()
    assert before.headline == "Group: 1 of 2 successes - failed"
    assert group.outcome() is before  # nothing changed: the same outcome
    # When Hagen's bonus die misses, the successes are as they were: the outcome stands
    group.apply("0:bonus_die")
    assert group.outcome() is before
    # When Mira's bonus die succeeds, the group makes it
    group.apply("1:bonus_die")
    after = group.outcome()
    assert after.headline == "Group: 2 of 2 successes - made it"
    assert after.detail == "Hagen 0 · Mira 2" and after.values["successes"] == 2
    # And the record keeps that outcome
    assert group.finish().outcome.headline == "Group: 2 of 2 successes - made it"


def test_the_group_outcome_follows_a_switch_of_language(system, hagen, mira):
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 1, 5, 2], needed=2, **COURAGE)
    assert group.outcome().headline == "Group: 1 of 2 successes - failed"
    try:
        language.set_language("de")
        assert group.outcome().headline == "Gruppe: 1 von 2 Erfolgen – misslungen"
    finally:
        language.set_language("en")
    assert group.outcome().headline == "Group: 1 of 2 successes - failed"


def test_a_group_roll_copied_in_another_language_reads_each_language_right(system, hagen, mira):
    # Given a group roll read in German and in English
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 1, 5, 2], needed=2, **COURAGE)
    try:
        language.set_language("de")
        german = (group.outcome().headline, [a.label for a in group.actions()])
        language.set_language("en")
        english = (group.outcome().headline, [a.label for a in group.actions()])

        # When it is copied while English is shown (as a trial with typed dice copies it)
        copied = copy.deepcopy(group)

        # Then the copy reads German in German and English in English, as the roll does
        language.set_language("de")
        assert (copied.outcome().headline, [a.label for a in copied.actions()]) == german
    finally:
        language.set_language("en")
    assert (copied.outcome().headline, [a.label for a in copied.actions()]) == english


def test_the_record_names_a_blank_member_in_plain_words(system, hagen):
    # Given a member without a name, whom the group calls by number
    nameless = PhaseSixSheet(name="", rules="classic")
    nameless.skill("Courage").value = 2
    record = group_roll(
        system, [hagen, nameless], [1, 2, 3, 4, 1, 5, 2], needed=2, **COURAGE
    ).finish()
    # Then the record keeps the name as plain words, as a record read from a file has it
    names = [member.character for member in record.members]
    assert names[1] and all(type(name) is str for name in names)


def members_actions(group, index):
    """A member's actions as the group offers them, by the member's own action id."""
    prefix = f"{index}:"
    return {a.id.removeprefix(prefix): a for a in group.actions() if a.id.startswith(prefix)}


def test_members_who_stand_alike_share_their_actions(system, hagen_now, mira_now):
    # Given two members by the current rules, each with dice on the table and the same dice left
    mira_now.destiny_dice_max = mira_now.destiny_dice = 1
    group = system.start_group_check(
        [hagen_now, mira_now], {"trait": "skill:Courage", "needed": 3}, ScriptedDiceSource([1] * 7)
    )
    hagen_roll, mira_roll = group.members
    # Then their actions are made once, for both
    assert hagen_roll.actions() is mira_roll.actions()
    # And a member's actions are their own again once that member's dice left differ
    mira_now.destiny_dice = 0
    assert mira_roll.actions() is not hagen_roll.actions()
    assert members_actions(group, 0)["destiny_die"].enabled
    assert not members_actions(group, 1)["destiny_die"].enabled


@pytest.mark.parametrize(
    ("resource", "action_id", "reason"),
    [
        ("bonus_dice", "bonus_die", "no bonus dice left"),
        ("destiny_dice", "destiny_reroll_roll", "no destiny dice left"),
        ("reroll_dice", "reroll_roll", "no rerolls left"),
    ],
)
def test_a_member_out_of_a_kind_of_die_is_told_so_beside_one_who_has_them(
    system, hagen_now, mira_now, resource, action_id, reason
):
    # Given two members by the current rules whose sheets differ in one kind of die only
    setattr(mira_now, resource, 0)
    group = system.start_group_check(
        [hagen_now, mira_now], {"trait": "skill:Courage", "needed": 3}, ScriptedDiceSource([1] * 7)
    )
    # Then the member without it cannot spend it, and the other can
    hagen_offers, mira_offers = members_actions(group, 0), members_actions(group, 1)
    assert hagen_offers[action_id].enabled
    assert not mira_offers[action_id].enabled and mira_offers[action_id].reason == reason


def test_a_member_without_dice_cannot_reroll_beside_one_who_has_dice(system, hagen_now, mira_now):
    # Given two members by the current rules, Mira without dice for the trait
    mira_now.skill("Courage").value = 0
    group = system.start_group_check(
        [hagen_now, mira_now], {"trait": "skill:Courage", "needed": 3}, ScriptedDiceSource([1] * 5)
    )
    # Then only Hagen has a roll to reroll
    assert members_actions(group, 0)["reroll_roll"].enabled
    assert members_actions(group, 1)["reroll_roll"].reason == "there are no dice to reroll"


def test_classic_members_pick_among_their_own_failed_dice(system, hagen, mira):
    # Given Hagen (15+) and Mira (5+), with the same dice left, each with dice that failed
    mira.destiny_dice_max = mira.destiny_dice = 1
    group = group_roll(system, [hagen, mira], [1, 2, 3, 4, 5, 6, 2], needed=2, **COURAGE)
    hagen_dice, mira_dice = (tuple(die.id for die in m.table) for m in group.members)
    # Then each may pick only their own
    assert members_actions(group, 0)["reroll_die"].pick.eligible == hagen_dice
    assert members_actions(group, 1)["reroll_die"].pick.eligible == mira_dice[1:]


def test_members_actions_read_after_a_switch_of_language_are_in_that_language(
    system, hagen_now, mira_now
):
    group = system.start_group_check(
        [hagen_now, mira_now], {"trait": "skill:Courage", "needed": 3}, ScriptedDiceSource([1] * 7)
    )
    assert group.members[0].actions()[0].label == "Add a bonus die"
    try:
        language.set_language("de")
        german = group.members[1].actions()[0].label
    finally:
        language.set_language("en")
    assert german != "Add a bonus die"
    assert group.members[1].actions()[0].label == "Add a bonus die"
