"""The roll log: rolls appended as JSON Lines, read back after a restart or a kill, exported."""

from __future__ import annotations

import codecs
import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from shadowdice.core.record import (
    ActionRecord,
    DieRecord,
    OutcomeRecord,
    RollRecord,
    ThrowRecord,
)
from shadowdice.storage import roll_log
from shadowdice.storage.roll_export import (
    export_session,
    session_csv,
    session_json,
    session_markdown,
)
from shadowdice.storage.roll_log import (
    LOG_FORMAT,
    LogReader,
    RollLog,
    RollLogError,
    count_rolls,
    read_session,
    session_files,
)

STARTED = datetime(2026, 11, 23, 19, 30, tzinfo=UTC)


def record(number: int, character: str = "Kira") -> RollRecord:
    return RollRecord(
        system="shadowrun4",
        character=character,
        check=f"Agility + Pistols #{number}",
        throws=(ThrowRecord(label="Roll", dice=(DieRecord(sides=6, faces=(5,), marks=("hit",)),)),),
        actions=(ActionRecord(id="edge", label="Second chance", cost="1 Edge"),),
        outcome=OutcomeRecord(headline=f"{number} hits - success", tone="success", detail="*bold*"),
        time=STARTED + timedelta(minutes=number),
    )


def test_given_rolls_and_an_undo_when_read_back_then_all_is_there_in_order(tmp_path):
    log = RollLog(tmp_path / "log", started=STARTED)
    first = log.append(record(1))
    second = log.append(record(2))
    log.mark_undone(first, "Kira")
    log.mark_undone(second, "Kira")
    log.mark_undone(second, "Kira", undone=False)  # redone

    session = read_session(log.path)

    assert session.started == STARTED and session.damaged == 0
    assert session.records == [record(1), record(2)]
    assert [(roll.id, roll.undone) for roll in session.rolls] == [
        (first, {"Kira"}),
        (second, set()),
    ]
    assert json.loads(log.path.read_text().splitlines()[0])["format"] == LOG_FORMAT


def test_given_a_secret_roll_revealed_when_read_back_then_it_reads_revealed(tmp_path):
    log = RollLog(tmp_path / "log", started=STARTED)
    secret = record(1).model_copy(update={"secret": True})
    first = log.append(secret)
    log.append(record(2).model_copy(update={"secret": True}))
    log.mark_revealed(first)

    session = read_session(log.path)

    assert session.damaged == 0
    assert [(r.secret, r.revealed) for r in session.records] == [(True, True), (True, False)]
    assert session.records[0] == secret.model_copy(update={"revealed": True})


def test_given_a_session_without_rolls_then_no_file_is_left(tmp_path):
    RollLog(tmp_path / "log")
    assert not (tmp_path / "log").exists()


def test_given_a_last_line_cut_short_then_the_rest_reads_and_the_next_roll_starts_anew(tmp_path):
    log = RollLog(tmp_path, started=STARTED)
    log.append(record(1))
    log.append(record(2))
    text = log.path.read_bytes()
    log.path.write_bytes(text[: len(text) - 40])  # killed while writing the second roll

    cut = read_session(log.path)
    log.append(record(3))
    after = read_session(log.path)

    assert (cut.records, cut.damaged) == ([record(1)], 1)
    assert (after.records, after.damaged) == ([record(1), record(3)], 1)


def test_given_a_log_of_a_newer_version_or_not_a_log_then_it_is_refused(tmp_path):
    newer = tmp_path / "2026-11-23_193000-0badc0de.jsonl"
    newer.write_text(json.dumps({"format": LOG_FORMAT, "format_version": 2, "started": "x"}))
    other = tmp_path / "other.jsonl"
    other.write_text('{"hello": 1}\n')

    with pytest.raises(RollLogError, match="newer version"):
        read_session(newer)
    with pytest.raises(RollLogError, match="not a Shadowdice roll log"):
        read_session(other)


def test_session_files_are_the_logs_newest_first(tmp_path):
    names = ["2026-11-20_200000-00000001.jsonl", "2026-11-23_193000-00000002.jsonl"]
    for name in [*names, "notes.jsonl"]:
        (tmp_path / name).write_text("")
    assert [path.name for path in session_files(tmp_path)] == names[::-1]


# --- killed while appending ----------------------------------------------------------------

