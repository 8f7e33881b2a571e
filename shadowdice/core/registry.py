"""Rule systems as plugins, and the registry through which the app learns what exists.

A rule system is one package under ``shadowdice/systems/`` with a :class:`RuleSystem`
subclass. It says how its sheet looks (fields and tables), which parameters a check asks for
(:class:`CheckParam`), what a check would roll before it is rolled (:class:`CheckPreview`),
and starts the :class:`~shadowdice.core.session.RollSession` that rolls it.

The registry knows each system first by its light declaration
(:class:`~shadowdice.core.discovery.SystemInfo`) and imports the system's rules only when it
is asked for the system itself (:meth:`Registry.get`).

What the player chose for a check reaches the system as its *check values*: a typed model of
the system's own (a :class:`CheckValuesModel`), or a plain mapping from parameter key to value,
which the system reads into that model (:meth:`RuleSystem.check_values`).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, ClassVar, Self, get_args

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from shadowdice.core.dice import DiceSource
from shadowdice.core.discovery import SystemInfo
from shadowdice.core.language import translations
from shadowdice.core.quoting import quoted
from shadowdice.core.record import FrozenDict, frozen_values
from shadowdice.core.session import RollSession
from shadowdice.core.sheet import (
    MAX_LINE_LENGTH,
    FieldSpec,
    Kind,
    ResourceSpec,
    Sheet,
    SheetAction,
    SheetEditError,
    TableSpec,
)

_, _n = translations(__name__)

#: The other open characters of a system, by the name shown for them.
Party = Mapping[str, Sheet]
EMPTY_PARTY: Party = MappingProxyType({})


#: The sample character in a system's package, as sheet data.
#: Where a system's sample characters are, in its package: character files (``.shadowdice``).
SAMPLES_FOLDER = "samples"
SAMPLE_SUFFIX = ".shadowdice"


class CheckError(ValueError):
    """A check that cannot be rolled as asked; the message is for the player."""


class CheckValuesModel(BaseModel):
    """The values of a check, typed: a system subclasses it with one field per check
    parameter its checks read, each with the default a caller who leaves it out gets.

    :meth:`read` turns a plain mapping (what the check panel and older callers pass) into the
    model, and hands a model back as it is, so both kinds of caller work. Keys the model does
    not know are left out (parameters of another kind of check); a key set to None takes its
    default, unless the field itself allows None. A value of the wrong type is refused with a
    :class:`CheckError` naming the parameter.

    >>> class Pool(CheckValuesModel):
    ...     dice: int = 1
    >>> Pool.read({"dice": 3, "colour": "red"}).dice, Pool.read({"dice": None}).dice
    (3, 1)
    >>> Pool.read({"dice": "many"})
    Traceback (most recent call last):
    ...
    shadowdice.core.registry.CheckError: dice: Input should be a valid integer...
    """

    # Each system's model is built when first read: a start builds the open system's alone.
    model_config = ConfigDict(
        frozen=True, extra="ignore", str_max_length=MAX_LINE_LENGTH, defer_build=True
    )

    @model_validator(mode="before")
    @classmethod
    def _none_takes_the_default(cls, data: Any) -> Any:
        if not isinstance(data, Mapping) or (isinstance(data, dict) and None not in data.values()):
            return data
        return {
            key: value
            for key, value in data.items()
            if value is not None or _allows_none(cls.model_fields.get(key))
        }

    @classmethod
    def read(cls, values: CheckValues) -> Self:
        """These check values as this model.

        Raises:
            CheckError: a value does not fit its parameter.
        """
        if isinstance(values, cls):
            return values
        if isinstance(values, CheckValuesModel):
            values = values.as_parameters()
        # The same values read the same way: each set is validated once and the model
        # shared, as it cannot change. The type of each value is part of the key, and of each
        # value within a tuple or set: 1 and True are equal, but not the same value to validate.
        kinds = tuple(map(type, values.values()))
        if not _SCALARS.issuperset(kinds):
            kinds = tuple([(type(value), _types_within(value)) for value in values.values()])
        key = (cls, tuple(values.items()), kinds)
        try:
            return _read(key)
        except TypeError:  # a value that cannot be a key (a list): validated as it is
            return cls._validated(dict(values))

    @classmethod
    def _validated(cls, values: dict[str, Any]) -> Self:
        """The model of these values, or a :class:`CheckError` that names the parameter."""
        try:
            return cls.model_validate(
                {key: tuple(v) if isinstance(v, list) else v for key, v in values.items()},
                strict=True,
            )
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            message = first["msg"].removeprefix("Value error, ")
            raise CheckError(f"{where}: {message}" if where else message) from None

    def recorded(self) -> FrozenDict:
        """:meth:`as_parameters` as a roll record keeps them, made once for each model (a
        model never changes, and the same values read give the same model).
        """
        kept = _RECORDED.get(id(self))
        if kept is not None and kept[0] is self:
            return kept[1]
        if len(_RECORDED) >= _RECORDED_KEPT:
            _RECORDED.clear()
        parameters = frozen_values(self.as_parameters())
        _RECORDED[id(self)] = (self, parameters)
        return parameters

    def as_parameters(self) -> dict[str, Any]:
        """The values the caller set (others left at their defaults), for the roll record."""
        if self.model_extra:  # values the model keeps as they came: dumped as pydantic does
            return self.model_dump(exclude_unset=True)
        # As ``model_dump(exclude_unset=True)`` gives them, in the order of the fields: check
        # values are scalars and tuples of them, which dump as they are.
        given, values = self.model_fields_set, self.__dict__
        return {key: values[key] for key in _field_names(type(self)) if key in given}


@cache
def _field_names(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model, in order."""
    return tuple(model.model_fields)


