"""Concealment rolls (rule texts 000 "Verborgenheit" and 001 "Concealment"): which item of the
observed characters counts.

When someone observes a character or the whole group, the item with the *highest*
concealment value counts. The observed characters come from the other open sheets; a value
can also be entered by hand for someone who is not on a sheet. The highest of all counts.

How the roll is made differs by variant (see :mod:`.checks`): the classic rules roll the
observer's perception dice against 7 - that value, the current rules roll perception + that
value dice against the observer's own minimum roll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shadowdice.core.language import translations
from shadowdice.core.registry import CheckError, Party
from shadowdice.systems.phasesix.sheet import PhaseSixSheet

_, _n = translations(__name__)


@dataclass(frozen=True, slots=True)
class Conspicuous:
    """The concealment value that counts and where it comes from.

    Attributes:
        value: the highest concealment value.
        source: the item and its owner in words ("Rifle (Mira)"), or what else it is.
    """

    value: int
    source: str


def observed_sheets(party: Party, names: Sequence[str]) -> dict[str, PhaseSixSheet]:
    """The observed characters' sheets by name, from the other open characters.

    Raises:
        CheckError: a name is not among the open Phase Six characters.
    """
    observed: dict[str, PhaseSixSheet] = {}
    for name in names:
        sheet = party.get(name)
        if not isinstance(sheet, PhaseSixSheet):
            raise CheckError(_("{name} is not an open Phase Six character.", name=name))
        observed[name] = sheet
    return observed


def most_conspicuous(observed: Mapping[str, PhaseSixSheet], entered: int = 0) -> Conspicuous:
    """The highest concealment value among the observed characters' items and the value
    entered by hand; an item beats an entered value of the same height.

    >>> from shadowdice.systems.phasesix.sheet import Item
    >>> mira = PhaseSixSheet(equipment=[Item(name="Rifle", concealment=5)])
    >>> most_conspicuous({"Mira": mira}, entered=3)
    Conspicuous(value=5, source='Rifle (Mira)')
    >>> most_conspicuous({}, entered=3)
    Conspicuous(value=3, source='entered by hand')
    """
    best: Conspicuous | None = None
    for name, sheet in observed.items():
        item = sheet.most_conspicuous()
        if item is not None and (best is None or item.concealment > best.value):
            source = _("{item} ({name})", item=item.name, name=name)
            best = Conspicuous(item.concealment, source)
    if best is not None and best.value >= entered:
        return best
    return Conspicuous(entered, _("entered by hand") if entered else _("nothing conspicuous"))


def describe(sheet: PhaseSixSheet) -> str:
    """What an observed character carries that counts, for the choice of observed characters.

    >>> describe(PhaseSixSheet())
    'nothing conspicuous'
    """
    item = sheet.most_conspicuous()
    if item is None:
        return _("nothing conspicuous")
    return _("{item} {concealment}", item=item.name, concealment=item.concealment)
