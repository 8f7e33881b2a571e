"""A roll in words: the history's line says the date of a roll of another day."""

from datetime import UTC, date, datetime

from shadowdice.core.record import OutcomeRecord, RollRecord
from shadowdice.core.record_text import describe


def roll_at(when: datetime) -> RollRecord:
    return RollRecord(
        system="shadowrun4",
        character="Kira",
        check="Agility",
        throws=(),
        outcome=OutcomeRecord(headline="2 hits - success", tone="success"),
        time=when,
    )


def test_a_roll_of_today_says_its_time_and_one_of_another_day_its_date_too():
    when = datetime(2026, 11, 22, 12, 5, tzinfo=UTC).astimezone()
    record = roll_at(when)

    assert describe(record, today=when.date()) == f"{when:%H:%M}  Kira: Agility — 2 hits - success"
    assert describe(record, today=date(2026, 11, 23)).startswith(f"{when:%d.%m. %H:%M}  Kira")
