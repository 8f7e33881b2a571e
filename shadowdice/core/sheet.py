"""Character sheets: the base model every system's sheet extends, and how a sheet declares
itself to the editor.

A system's sheet is a pydantic model. It declares its editable parts as :class:`FieldSpec`
(single values: name, notes, current Edge ...) and :class:`TableSpec` (rows: attributes,
skills ...); the UI renders those generically. Every edit goes through :func:`set_field`,
:func:`set_cell`, :func:`add_row` and :func:`remove_row`, which validate through the model and
raise :class:`SheetEditError` with a message for the player, leaving the sheet unchanged.

What an edit changed is a :class:`SheetChange`: the values of the fields it touched, before and
after. :func:`change_between` works it out from two snapshots of the sheet (taken with
:func:`snapshot`), whoever made the edit (an editor, a rest, a roll spending Edge); applying
its ``before`` or ``after`` values with :func:`restore` undoes or redoes it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from shadowdice.core.language import number, translations

_, _n = translations(__name__)

#: The most characters notes (and other many-line texts) hold, about fifty printed pages:
#: enough for any notes, and little enough that every valid file opens at once.
MAX_TEXT_LENGTH = 100_000

#: The most characters any other text holds: a name, a skill, a cell of a table.
MAX_LINE_LENGTH = 1_000

#: The most rows a table of a sheet holds (skills, equipment, named rolls): ten times what
#: any character has, and little enough that every valid file opens at once.
MAX_ROWS = 1_000


class Sheet(BaseModel):
    """The part every character sheet has.

    Notes hold at most :data:`MAX_TEXT_LENGTH` characters, every other text of a sheet and of
    its rows at most :data:`MAX_LINE_LENGTH` (a longer name took the window seconds to lay out).

    Attributes:
        name: the character's name.
        notes: free text.
    """

    model_config = ConfigDict(
        validate_assignment=True, extra="forbid", str_max_length=MAX_LINE_LENGTH
    )

    name: str = ""
    notes: str = Field(default="", max_length=MAX_TEXT_LENGTH)

    def settle(self) -> None:
        """Bring dependent values back within bounds after an edit (e.g. current points
        after their maximum was lowered). Sheets with such values override this.
        """


class Row(BaseModel):
    """A row of a sheet table (an attribute, a skill, an item)."""

    model_config = ConfigDict(
        validate_assignment=True, extra="forbid", str_max_length=MAX_LINE_LENGTH
    )


class RangedValue(Row):
    """A row with a name and a number whose range depends on the name (an attribute).

    Subclasses declare ``value`` with its default and say the range in :meth:`value_bounds`.
    """

    name: str
    value: int

    def value_bounds(self) -> tuple[int, int]:
        """The allowed range of this row's value."""
        raise NotImplementedError

    @model_validator(mode="after")
    def _value_within_bounds(self) -> RangedValue:
        low, high = self.value_bounds()
        if not low <= self.value <= high:
            raise ValueError(
                _("{name} must be from {low} to {high}", name=self.name, low=low, high=high)
            )
        return self


NamedRow = TypeVar("NamedRow", bound=BaseModel)


def by_name(rows: Sequence[NamedRow], name: str) -> NamedRow:
    """The row with this ``name``.

    Raises:
        KeyError: no row has it.
    """
    for row in rows:
        if getattr(row, "name", None) == name:
            return row
    raise KeyError(name)


def free_name(stem: str, taken: Iterable[str]) -> str:
    """The first of "stem 1", "stem 2" ... not in ``taken``, for a new row.

    >>> free_name("New skill", {"New skill 1", "Pistols"})
    'New skill 2'
    """
    taken = set(taken)
    number = 1
    while (name := f"{stem} {number}") in taken:
        number += 1
    return name


def assigned_field(info: ValidationInfo) -> str | None:
    """In a check of a whole sheet (a model validator after the fields): the one field being
    assigned, or None when the sheet is validated whole (read from a file, made new).

    Rolls assign a sheet's points (Edge spent, damage taken) again and again, and checking
    the whole sheet takes far longer than the roll: on an assignment, a check need only look
    at what the assigned field can break, as the rest held before and holds still.
    """
    # Assigning a field of the sheet names it, with no data of an outer model; a sheet
    # validated inside another model (a file) carries the outer model's field and data.
    return info.field_name if info.data is None else None


