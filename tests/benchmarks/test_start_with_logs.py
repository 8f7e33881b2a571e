"""A long campaign's logs cost the start nothing: logs are read as the history reaches them.

Targets, each against the same start with no earlier log, in the same run (a fresh
interpreter and home for every start, alternately, as in ``test_start_with_one_character``):

- the start with 50 earlier evenings of 200 rolls each, and the start with one earlier
  evening of 100,000 rolls, take at most 1.15× the start with none;
- and hold at most 20 MB more memory once the window is shown (the resident set the probe
  reads from /proc, where there is one).

The rolls are Shadowrun rolls of 12 dice with an Edge reroll, as the log keeps them; the logs
are made once and linked into each start's home (the app only reads them). The start runs as
``shadowdice`` does, to the first turn of the event loop after the window is exposed, and
the history shows the newest evening's last rolls by then.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path

import pytest

from shadowdice.storage.roll_log import LOG_FORMAT, RollLog, entry_line
from tests.benchmarks import startup_probe
from tests.benchmarks.test_history import roll
from tests.benchmarks.test_startup import WARMUP_ROUNDS, ColdStart, bytecode  # noqa: F401
from tests.private_home import private_home_environment

PROBE = Path(startup_probe.__file__).resolve()
ROUNDS = 7
START_RATIO = 1.15
MORE_MEGABYTES = 20.0


def write_log(folder: Path, started_day: int, rolls: int) -> Path:
    """A log of ``rolls`` rolls, written as the app writes them (without a sync per roll)."""
    folder.mkdir(parents=True, exist_ok=True)
    log = RollLog(folder)
    header = {"format": LOG_FORMAT, "format_version": 1, "started": f"2026-01-{started_day:02d}"}
    template = entry_line(
        {"type": "roll", "id": "ID", "record": roll(0).model_dump(mode="json")}
    ).decode()
    with log.path.open("w", encoding="utf-8") as file:
        file.write(entry_line(header).decode())
        for number in range(rolls):
            file.write(template.replace('"ID"', json.dumps(f"{number:016x}"), 1))
    return log.path


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, list[Path]]:
    """The logs of each campaign, made once."""
    root = tmp_path_factory.mktemp("logs")
    fifty = [write_log(root / "fifty", 1 + number % 28, 200) for number in range(50)]
    long = [write_log(root / "long", 1, 100_000)]
    return {"none": [], "fifty evenings": fifty, "one 100,000-roll evening": long}


def start(tmp_path: Path, name: str, logs: list[Path]) -> ColdStart:
    home = tmp_path / name
    log_dir = Path(private_home_environment(home)["XDG_DATA_HOME"]) / "Shadowdice" / "log"
    log_dir.mkdir(parents=True)
    for path in logs:
        os.link(path, log_dir / path.name)
    command = [sys.executable, str(PROBE), "shadowdice"]
    started = ColdStart(command, home).until_shown()
    started.finish()
    assert started.exit_code == 0, started.describe()
    return started


@pytest.mark.benchmark(group="startup")
@pytest.mark.parametrize("campaign", ["fifty evenings", "one 100,000-roll evening"])
def test_start_with_a_long_campaigns_logs(benchmark, tmp_path, logs, campaign):
    rounds: list[tuple[ColdStart, ColdStart]] = []

    def one_round() -> None:
        number = len(rounds)
        floor = start(tmp_path, f"none-{number}", logs["none"])
        subject = start(tmp_path, f"logs-{number}", logs[campaign])
        rounds.append((subject, floor))

    benchmark.pedantic(one_round, rounds=ROUNDS, warmup_rounds=WARMUP_ROUNDS, iterations=1)

    measured = rounds[WARMUP_ROUNDS:] or rounds
    subject_s, floor_s = (
        statistics.median(started.seconds for started in column)
        for column in zip(*measured, strict=True)
    )
    subject_mb, floor_mb = (
        statistics.median(started.timings["rss_mb"] for started in column)
        for column in zip(*measured, strict=True)
    )
    benchmark.extra_info.update(
        shadowdice_s=round(subject_s, 4),
        floor_s=round(floor_s, 4),
        ratio=round(subject_s / floor_s, 3),
        shadowdice_mb=round(subject_mb, 1),
        floor_mb=round(floor_mb, 1),
    )
    print(
        f"start with {campaign}: {subject_s * 1e3:.0f} ms, {subject_mb:.0f} MB; with none "
        f"{floor_s * 1e3:.0f} ms, {floor_mb:.0f} MB ({subject_s / floor_s:.2f}x, "
        f"{subject_mb - floor_mb:+.1f} MB)"
    )
    assert subject_s <= START_RATIO * floor_s, f"{subject_s / floor_s:.2f}x"
    assert subject_mb - floor_mb <= MORE_MEGABYTES
