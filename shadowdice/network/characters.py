"""A character sheet and its shared document, kept in step.

The document holds the sheet's fields as its owner wrote them, and a ledger of what happened
to its resources (:mod:`~shadowdice.network.shared`). Who may write what decides the shape:

- The **owner** writes fields. A change of a resource on the owner's laptop is written twice
  in one go: the field's new value, and a ledger entry saying what happened ("−1 Edge")
  whose id the owner lists as *folded* (already in the fields).
- The **game master** writes only ledger entries on a player's character: damage, injuries,
  what a contest charged.
- What a contest the game master runs does to a character besides its resources (an injury
  in a life circle, armor worn down, a dodge kept for the round: the system's
  ``game_master_fields``) is a ledger entry too, of a field: its value before and after the
  change, so that the owner's laptop applies the change, not the value (:func:`merged`): an
  injury the game master adds and one the player adds at the same time both count.
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


def is_field_entry(entry: dict[str, Any]) -> bool:
    """Whether a ledger entry changes a field (else it changes a resource by a number)."""
    return "field" in entry


def merged(current: Any, before: Any, after: Any) -> Any:
    """``current`` with the change from ``before`` to ``after`` made to it: numbers moved by
    as much, lists and records of the same shape part by part, anything else (a choice, a
    text) set to ``after`` where it changed.

    >>> merged({"heavy": 0, "light": 1}, {"heavy": 0, "light": 0}, {"heavy": 1, "light": 0})
    {'heavy': 1, 'light': 1}
    >>> merged("wounded", "healthy", "healthy"), merged(3, 1, 2)
    ('wounded', 4)
    """
    if before == after:
        return current
    if all(type(value) is int for value in (current, before, after)):
        return current + after - before
    if all(isinstance(value, dict) for value in (current, before, after)) and (
        current.keys() == before.keys() == after.keys()
    ):
        return {key: merged(current[key], before[key], after[key]) for key in current}
    if all(isinstance(value, list) for value in (current, before, after)) and (
        len(current) == len(before) == len(after)
    ):
        return [merged(c, b, a) for c, b, a in zip(current, before, after, strict=True)]
    return after


def with_field(sheet: Sheet, key: str, value: Any) -> bool:
    """Set one field of ``sheet`` in place, if the sheet stays valid; whether it did."""
    try:
        checked = type(sheet).model_validate({**snapshot(sheet), key: value})
    except ValueError:  # pydantic's ValidationError
        return False
    setattr(sheet, key, getattr(checked, key))
    return True


def field_label(system: RuleSystem, key: str) -> str:
    """A field's name for players (its key when the editor has no field of that name)."""
    specs = {spec.key: spec for spec in system.sheet_fields()}
    specs |= {table.key: table for table in system.sheet_tables()}
    spec = specs.get(key)
    return str(getattr(spec, "label", "") or key)


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
        if entry["id"] not in folded:
            _fold_entry(system, specs, sheet, entry)
    return sheet


def _fold_entry(
    system: RuleSystem, specs: dict[str, ResourceSpec], sheet: Sheet, entry: dict[str, Any]
) -> bool:
    """Apply one ledger entry to ``sheet``; whether it could (a field the game master does
    not change in this system, or a change that leaves the sheet invalid, is left out).
    """
    if is_field_entry(entry):
        key = entry["field"]
        if key not in system.game_master_fields() or key not in type(sheet).model_fields:
            return False
        now = snapshot(sheet)[key]
        return with_field(sheet, key, merged(now, entry["before"], entry["after"]))
    spec = specs.get(entry["resource"])
    if spec is None:
        return False
    _apply(spec, sheet, entry["delta"])
    return True


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
            if entry["id"] in folded or not _fold_entry(self.system, self._specs, sheet, entry):
                continue
            self.folded.append(entry["id"])
            labels.append(entry["label"])
        if labels:
            self._resources = {key: spec.get(sheet) for key, spec in self._specs.items()}
        return labels
