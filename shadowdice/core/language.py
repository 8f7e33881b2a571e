"""The language a person reads: message catalogs and texts that can render themselves again.

Every text a person reads is written in English in the code, wrapped in ``_()`` (or ``_n()``
where it depends on a number), and looked up in a gettext catalog of the current language
when it is made. The result is a :class:`Text`: a ``str`` in the current language that also
keeps its message and arguments, so that it can be rendered again in another language
(:meth:`Text.translated`) and written to a file without any words of one language in it
(:meth:`Text.to_data`, :meth:`Text.from_data`).

Catalogs are found by module, with no list to keep: a module inside
``shadowdice.systems.<id>`` uses the catalog ``<id>`` in that package's ``locale`` folder, so
that a rule system brings its own translations; every other module uses the catalog
``shadowdice`` in ``shadowdice/locale``. A module takes its functions with::

    _, _n = translations(__name__)

``_("{hits} hits", hits=3)`` formats its keyword arguments with :meth:`str.format` (a text
without arguments is never formatted, so its braces need no doubling);
``_n("{n} hit", "{n} hits", n)`` chooses the plural form of the current language for ``n``
and passes ``n`` to the format as well. ``N_("Strength")`` only marks a text for the
catalog, for tables of constants; it is translated where it is shown, with ``_(value)``.

A number among the arguments is written as the text's language writes numbers when the text
renders ("{price:,}" is "4,000" in English, "4.000" in German; "{chance:.0%}" is "50%" and
"50 %"); :func:`number` writes one alone.

The language is English until :func:`set_language` chooses another. The pseudo-language
``"pseudo"`` makes every text about 40 % longer, with accents, for testing that layouts cope
with longer languages. This module knows nothing of Qt: the user interface listens with
:func:`on_change` and renders its texts again.
"""

from __future__ import annotations

import gettext
import math
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

#: The language the code is written in.
SOURCE_LANGUAGE = "en"
#: The languages that have catalogs, in the order a settings dialog lists them.
LANGUAGES = ("de", "en")
#: The test language whose texts are 40 % longer.
PSEUDO = "pseudo"

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
_APP_DOMAIN = "shadowdice"

_state = {"language": SOURCE_LANGUAGE}
_listeners: list[Callable[[str], None]] = []


def current() -> str:
    """The language texts are made in now ("en", "de" or "pseudo")."""
    return _state["language"]


def set_language(language: str) -> None:
    """Make texts in ``language`` from now on, and tell every listener.

    Raises:
        ValueError: a language with no catalog.
    """
    if language not in (*LANGUAGES, PSEUDO):
        raise ValueError(f"no catalog for the language {language!r}")
    if language == _state["language"]:
        return
    _state["language"] = language
    for listener in list(_listeners):
        listener(language)


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(language)`` after every change of language; returns the unsubscriber."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def best_match(preferred: Iterable[str]) -> str:
    """The first of ``preferred`` (locale names such as "de_AT" or "en-US") that has a catalog.

    English when none has one.

    >>> best_match(["fr_FR", "de_AT", "en_US"])
    'de'
    >>> best_match(["fr"])
    'en'
    """
    for name in preferred:
        language = name.replace("-", "_").split("_")[0].lower()
        if language in LANGUAGES:
            return language
    return SOURCE_LANGUAGE


def domain_of(module: str) -> str:
    """The catalog a module's texts belong to.

    >>> domain_of("shadowdice.systems.starwars.rolls")
    'starwars'
    >>> domain_of("shadowdice.ui.main_window")
    'shadowdice'
    """
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["shadowdice", "systems"]:
        return parts[2]
    return _APP_DOMAIN


def locale_dir(domain: str) -> Path:
    """The folder that holds ``domain``'s catalogs (``<language>/LC_MESSAGES/<domain>.mo``)."""
    if domain == _APP_DOMAIN:
        return _PACKAGE_DIR / "locale"
    return _PACKAGE_DIR / "systems" / domain / "locale"


@cache
def _catalog(domain: str, language: str) -> gettext.NullTranslations:
    if language in (SOURCE_LANGUAGE, PSEUDO):
        return gettext.NullTranslations()
    return gettext.translation(
        domain, localedir=locale_dir(domain), languages=[language], fallback=True
    )