#: Types of values that hold no other values: their type and value say all a key needs.
_SCALARS = frozenset({str, int, bool, float, type(None)})


def _types_within(value: Any) -> Any:
    """The types of the values a tuple or set holds, at every depth, for a key; None for
    anything else.
    """
    if isinstance(value, tuple):
        return tuple([(type(item), _types_within(item)) for item in value])
    if isinstance(value, frozenset):
        return frozenset([(type(item), item, _types_within(item)) for item in value])
    return None


#: Each model's parameters as recorded, by the model's id (with the model, which keeps the id
#: its own), for as many models as :func:`_read` keeps.
_RECORDED: dict[int, tuple[CheckValuesModel, FrozenDict]] = {}
_RECORDED_KEPT = 512


@lru_cache(maxsize=_RECORDED_KEPT)
def _read(key: tuple[Any, ...]) -> CheckValuesModel:
    """The check values of ``key``: the model, the values by key, and the type of each value
    (with the types of what it holds, for values that hold others).
    """
    model, items, _kinds = key
    return model._validated(dict(items))


def _allows_none(field: Any) -> bool:
    annotation = getattr(field, "annotation", None)
    return annotation is type(None) or type(None) in get_args(annotation)


#: What a check panel hands over: a plain mapping of parameter keys to values, or the typed
#: check values of the system.
CheckValues = Mapping[str, int | str | bool | tuple[str, ...] | None] | CheckValuesModel


class MigrationError(ValueError):
    """Sheet data of an older version that cannot be brought up to date."""


@dataclass(frozen=True, slots=True)
class QuickCheck:
    """A roll of the character card's list: a skill, an attribute, a table.

    Attributes:
        label: what the list shows ("Pistols 4 (Agility)").
        values: the check values it sets; the rest keep their defaults.
        rated: False for a skill the character has no rating in (rolled by defaulting, if
            at all): the card lists those after the rest, behind a toggle.
    """

    label: str
    values: Mapping[str, Any]
    rated: bool = True


def unrated_marked(
    checks: Sequence[QuickCheck], key: str, unrated: set[str]
) -> tuple[QuickCheck, ...]:
    """The rolls, those whose value of ``key`` is one of ``unrated`` marked not rated.

    >>> unrated_marked([QuickCheck("Climbing 0", {"skill": "Climbing"})], "skill", {"Climbing"})
    (QuickCheck(label='Climbing 0', values={'skill': 'Climbing'}, rated=False),)
    """
    return tuple(replace(check, rated=check.values.get(key) not in unrated) for check in checks)


