"""Starting the app: the cycle collector rests while the app starts, and what the start made is
set out of its sight afterwards; it runs again however the start ends.
"""

import argparse
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from shadowdice.app import check_values
from shadowdice.storage.character_file import save_character
from shadowdice.systems.shadowrun4 import Shadowrun4
from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet
from tests.private_home import private_home_environment


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
