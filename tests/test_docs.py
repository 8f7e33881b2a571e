"""The docs live in the repo and point only inside it; their links lead somewhere."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
DOCS = sorted((ROOT / "docs").rglob("*.md"))
#: Every text file of the project a reader or a build looks at.
PROJECT_FILES = [
    path
    for pattern in ("*.py", "*.md", "*.toml", "*.spec", "*.yml", "*.sh", "*.iss", "run")
    for path in ROOT.rglob(pattern)
    if not {".git", ".venv", "build", "dist"} & set(path.relative_to(ROOT).parts)
]
#: What would point outside the repo: the starting design, a sibling folder, a rule text file.
OUTSIDE = re.compile(r"DESIGN\.md|\.\./shared|\b\d{3}_[0-9a-f]{16}\.txt")


def test_the_docs_that_teammates_and_newcomers_need_exist():
    names = {path.relative_to(ROOT / "docs").as_posix() for path in DOCS}
    expected = {"architecture.md", "adding-a-system.md", "file-format.md", "rules/README.md"}
    assert expected <= names
    packages = (ROOT / "shadowdice" / "systems").glob("*/__init__.py")
    assert {f"rules/{package.parent.name}.md" for package in packages} <= names


def test_no_file_points_outside_the_repo():
    offenders = [
        f"{path.relative_to(ROOT)}: {found}"
        for path in PROJECT_FILES
        if path != Path(__file__)
        for found in OUTSIDE.findall(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert len(PROJECT_FILES) > 100
    assert offenders == []


@pytest.mark.parametrize("path", [*DOCS, ROOT / "README.md"], ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file(path):
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
        if "://" not in target:
            assert (path.parent / target).exists(), f"{path.name} links to {target}"


def test_the_checklist_for_a_new_system_names_every_hook_of_a_rule_system():
    from shadowdice.core.registry import RuleSystem

    checklist = (ROOT / "docs" / "adding-a-system.md").read_text(encoding="utf-8")
    hooks = [name for name in vars(RuleSystem) if not name.startswith("_")]
    assert "start_check" in hooks
    assert [hook for hook in hooks if f"`{hook}" not in checklist] == []


def test_the_picture_of_the_window_names_modules_that_exist():
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = architecture[architecture.index("\n## The main window and its parts\n") :]
    picture = re.search(r"```\n(.*?)```", section, re.S).group(1)
    named = set(re.findall(r"[\w/]+\.py|[\w/]+/(?=:)", picture))
    ui = ROOT / "shadowdice" / "ui"
    # the tray's modules are named by their folder: play/tray/ holds dice_tray.py ...
    folders = {name.rsplit("/", 1)[0] for name in named if "/" in name}
    paths = [name if "/" in name or (ui / name).exists() else f"play/tray/{name}" for name in named]
    assert len(named) >= 15
    assert [path for path in sorted(paths) if not (ui / path).exists()] == []
    assert {folder for folder in folders if not (ui / folder).is_dir()} == set()