@dataclass(frozen=True, slots=True)
class CheckParam:
    """One thing a check asks for before it is rolled.

    Attributes:
        key: the parameter's name in the check values.
        label: its label in the check panel.
        kind: INT, FLAG, CHOICE or CHARACTERS (some of the other open characters, whose
            names come as a tuple).
        default: the value it starts with.
        bounds: for INT, the allowed range.
        choices: for CHOICE and CHARACTERS, (value, label) pairs; value "" means none.
        hint: a tooltip.
        only_with: (key, value): shown only while that other parameter has that value
            (the observed characters of a concealment roll); None: always shown.
        resets_after_roll: goes back to its default after each roll, because it spends
            something (Edge, bonus dice) that the next roll should not spend unasked.
    """

    key: str
    label: str
    kind: Kind
    default: int | str | bool | tuple[str, ...]
    bounds: tuple[int, int] = (0, 0)
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    only_with: tuple[str, Any] | None = None
    resets_after_roll: bool = False


@dataclass(frozen=True, slots=True)
class CheckPreview:
    """What a check would roll, shown before rolling.

    Attributes:
        summary: the dice in words ("9 dice, hits on 5+").
        chance: the chance of success, 0..1, when it can be told.
        problem: why the check cannot be rolled as asked, or "".
    """

    summary: str
    chance: float | None = None
    problem: str = ""


