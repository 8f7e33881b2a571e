"""Roll records: the immutable, JSON-serialisable account of a finished roll session.

A record holds everything the history shows and a player might want to check later: the
system, the character, what was rolled, every throw with its faces and marks, the actions
taken with their costs, the outcome and the time.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, NoReturn, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    SerializationInfo,
)

from shadowdice.core.language import SOURCE_LANGUAGE, Text

Scalar = int | float | str | bool | tuple[str, ...] | None


class FrozenDict(dict):
    """A dict that refuses every change, with every list in it made a tuple; it still copies
    and pickles like a dict.

    >>> FrozenDict(hits=3)["hits"] = 4
    Traceback (most recent call last):
    ...
    TypeError: a roll record cannot be changed
    >>> FrozenDict(picked=["Kira"])
    {'picked': ('Kira',)}
    """

    def __init__(self, items: Any = (), /, **values: Any) -> None:
        super().__init__(items, **values)
        for key in [key for key, value in self.items() if isinstance(value, list)]:
            dict.__setitem__(self, key, tuple(self[key]))

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a roll record cannot be changed")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type, tuple[dict]]:
        return FrozenDict, (dict(self),)


Model = TypeVar("Model", bound=BaseModel)


def trusted(model: type[Model], **fields: Any) -> Model:
    """A record of ``model`` from every one of its fields, as validating them would give.

    Only for code that builds each part right itself (a roll session finishing): it skips
    validation, which costs far more than the rest of a roll. Every field must be given, in
    the order the model declares them (JSON is written in that order: only then does the record
    read back from a file as the same text), with values as validation makes them (tuples,
    :func:`frozen_values`, nested records).
    Records that come from elsewhere (files) are validated.
    """
    record = _new_object(model)
    _set_dict(record, fields)
    _set_fields_set(record, set(fields))
    _set_extra(record, None)
    _set_private(record, None)
    return record


# The four slots every pydantic model has, set straight through their descriptors.
_new_object = object.__new__
_set_dict = vars(BaseModel)["__dict__"].__set__
_set_fields_set = vars(BaseModel)["__pydantic_fields_set__"].__set__
_set_extra = vars(BaseModel)["__pydantic_extra__"].__set__
_set_private = vars(BaseModel)["__pydantic_private__"].__set__


def frozen_values(values: Mapping[str, Any]) -> FrozenDict:
    """``values`` as validating a record makes them: unchangeable, lists as tuples.

    For records built without validation (:meth:`pydantic.BaseModel.model_construct`) by the
    code that knows their parts are right.

    >>> frozen_values({"picked": ["Kira"], "hits": 2})
    {'picked': ('Kira',), 'hits': 2}
    """
    return values if type(values) is FrozenDict else FrozenDict(values)


def _words_in(value: Any) -> str:
    """A text of a record as read: a :class:`Text` as it is, its data from a file as the
    text it describes, a plain string (older files, names typed) as it is.
    """
    if isinstance(value, str):
        return value
    return Text.from_data(value)  # ValueError for anything else: the record is refused


def _words_out(value: str, info: SerializationInfo) -> Any:
    """A text of a record as written: in the source language (English), whatever the
    language shown; with the context ``{"neutral": True}`` (the roll log) its message and
    arguments, in no language, so that it reads in any; with ``{"words": True}`` (an export
    for people) the words of the current language.
    """
    if not isinstance(value, Text):
        return value
    context = info.context or {}
    if context.get("neutral"):
        return value.to_data()
    if context.get("words"):
        return value.translated()
    return value.in_language(SOURCE_LANGUAGE)


#: A text a person reads in a record: rendered in any language, stored in none.
Words = Annotated[str, PlainValidator(_words_in), PlainSerializer(_words_out)]

#: A mapping that cannot be changed once validated, written to JSON as an object.
FrozenMapping = Annotated[Mapping[str, Scalar], AfterValidator(FrozenDict), PlainSerializer(dict)]


def _empty(value: object) -> bool:
    """Whether a field holds nothing to write (None, False, no items): a record without typed
    dice or without a seed then reads as it always did.
    """
    return value is None or value is False or value == ()


class _Frozen(BaseModel):
    # Built when first used, or by build_models(): a start opens characters, it rolls nothing.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class DieRecord(_Frozen):
    """One die as it lay at the end of the session."""

    sides: int
    faces: tuple[int, ...]
    group: str = ""
    marks: tuple[str, ...] = ()
    score: int | None = None
    typed: tuple[bool, ...] = Field(default=(), exclude_if=_empty)
    """For each face, whether it was typed in from a physical die; empty: all thrown, and not
    written."""
    carried: bool = Field(default=False, exclude_if=_empty)
    """Laid on the table with a face kept from before (saved dice), not thrown; not written
    when False."""


class ThrowRecord(_Frozen):
    """One throw and the dice it put on the table."""

    label: Words
    dice: tuple[DieRecord, ...]
    roller: str | None = Field(default=None, exclude_if=lambda roller: roller is None)
    """Who threw it when not the record's character (a contest's fighter, an opponent, a
    group roll's member; "" the game master); None: the record's character, or unknown
    (older records), and not written."""


class ActionRecord(_Frozen):
    """A follow-up action the player took, with what it cost."""

    id: str
    label: Words
    cost: Words = ""


class OutcomeRecord(_Frozen):
    """The outcome in words and in numbers."""

    headline: Words
    tone: str
    detail: Words = ""
    values: FrozenMapping = FrozenDict()


class MemberRecord(_Frozen):
    """One member's own result in a group roll."""

    character: str
    headline: Words
    tone: str
    detail: Words = ""