def assigned_elsewhere(info: ValidationInfo, reads: Collection[str]) -> bool:
    """Whether a field is assigned that a check of the whole sheet, reading the fields
    ``reads``, does not read: then the check held before and holds still (see
    :func:`assigned_field`).
    """
    assigned = assigned_field(info)
    return assigned is not None and assigned not in reads


def check_unique_names(what: str, names: Iterable[str]) -> None:
    """Refuse two rows named alike, ignoring case ("there is a skill named Pistols already")."""
    names = list(names)
    folded = [name.casefold() for name in names]
    if len(set(folded)) == len(folded):
        return
    seen: set[str] = set()
    for name, key in zip(names, folded, strict=True):
        if key in seen:
            raise ValueError(_("there is a {what} named {name} already", what=what, name=name))
        seen.add(key)


class SheetEditError(ValueError):
    """An edit the sheet refuses; the message is for the player."""


class Kind(StrEnum):
    """How a value is edited."""

    TEXT = "text"
    MULTILINE = "multiline"
    INT = "int"
    FLAG = "flag"
    CHOICE = "choice"
    CHARACTERS = "characters"
    CODE = "code"
    """A short text the system parses (a die code such as 3D+2); the editor sets it when
    editing ends, not on every key, and shows a refusal in the field."""


Bounds = tuple[int, int]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A single value of the sheet, ``sheet.<key>``.

    Attributes:
        key: the model attribute.
        label: the label in the editor.
        kind: how it is edited.
        bounds: for INT, the allowed range, given the sheet (it may depend on other values).
        choices: for CHOICE, the allowed values.
        hint: a tooltip.
        suffix: for INT, shown after the number ("+" for a minimum roll of "5+").
        choice_labels: for CHOICE, the words shown for each value, if not the values.
        editable: False for a value the sheet derives (dice left to distribute); the editor
            shows it and :func:`set_field` refuses to set it.
    """

    key: str
    label: str
    kind: Kind = Kind.TEXT
    bounds: Callable[[Any], Bounds] | None = None
    choices: tuple[str, ...] = ()
    hint: str = ""
    suffix: str = ""
    choice_labels: tuple[str, ...] = ()
    editable: bool = True


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    """A column of a sheet table, ``row.<key>``.

    Attributes:
        key: the row attribute.
        label: the column header.
        kind: how it is edited.
        editable: whether the cell can be edited, or a test of the row.
        bounds: for INT, the allowed range, given the row.
        choices: for CHOICE, the allowed values, given the sheet.
        fixed: the rules give each row these words whatever the character (an attribute's
            kind); unlike a derived value, the blank pencil sheet prints them.
        shown: the words a cell shows for its value, where they differ from the value kept:
            a name the rules give, in the language of the moment (a name a player typed
            stays as typed).
    """

    key: str
    label: str
    kind: Kind = Kind.TEXT
    editable: bool | Callable[[Any], bool] = True
    bounds: Callable[[Any], Bounds] | None = None
    choices: Callable[[Any], tuple[str, ...]] | None = None
    fixed: bool = False
    shown: Callable[[Any], str] | None = None

    def text_of(self, value: Any) -> Any:
        """What a cell holding ``value`` shows."""
        return self.shown(value) if self.shown is not None else value

    def editable_in(self, row: Row) -> bool:
        """Whether this column can be edited in the given row."""
        return self.editable(row) if callable(self.editable) else self.editable


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table of the sheet, ``sheet.<key>``, a list of :class:`Row`.

    Attributes:
        key: the model attribute holding the rows.
        label: the table's title.
        columns: the columns shown.
        new_row: makes a row to add (None: rows cannot be added).
        removable: whether a row may be removed (None: no row may).
        hide_zero: key of an INT column whose rows at 0 the editor can hide (unrated skills).
    """

    key: str
    label: str
    columns: tuple[ColumnSpec, ...]
    new_row: Callable[[Any], Row] | None = None
    removable: Callable[[Row], bool] | None = None
    hide_zero: str | None = None


@dataclass(frozen=True, slots=True)
class SheetAction:
    """Something done to a sheet outside a roll, e.g. a rest that refreshes dice.

    Attributes:
        id: the action's name within its system.
        label: the button text.
        hint: one sentence on what it does.
        question: a yes/no question to ask first ("Did the rest last 10 hours?"), or "".
    """

    id: str
    label: str
    hint: str = ""
    question: str = ""


