"""Take every screenshot the README and the guide show, from the real app.

The app starts as ``python -m shadowdice --seed 9`` does, in an empty home of its own (no
settings, characters or history of yours; the settings are the defaults but for a dice colour
for some characters), on Qt's offscreen platform with one screen of
1366x768, so no window opens and no display is needed. It then plays a short evening with the
sample characters, a scene per picture, and writes each picture with the main window or the
dialog as a user sees it (without the window manager's frame)::

    python packaging/screenshots.py            # every picture into docs/pictures/
    python packaging/screenshots.py --quick --out /tmp/pictures   # fast: for the tests

Run it from the top of the repository, with Shadowdice installed in the interpreter that runs
it. Where pngquant is installed, the pictures are written again with a palette of at most 256
colours, about a third of their size; without it, or with ``--quick``, as Qt writes them.
``--quick`` also lays the dice without their animation.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.private_home import private_home_environment  # noqa: E402

#: Where the README and the guide find the pictures.
PICTURES = ROOT / "docs" / "pictures"
#: The seed the app is started with, so that every run throws the same dice.
SEED = 9
#: Each character's dice colour (Settings), so that the tray says whose dice they are.
DICE_COLOURS = {"Vex Calloway": "sky", "Jorna Eisenhand": "sand", "Alrik": "lilac"}
#: The screen the pictures are taken on: a game master's laptop.
SCREEN = (1366, 768)


@dataclass(frozen=True)
class Scene:
    """One picture: its file name and what the app does before it is taken."""

    name: str
    play: Callable


def environment(home: Path) -> dict[str, str]:
    """Offscreen Qt on one 1366x768 screen, and every per-user folder inside ``home``."""
    config = home / "offscreen.json"
    width, height = SCREEN
    screen = {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return {
        **private_home_environment(home),
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "LANGUAGE": "en",
        "LANG": "en_US.UTF-8",
    }


def turn() -> None:
    """Let Qt's event loop turn once, as it does while the app runs (widgets that asked to be
    deleted are deleted: outside a running loop Qt keeps them until it runs).
    """
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    time.sleep(0.01)


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let Qt run until ``condition`` holds; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError(f"the app did not get there in {timeout} s")
        turn()


def settle(seconds: float = 0.2) -> None:
    """Let Qt lay out, paint and finish what it queued."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        turn()


@contextmanager
def app_in(home: Path, animation: str = "normal") -> Iterator:
    """The real app started with the seed, in ``home``, each character's dice of a colour."""
    os.environ.update(environment(home))
    from PySide6.QtCore import QTimer

    from shadowdice.app import parse_arguments, start
    from shadowdice.storage.paths import AppPaths
    from shadowdice.storage.settings import Settings, SettingsStore

    paths = AppPaths.default().ensure()
    settings = Settings(language="en", dice_colours=DICE_COLOURS, animation=animation)
    SettingsStore(paths.settings_file).save(settings)
    app, window = start(parse_arguments(["--seed", str(SEED)]))
    window.crash_reporter.uninstall()  # an error stops the pictures instead of asking
    watchdog = QTimer(interval=500, timeout=stop_at_a_question)
    watchdog.start()
    try:
        window.resize(*SCREEN)
        settle()
        yield window
    finally:
        window.quit_after_error()  # without asking to save the evening's characters
        app.processEvents()


def stop_at_a_question() -> None:
    """End the run when a message box waits for an answer that no one will give."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    if isinstance(box := QApplication.activeModalWidget(), QMessageBox):
        print(f"stopped: the app asks {box.text()!r}", file=sys.stderr)
        os._exit(1)


def optimise(path: Path) -> None:
    """Write the picture again with a palette of at most 256 colours, where pngquant is
    installed (Debian: ``apt-get install pngquant``): a third of the size, alike to the eye.
    """
    if pngquant := shutil.which("pngquant"):
        command = [pngquant, "--force", "--skip-if-larger", "--strip", "--speed", "1"]
        subprocess.run([*command, "--output", str(path), str(path)], check=False)


def take(widget, path: Path) -> None:
    """Write what ``widget`` shows to ``path``, once every tray's dice lie still."""
    from PySide6.QtWidgets import QApplication

    from shadowdice.ui.play.tray.dice_tray import DiceTray

    trays = [w for w in QApplication.allWidgets() if isinstance(w, DiceTray)]
    wait_until(lambda: not any(tray.is_animating() for tray in trays))
    settle()
    if not widget.grab().save(str(path), "PNG", quality=0):  # 0: compressed the most
        raise OSError(f"could not write {path}")


