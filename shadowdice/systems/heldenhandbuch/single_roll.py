"""The single roll ("Einzelwurf", rule text 003, "Einzelwurf"): one throw of all dice; the
highest result counts, matches added ("Wähle das höchste Ergebnis aus. Gleiche darfst Du
addieren."). Lucky numbers and shadow rolls may still change it before it is accepted.
"""

from __future__ import annotations

from typing import Any

from shadowdice.core.language import translations
from shadowdice.systems.heldenhandbuch.roll_session import HeldenSession, Tested
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet

_, _n = translations(__name__)


class SingleRollSession(HeldenSession):
    """A single roll: all dice thrown once and scored together."""

    def __init__(self, sheet: HeldenSheet, tested: Tested, **kwargs: Any) -> None:
        super().__init__(sheet, tested, **kwargs)
        self._throw(_("Single roll"), tested.step.count, sides=tested.step.sides)
        self._evaluate()