@dataclass(frozen=True, slots=True)
class ResourceSpec:
    """Something a character spends or takes in play (Edge, bonus dice, wounds), shown on the
    character card with its maximum and changed a step at a time.

    Attributes:
        key: the resource's name within its system.
        label: its name for players ("Edge", "Physis").
        get: its value on a sheet.
        bounds: the lowest and highest value on a sheet (the highest is shown as its maximum).
        put: sets the value on a sheet (used by :func:`set_resource`, which checks it first).
        words: the value in words, for a value that is a step on a scale ("Wounded");
            None shows the number.
        hint: a tooltip.
        at_a_glance: whether the party roster shows it beside the character's name (what a
            game master looks for across the table: Edge, damage, Physis); a tally such as
            experience points is shown on the card only.
    """

    key: str
    label: str
    get: Callable[[Any], int]
    bounds: Callable[[Any], Bounds]
    put: Callable[[Any, int], None]
    words: Callable[[Any], str] | None = None
    hint: str = ""
    at_a_glance: bool = True


def field_resource(
    spec: FieldSpec, label: str = "", key: str = "", *, at_a_glance: bool = True
) -> ResourceSpec:
    """A resource that is an INT field of the sheet, with the field's bounds."""
    if spec.kind is not Kind.INT or spec.bounds is None:
        raise ValueError(f"{spec.key} is not a number with bounds")
    return ResourceSpec(
        key=key or spec.key,
        label=label or spec.label,
        get=lambda sheet: getattr(sheet, spec.key),
        bounds=spec.bounds,
        put=lambda sheet, value: setattr(sheet, spec.key, value),
        hint=spec.hint,
        at_a_glance=at_a_glance,
    )


def choice_resource(spec: FieldSpec, label: str = "") -> ResourceSpec:
    """A resource that is a step on a scale of choices (wound levels), counted from the first."""
    if spec.kind is not Kind.CHOICE or not spec.choices:
        raise ValueError(f"{spec.key} is not a choice")
    words = dict(zip(spec.choices, spec.choice_labels or spec.choices, strict=True))
    return ResourceSpec(
        key=spec.key,
        label=label or spec.label,
        get=lambda sheet: spec.choices.index(getattr(sheet, spec.key)),
        bounds=lambda sheet: (0, len(spec.choices) - 1),
        put=lambda sheet, value: setattr(sheet, spec.key, spec.choices[value]),
        words=lambda sheet: words[getattr(sheet, spec.key)],
        hint=spec.hint,
    )


def set_resource(sheet: Sheet, resource: ResourceSpec, value: int) -> bool:
    """Set a resource within its bounds, all or nothing; return whether it changed."""
    low, high = resource.bounds(sheet)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SheetEditError(_whole_number(resource.label, low, high))
    if resource.get(sheet) == value:
        return False
    with _all_or_nothing(sheet, resource.label):
        resource.put(sheet, value)
    return True


def set_field(sheet: Sheet, spec: FieldSpec, value: Any) -> bool:
    """Set ``sheet.<spec.key>``; return whether it changed."""
    if not spec.editable:
        raise SheetEditError(
            _("{label} cannot be edited; the sheet works it out", label=spec.label)
        )
    bounds = spec.bounds(sheet) if spec.bounds is not None else None
    return _set(sheet, sheet, spec.key, value, spec.label, spec.kind, bounds, spec.choices)


def set_cell(sheet: Sheet, table: TableSpec, row: int, column: ColumnSpec, value: Any) -> bool:
    """Set one cell of a table; return whether it changed."""
    target = rows(sheet, table)[row]
    if not column.editable_in(target):
        raise SheetEditError(_("{label} cannot be edited here", label=column.label))
    bounds = column.bounds(target) if column.bounds is not None else None
    choices = column.choices(sheet) if column.choices is not None else ()
    return _set(sheet, target, column.key, value, column.label, column.kind, bounds, choices)


def add_row(sheet: Sheet, table: TableSpec) -> int:
    """Append a new row to a table; return its index."""
    if table.new_row is None:
        raise SheetEditError(_("no rows can be added to {table}", table=table.label))
    with _all_or_nothing(sheet, table.label):
        rows(sheet, table).append(table.new_row(sheet))
    return len(rows(sheet, table)) - 1


def remove_row(sheet: Sheet, table: TableSpec, row: int) -> None:
    """Remove a row of a table, if the table allows it."""
    target = rows(sheet, table)[row]
    if table.removable is None or not table.removable(target):
        raise SheetEditError(_("this row of {table} cannot be removed", table=table.label))
    with _all_or_nothing(sheet, table.label):
        del rows(sheet, table)[row]


