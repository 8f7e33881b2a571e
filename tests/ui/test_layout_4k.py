"""On a 3840x2160 screen at device pixel ratio 2 (a 4K laptop at 200 %), the window's layout
holds as at 1x: the layout tests of every system run again in a Qt started on such a screen.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
from PySide6.QtWidgets import QApplication
app = QApplication([])
screen = app.primaryScreen()
print(screen.size().width(), screen.size().height(), screen.devicePixelRatio())
"""


def test_the_layout_holds_on_a_4k_screen_at_device_pixel_ratio_2(tmp_path):
    config = tmp_path / "screens.json"
    screen = {"name": "4k", "x": 0, "y": 0, "width": 3840, "height": 2160, "logicalDpi": 96}
    config.write_text(json.dumps({"screens": [screen]}))
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "QT_SCALE_FACTOR": "2",
        "PYTHONPATH": str(ROOT),
    }
    probe = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    assert probe.stdout.split() == ["1920", "1080", "2.0"], probe.stderr[-2000:]
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:randomly"),
            "tests/ui/test_layout.py",
            "tests/ui/test_outcome_area.py",
            "tests/ui/test_check_form_layout.py",
        ],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