# The scenes, in the order of an evening. Each returns the widget to take, or None for the
# main window.


def character(window, name: str):
    """The open character of this name, shown."""
    document = next(d for d in window.documents() if d.title == name)
    window.show_party_member(window.documents().index(document))
    return document


def roll(window, values: dict) -> None:
    """Roll the current character's check with these values, and wait for the dice."""
    window.check_panel.fill(values)
    window.check_panel.request_roll()
    wait_until(lambda: window.roll_panel.done_button.isEnabled())


def done(window) -> None:
    """Put the roll on the table in the history, as the next roll does: without Done's
    question when a fight stands before its next step (the history says where it stopped).
    """
    window.roll_panel.finish()
    settle()


def recovery(window):
    """The start after a crash: the characters left unsaved are offered back."""
    from PySide6.QtWidgets import QApplication

    from shadowdice.ui.recovery_dialog import RecoveryDialog

    wait_until(lambda: any(isinstance(w, RecoveryDialog) for w in QApplication.topLevelWidgets()))
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, RecoveryDialog))


def welcome(window) -> None:
    """The changes are discarded: the welcome screen, with a sample character of every
    system.
    """
    recovery(window).discard_button.click()


def edit_sheet(window) -> None:
    """The evening's party opened from the samples; Jorna's sheet in Edit."""
    for system in PARTY:
        window.open_sample(system)
    character(window, "Jorna Eisenhand")
    window.toggle_play_edit()


def play_roll(window) -> None:
    """Vex Calloway rolls Pistols against a threshold; Edge is offered after the roll."""
    window.toggle_play_edit()
    window.game_table.open_table_window().resize(*SCREEN)
    character(window, "Vex Calloway")
    roll(window, {"skill": "Pistols", "threshold": 3})


def press(window, button_name: str) -> None:
    """Press the offered follow-up whose button is named so, by its key (Ctrl+1 ...)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    buttons = [b.objectName() for b in window.roll_panel.action_buttons()]
    wait_until(lambda: window.roll_panel.action_buttons()[buttons.index(button_name)].isEnabled())
    key = Qt.Key(Qt.Key.Key_1.value + buttons.index(button_name))
    QTest.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
    settle()


def offered(window) -> list[str]:
    """The names of the follow-up buttons offered now."""
    return [button.objectName() for button in window.roll_panel.action_buttons()]


def group_roll(window):
    """Alrik and a bandit of the game master's meet: the group roll holds a combat phase."""
    done(window)
    system = window.registry.get("heldenhandbuch")
    window.system_selector.setCurrentIndex(window.system_selector.findData(system.id))
    for name, armor in (("Alrik", []), ("Brun", [CHAIN_SHIRT])):
        sheet = system.new_sheet().model_dump(mode="json")
        for skill in sheet["skills"]:
            if skill["name"] == "Basic martial arts":
                skill |= {"value": 16, "base_die": "W20", "bonus_dice": 3}
        window.new_character(
            system.sheet_type.model_validate(sheet | {"name": name, "armor": armor})
        )
        window.toggle_play_edit()
    character(window, "Alrik")
    dialog = window.open_group_roll()
    for document in (d for d in window.documents() if d.system is dialog.system):
        dialog.set_member(document, document.title in ("Alrik", "Brun"))
    settle()
    return dialog