def _pseudo(text: str) -> str:
    """``text`` with accents and 40 % longer, its ``{placeholders}`` untouched.

    >>> _pseudo("{n} hits")
    '[{n} hîţš ~~~~]'
    >>> _pseudo("Reroll the whole roll")
    '[Réröll ţhé whölé röll ~~~~ ~~~~]'
    """
    accents = str.maketrans("aceinostuyACEINOSTUY", "åçéîñöšţûýÅÇÉÎÑÖŠŢÛÝ")
    pieces, depth = [], 0
    for char in text:
        depth += char == "{"
        pieces.append(char if depth else char.translate(accents))
        depth -= char == "}" and depth > 0
    # The padding comes in short words, as a longer language's text would: it may wrap.
    padding = ("~~~~ " * len(text))[: math.ceil(len(text) * 0.4)].strip()
    return f"[{''.join(pieces)} {padding}]"


class Text(str):
    """A text in the current language that knows how it was made.

    It is a ``str`` (as the current language renders it), so it can be shown, compared and
    searched like one. :meth:`translated` renders it again in the language of now.
    Formatting it into another plain string loses that: compose texts with ``_()`` and
    arguments, or :meth:`join`, instead.

    Attributes:
        domain: the catalog; "" for a text that is not translated (a name a player typed,
            a joined list).
        message: the English message (for a joined list: the separator).
        plural: the English plural message, or None.
        n: the number that chooses the plural form, or None.
        args: the arguments of the format; they may be texts themselves.
        language: the language it was made in (its string's).
    """

    domain: str
    message: str
    plural: str | None
    n: int | None
    args: Mapping[str, Any]
    language: str

    def __new__(
        cls,
        domain: str,
        message: str,
        plural: str | None = None,
        n: int | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> Text:
        """The message rendered in the current language, keeping what it was made of."""
        # Only a plain dict is kept as it is. Rendering formats with ``format_map``, which
        # would take a made-up value from a mapping that makes up missing keys (a Counter,
        # a defaultdict): such a mapping is copied into a plain dict first.
        args = args if type(args) is dict else dict(args or {})
        language = _state["language"]
        made = _new_str(cls, _render(domain, message, plural, n, args, language))
        # One dict for the six attributes: cheaper than setting them one by one.
        made.__dict__ = {
            "domain": domain,
            "message": message,
            "plural": plural,
            "n": n,
            "args": args,
            "language": language,
        }
        return made

    @classmethod
    def literal(cls, text: str) -> Text:
        """A text that every language shows as it is (a name a player typed)."""
        return text if isinstance(text, Text) else cls("", "{text}", args={"text": str(text)})

    @classmethod
    def join(cls, separator: str, items: Iterable[Any]) -> Text:
        """``separator.join(items)`` that renders each item again in the language of now."""
        return cls("", separator, args={"items": tuple(items)})

    def translated(self) -> str:
        """This text as the current language renders it."""
        return _render(
            self.domain, self.message, self.plural, self.n, self.args, _state["language"]
        )

    def in_language(self, language: str) -> str:
        """This text as ``language`` renders it, whatever the current language is."""
        return _render(self.domain, self.message, self.plural, self.n, self.args, language)

    def to_data(self) -> dict[str, Any] | str:
        """This text for a file: its message and arguments, no words of any one language.

        A literal text is written as the plain string it is.
        """
        if not self.domain and self.message == "{text}":
            return str(self.args["text"])
        data: dict[str, Any] = {"domain": self.domain, "message": self.message}
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        if self.args:
            data["args"] = {key: _arg_to_data(value) for key, value in self.args.items()}
        return data

    @classmethod
    def from_data(cls, data: Any, depth: int = 0) -> Text:
        """The text :meth:`to_data` wrote; a plain string (an older file) stays as it is.

        Raises:
            ValueError: data that is neither.
        """
        if isinstance(data, str):
            return cls.literal(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("message"), str):
            raise ValueError("a text must be a string or an object with a message")
        args = data.get("args") or {}
        if not isinstance(args, Mapping):
            raise ValueError("the arguments of a text must be an object")
        plural, n = data.get("plural"), data.get("n")
        return cls(
            str(data.get("domain", "")),
            data["message"],
            plural if isinstance(plural, str) else None,
            n if isinstance(n, int) and not isinstance(n, bool) else None,
            {str(key): _arg_from_data(value, depth) for key, value in args.items()},
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return Text, (self.domain, self.message, self.plural, self.n, self.args)

    def __copy__(self) -> Text:
        """The text itself: texts never change, and a copy keeps the words it was made in
        (a copy made anew would be in the language shown while copying, and a roll's texts
        kept per language would read in another).
        """
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        """The text itself (see :meth:`__copy__`)."""
        return self


_new_str = str.__new__
#: The arguments that are rendered again in a text's language: texts, and tuples of them.
_NESTING = (Text, tuple)
#: Makes a text from a dict of arguments of its own, as ``Text(...)`` does but without the
#: type's call machinery around it: ``_()`` makes most texts, and this is a fair part of each.
_new_text = Text.__new__


def _render(
    domain: str,
    message: str,
    plural: str | None,
    n: int | None,
    args: dict[str, Any],
    language: str,
) -> str:
    """The message of a text in ``language``, formatted with its arguments.

    Texts among the arguments (also inside tuples) are rendered in ``language`` too; the
    arguments are copied for that only when there is such an argument, which most texts
    (a number, a name) do not have.
    """
    for value in args.values():
        if isinstance(value, _NESTING):
            args = {
                key: _fresh(value, language) if isinstance(value, _NESTING) else value
                for key, value in args.items()
            }
            break
    if not domain:
        if "items" in args and message != "{text}":
            return str.join(message, [str(item) for item in args["items"]])
        if language != SOURCE_LANGUAGE:  # English: Python's format writes its numbers
            args = _numbers_in(args, message, language)
        return message.format_map(args)
    if plural is not None:
        args = {"n": n, **args}  # the number, unless an argument is named n itself
    if language == SOURCE_LANGUAGE:  # the code's own words: no catalog to ask
        pattern = message if plural is None or n == 1 else plural
    elif plural is None:
        pattern = _catalog(domain, language).gettext(message)
    else:
        pattern = _catalog(domain, language).ngettext(message, plural, n if n is not None else 0)
    if language == PSEUDO:
        pattern = _pseudo(pattern)
    if not args:
        return pattern
    if language != SOURCE_LANGUAGE:
        args = _numbers_in(args, pattern, language)
    try:
        return pattern.format_map(args)
    except (KeyError, IndexError, ValueError):
        # A translation that names an argument the message does not have: show the English.
        english = message if plural is None or n == 1 else plural
        return english.format_map(args)


#: How a language writes numbers, as the Unicode CLDR (which Babel carries) gives them: the
#: separator of thousands, the decimal separator, and a percentage around its number. Python's
#: own format writes English; a language missing here (the pseudo-language) reads as English.
#: ``tests/core/test_numbers.py`` compares these with Babel's, so they cannot drift.
NUMBER_STYLES: dict[str, tuple[str, str, str]] = {
    "en": (",", ".", "{}%"),
    "de": (".", ",", "{}\u00a0%"),
}


#: Each language's separators as a table that turns Python's (English) ones into them.
_SEPARATORS = {
    language: str.maketrans({",": group, ".": decimal})
    for language, (group, decimal, _percent) in NUMBER_STYLES.items()
}


class _Number:
    """A number among a text's arguments, formatted as its language writes numbers.

    Any format the message gives it works as Python's does ("{price:,}", "{mean:.1f}"), its
    separators those of the language; a percentage ("{chance:.0%}") takes the language's
    form too ("12,5 %" in German: a space, which never breaks, before the sign).
    """

    __slots__ = ("language", "value")

    def __init__(self, value: float, language: str) -> None:
        self.value, self.language = value, language

    def __str__(self) -> str:  # "{chance!s}": as "{chance}" writes it
        return format(self, "")

    def __repr__(self) -> str:  # "{chance!r}": as Python writes it, for a program
        return repr(self.value)

    def __format__(self, spec: str) -> str:
        separators = _SEPARATORS[self.language]
        if spec.endswith("%"):
            shown = format(self.value * 100, spec[:-1] + "f").translate(separators)
            return NUMBER_STYLES[self.language][2].format(shown)
        return format(self.value, spec).translate(separators)


def _numbers_in(args: dict[str, Any], pattern: str, language: str) -> dict[str, Any]:
    """``args`` with its numbers written as ``language`` writes them.

    English needs nothing: Python's format writes it. Elsewhere a fraction always needs its
    decimal separator; a whole number only where the pattern gives it a format ("{n:,}"), as
    "{n}" writes digits alone in every language.
    """
    if language == SOURCE_LANGUAGE or language not in _SEPARATORS:
        return args
    spec = _formats_a_number(pattern)
    if not any(type(v) is float or (spec and type(v) is int) for v in args.values()):
        return args
    return {
        key: _Number(value, language) if type(value) in (int, float) else value
        for key, value in args.items()
    }


@lru_cache(maxsize=4096)  # a catalog's patterns, with room to spare
def _formats_a_number(pattern: str) -> bool:
    """Whether a placeholder of ``pattern`` has a format ("{price:,}", not "{name}: {n}").

    >>> _formats_a_number("{name}: {n} hits"), _formats_a_number("{price:,}")
    (False, True)
    """
    try:
        return any(spec for _text, _field, spec, _conversion in _FORMATTER.parse(pattern))
    except ValueError:  # not a pattern Python's format reads: let the format say so
        return True


_FORMATTER = string.Formatter()


def number(value: float, spec: str = "") -> str:
    r"""``value`` formatted by ``spec`` as the current language writes numbers.

    For a number shown alone (a table's cell); in a sentence, give the number to the text's
    format instead ("{price:,}"), so that it is written anew in the language shown later.

    >>> number(4000.0, ",g"), number(0.125, ".1%")
    ('4,000', '12.5%')
    >>> set_language("de"); number(4000.0, ",g"), number(0.125, ".1%"); set_language("en")
    ('4.000', '12,5\xa0%')
    """
    language = _state["language"]
    if language == SOURCE_LANGUAGE or language not in _SEPARATORS:
        return format(value, spec)
    return format(_Number(value, language), spec)


def _fresh(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        # Made in this language already: its own string, without rendering it again.
        return str.__str__(value) if value.language == language else value.in_language(language)
    if isinstance(value, tuple):
        return tuple(
            [_fresh(item, language) if isinstance(item, _NESTING) else item for item in value]
        )
    return value


def _arg_to_data(value: Any) -> Any:
    if isinstance(value, Text):
        return {"text": value.to_data()}
    if isinstance(value, tuple | list):
        return [_arg_to_data(item) for item in value]
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)  # a path, say: as it reads


#: How deep texts may nest in a file (a text in an argument of a text ...).
MAX_DEPTH = 8


def _arg_from_data(value: Any, depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        raise ValueError("texts nest too deep")
    if isinstance(value, Mapping) and set(value) == {"text"}:
        return Text.from_data(value["text"], depth + 1)
    if isinstance(value, list):
        return tuple(_arg_from_data(item, depth + 1) for item in value)
    if value is None or isinstance(value, str | int | float):
        return value
    raise ValueError("the argument of a text must be a string, a number, a list or a text")


def words(text: str) -> str:
    """``text`` as the current language renders it: a :class:`Text` anew, any other string
    (a name a player typed, an older file's words) as it is.
    """
    return text.translated() if isinstance(text, Text) else text


def translations(
    module: str,
) -> tuple[Callable[..., Text], Callable[..., Text]]:
    """``(_, _n)`` for the module named ``module`` (pass ``__name__``)."""
    domain = domain_of(module)

    # A text without arguments reads the same every time in one language: it is made once
    # and shared, as texts never change. Keyed by the catalog too, as in terms().
    @lru_cache(maxsize=1024)
    def constant(message: str, language: str, catalog: gettext.NullTranslations) -> Text:
        return Text(domain, message)

    def _(message: str, /, **args: Any) -> Text:
        if args:
            return _new_text(Text, domain, message, None, None, args)
        language = _state["language"]
        return constant(message, language, _catalog(domain, language))

    def _n(singular: str, plural: str, n: int, /, **args: Any) -> Text:
        return _new_text(Text, domain, singular, plural, n, args)

    return _, _n


def terms(module: str) -> Callable[[str], Text]:
    """``term(name)`` for the module named ``module``: a name the rules define (an attribute,
    a skill) in the language shown; a name a player gave has no translation and shows as given.

    A sheet names the same few terms hundreds of times (every choice of a check, every row of
    the card): each is made once per language and shared, as texts never change.
    """
    domain = domain_of(module)

    # Keyed by the catalog too: a catalog read again (a new translation) makes the texts anew.
    @lru_cache(maxsize=4096)  # the rules' names and the players' own, with room to spare
    def made(name: str, language: str, catalog: gettext.NullTranslations) -> Text:
        return Text(domain, name)

    def term(name: str) -> Text:
        language = _state["language"]
        return made(name, language, _catalog(domain, language))

    return term


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (translate where shown)."""
    return message