APPENDER = """
import sys
from datetime import UTC, datetime
from pathlib import Path
from shadowdice.core.record import DieRecord, OutcomeRecord, RollRecord, ThrowRecord
from shadowdice.storage.roll_log import RollLog

log = RollLog(Path(sys.argv[1]))
dice = tuple(DieRecord(sides=6, faces=(n % 6 + 1,)) for n in range(2000))
number = 0
while True:
    number += 1
    log.append(RollRecord(system="shadowrun4", character="Kira", check=f"#{number}",
        throws=(ThrowRecord(label="Roll", dice=dice),),
        outcome=OutcomeRecord(headline="hits", tone="success"), time=datetime.now(UTC)))
    if number == 3:
        print("appending", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_given_a_process_killed_while_appending_then_it_loses_at_most_that_roll(tmp_path):
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    for kill in range(4):
        folder = tmp_path / f"kill-{kill}"
        process = subprocess.Popen(
            [sys.executable, "-c", APPENDER, str(folder)],
            stdout=subprocess.PIPE,
            env=environment,
        )
        process.stdout.readline()
        time.sleep(0.01 * kill)
        process.send_signal(signal.SIGKILL)
        process.wait(10)

        (path,) = session_files(folder)
        session = read_session(path)
        lines = path.read_bytes().split(b"\n")
        assert session.damaged <= 1
        assert len(session.rolls) >= 3
        assert len(session.rolls) + session.damaged == len([line for line in lines[1:] if line])
        assert [r.check for r in session.records] == [
            f"#{n + 1}" for n in range(len(session.rolls))
        ]


CREATOR = """
import os, sys, time
from datetime import UTC, datetime
from pathlib import Path
from shadowdice.core.record import OutcomeRecord, RollRecord
from shadowdice.storage.roll_log import RollLog

real_open = os.open

def open_and_wait(*args, **kwargs):
    descriptor = real_open(*args, **kwargs)
    print("created", flush=True)
    time.sleep(float(sys.argv[2]))
    return descriptor

os.open = open_and_wait
RollLog(Path(sys.argv[1])).append(RollRecord(system="shadowrun4", character="Kira",
    check="#1", throws=(), outcome=OutcomeRecord(headline="hits", tone="success"),
    time=datetime.now(UTC)))
print("written", flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_given_a_process_killed_while_creating_its_log_then_every_log_reads(tmp_path):
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    said = []
    for trial, wait in enumerate((60, 0.0005, 0.002, 0.005)):
        process = subprocess.Popen(
            [sys.executable, "-c", CREATOR, str(tmp_path), str(wait)],
            stdout=subprocess.PIPE,
            env=environment,
        )
        said.append(process.stdout.readline())
        if trial:
            time.sleep(0.001 * trial)
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    logs = session_files(tmp_path)
    assert said == [b"created\n"] * 4 and len(logs) == 4
    sessions = [read_session(path) for path in logs]  # none is refused
    assert all(len(session.rolls) <= 1 and not session.damaged for session in sessions)
    assert any(session.empty for session in sessions)  # the first was killed before its header


# --- export ----------------------------------------------------------------------------------


@pytest.fixture
def session(tmp_path):
    log = RollLog(tmp_path, started=STARTED)
    first = log.append(record(1))
    log.append(record(2, character="Ash"))
    log.mark_undone(first, "Kira")
    return read_session(log.path)


def test_markdown_has_a_heading_each_roll_its_details_and_the_undone_mark(session):
    text = session_markdown(session)

    assert text.startswith("# Session of 23.11.2026, ")
    assert "2 rolls" in text
    assert "Kira: Agility + Pistols \\#1 — 1 hits - success~~ (undone for Kira)**" in text
    assert "- **" in text and "Ash: Agility + Pistols \\#2 — 2 hits - success**" in text
    assert "    - \\*bold\\*" in text
    assert "    - Roll W6: 5 (hit)" in text
    assert "    - Second chance (1 Edge)" in text


def test_markdown_in_german_counts_and_marks_the_undone_in_german(session):
    from shadowdice.core import language

    language.set_language("de")
    text = session_markdown(session)

    assert "\n2 Würfe\n" in text and "2 rolls" not in text
    assert "~~ (rückgängig gemacht für Kira)**" in text and "undone for" not in text


def test_csv_has_a_row_a_roll_with_every_column(session):
    rows = list(csv.DictReader(io.StringIO(session_csv(session))))

    assert [row["characters"] for row in rows] == ["Kira", "Ash"]
    assert rows[0]["time"] == (STARTED + timedelta(minutes=1)).isoformat()
    assert rows[0]["outcome"] == "1 hits - success"
    assert rows[0]["throws"] == "Roll W6: 5 (hit)"
    assert rows[0]["actions"] == "Second chance (1 Edge)"
    assert (rows[0]["undone for"], rows[1]["undone for"]) == ("Kira", "")


def test_json_holds_every_record_as_it_was(session):
    document = json.loads(session_json(session))

    assert document["format"] == "shadowdice-session"
    assert [RollRecord.model_validate(roll["record"]) for roll in document["rolls"]] == [
        record(1),
        record(2, character="Ash"),
    ]
    assert [roll["undone_for"] for roll in document["rolls"]] == [["Kira"], []]


@pytest.mark.parametrize("suffix", [".md", ".csv", ".json"])
def test_export_writes_the_format_its_suffix_names(session, tmp_path, suffix):
    path = tmp_path / f"rolls{suffix}"
    export_session(session, path)
    assert "Agility + Pistols" in path.read_text(encoding="utf-8")


def test_export_refuses_a_suffix_that_names_no_format(session, tmp_path):
    with pytest.raises(ValueError, match=r"\.md, \.csv or \.json"):
        export_session(session, tmp_path / "rolls.txt")


@pytest.mark.parametrize(("shown", "delimiter"), [("en", ","), ("de", ";")])
def test_a_csv_export_is_written_for_a_spreadsheet_of_the_language_shown(
    session, tmp_path, shown, delimiter
):
    from shadowdice.core import language

    language.set_language(shown)
    path = tmp_path / "rolls.csv"
    export_session(session, path)

    # Then it starts with UTF-8's byte-order mark, and its cells are separated by a comma, or
    # by a semicolon where the language writes its decimals with a comma
    data = path.read_bytes()
    assert data.startswith(codecs.BOM_UTF8)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=delimiter))
    assert rows[0][:3] == ["time", "system", "characters"]
    assert [row[2] for row in rows[1:]] == ["Kira", "Ash"]


