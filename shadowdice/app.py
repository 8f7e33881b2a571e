"""Starting Shadowdice: command line, Qt application, and the main window with what it needs."""

from __future__ import annotations

import argparse
import json
import linecache
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from shadowdice import __version__
from shadowdice.core.collector import collector_resting
from shadowdice.core.language import translations

_, _n = translations(__name__)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from shadowdice.ui.main_window import MainWindow


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The command line: character files to open, and a seed for reproducible dice.

    >>> parse_arguments(["--seed", "7", "kira.json"]).seed
    7
    """
    parser = argparse.ArgumentParser(prog="shadowdice", description="Shadowdice dice companion")
    parser.add_argument("files", nargs="*", type=Path, help="character files to open")
    parser.add_argument("--seed", type=int, help="seed the dice, to replay a session")
    parser.add_argument("--version", action="version", version=f"Shadowdice {__version__}")
    # For the installers' smoke test (tests/packaging/): roll one check, write it, quit.
    parser.add_argument("--roll", type=check_values, metavar="CHECK", help=argparse.SUPPRESS)
    parser.add_argument("--write-result", type=Path, metavar="FILE", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if (arguments.roll is None) != (arguments.write_result is None):
        parser.error("--roll and --write-result go together")
    return arguments


def check_values(text: str) -> dict[str, Any]:
    """``--roll``: check values as a JSON object, e.g. ``{"skill": "Pistols"}``.

    >>> check_values('{"skill": "Pistols", "threshold": 2}')
    {'skill': 'Pistols', 'threshold': 2}
    """
    try:
        values = json.loads(text)
    except json.JSONDecodeError as error:
        raise argparse.ArgumentTypeError(f"not JSON: {error}") from error
    except ValueError as error:  # a number of thousands of digits
        raise argparse.ArgumentTypeError(f"not check values: {error}") from error
    if not isinstance(values, dict):
        raise argparse.ArgumentTypeError("not a JSON object of check values")
    return {key: tuple(v) if isinstance(v, list) else v for key, v in values.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app until its window closes; returns the exit code."""
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    # A start imports some two hundred modules and builds the window, objects that live as
    # long as the app: the collector rests meanwhile and is kept from walking them afterwards.
    with collector_resting():
        app, window = start(arguments)
    try:
        return app.exec()
    finally:
        window.crash_reporter.uninstall()


def start(arguments: argparse.Namespace) -> tuple[QApplication, MainWindow]:
    """The Qt application and the main window on screen, with the files of the command line
    open; the event loop does not run yet. What nobody waits for waits until the window is
    painted (:func:`finish_start`).
    """
    from shadowdice.ui.native_warm_up import warm_up_natively

    loading_qt = warm_up_natively()  # on the second core, while the core is imported
    without_pydantic_plugins()
    import_core()
    from PySide6.QtWidgets import QApplication

    from shadowdice.core.dice import RandomDiceSource
    from shadowdice.storage.paths import AppPaths
    from shadowdice.storage.settings import SettingsStore
    from shadowdice.systems import builtin_registry
    from shadowdice.ui.first_paint import after_first_paint
    from shadowdice.ui.main_window import MainWindow
    from shadowdice.ui.theme import apply_theme

    forget_module_sources()
    if loading_qt is not None:
        loading_qt.join()  # fontconfig ready before Qt asks it for fonts
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName("Shadowdice")
    app.setDesktopFileName("shadowdice")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Shadowdice")
    apply_theme(app)
    paths = AppPaths.default()
    window = MainWindow(
        registry=builtin_registry(),
        paths=paths,
        settings=SettingsStore(paths.settings_file),
        dice_source=RandomDiceSource(arguments.seed),
    )
    window.files.hold_saving()  # writing the settings syncs the disk: once on screen
    window.show()
    after_first_paint(window, lambda: finish_start(app, window))
    window.crash_reporter.install()
    window.offer_recovery()
    window.show_earlier_sessions()
    if arguments.files:
        window.open_paths(arguments.files)
    else:
        window.reopen_last_party()
    forget_module_sources()
    if sys.platform == "darwin":  # macOS hands files over as events, and only macOS
        # (a filter of the whole app costs every event of every window a call into Python)
        from shadowdice.ui.file_open import FileOpenEvents

        app.installEventFilter(FileOpenEvents(window.open_path, app))
    if arguments.roll is not None:
        from PySide6.QtCore import QTimer

        def roll() -> None:
            app.exit(roll_and_write(window, arguments.roll, arguments.write_result))

        QTimer.singleShot(0, roll)
    return app, window


