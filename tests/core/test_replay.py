"""Seeds and replay: a record names the faces it threw (seed and position, or typed faces),
and replaying it draws the same faces again, or shows where a record was changed.
"""

from shadowdice.core.dice import RandomDiceSource, RealDiceSource
from shadowdice.core.pending import Step
from shadowdice.core.replay import replay
from shadowdice.systems.phasesix import PhaseSix
from tests.core.test_pending import PISTOLS, SHADOWRUN, hagen, kira, mira


def rolled(source, action=None):
    session = SHADOWRUN.start_check(kira(), {**PISTOLS, "edge": "before"}, source)
    if action:
        session.apply(action)
    return session.finish()


def test_the_record_holds_the_seed_and_the_position_of_its_first_face():
    source = RandomDiceSource(seed=11)
    first = rolled(source)
    second = rolled(source)
    thrown = sum(len(die.faces) for throw in first.throws for die in throw.dice)
    assert (first.seed, first.position) == (11, 0)
    assert (second.seed, second.position) == (11, thrown)


def test_replaying_draws_every_face_again_in_the_order_it_was_thrown():
    source = RandomDiceSource(seed=12)
    rolled(source)
    record = rolled(source)
    again = replay(record)
    assert again.matches and again.digital == len(again.faces) and again.typed == 0
    recorded = [record.throws[t].dice[d].faces[f] for t, d, f in again.places]
    assert list(again.faces) == recorded
    assert "come again from seed 12" in again.summary()


def test_a_changed_record_is_caught():
    record = rolled(RandomDiceSource(seed=13))
    die = record.throws[0].dice[0]
    changed_die = die.model_copy(update={"faces": (die.faces[0] % 6 + 1, *die.faces[1:])})
    throw = record.throws[0].model_copy(update={"dice": (changed_die, *record.throws[0].dice[1:])})
    changed = record.model_copy(update={"throws": (throw,)})
    again = replay(changed)
    assert not again.matches and again.differing == ((0, 0, 0),)
    assert "the record was changed" in again.summary()


def test_typed_faces_are_replayed_as_typed_and_digital_ones_from_the_seed():
    dice = RealDiceSource(RandomDiceSource(seed=14), rollers={"Mira"})
    values = {"trait": "skill:Courage", "minimum_roll_from": "Neuroticism", "needed": 2}
    step = Step(
        lambda subj: PhaseSix().start_group_check(subj, values, dice), [hagen(), mira()], dice
    )
    step.go()
    step.answer([3, None])
    record = step.result.finish()
    again = replay(record)
    assert again.matches and again.typed == 1 and again.digital == len(again.faces) - 1
    assert again.summary().endswith("1 face was typed in from a physical die.")


def test_a_record_without_a_seed_says_so():
    from shadowdice.core.dice import ScriptedDiceSource

    record = rolled(ScriptedDiceSource([2] * 20))
    assert record.seed is None and "has no seed" in replay(record).summary()
