"""Who threw each throw: a record names the thrower of a throw not thrown by its character,
writes nothing more for one that is, and still reads logs written before it did.
"""

from datetime import UTC, datetime

from shadowdice.core.record import DieRecord, OutcomeRecord, RollRecord, ThrowRecord
from shadowdice.core.statistics import characters_of, count_faces


def attack(*throws):
    return RollRecord(
        system="starwars_d6",
        character="Han",
        check="Blaster",
        time=datetime(2026, 11, 1, tzinfo=UTC),
        throws=throws,
        outcome=OutcomeRecord(headline="h", tone="neutral"),
    )


def test_a_dodge_thrown_by_the_defender_is_the_defenders_in_the_file_and_the_statistics():
    shot = ThrowRecord(label="Blaster", dice=(DieRecord(sides=6, faces=(6, 2)),))
    dodge = ThrowRecord(label="Opponent: Dodge", dice=(DieRecord(sides=6, faces=(1,)),))
    record = attack(shot, dodge.model_copy(update={"roller": "Bossk"}))

    text = record.model_dump_json()
    assert text.count('"roller"') == 1 and '"roller":"Bossk"' in text
    again = RollRecord.model_validate_json(text)
    assert again == record and again.characters() == ("Han", "Bossk")
    assert characters_of([again]) == ["Han", "Bossk"]
    assert count_faces([again], character="Bossk")[6].counts == (1, 0, 0, 0, 0, 0)
    assert count_faces([again], character="Han")[6].total == 2

    # A log written before throws had rollers reads as it did: every die the character's
    older = RollRecord.model_validate_json(text.replace(',"roller":"Bossk"', ""))
    assert older.throws[1].roller is None and older.characters() == ("Han",)
    assert count_faces([older], character="Han")[6].total == 3


def test_the_game_master_and_a_contest_are_no_character_of_their_own():
    gm = ThrowRecord(label="Wind", dice=(DieRecord(sides=20, faces=(3,)),), roller="")
    alrik = ThrowRecord(label="Alrik: throw 1", dice=(DieRecord(sides=20, faces=(9,)),))
    brun = alrik.model_copy(update={"label": "Brun: throw 1"})
    contest = attack(
        alrik.model_copy(update={"roller": "Alrik"}), brun.model_copy(update={"roller": "Brun"}), gm
    ).model_copy(update={"character": "Alrik, Brun"})
    assert contest.characters() == ("Alrik", "Brun")
    assert characters_of([contest]) == ["Alrik", "Brun"]
    # A name with a comma stays whole, in a contest and as an attacker
    bold = brun.model_copy(update={"roller": "Brun, the Bold"})
    both = attack(alrik.model_copy(update={"roller": "Alrik"}), bold)
    both = both.model_copy(update={"character": "Alrik, Brun, the Bold"})
    assert both.characters() == ("Alrik", "Brun, the Bold")
    shot = attack(alrik, brun.model_copy(update={"roller": "Alrik"}))
    shot = shot.model_copy(update={"character": "Brun, the Bold"})
    assert shot.characters() == ("Brun, the Bold", "Alrik")
