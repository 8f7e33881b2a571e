"""Starting the app: the cycle collector rests while the app starts, and what the start made is
set out of its sight afterwards; it runs again however the start ends.
"""

import argparse
import gc
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shadowdice.app import check_values, collector_resting_while_starting
from shadowdice.storage.character_file import save_character
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.private_home import private_home_environment


@pytest.fixture
def collector_as_before():
    """Whatever a test does to the collector, the next test finds it as it was."""
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_rests_while_starting_and_the_start_is_frozen_after(collector_as_before):
    gc.enable()
    frozen_before = gc.get_freeze_count()

    with collector_resting_while_starting():
        assert not gc.isenabled()
        made_at_start = [[number] for number in range(1000)]

    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen_before + len(made_at_start)


def test_a_start_that_fails_leaves_the_collector_running(collector_as_before):
    gc.enable()

    with pytest.raises(RuntimeError), collector_resting_while_starting():
        raise RuntimeError("no display")

    assert gc.isenabled()


def test_a_collector_turned_off_before_stays_off(collector_as_before):
    gc.disable()

    with collector_resting_while_starting():
        pass

    assert not gc.isenabled()


def test_the_real_app_runs_with_its_start_frozen_and_the_collector_on(tmp_path):
    # Given a saved character, and the app started on it as the shadowdice command does,
    # rolling one check and quitting
    character = tmp_path / "kira.shadowdice"
    save_character(character, Shadowrun4(), ShadowrunSheet(name="Kira"))
    result = tmp_path / "roll.json"
    script = textwrap.dedent(
        """
        import gc, json, sys
        from shadowdice.app import main
        code = main(sys.argv[1:])
        print(json.dumps({"code": code, "enabled": gc.isenabled(),
                          "frozen": gc.get_freeze_count()}))
        """
    )
    environment = {
        **private_home_environment(tmp_path / "home"),
        "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
    }
    roll = ["--seed", "7", "--roll", '{"attribute": "Body"}', "--write-result", str(result)]
    run = subprocess.run(
        [sys.executable, "-c", script, *roll, str(character)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )

    # Then it rolled, and ran with the collector on and its start out of the collector's sight
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout.strip().splitlines()[-1])
    assert state["code"] == 0 and state["enabled"] is True
    assert state["frozen"] > 10_000, "the start's modules, classes and window are frozen"
    assert json.loads(result.read_text(encoding="utf-8"))["character"] == "Kira"


def test_roll_values_of_thousands_of_digits_are_refused_in_a_short_message():
    text = '{"modifier": 1' + "0" * 5000 + "}"

    with pytest.raises(argparse.ArgumentTypeError) as caught:
        check_values(text)

    assert len(str(caught.value)) < 200
