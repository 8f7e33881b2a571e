"""How a throw tumbles onto the tray: new dice tumble in, dice already there glide aside.

A throw's animation runs from progress 0 to 1. Each new die starts off the left edge of the
view, a little later than the die before it, and hops, spins and shrinks onto its place while
its face flickers; near the end it shows its real face. Dice already on the tray glide to their
new places over the whole animation. :class:`ThrowAnimation` reads each die's place from the
scene's current layout on every frame, so a resize mid-throw steers the dice to their new
places.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QVariantAnimation, Signal

from shadowdice.ui.play.tray.die_item import DieItem
from shadowdice.ui.play.tray.scene import TrayScene

#: Total time of a throw's animation, in milliseconds.
DEFAULT_DURATION_MS = 550

#: Share of the animation each die spends tumbling; the rest staggers their start.
_TUMBLE_SPAN = 0.72
#: Face flickers per tumble, and the share of the tumble after which the real face shows.
_FLICKERS = 9
_REAL_FACE_AT = 0.78


class ThrowAnimation(QObject):
    """A throw tumbling onto a :class:`~shadowdice.ui.play.tray.scene.TrayScene`.

    Signals:
        finished(): the animation ran to its end (not after :meth:`stop`).
    """

    finished = Signal()

    def __init__(self, scene: TrayScene, rng: random.Random, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scene = scene
        self._rng = rng
        self._tumbles: dict[int, _Tumble] = {}
        self._moves: dict[int, QPointF] = {}
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._connect_signals()

    def _connect_signals(self) -> None:
        self._animation.valueChanged.connect(self._on_animation_value_changed)
        self._animation.finished.connect(self._on_animation_finished)

    def is_running(self) -> bool:
        """Whether dice are still tumbling in."""
        return self._animation.state() == QVariantAnimation.State.Running

    def start(
        self,
        animated: Sequence[int],
        old_positions: Mapping[int, QPointF],
        new_ids: Collection[int],
        *,
        visible: QRectF,
        duration_ms: int,
    ) -> None:
        """Tumble the ``animated`` dice in, one after another, over ``duration_ms``.

        Dice not in ``new_ids`` glide from their ``old_positions`` to their places; any other
        die is put in its place at once. ``visible`` is the part of the scene the view shows.
        """
        layout = self._scene.layout
        targets = layout.positions
        tumbles = _start_tumbles(
            [self._scene.die_item(die_id) for die_id in animated],
            [targets[die_id] for die_id in animated],
            layout.size,
            visible,
            self._rng,
        )
        self._tumbles = dict(zip(animated, tumbles, strict=True))
        self._moves = {
            die_id: position
            for die_id, position in old_positions.items()
            if die_id not in new_ids and die_id in targets
        }
        for item in self._scene.die_items():
            die_id = item.die.id
            if die_id not in self._tumbles and die_id not in self._moves:
                item.setPos(targets[die_id])
        self._animation.setDuration(duration_ms)
        self._on_animation_value_changed(0.0)
        self._animation.start()

    def stop(self) -> None:
        """Stop where the dice are, without ``finished``; the tray then puts them in place."""
        if self.is_running():
            self._animation.stop()
        self._tumbles = {}
        self._moves = {}

    def _on_animation_value_changed(self, value: object) -> None:
        progress = float(value)  # type: ignore[arg-type]
        layout = self._scene.layout
        for die_id, tumble in self._tumbles.items():
            item = self._scene.die_item(die_id)
            tumble.move(item, layout.positions[die_id], layout.size, progress, self._rng)
        for die_id, start in self._moves.items():
            self._scene.die_item(die_id).setPos(_glide(start, layout.positions[die_id], progress))

    def _on_animation_finished(self) -> None:
        self._tumbles = {}
        self._moves = {}
        self.finished.emit()


@dataclass
class _Tumble:
    """How one new die tumbles in.

    Attributes:
        start: where the die comes from, off the left edge of the view.
        spin: how far it turns on its way, in degrees.
        delay: the progress of the whole throw at which it starts.
        flicker: the flicker of the face shown last (-1 before the first).
    """

    start: QPointF
    spin: float
    delay: float
    flicker: int = -1

    def move(
        self, item: DieItem, target: QPointF, size: float, progress: float, rng: random.Random
    ) -> None:
        """Put ``item`` where this tumble has it at ``progress`` of the throw; settle at the end."""
        if not item.rolling:
            return
        local = min(1.0, max(0.0, (progress - self.delay) / _TUMBLE_SPAN))
        if local >= 1.0:
            item.setPos(target)
            item.settle()
            return
        eased = 1.0 - (1.0 - local) ** 3
        hop = math.sin(math.pi * min(1.0, eased * 1.15)) * size * 0.35
        item.setPos(self.start + (target - self.start) * eased - QPointF(0.0, hop * (1.0 - eased)))
        item.setRotation(self.spin * (1.0 - eased))
        item.setScale(1.0 + 0.3 * (1.0 - eased))
        if local >= _REAL_FACE_AT:
            item.show_face(item.die.face)
        else:
            flicker = int(local * _FLICKERS)
            if flicker != self.flicker:
                self.flicker = flicker
                item.show_face(_random_face(rng, item.die.sides, item.shown_face))


def _start_tumbles(
    items: Sequence[DieItem],
    targets: Sequence[QPointF],
    size: float,
    visible: QRectF,
    rng: random.Random,
) -> list[_Tumble]:
    """Plan the tumble of each item towards its target and set it rolling on a random face.

    The items start one after another in the order given; ``visible`` is the part of the
    scene the view shows, so every die comes in from off its left edge.
    """
    count = len(items)
    tumbles = []
    for index, (item, target) in enumerate(zip(items, targets, strict=True)):
        stagger = (1.0 - _TUMBLE_SPAN) * (index / max(1, count - 1)) if count > 1 else 0.0
        start = QPointF(
            visible.left() - size * (0.8 + rng.random()),
            min(visible.bottom() + size * 0.3, target.y() + size * rng.uniform(0.3, 1.6)),
        )
        spin = rng.choice((-1, 1)) * rng.uniform(360.0, 720.0)
        tumbles.append(_Tumble(start=start, spin=spin, delay=stagger))
        item.start_rolling(_random_face(rng, item.die.sides, item.die.face))
    return tumbles


def _glide(start: QPointF, target: QPointF, progress: float) -> QPointF:
    """Return where a die gliding from ``start`` to ``target`` is at ``progress``."""
    eased = QEasingCurve(QEasingCurve.Type.InOutCubic).valueForProgress(progress)
    return start + (target - start) * eased


def _random_face(rng: random.Random, sides: int, avoid: int) -> int:
    """Return a random face of a die with ``sides``, other than ``avoid`` when there is one."""
    face = rng.randint(1, sides)
    return face if face != avoid or sides < 2 else (face % sides) + 1