# --- a log whatever happens ------------------------------------------------------------------


def test_given_a_log_left_empty_or_with_a_torn_header_then_it_reads_as_an_empty_session(
    tmp_path,
):
    log = RollLog(tmp_path, started=STARTED)
    log.append(record(1))
    whole = log.path.read_bytes()
    for name, data in (("empty", b""), ("torn", whole[:20])):
        path = tmp_path / f"2026-11-24_201500-0000000{len(name)}.jsonl"
        path.write_bytes(data)
        session = read_session(path)
        assert (session.rolls, session.empty, session.damaged) == ([], True, 0), name
        assert session.started.astimezone().strftime("%Y-%m-%d %H:%M") == "2026-11-24 20:15"


def test_given_a_log_written_without_its_header_then_its_rolls_are_read(tmp_path):
    log = RollLog(tmp_path, started=STARTED)
    log.append(record(1))
    log.append(record(2))
    headerless = tmp_path / "2026-11-24_201500-00000000.jsonl"
    headerless.write_bytes(b"\n".join(log.path.read_bytes().split(b"\n")[1:]))

    session = read_session(headerless)

    assert [roll.check for roll in session.records] == [record(1).check, record(2).check]
    assert session.damaged == 0


def test_given_a_header_a_full_disk_tore_then_the_next_entry_writes_the_log_anew(
    tmp_path, monkeypatch
):
    log = RollLog(tmp_path, started=STARTED)
    real_write = os.write
    refusals = iter([True])

    def full_disk_write(descriptor, data):
        if next(refusals, False):
            real_write(descriptor, bytes(data[:10]))
            raise OSError(28, "No space left on device")
        return real_write(descriptor, data)

    monkeypatch.setattr(os, "write", full_disk_write)
    with pytest.raises(OSError):
        log.append(record(1))
    assert not log.path.exists()  # nothing torn is left behind
    log.append(record(2))

    session = read_session(log.path)
    assert [roll.check for roll in session.records] == [record(2).check]
    assert session.damaged == 0 and session.started == STARTED


