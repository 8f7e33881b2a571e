"""The pictures of the README and the guide are there, small, and made by one command.

``packaging/screenshots.py`` starts the real app offscreen and writes every picture; this test
runs it (quick: not optimised) into a temporary folder and checks that it writes exactly the
pictures the README and the guide show, at the size a game master's laptop has.
"""

import re
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).parents[1]
PICTURES = ROOT / "docs" / "pictures"
#: The pages that show pictures, and the folder their links start from.
PAGES = {ROOT / "README.md": ROOT, ROOT / "docs" / "guide.md": ROOT / "docs"}
#: All the pictures together stay below this, so that a clone stays light.
MOST_BYTES = 3 * 1024 * 1024


def shown(page: Path) -> set[Path]:
    """The pictures a page shows, as files."""
    text = page.read_text(encoding="utf-8")
    return {(PAGES[page] / link).resolve() for link in re.findall(r"!\[[^\]]*\]\(([^)\s]+)", text)}


def test_every_picture_shown_is_in_the_pictures_folder_and_every_one_there_is_shown():
    pictures = set().union(*(shown(page) for page in PAGES))
    # The README shows the play view, a fight, the table window and German at least
    assert {p.name for p in shown(ROOT / "README.md")} >= {
        "play-roll.png",
        "heldenhandbuch-fight.png",
        "table-window.png",
        "german.png",
    }
    assert [p for p in pictures if p.parent != PICTURES.resolve() or not p.exists()] == []
    assert set(PICTURES.resolve().glob("*.png")) == pictures


def test_the_pictures_are_small():
    sizes = [path.stat().st_size for path in PICTURES.glob("*.png")]
    assert sizes and sum(sizes) < MOST_BYTES


def test_every_picture_has_alternative_text():
    for page in PAGES:
        for alternative in re.findall(r"!\[([^\]]*)\]", page.read_text(encoding="utf-8")):
            assert len(alternative.split()) >= 2, f"{page.name}: say what the picture shows"


def test_the_command_writes_every_picture_shown(tmp_path):
    # When the README's command runs, quick, into a folder of its own
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "screenshots.py"), "--quick", "--out", tmp_path],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr

    # Then it wrote each picture the pages show, and no other
    written = {path.name for path in tmp_path.glob("*.png")}
    assert written == {path.name for path in PICTURES.glob("*.png")}
    # And the main window's pictures are at 1366x768, as on a game master's laptop
    for name in ("play-roll.png", "heldenhandbuch-fight.png", "german.png"):
        image = QImage(str(tmp_path / name))
        assert (image.width(), image.height()) == (1366, 768), name


def test_the_readme_s_developer_section_gives_the_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    developers = readme[readme.index("\n## For developers\n") :]
    blocks = "".join(re.findall(r"```sh\n(.*?)```", developers, re.S))
    assert ".venv/bin/python packaging/screenshots.py\n" in blocks
