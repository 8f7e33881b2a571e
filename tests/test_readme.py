"""The README's quick start is what CI runs: exactly two commands, the second in .ci/run."""

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_quick_start_has_exactly_two_commands_one_starts_the_app_one_runs_the_tests():
    start, test = quick_start_commands()
    assert "\n" not in start and "\n" not in test
    assert start.endswith("-m shadowdice")
    assert test.endswith("-m pytest")


def test_ci_runs_the_readme_test_command():
    _, test = quick_start_commands()
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci_lines