Snapshot = dict[str, Any]


def snapshot(sheet: Sheet) -> Snapshot:
    """The sheet's values as plain data, to compare with later or to go back to."""
    return sheet.model_dump()


@dataclass(frozen=True, slots=True)
class SheetChange:
    """What an edit changed, in words and in values.

    Attributes:
        label: the edit in words ("Agility", "1 Edge for Agility + Pistols").
        before: the values of the fields it changed (by field name) before the edit.
        after: the same fields' values after it.

    >>> before = {"name": "Kira", "edge": 3, "notes": ""}
    >>> change = change_between("Edge", before, {**before, "edge": 2})
    >>> change.before, change.after
    ({'edge': 3}, {'edge': 2})
    >>> change.then(change_between("Edge", {**before, "edge": 2}, before)).after
    {}
    """

    label: str
    before: Mapping[str, Any]
    after: Mapping[str, Any]

    def __bool__(self) -> bool:
        """Whether anything changed at all."""
        return bool(self.after)

    def then(self, later: SheetChange) -> SheetChange:
        """This change followed by ``later``, as one change (typing a name letter by letter)."""
        before = {**later.before, **self.before}
        after = {**self.after, **later.after}
        return change_between(self.label, before, after)

    def fields(self) -> tuple[str, ...]:
        """The names of the fields changed."""
        return tuple(self.after)


def change_between(label: str, before: Snapshot, after: Snapshot) -> SheetChange:
    """The change from one snapshot to another: only the fields whose values differ."""
    changed = [key for key, value in after.items() if before.get(key) != value]
    return SheetChange(
        label,
        before={key: before[key] for key in changed if key in before},
        after={key: after[key] for key in changed},
    )


def restore(sheet: Sheet, values: Mapping[str, Any]) -> None:
    """Set the given fields back to these values (a change's ``before`` or ``after``).

    The whole sheet is validated anew, so values it derives from them (a skill's dice from its
    attribute) follow.
    """
    restored = type(sheet).model_validate({**snapshot(sheet), **values})
    for name in type(sheet).model_fields:
        object.__setattr__(sheet, name, getattr(restored, name))


def rows(sheet: Sheet, table: TableSpec) -> list[Row]:
    """The rows of a table."""
    return getattr(sheet, table.key)


def _set(
    sheet: Sheet,
    model: BaseModel,
    key: str,
    value: Any,
    label: str,
    kind: Kind,
    bounds: Bounds | None,
    choices: tuple[str, ...],
) -> bool:
    """Check a value against its kind's bounds or choices, then set it all-or-nothing."""
    if kind is Kind.INT and bounds is not None:
        low, high = bounds
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise SheetEditError(_whole_number(label, low, high))
    if kind is Kind.CHOICE and choices and value not in choices:
        raise SheetEditError(
            _("{label} must be one of {choices}", label=label, choices=", ".join(choices))
        )
    if getattr(model, key) == value:
        return False
    with _all_or_nothing(sheet, label):
        setattr(model, key, value)
    return True


@contextmanager
def _all_or_nothing(sheet: Sheet, label: str) -> Iterator[None]:
    """Make an edit, settle the sheet and validate all of it; on a refusal put it all back.

    Validating the whole sheet catches rules that span rows (a row edit validates only its
    row); restoring the whole sheet undoes what pydantic stored before a validator refused.
    """
    before = sheet.model_dump()
    try:
        yield
        sheet.settle()
        type(sheet).model_validate(sheet.model_dump())
    except ValidationError as error:
        restored = type(sheet).model_validate(before)
        for name in type(sheet).model_fields:
            object.__setattr__(sheet, name, getattr(restored, name))
        raise SheetEditError(_message(error, label)) from None


def _message(error: ValidationError, label: str) -> str:
    """The first problem in the player's words, with the field's label unless it is about
    the whole sheet.
    """
    first = error.errors()[0]
    if first["type"] == "string_too_long":
        limit = number(first["ctx"]["max_length"], ",")
        return _(
            "{label} can hold at most {limit} characters; the rest was not taken",
            label=label,
            limit=limit,
        )
    message = first["msg"].removeprefix("Value error, ")
    return _("{label}: {problem}", label=label, problem=message) if first["loc"] else message


def _whole_number(label: str, low: int, high: int) -> str:
    return _("{label} must be a whole number from {low} to {high}", label=label, low=low, high=high)