def finish_start(app: QApplication, window: MainWindow) -> None:
    """What a start leaves until its window is painted, as nobody waits for it: writing the
    settings (which syncs the disk), the app's icon (a drawing, rendered at every size the
    platform asks for) and the models of roll records, built before the first roll needs them.
    """
    from PySide6.QtGui import QIcon

    from shadowdice.core import record
    from shadowdice.ui.resources import resource_path

    window.files.release_saving()
    app.setWindowIcon(QIcon(str(resource_path("icons/shadowdice.svg"))))
    record.build_models()


#: The values of ``PYDANTIC_DISABLE_PLUGINS`` with which pydantic loads none of its plugins.
NO_PYDANTIC_PLUGINS = ("__all__", "1", "true")

#: pydantic's module that finds its plugins (and imports ``importlib.metadata`` to do so).
PYDANTIC_PLUGIN_LOADER = "pydantic.plugin._loader"


def without_pydantic_plugins() -> None:
    """Tell pydantic that Shadowdice uses none of its plugins, unless the environment says
    otherwise (``PYDANTIC_DISABLE_PLUGINS``, as pydantic documents it).

    Otherwise the first model built looks through the entry points of every installed
    distribution for plugins, on the way to the window. With its plugins off, pydantic's
    loader of plugins answers "none" without looking; it still imports ``importlib.metadata``
    (with ``email``, ``zipfile`` and more, some 15 ms) as it is first asked, so it gets a loader
    that gives the same answer without importing anything.
    """
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if os.environ["PYDANTIC_DISABLE_PLUGINS"] in NO_PYDANTIC_PLUGINS:
        sys.modules.setdefault(PYDANTIC_PLUGIN_LOADER, no_plugin_loader())


def no_plugin_loader() -> ModuleType:
    """A module in place of pydantic's loader of plugins, for when its plugins are off: its
    ``get_plugins()`` finds none, as pydantic's does then.
    """
    loader = ModuleType(PYDANTIC_PLUGIN_LOADER, "pydantic's plugins, all of them off")
    loader.get_plugins = tuple
    return loader


def import_core() -> None:
    """Import the modules of the window that do without Qt, before Qt.

    Once PySide6 is imported, it reads the source of every module imported after it, to see
    whether the module uses its ``__feature__`` switches: some 150 modules of pydantic, the
    standard library and Shadowdice's core that never do. Imported first, they are not read.
    """
    import shadowdice.core.memory
    import shadowdice.core.odds
    import shadowdice.core.replay
    import shadowdice.core.session
    import shadowdice.network.characters
    import shadowdice.storage.character_file
    import shadowdice.storage.recovery
    import shadowdice.storage.roll_export
    import shadowdice.storage.roll_log
    import shadowdice.storage.settings
    import shadowdice.systems  # noqa: F401


def forget_module_sources() -> None:
    """Drop the source lines Python keeps of the modules imported so far.

    PySide6 reads the source of every module imported after it (to see whether the module
    uses its ``__feature__`` switches), and Python keeps those lines for tracebacks: some
    10 MB for Shadowdice and its libraries, needed by nothing. A traceback reads them again.
    """
    linecache.clearcache()


def roll_and_write(window: MainWindow, values: dict[str, Any], result: Path) -> int:
    """Roll a check for the current character as the Roll button does, with ``values`` over
    the check panel's own; finish the roll at once and write its record to ``result`` as JSON.

    Returns the exit code: 0 when the record was written, 1 when nothing was rolled (no
    character open, or the check refused; the reason goes to stderr).
    """
    records = []
    window.roll_panel.roll_finished.connect(records.append)
    window.statusBar().clearMessage()
    window.check_panel.roll_requested.emit({**window.check_panel.values(), **values})
    window.roll_panel.finish()
    if not records:
        reason = window.statusBar().currentMessage() or _("no character is open")
        print(f"shadowdice: nothing was rolled: {reason}", file=sys.stderr)
        return 1
    result.write_text(records[0].model_dump_json(indent=2) + "\n", encoding="utf-8")
    return 0