class RollRecord(_Frozen):
    """A finished roll session.

    Attributes:
        system: the rule system's id.
        character: the character's name ("" for a roll without a sheet).
        check: what was rolled, in words ("Agility + Pistols, threshold 2").
        parameters: the check's parameters as chosen.
        throws: every throw, in order.
        actions: the follow-up actions taken, in order.
        outcome: the final outcome.
        time: when the session finished (timezone-aware).
        members: in a group roll, every member's own result, in order; else empty.
        changes: what each action did, in words, in the order of ``actions``
            ("Second chance: 4 hits → 6 hits · Edge 3 → 2").
        secret: rolled secretly by the game master: the players have not seen it.
        revealed: a secret roll shown to the players afterwards.
        seed: the seed of the digital dice, when known.
        position: how many faces the digital dice had thrown before this roll's first; with
            the seed, the faces thrown digitally can be thrown again (:mod:`.replay`).
    """

    system: str
    character: str
    check: Words
    parameters: FrozenMapping = FrozenDict()
    throws: tuple[ThrowRecord, ...]
    actions: tuple[ActionRecord, ...] = ()
    outcome: OutcomeRecord
    time: datetime
    secret: bool = False
    revealed: bool = False
    seed: int | None = Field(default=None, exclude_if=_empty)
    position: int | None = Field(default=None, exclude_if=_empty)
    members: tuple[MemberRecord, ...] = ()
    changes: tuple[Words, ...] = ()

    def characters(self) -> tuple[str, ...]:
        """Who rolled, each once: the members of a group roll; the fighters of a contest (whose
        names the record's character joins); else the character and anyone else who threw
        dice in the roll (an opponent's dodge). The game master is no one.
        """
        if self.members:
            return tuple(member.character for member in self.members)
        if ", " not in self.character:  # one character: only other throwers need a look
            others = [throw.roller for throw in self.throws if throw.roller]
            if not others:
                return (self.character,) if self.character else ()
            return tuple(dict.fromkeys([self.character, *others] if self.character else others))
        throwers = dict.fromkeys(
            self.thrower(throw, die) for throw in self.throws for die in throw.dice
        )
        throwers.pop("", None)
        pieces = self.character.split(", ")
        if throwers and _within(", ".join(throwers).split(", "), pieces):
            return tuple(throwers)  # a contest: its fighters
        return tuple(dict.fromkeys([self.character, *throwers]))

    def thrower(self, throw: ThrowRecord, die: DieRecord) -> str:
        """Who threw ``die`` of ``throw`` ("" the game master or, in a group roll, no member).

        The throw's roller when it names one; in older records, a group roll's member or a
        contest's fighter whose name the die's group begins with; else the record's character.

        >>> from datetime import UTC, datetime
        >>> die = DieRecord(sides=6, faces=(4,), group="Brun · 2")
        >>> older = RollRecord(system="x", character="Alrik, Brun", check="Combat",
        ...     throws=(ThrowRecord(label="Roll", dice=(die,)),),
        ...     time=datetime.now(UTC), outcome=OutcomeRecord(headline="h", tone="neutral"))
        >>> older.thrower(older.throws[0], die), older.characters()
        ('Brun', ('Brun',))
        >>> dodge = ThrowRecord(label="Dodge", dice=(die,), roller="Kira")
        >>> older.model_copy(update={"character": "Jax", "throws": (dodge,)}).characters()
        ('Jax', 'Kira')
        """
        if throw.roller is not None:
            return throw.roller
        name = die.group.split(" · ")[0]
        if self.members or (name and name in self.character.split(", ")):
            return name
        return self.character


#: The models of a roll record, each built when it is first used (:func:`build_models`).
MODELS: tuple[type[BaseModel], ...] = (
    DieRecord,
    ThrowRecord,
    ActionRecord,
    OutcomeRecord,
    MemberRecord,
    RollRecord,
)


def build_models() -> None:
    """Build the validators and serializers of the record models now, which otherwise wait
    for their first use: the app builds them once its window is on screen, so that neither
    the start nor the first roll waits for them.

    >>> build_models()
    >>> all(model.__pydantic_complete__ for model in MODELS)
    True
    """
    for model in MODELS:
        model.model_rebuild()


def _within(part: list[str], whole: list[str]) -> bool:
    """Whether every item of ``part`` is in ``whole``, as often as it comes up in ``part``."""
    rest = list(whole)
    for item in part:
        if item not in rest:
            return False
        rest.remove(item)
    return True