def test_given_an_entry_a_full_disk_tore_then_the_log_ends_with_its_last_whole_line(
    tmp_path, monkeypatch
):
    log = RollLog(tmp_path, started=STARTED)
    log.append(record(1))
    before = log.path.read_bytes()
    real_write = os.write

    def full_disk_write(descriptor, data):
        real_write(descriptor, bytes(data[:15]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk_write)
    with pytest.raises(OSError):
        log.append(record(2))
    assert log.path.read_bytes() == before


# --- read from the end ---------------------------------------------------------------------


@pytest.mark.parametrize("block", [64, 1000, 1 << 20])
def test_a_log_read_from_its_end_gives_every_roll_and_mark_as_read_from_its_start(
    tmp_path, block, monkeypatch
):
    log = RollLog(tmp_path, started=STARTED)
    ids = [log.append(record(number, "Kira" if number % 3 else "Ash")) for number in range(40)]
    for number, roll_id in enumerate(ids):
        if number % 4 == 0:
            log.mark_undone(roll_id, "Kira")
        if number % 8 == 0:
            log.mark_undone(roll_id, "Kira", undone=False)
        if number % 5 == 0:
            log.mark_revealed(roll_id)
    with log.path.open("ab") as file:
        file.write(b'{"type": "roll", "id": "cut sh')  # a kill while appending
    monkeypatch.setattr(LogReader, "BLOCK", block)

    reader = LogReader(log.path)
    batches = list(reader.batches(size=7))
    whole = read_session(log.path)

    assert [len(batch) for batch in batches] == [7] * 5 + [5]
    assert [roll for batch in batches for roll in batch] == whole.rolls[::-1]
    assert reader.damaged == whole.damaged == 1
    assert reader.started == whole.started == STARTED
    assert count_rolls(log.path) == 40


def test_reading_the_newest_rolls_of_a_long_log_reads_only_its_end(tmp_path, monkeypatch):
    log = RollLog(tmp_path, started=STARTED)
    for number in range(2000):
        log.append(record(number))
    read = []
    real_opened = roll_log._opened

    class Counted(io.BufferedReader):
        def read(self, size=-1):
            data = super().read(size)
            read.append(len(data))
            return data

    def counted(path):
        return Counted(real_opened(path).detach())

    monkeypatch.setattr(LogReader, "BLOCK", 64 * 1024)
    monkeypatch.setattr(roll_log, "_opened", counted)
    newest = next(LogReader(log.path).batches(size=100))

    assert [roll.record.check for roll in newest][:2] == [record(1999).check, record(1998).check]
    assert 0 < sum(read) < log.path.stat().st_size / 4


# --- secret rolls in exports -------------------------------------------------------------------


@pytest.fixture
def secret_session(tmp_path):
    """Kira rolls in public, Ash secretly, Bo secretly and reveals it."""
    log = RollLog(tmp_path, started=STARTED)
    log.append(record(1))
    log.append(record(2, character="Ash").model_copy(update={"secret": True}))
    shown = log.append(record(3, character="Bo").model_copy(update={"secret": True}))
    log.mark_revealed(shown)
    return read_session(log.path)


def test_markdown_and_csv_mark_a_secret_roll_and_a_revealed_one(secret_session):
    markdown = session_markdown(secret_session)
    assert "- **Secret: " in markdown and "Ash: Agility + Pistols \\#2" in markdown
    assert "Bo: Agility + Pistols \\#3 — 3 hits - success (revealed)**" in markdown
    (kira,) = [line for line in markdown.splitlines() if "Kira:" in line]
    assert "Secret" not in kira and "revealed" not in kira, "the public roll is not marked"

    rows = list(csv.DictReader(io.StringIO(session_csv(secret_session))))
    assert [(row["characters"], row["secret"]) for row in rows] == [
        ("Kira", ""),
        ("Ash", "secret"),
        ("Bo", "revealed"),
    ]


@pytest.mark.parametrize("suffix", [".md", ".csv", ".json"])
def test_an_export_can_leave_out_the_secret_rolls_the_players_have_not_seen(
    secret_session, tmp_path, suffix
):
    kept, left_out = tmp_path / f"all{suffix}", tmp_path / f"public{suffix}"
    export_session(secret_session, kept)
    export_session(secret_session, left_out, leave_out_hidden=True)

    assert "Ash" in kept.read_text(encoding="utf-8")
    public = left_out.read_text(encoding="utf-8")
    assert "Ash" not in public and "#2" not in public
    assert "Kira" in public and "Bo" in public, "public and revealed rolls stay"


def test_exports_write_numbers_as_their_reader_reads_them_and_json_keeps_the_number(tmp_path):
    from shadowdice.core import language
    from shadowdice.systems.heldenhandbuch.lookups.items import item_quality

    # Given a legendary item's price looked up and logged in English
    priced = record(1).model_copy(
        update={
            "outcome": OutcomeRecord(
                headline=item_quality(20, 3, 40).sentence, tone="neutral", detail=""
            )
        }
    )
    log = RollLog(tmp_path, started=STARTED)
    log.append(priced)
    logged = read_session(log.path)
    # Then Markdown and CSV, for people, write it as the language shown does
    assert "at least 4,000." in session_markdown(logged)
    language.set_language("de")
    assert "mindestens 4.000." in session_markdown(logged)
    rows = list(csv.DictReader(io.StringIO(session_csv(logged)), delimiter=";"))
    assert rows[0]["outcome"].endswith("mindestens 4.000.")
    assert rows[0]["time"] == (STARTED + timedelta(minutes=1)).isoformat()  # for programs
    # And the JSON export, words for people beside data for programs, keeps its data numbers
    exported = json.loads(session_json(logged))["rolls"][0]["record"]
    assert exported["outcome"]["headline"].endswith("mindestens 4.000.")
    assert exported["throws"][0]["dice"][0]["faces"] == [5]
    # And the log Shadowdice reads again keeps the price as a number, in no language's writing
    line = log.path.read_text(encoding="utf-8").splitlines()[-1]
    assert re.search(r'"value": ?4000\b', line) and "4.000" not in line and "4,000" not in line
