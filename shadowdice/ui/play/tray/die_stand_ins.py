"""One accessible object per die: screen readers name each die ("die 3: 6, hit, exploded").

The dice are graphics items, which Qt's accessibility does not see. Each die therefore has a
stand-in: an empty label laid over it in the tray's viewport, named like the die, drawing
nothing and letting every click through to the tray. A screen reader finds them as the tray's
children, each with its place on the screen; dice scrolled out of sight have none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget

from shadowdice.core.language import translations
from shadowdice.ui.play.tray.die_item import DieItem, describe_die
from shadowdice.ui.play.tray.layout import caption_for

_, _n = translations(__name__)


def die_name(number: int, item: DieItem) -> str:
    """What a screen reader says for the ``number``-th die of the tray."""
    return _("die {number}: {die}", number=number, die=describe_die(item.die))


class DieStandIns:
    """The stand-ins of the dice shown in a viewport, kept over their dice."""

    def __init__(self, viewport: QWidget) -> None:
        self._viewport = viewport
        self._labels: list[QLabel] = []

    def labels(self) -> list[QLabel]:
        """The stand-ins, one a die, in the order of the dice (hidden ones for dice out of
        sight).
        """
        return list(self._labels)

    def update(self, items: Sequence[DieItem], place: Callable[[DieItem], QRect]) -> None:
        """One stand-in per die of ``items``, named and laid over ``place(item)``."""
        while len(self._labels) < len(items):
            label = QLabel(self._viewport)
            label.setObjectName("die_stand_in")
            label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self._labels.append(label)
        seen = self._viewport.rect()
        for number, (label, item) in enumerate(zip(self._labels, items, strict=False), start=1):
            label.setAccessibleName(die_name(number, item))
            group = item.die.group.split(" · ")[0]
            label.setAccessibleDescription(caption_for(group) if group else "")
            where = place(item).intersected(seen)
            label.setGeometry(where)
            label.setVisible(not where.isEmpty())
        for label in self._labels[len(items) :]:  # dice taken off: nothing of them stays
            label.setParent(None)
            label.deleteLater()
        del self._labels[len(items) :]
