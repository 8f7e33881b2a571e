"""The dice tray: 30 dice settling, and a repaint of the tray at rest.

Targets (run under Xvfb, ``QT_QPA_PLATFORM=xcb``, where frames reach a real X server):

- while 30 dice tumble in, the tray paints at least 58 frames a second, that is at least
  58/60 of the frames Qt delivers in the same run to a widget that paints nothing but is
  updated by an animation of the same length (the floor);
- it takes at most 40 % of a core meanwhile (the process's CPU time over the wall time);
- one full repaint of the settled tray takes at most 4 ms.

The tray is the size it has in the main window at 1366x768, 660x380 pixels.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time

import pytest
from PySide6.QtCore import QEvent, QObject, QVariantAnimation
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from shadowdice.core.die import Die, Mark
from shadowdice.ui.play.tray.dice_tray import DEFAULT_DURATION_MS, DiceTray

DICE = 30
THROWS = 6
WIDTH, HEIGHT = 660, 380
FRAMES_PER_SECOND = 58
SCREEN_RATE = 60
MOST_OF_A_CORE = 0.40
REPAINT_MS = 4.0
REPAINTS = 40


def thirty_dice(throw: int) -> list[Die]:
    """A Shadowrun pool of 30 dice: hits marked, ones marked, a chain of sixes now and then."""
    dice = []
    for number, face in zip(range(DICE), itertools.cycle((1, 2, 5, 6, 3, 4, 6)), strict=False):
        faces = (6, 6, 2) if face == 6 and number % 4 == 0 else (face,)
        marks = {Mark.HIT} if face >= 5 else {Mark.GLITCH} if face == 1 else {Mark.MISS}
        if len(faces) > 1:
            marks.add(Mark.EXPLODED)
        dice.append(Die(throw * 100 + number, 6, faces, "", frozenset(marks)))
    return dice


class PaintCounter(QObject):
    """Counts the paint events of a widget."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.frames = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.frames += 1
        return False


class Blank(QWidget):
    """The floor: a widget that paints one colour, updated on every step of an animation."""

    def paintEvent(self, event) -> None:
        QPainter(self).fillRect(self.rect(), 0x1B4332)


def frame_rate_and_load(qtbot, widget: QWidget, run_once) -> tuple[float, float]:
    """Frames a second and share of a core while ``run_once`` runs ``THROWS`` times."""
    counter = PaintCounter(widget.viewport() if isinstance(widget, DiceTray) else widget)
    wall = cpu = 0.0
    frames = 0
    for throw in range(THROWS):
        counter.frames = 0
        started, cpu_started = time.perf_counter(), time.process_time()
        run_once(throw)
        wall += time.perf_counter() - started
        cpu += time.process_time() - cpu_started
        frames += counter.frames
    return frames / wall, cpu / wall


@pytest.fixture
def tray(qtbot) -> DiceTray:
    tray = DiceTray(rng=random.Random(30))
    qtbot.addWidget(tray)
    tray.resize(WIDTH, HEIGHT)
    tray.show()
    qtbot.waitExposed(tray)
    return tray


@pytest.fixture
def blank(qtbot) -> Blank:
    blank = Blank()
    qtbot.addWidget(blank)
    blank.resize(WIDTH, HEIGHT)
    blank.show()
    qtbot.waitExposed(blank)
    return blank


@pytest.mark.benchmark(group="tray")
def test_thirty_dice_settle_at_the_frame_rate_of_the_screen(benchmark, qtbot, tray, blank):
    # Given the tray, and a blank widget animated as long as a throw (the floor)
    def throw_dice(throw: int) -> None:
        with qtbot.waitSignal(tray.dice_settled, timeout=5000):
            tray.show_dice(thirty_dice(throw), [die.id for die in thirty_dice(throw)])

    def animate_blank(throw: int) -> None:
        animation = QVariantAnimation(blank)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(DEFAULT_DURATION_MS)
        animation.valueChanged.connect(blank.update)
        with qtbot.waitSignal(animation.finished, timeout=5000):
            animation.start()

    # When 30 dice are thrown onto the tray, again and again, and the blank widget animated
    results = {}

    def both() -> None:
        results["floor"] = frame_rate_and_load(qtbot, blank, animate_blank)
        results["tray"] = frame_rate_and_load(qtbot, tray, throw_dice)

    benchmark.pedantic(both, rounds=1, iterations=1)
    (tray_fps, tray_load), (floor_fps, floor_load) = results["tray"], results["floor"]
    benchmark.extra_info.update(
        tray_frames_per_s=round(tray_fps, 1),
        floor_frames_per_s=round(floor_fps, 1),
        tray_share_of_a_core=round(tray_load, 3),
        floor_share_of_a_core=round(floor_load, 3),
    )

    # Then the tray keeps up with the floor's frame rate and leaves most of the core free
    figures = f"tray {tray_fps:.1f} fps, {tray_load:.0%}; floor {floor_fps:.1f} fps"
    assert tray_fps >= floor_fps * FRAMES_PER_SECOND / SCREEN_RATE, figures
    assert tray_load <= MOST_OF_A_CORE, figures
    assert all(not item.rolling for item in tray.die_items())


@pytest.mark.benchmark(group="tray")
def test_one_full_repaint_of_thirty_settled_dice(benchmark, qtbot, tray, blank):
    # Given 30 dice lying still on the tray
    with qtbot.waitSignal(tray.dice_settled, timeout=5000):
        tray.show_dice(thirty_dice(0), [], animate=False)
    tray.viewport().repaint()  # the first paint of each die may build what it keeps

    # When the whole tray is repainted, alternately with the blank widget
    tray_times, floor_times = [], []

    def repaint_both() -> None:
        started = time.perf_counter()
        blank.repaint()
        middle = time.perf_counter()
        tray.viewport().repaint()
        floor_times.append(middle - started)
        tray_times.append(time.perf_counter() - middle)

    benchmark.pedantic(repaint_both, rounds=REPAINTS, iterations=1)
    tray_ms = statistics.median(tray_times) * 1e3
    floor_ms = statistics.median(floor_times) * 1e3
    benchmark.extra_info.update(repaint_ms=round(tray_ms, 3), floor_ms=round(floor_ms, 3))

    # Then a repaint takes a small part of a frame
    assert tray_ms <= REPAINT_MS, f"tray {tray_ms:.2f} ms, blank widget {floor_ms:.2f} ms"
