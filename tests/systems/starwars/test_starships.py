"""Starships in rounds (rule text 004, "Raumschiffe"): range, the speed contest and dodging
with Starship Piloting plus Maneuverability; the X-wing's dodge with scripted dice.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.systems.starwars.codes import Code
from shadowdice.systems.starwars.plain_rolls import CodeRoll
from shadowdice.systems.starwars.rounds import BEFORE_FIRST_SEGMENT, CharacterRound, act, dodge
from shadowdice.systems.starwars.starships import (
    Range,
    Wish,
    dodge_code,
    dodged_difficulty,
    moved,
    pilot_for_speed,
    speed_code,
    speed_contest,
    speed_roll_needed,
    target_number,
)

BULACK_CLOSES = {"Bulack": Wish.CLOSE, "Pirate": Wish.OPEN}


def rolled(code, faces):
    """The total of ``code`` thrown with exactly these scripted faces."""
    source = ScriptedDiceSource(faces)
    total = CodeRoll(character="", code=code, check="roll", source=source).total
    assert source.remaining == 0, "the code threw fewer dice than scripted"
    return total


def test_target_numbers_by_range():
    assert [target_number(r) for r in Range] == [10, 15, 20]


def test_the_x_wing_dodge_of_18_raises_10_to_28():
    # Given Anla's Starship Piloting 3D and the X-wing's Maneuverability 3D
    code = dodge_code(Code(3), Code(3))
    assert str(code) == "6D"
    # When she dodges in segment 1 and rolls 18
    anla = CharacterRound("Anla").react(dodge(1, "Starship Piloting"))
    total = rolled(anla.code_for(code, 1), [5, 4, 3, 3, 2, 1])
    assert total == 18
    # Then the TIE pilot needs 28 instead of 10, for every shot of that segment
    assert dodged_difficulty(target_number(Range.SHORT), total) == 28
    assert anla.covers(1, attacks=2) == 2


def test_the_x_wings_second_dodge_is_rolled_with_5d():
    anla = CharacterRound("Anla").react(dodge(1, "Starship Piloting"))
    anla = anla.react(dodge(2, "Starship Piloting"))
    assert str(anla.code_for(dodge_code(Code(3), Code(3)), 2)) == "5D"
    assert str(anla.code_for(dodge_code(Code(3), Code(3)), 1)) == "6D"


def test_bulack_closing_on_the_pirate():
    # Given medium range, Bulack wants to close and the pirate to open
    assert speed_roll_needed(BULACK_CLOSES)
    # Then the higher speed roll decides; a tie keeps medium
    assert speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 14, "Pirate": 11}) is Range.SHORT
    assert speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 9, "Pirate": 11}) is Range.LONG
    assert speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 11, "Pirate": 11}) is Range.MEDIUM


def test_both_use_piloting_as_an_action_in_their_speed_roll():
    # Given a freighter of Sublight Speed 2D and Starship Piloting 4D+1
    assert str(speed_code(Code(2), Code(4, 1))) == "6D+1"
    assert str(speed_code(Code(2))) == "2D"
    # And Bulack also shoots this round: the piloting costs -1D on it, and on the speed roll
    bulack = CharacterRound("Bulack", (pilot_for_speed(), act("fire", "Starship Gunnery")))
    assert bulack.actions == (bulack.declarations[1],)
    assert bulack.penalty(1) == 1
    assert bulack.penalty(BEFORE_FIRST_SEGMENT) == 1
    # Without another action the speed roll is made in full
    assert CharacterRound("Pirate", (pilot_for_speed(),)).penalty(BEFORE_FIRST_SEGMENT) == 0


def test_pilots_who_want_the_same_do_not_roll():
    wishes = {"Bulack": Wish.CLOSE, "Anla": Wish.CLOSE}
    assert not speed_roll_needed(wishes)
    assert speed_contest(Range.LONG, wishes) is Range.MEDIUM
    assert speed_contest(Range.LONG, {}) is Range.LONG


def test_pilots_of_one_wish_tied_at_the_top_win_together():
    wishes = {"Bulack": Wish.CLOSE, "Anla": Wish.CLOSE, "Pirate": Wish.OPEN}
    totals = {"Bulack": 12, "Anla": 12, "Pirate": 10}
    assert speed_contest(Range.MEDIUM, wishes, totals) is Range.SHORT


def test_a_missing_speed_roll_is_refused():
    with pytest.raises(ValueError, match="Pirate must roll for speed"):
        speed_contest(Range.MEDIUM, BULACK_CLOSES, {"Bulack": 12})


def test_the_range_moves_one_step_and_stays_within_short_and_long():
    assert moved(Range.MEDIUM, Wish.CLOSE) is Range.SHORT
    assert moved(Range.SHORT, Wish.CLOSE) is Range.SHORT
    assert moved(Range.SHORT, Wish.OPEN) is Range.MEDIUM
    assert moved(Range.LONG, Wish.OPEN) is Range.LONG
