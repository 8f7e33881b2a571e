"""A character sheet and its shared document, kept in step.

The document holds the sheet's fields as its owner wrote them, and a ledger of what happened
to its resources (:mod:`~shadowdice.network.shared`). Who may write what decides the shape:

- The **owner** writes fields. A change of a resource on the owner's laptop is written twice
  in one go: the field's new value, and a ledger entry saying what happened ("−1 Edge")
  whose id the owner lists as *folded* (already in the fields).
- The **game master** writes only ledger entries on a player's character: damage, injuries,
  what a contest charged.
- A resource's value, on any laptop, is the field plus every entry the owner has not folded
  yet (:func:`sheet_of`). When the owner's laptop sees such an entry it applies it to the
  sheet, within the resource's bounds, and folds it. Both laptops show the same value before
  and after, online or not, and a charge of the game master and a spend of the player at the
  same moment both count.

Qt-free: the window's adapter (``shadowdice.ui.network``) calls it in its thread with plain
content; the documents themselves stay in the network thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shadowdice.core.language import translations
from shadowdice.core.registry import RuleSystem
from shadowdice.core.sheet import ResourceSpec, Sheet, snapshot

_, _n = translations(__name__)

#: The field listing the ids of ledger entries already in the fields.
FOLDED = "_folded"


def resources_of(system: RuleSystem) -> dict[str, ResourceSpec]:
    """A system's resources by key."""
    return {spec.key: spec for spec in system.sheet_resources()}


def _apply(spec: ResourceSpec, sheet: Sheet, delta: int) -> None:
    low, high = spec.bounds(sheet)
    spec.put(sheet, max(low, min(high, spec.get(sheet) + delta)))


def change_label(spec: ResourceSpec, delta: int) -> str:
    """What happened to a resource, in words: ``"−1 Edge"``, ``"+2 Physical damage"``."""
    sign = "+" if delta > 0 else "−"
    return f"{sign}{abs(delta)} {spec.label}"


def sheet_of(system: RuleSystem, content: dict[str, Any]) -> Sheet:
    """The sheet a character document stands for: its fields, and the entries not folded.

    Raises:
        ValueError: the fields are not a sheet of the system (pydantic's ValidationError).
    """
    fields = dict(content["fields"])
    folded = set(fields.pop(FOLDED, []))
    sheet = type(system.new_sheet()).model_validate(fields)
    specs = resources_of(system)
    for entry in content["ledger"]:
        spec = specs.get(entry["resource"])
        if spec is not None and entry["id"] not in folded:
            _apply(spec, sheet, entry["delta"])
    return sheet


@dataclass
class Outgoing:
    """What an owner's laptop writes after a change: fields and new ledger entries."""

    fields: dict[str, Any] = field(default_factory=dict)
    entries: list[dict[str, Any]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.fields or self.entries)


class OwnedCharacter:
    """The owner's side: a sheet on this laptop and what its document has seen of it."""

    def __init__(self, system: RuleSystem, sheet: Sheet, folded: list[str] | None = None):
        self.system = system
        self._specs = resources_of(system)
        self._fields = snapshot(sheet)
        self._resources = {key: spec.get(sheet) for key, spec in self._specs.items()}
        self.folded: list[str] = list(folded or [])

    def first(self) -> dict[str, Any]:
        """Every field, to write when the character first goes to the table."""
        return {**self._fields, FOLDED: list(self.folded)}

    def changed(self, sheet: Sheet, new_id) -> Outgoing:
        """What to write after the sheet changed here; ``new_id()`` names new entries."""
        now = snapshot(sheet)
        out = Outgoing({key: value for key, value in now.items() if self._fields.get(key) != value})
        for key, spec in self._specs.items():
            delta = spec.get(sheet) - self._resources[key]
            if delta:
                entry_id = new_id()
                out.entries.append(
                    {
                        "id": entry_id,
                        "resource": key,
                        "delta": delta,
                        "label": change_label(spec, delta),
                    }
                )
                self.folded.append(entry_id)
        if out.entries:
            out.fields[FOLDED] = list(self.folded)
        self._fields = now
        self._resources = {key: spec.get(sheet) for key, spec in self._specs.items()}
        return out

    def fold(self, sheet: Sheet, ledger: list[dict[str, Any]]) -> list[str]:
        """Apply to ``sheet`` the entries written elsewhere (the game master's); return their
        labels. The sheet changes in place; :meth:`changed` then writes the fields.
        """
        labels = []
        folded = set(self.folded)
        for entry in ledger:
            spec = self._specs.get(entry["resource"])
            if entry["id"] in folded or spec is None:
                continue
            _apply(spec, sheet, entry["delta"])
            self.folded.append(entry["id"])
            labels.append(entry["label"])
        if labels:
            self._resources = {key: spec.get(sheet) for key, spec in self._specs.items()}
        return labels