class RuleSystem(ABC):
    """A game's rules as Shadowdice knows them.

    Class attributes:
        id: stable id, written into save files.
        name: the name players know.
        summary: one line on what the system is.
        sheet_type: the pydantic model of its character sheet.
        sheet_version: the version of that model; older sheets go through :meth:`migrate`.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    #: The system's declaration; a subclass that sets it takes its id, name and summary.
    info: ClassVar[SystemInfo | None] = None
    sheet_type: ClassVar[type[Sheet]]
    sheet_version: ClassVar[int] = 1
    #: The typed model of what a check of this system reads (see :meth:`check_values`).
    check_values_type: ClassVar[type[CheckValuesModel]] = CheckValuesModel
    #: The typed model of what a group roll reads (see :meth:`group_check_values`); None
    #: hands the group roll dialog's mapping over as it is.
    group_check_values_type: ClassVar[type[CheckValuesModel] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if info is None:
            return
        if "id" in cls.__dict__ and cls.id != info.id:
            raise TypeError(f"{cls.__name__} has the id {cls.id}, its declaration {info.id}")
        cls.id, cls.name, cls.summary = info.id, info.name, info.summary

    def new_sheet(self) -> Sheet:
        """A fresh character with the system's defaults."""
        return self.sheet_type()

    def migrate(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        """Bring sheet data of an older ``sheet_version`` up to the current one."""
        raise MigrationError(
            _(
                "{name} sheets of version {version} cannot be read",
                name=self.name,
                version=from_version,
            )
        )

    @abstractmethod
    def sheet_fields(self) -> tuple[FieldSpec, ...]:
        """The single values of the sheet, in editor order."""

    @abstractmethod
    def sheet_tables(self) -> tuple[TableSpec, ...]:
        """The tables of the sheet, in editor order."""

    def sheet_actions(self, sheet: Sheet) -> tuple[SheetAction, ...]:
        """What can be done to this sheet outside a roll (a rest), in editor order.

        The ids must not depend on the sheet; labels and questions may.
        """
        return ()

    # --- play: what the character card shows -----------------------------------------------

    def sheet_resources(self) -> tuple[ResourceSpec, ...]:
        """What a character spends or takes in play, in card order."""
        return ()

    def game_master_fields(self) -> frozenset[str]:
        """The sheet fields besides its resources that the game master changes on a
        character in play: wounds, injuries, armor worn down, what a round or a combat phase
        keeps on the sheet. A player's own choices (name, attributes, skills) are not among
        them. None by default.
        """
        return frozenset()

    def shown_to_owner(self, key: str, value: Any) -> Any:
        """A game master's field (:meth:`game_master_fields`, as its snapshot holds it) as the
        character's owner may see it on their laptop: without the numbers a secret roll put
        there, which the game master's laptop alone keeps. As it is by default.
        """
        return value

    def sample_party(self) -> tuple[Sheet, ...]:
        """Characters of our own invention to try the system with, a party ready to play:
        the character files in the ``samples`` folder of the system's package, in the order
        of their names; none when it has none.

        They are character files as the app saves them (the README opens one from the
        command line), written at the sheet version of now; their sheets are read here.
        """
        package = type(self).__module__.rpartition(".")[0]
        try:
            folder = resources.files(package).joinpath(SAMPLES_FOLDER)
            files = sorted(
                (entry for entry in folder.iterdir() if entry.name.endswith(SAMPLE_SUFFIX)),
                key=lambda entry: entry.name,
            )
        except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
            return ()
        return tuple(
            self.sheet_type.model_validate(json.loads(entry.read_bytes())["sheet"])
            for entry in files
        )

    def sample_character(self) -> Sheet | None:
        """The first of the :meth:`sample_party`, to try one character; None without one."""
        party = self.sample_party()
        return party[0] if party else None

    def quick_checks(self, sheet: Sheet) -> tuple[QuickCheck, ...]:
        """The rolls the character card lists, in order.

        By default the choices of the first check parameter always shown (what is rolled);
        where its default choice leads to a parameter of its own (a check of an attribute or
        a skill, then which one), that parameter's choices take its place.
        """
        params = self.check_params(sheet)
        first = next(
            (p for p in params if p.kind is Kind.CHOICE and p.only_with is None and p.choices),
            None,
        )
        if first is None:
            return ()
        quick: list[QuickCheck] = []
        for value, label in first.choices:
            if value == "":
                continue
            then = next(
                (
                    p
                    for p in params
                    if p.kind is Kind.CHOICE and p.only_with == (first.key, value) and p.choices
                ),
                None,
            )
            if value != first.default:
                then = None
            if then is None:
                quick.append(QuickCheck(label, {first.key: value}))
            else:
                quick.extend(
                    QuickCheck(text, {first.key: value, then.key: choice})
                    for choice, text in then.choices
                    if choice != ""
                )
        return tuple(quick)

    def sheet_status(self, sheet: Sheet) -> str:
        """The character's state in a few words ("Wound modifier −2"), or "" when well."""
        return ""

    def apply_sheet_action(self, sheet: Sheet, action_id: str, answer: bool = True) -> str:
        """Carry out a sheet action (``answer`` to its question); return what changed."""
        raise SheetEditError(
            _("{name} has no action {action}", name=self.name, action=quoted(action_id))
        )

    @abstractmethod
    def check_params(self, sheet: Sheet, party: Party = EMPTY_PARTY) -> tuple[CheckParam, ...]:
        """What a check of this character asks for.

        ``party`` holds the other open characters of the system, by name, for checks that
        look at them (a CHARACTERS parameter).
        """

    def check_values(self, values: CheckValues) -> CheckValuesModel:
        """The check values as the system's typed model (:attr:`check_values_type`).

        Raises:
            CheckError: a value does not fit its parameter.
        """
        return self.check_values_type.read(values)

    @abstractmethod
    def preview_check(
        self, sheet: Sheet, values: CheckValues, party: Party = EMPTY_PARTY
    ) -> CheckPreview:
        """What the check would roll."""

    @abstractmethod
    def start_check(
        self, sheet: Sheet, values: CheckValues, source: DiceSource, party: Party = EMPTY_PARTY
    ) -> RollSession:
        """Start a roll session; raises :class:`CheckError` when it cannot be rolled."""

    # --- character templates: a character is created from one -----------------------------
    #
    # A template is declared like a sheet (a pydantic model with fields and tables), so the
    # generic sheet editor edits templates too; storage/template_file.py saves them.

    template_type: ClassVar[type[Sheet] | None] = None
    template_version: ClassVar[int] = 1

    def template_fields(self) -> tuple[FieldSpec, ...]:
        """The single values of a template, in editor order."""
        return ()

    def template_tables(self) -> tuple[TableSpec, ...]:
        """The tables of a template, in editor order."""
        return ()

    def sample_templates(self) -> tuple[Sheet, ...]:
        """The templates that ship with the app."""
        return ()

    def new_sheet_from_template(self, template: Sheet) -> Sheet:
        """A fresh character made from ``template``."""
        raise SheetEditError(_("{name} has no character templates.", name=self.name))

    # --- group rolls: several characters roll one check (see core/group.py) ---------------

    @property
    def has_group_checks(self) -> bool:
        """Whether the system knows group rolls."""
        return False

    def group_check_params(self, members: Sequence[Sheet]) -> tuple[CheckParam, ...]:
        """What a group roll of these characters asks for."""
        return ()

    def group_check_values(self, values: CheckValues) -> CheckValues:
        """The group roll's values as the system's typed model
        (:attr:`group_check_values_type`), or as given when the system has none.

        Raises:
            CheckError: a value does not fit its parameter.
        """
        if self.group_check_values_type is None:
            return values
        return self.group_check_values_type.read(values)

    def preview_group_check(self, members: Sequence[Sheet], values: CheckValues) -> CheckPreview:
        """What the group roll would roll."""
        return CheckPreview(summary="", problem=_("{name} has no group rolls.", name=self.name))

    def start_group_check(
        self, members: Sequence[Sheet], values: CheckValues, source: DiceSource
    ) -> RollSession:
        """Start a group roll; raises :class:`CheckError` when it cannot be rolled."""
        raise CheckError(_("{name} has no group rolls.", name=self.name))


class Registry:
    """The rule systems the app knows, in list order.

    A system comes in either as a declaration (:meth:`add`), whose rules are imported the
    first time :meth:`get` asks for it, or as a system object (:meth:`register`).
    :meth:`infos` lists every system without importing any; iterating the registry gives the
    systems themselves and so imports them all.

    >>> registry = Registry()
    >>> registry.get("nope")
    Traceback (most recent call last):
    ...
    KeyError: 'no rule system with id nope'
    """

    def __init__(self) -> None:
        self._infos: dict[str, SystemInfo] = {}
        self._systems: dict[str, RuleSystem] = {}

    def add(self, info: SystemInfo) -> None:
        """Add a system by its declaration; its id must be new. Nothing is imported."""
        if info.id in self._infos:
            raise ValueError(f"a rule system with id {info.id} is registered already")
        self._infos[info.id] = info

    def register(self, system: RuleSystem) -> None:
        """Add a system object; its id must be new."""
        if system.id in self._infos:
            raise ValueError(f"a rule system with id {system.id} is registered already")
        info = system.info
        if info is None or info.id != system.id:
            rules = f"{type(system).__module__}:{type(system).__qualname__}"
            has_templates = system.template_type is not None
            info = SystemInfo(system.id, system.name, system.summary, rules, has_templates)
        self._infos[system.id] = info
        self._systems[system.id] = system

    def get(self, system_id: str) -> RuleSystem:
        """The system with this id, its rules imported now if they were not yet."""
        system = self._systems.get(system_id)
        if system is None:
            system = self._load(self.info(system_id))
        return system

    def info(self, system_id: str) -> SystemInfo:
        """The declaration of the system with this id, without importing its rules."""
        try:
            return self._infos[system_id]
        except KeyError:
            raise KeyError(f"no rule system with id {system_id}") from None

    def infos(self) -> tuple[SystemInfo, ...]:
        """The declarations of all systems, in list order, without importing any."""
        return tuple(self._infos.values())

    def is_loaded(self, system_id: str) -> bool:
        """Whether the rules of this system are imported (it was asked for)."""
        return system_id in self._systems

    def _load(self, info: SystemInfo) -> RuleSystem:
        system = info.load()()
        if system.id != info.id:
            raise ValueError(f"{info.rules} has the id {system.id}, its declaration {info.id}")
        self._systems[info.id] = system
        return system

    def __contains__(self, system_id: object) -> bool:
        return system_id in self._infos

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter([self.get(system_id) for system_id in self._infos])

    def __len__(self) -> int:
        return len(self._infos)