def fight(window) -> None:
    """Everyone throws; Alrik takes the initiative and attacks; Brun must block."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    dialog = group_roll_dialog(window)
    dialog.roll_button.click()
    wait_until(lambda: any(name.startswith("action_initiative") for name in offered(window)))
    press(window, "action_initiative:0")
    wait_until(lambda: any(name.startswith("action_attack") for name in offered(window)))
    press(window, next(n for n in offered(window) if n.startswith("action_attack")))
    QTest.keyClick(window, Qt.Key.Key_Return)  # Enter takes the picked dice
    wait_until(lambda: "action_let_through" in offered(window))


def group_roll_dialog(window):
    """The group roll dialog open now."""
    from shadowdice.ui.play.group_roll_dialog import GroupRollDialog

    return window.findChild(GroupRollDialog)


def table_window(window):
    """The players' window on the second screen follows the public roll."""
    settle(0.5)
    return window.game_table.table_window


def secret_roll(window) -> None:
    """The game master rolls Perception secretly: a bar over the tray says so, the players'
    window shows at most that a secret roll was made.
    """
    done(window)
    character(window, "Vex Calloway")
    window.game_table.secret_action.setChecked(True)
    roll(window, {"skill": "Perception"})


def real_dice(window) -> None:
    """Ilse Brandt's player throws real dice: the roll waits for the faces typed in."""
    done(window)
    window.game_table.secret_action.setChecked(False)
    character(window, "Ilse Brandt")
    window.game_table.real_dice_action.setChecked(True)
    window.check_panel.request_roll()
    wait_until(lambda: window.roll_panel.waiting())


def settings(window):
    """The settings dialog."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.keyClick(window.roll_panel.entry, Qt.Key.Key_Escape)  # the roll is withdrawn
    window.game_table.real_dice_action.setChecked(False)
    dialog = window.open_settings()
    settle()
    return dialog


def german(window) -> None:
    """The same table in German: Jorna throws a cascade roll."""
    dialog = window.open_settings()
    from PySide6.QtWidgets import QComboBox

    language = dialog.findChild(QComboBox, "language")
    language.setCurrentIndex(language.findData("de"))
    dialog.accept()
    character(window, "Jorna Eisenhand")
    roll(window, {"what": "attribute:Strength", "roll": "cascade"})


#: The bandit's armor in the fight.
CHAIN_SHIRT = {"name": "Chain shirt", "protection": 3, "quality": 10}

#: The sample characters of the evening, by system.
PARTY = ("heldenhandbuch", "phasesix", "starwars_d6", "generic_dice", "shadowrun4")

SCENES = [
    Scene("recovery", recovery),
    Scene("welcome", welcome),
    Scene("edit-sheet", edit_sheet),
    Scene("play-roll", play_roll),
    Scene("group-roll", group_roll),
    Scene("heldenhandbuch-fight", fight),
    Scene("table-window", table_window),
    Scene("secret-roll", secret_roll),
    Scene("real-dice", real_dice),
    Scene("settings", settings),
    Scene("german", german),
]


def crash(home: Path) -> None:
    """A run that ends without saving: a changed character is written aside, then the
    process is killed as a crash would end it.
    """
    import signal

    with app_in(home) as window:
        document = window.open_sample("shadowrun4")
        spec = document.resources()[0]
        document.set_resource(spec, 2)
        window.save_recovery_now()
        os.kill(os.getpid(), signal.SIGKILL)


def main(argv: list[str] | None = None) -> int:
    """Take the pictures; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=PICTURES, help="folder for the pictures")
    parser.add_argument(
        "--quick", action="store_true", help="dice without animation, pictures not optimised"
    )
    parser.add_argument("--crash", type=Path, help=argparse.SUPPRESS)  # the run that crashes
    arguments = parser.parse_args(argv)
    if arguments.crash is not None:
        crash(arguments.crash)
    arguments.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        subprocess.run(
            [sys.executable, __file__, "--crash", str(home)],
            env={**os.environ, **environment(home)},
            stderr=subprocess.DEVNULL,
            check=False,
            timeout=60,
        )
        with app_in(home, "off" if arguments.quick else "normal") as window:
            for scene in SCENES:
                target = scene.play(window) or window
                path = arguments.out / f"{scene.name}.png"
                take(target, path)
                if not arguments.quick:
                    optimise(path)
                print(f"{path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
