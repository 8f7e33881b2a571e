"""The roll log holds no words of any language: a roll made in German reads in English after a
restart in English and back; records written for others (the app's JSON output) read in the
source language; an export for people reads in the language shown; older logs with plain
words still load, and hostile texts are refused.
"""

import json

import pytest
from pydantic import ValidationError

from shadowdice.core import language
from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.record import RollRecord
from shadowdice.storage.roll_export import session_json
from shadowdice.storage.roll_log import RollLog, read_session
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet


@pytest.fixture
def german():
    language.set_language("de")
    yield
    language.set_language("en")


def glitched_roll() -> RollRecord:
    kira = ShadowrunSheet(name="Kira")
    session = Shadowrun4().start_check(
        kira, {"skill": "", "attribute": "", "modifier": 4}, ScriptedDiceSource([5, 1, 1, 2])
    )
    return session.finish()


def test_a_roll_made_in_german_is_logged_without_words_and_reads_in_either_language(
    german, tmp_path
):
    record = glitched_roll()
    assert record.outcome.headline == "Patzer!"
    log = RollLog(tmp_path)
    log.append(record)
    text = log.path.read_text(encoding="utf-8")
    assert "Patzer" not in text and "Glitch!" in text  # the message, never the German words
    assert '"message": "Glitch!"' in text or '"message":"Glitch!"' in text

    language.set_language("en")
    again = read_session(log.path).records[0]
    assert again.outcome.headline.translated() == "Glitch!"
    assert again.outcome.detail.translated().startswith("1 hit - success")
    language.set_language("de")
    assert again.outcome.headline.translated() == "Patzer!"
    assert again.outcome.detail.translated().startswith("1 Erfolg – gelungen")


def test_the_record_as_the_app_writes_it_reads_in_english_whatever_is_shown(german):
    record = json.loads(glitched_roll().model_dump_json())
    assert record["outcome"]["headline"] == "Glitch!"
    assert record["throws"][0]["label"] == "Roll"


def test_an_export_for_people_reads_in_the_language_shown(german, tmp_path):
    log = RollLog(tmp_path)
    log.append(glitched_roll())
    exported = session_json(read_session(log.path))
    assert "Patzer!" in exported and "Glitch!" not in exported


def test_an_older_log_with_plain_words_still_loads():
    record = json.loads(glitched_roll().model_dump_json())
    record["outcome"]["headline"] = "2 hits - success"
    loaded = RollRecord.model_validate(record)
    assert loaded.outcome.headline == "2 hits - success"


@pytest.mark.parametrize(
    "hostile",
    [
        5,
        ["Glitch!"],
        {"message": 5},
        {"message": "{a}", "args": {"a": {"nested": "dict"}}},
        {"message": "{a}", "args": "not a mapping"},
    ],
)
def test_a_hostile_text_in_a_record_is_refused(hostile):
    record = json.loads(glitched_roll().model_dump_json())
    record["outcome"]["headline"] = hostile
    with pytest.raises(ValidationError):
        RollRecord.model_validate(record)


def test_texts_nested_too_deep_are_refused():
    data = {"message": "x"}
    for _ in range(50):
        data = {"message": "{a}", "args": {"a": {"text": data}}}
    record = json.loads(glitched_roll().model_dump_json())
    record["outcome"]["headline"] = data
    with pytest.raises(ValidationError, match="too deep"):
        RollRecord.model_validate(record)
