"""Every command in the README works as written from a fresh clone.

CI (``.ci/run``) runs the Linux quick start on a fresh clone. This test checks that it does,
runs here what a test can (the Python version check, the system libraries, the example that
opens the sample character with a seed), checks that every file a command names exists, and
that the macOS and Windows blocks say the same as the Linux one in their own words.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shadowdice.core.dice import RandomDiceSource
from shadowdice.storage.character_file import load_character
from shadowdice.systems import builtin_registry

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: The engineering detail the README points to, with commands of its own.
DEVELOPER_DOCS = {
    name: (ROOT / "docs" / name).read_text(encoding="utf-8")
    for name in ("performance.md", "building.md", "translations.md")
}
VENV_PYTHON = {"linux": ".venv/bin/python", "windows": ".venv\\Scripts\\python.exe"}


def section(title: str, text: str = README, level: str = "##") -> str:
    """The text under a heading, up to the next heading of the same level or higher."""
    start = text.index(f"\n{level} {title}\n")
    rest = text[start + len(title) + len(level) + 2 :]
    ends = [rest.find(f"\n{mark} ") for mark in ("#", "##", "###")[: len(level)]]
    ends = [end for end in ends if end != -1]
    return rest[: min(ends)] if ends else rest


def command_lines(text: str, language: str) -> list[str]:
    """Every line of the code blocks of ``language`` in ``text``."""
    blocks = re.findall(rf"```{language}\n(.*?)```", text, re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def quick_start(system: str) -> list[str]:
    language = "powershell" if system == "Windows (PowerShell)" else "sh"
    return command_lines(section(system, section("Quick start"), "###"), language)


LINUX = quick_start("Linux")
MACOS = quick_start("macOS")
WINDOWS = quick_start("Windows (PowerShell)")


def test_each_system_has_the_version_check_the_install_the_run_and_the_test():
    for lines, python in ((LINUX, "python3"), (MACOS, "python3.11"), (WINDOWS, "py -3.11")):
        assert lines[0] == f"{python} --version"
        assert f"{python} -m venv .venv" in lines
        assert any(line.endswith("-m shadowdice") for line in lines)
        assert lines[-1].endswith("-m pytest")


def test_linux_has_one_apt_line_and_only_linux_has_it():
    apt = [line for line in LINUX if "apt-get" in line]
    assert len(apt) == 1 and apt[0].startswith("sudo apt-get install -y ")
    assert not [line for line in MACOS + WINDOWS if "apt" in line]


def test_macos_says_what_linux_says_with_a_python_new_enough():
    linux = [line.replace("python3 ", "python3.11 ") for line in LINUX if "apt-get" not in line]
    assert linux == MACOS


def test_windows_says_what_linux_says_in_powershell_5_1():
    linux = [
        line.replace(VENV_PYTHON["linux"], VENV_PYTHON["windows"]).replace("python3 ", "py -3.11 ")
        for line in LINUX
        if "apt-get" not in line
    ]
    assert linux == WINDOWS
    for line in command_lines(README, "powershell"):
        assert "&&" not in line  # Windows PowerShell 5.1 has no &&
        assert "/" not in line.split(" ", 1)[0]  # a program path in Windows' own words


def test_ci_runs_the_linux_quick_start_from_a_fresh_clone():
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    steps = [line for line in LINUX[1:] if "apt-get" not in line and "-m shadowdice" not in line]
    positions = [ci.index(step) for step in steps]
    assert positions == sorted(positions)
    assert ci.index("rm -rf .venv") < positions[0]


def test_ci_runs_the_lint_command_of_the_developer_section():
    # Given the README's lint command
    (lint,) = [line for line in command_lines(section("For developers"), "sh") if "ruff" in line]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]

    # Then CI runs each of its parts, lint and format check, on the whole tree
    parts = [part.strip() for part in lint.split("&&")]
    assert parts == [".venv/bin/ruff check .", ".venv/bin/ruff format --check ."]
    assert all(part in ci for part in parts)


def test_the_python_version_check_runs_as_written_and_finds_3_11_or_newer():
    if shutil.which("python3") is None:
        pytest.skip("no python3 on this machine")
    result = subprocess.run(shlex.split(LINUX[0]), capture_output=True, text=True, check=True)
    version = tuple(int(part) for part in result.stdout.split()[1].split(".")[:2])
    assert version >= (3, 11)


@pytest.mark.skipif(shutil.which("apt-get") is None, reason="not a Debian system (no apt-get)")
def test_the_apt_line_names_packages_that_exist():
    (apt,) = [line for line in LINUX if "apt-get" in line]
    packages = apt.split("install -y ", 1)[1].split()
    result = subprocess.run(
        ["apt-get", "install", "--simulate", "--no-install-recommends", *packages],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "text", [README, *DEVELOPER_DOCS.values()], ids=["README", *DEVELOPER_DOCS]
)
def test_every_file_a_command_names_is_in_the_repo(text):
    lines = command_lines(text, "sh") + command_lines(text, "powershell")
    lines += re.findall(r"`((?:\.venv|iscc|packaging)[^`\n]*)`", text)  # commands in tables
    words = (re.sub(r"^[A-Z_]+=", "", word) for line in lines for word in line.split())
    paths = {
        word.replace("\\", "/")
        for word in words
        if re.search(r"[/\\]|\.(py|sh|spec|iss|shadowdice)$", word)
        and not word.startswith((".venv", "-", '"', "dist/"))  # dist/: what a build makes
    }
    assert paths
    assert [path for path in sorted(paths) if not (ROOT / path).exists()] == []


def test_the_seed_example_opens_the_sample_character_and_rolls_with_that_seed(tmp_path):
    # Given the README's example, as the Linux reader types it
    (example,) = [line for line in command_lines(section("Using it"), "sh") if "--seed" in line]
    words = shlex.split(example)
    assert words[0] == VENV_PYTHON["linux"]
    home = tmp_path / "home"
    home.mkdir()
    environment = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_DOCUMENTS_DIR": str(home / "Documents"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    record = tmp_path / "roll.json"

    # When it runs with this interpreter, and rolls Pistols at once instead of waiting
    result = subprocess.run(
        [sys.executable, *words[1:], "--roll", '{"skill": "Pistols"}', "--write-result", record],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )

    # Then Kira's Pistols were rolled, and the same seed gives the same faces again
    assert result.returncode == 0, result.stderr
    rolled = json.loads(record.read_text(encoding="utf-8"))
    assert (rolled["character"], rolled["system"]) == ("Kira", "shadowrun4")
    assert "Pistols" in rolled["check"]
    loaded = load_character(ROOT / words[-1], builtin_registry())
    system, sheet = loaded.system, loaded.sheet
    values = {param.key: param.default for param in system.check_params(sheet, {})}
    session = system.start_check(sheet, {**values, "skill": "Pistols"}, RandomDiceSource(42), {})
    expected = session.finish().model_dump(mode="json")
    assert rolled["throws"] == expected["throws"]
