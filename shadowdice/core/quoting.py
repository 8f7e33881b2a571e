"""Input quoted in a message, kept short.

A message that names what the player (or a file, or the command line) gave quotes it
through :func:`quoted` (or repeats a name through :func:`shortened`): a text of a few dozen
characters as it is, a longer one cut with "…" and its length; a number of many digits by
its first and last digits and how many there are. A message quoting a file's 10 MB string
is then one line, not 10 MB laid out by the window.

>>> quoted("Kira")
"'Kira'"
>>> quoted("A" * 100_000)
"'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'… (100000 characters)"
>>> quoted(10**400)
'1000000000…0000000000 (401 digits)'
>>> quoted(True), quoted(12)
('True', '12')
"""

from __future__ import annotations

from typing import Any

from shadowdice.core.language import number, translations

_, _n = translations(__name__)

#: The most characters of a text a message quotes.
MOST_CHARACTERS = 30
#: The most digits of a number a message quotes whole.
MOST_DIGITS = 20
#: The most characters of anything else (a list, a float) a message quotes.
MOST_OTHER = 60
#: The most characters of a name a message repeats as it is (a skill, a roll, a code).
MOST_NAME = 60


def quoted(value: Any, most: int = MOST_CHARACTERS) -> str:
    """``value`` as a message quotes it: a text in quotes, a number as digits, cut short
    beyond ``most`` characters (a number beyond :data:`MOST_DIGITS` digits).
    """
    if isinstance(value, str):
        if len(value) <= most:
            return repr(value)
        return _n(
            "{text}… ({n} character)",
            "{text}… ({n} characters)",
            len(value),
            text=repr(value[:most]),
        )
    if isinstance(value, int) and not isinstance(value, bool):
        return _number(value)
    if isinstance(value, list | tuple | dict | set | frozenset) and len(value) > MOST_OTHER:
        return f"{type(value).__name__} ({number(len(value), ',')})"
    text = repr(value)
    return text if len(text) <= MOST_OTHER else text[:MOST_OTHER] + "…"


def shortened(text: str, most: int = MOST_NAME) -> str:
    """A name or an expression as a message repeats it: as it is, or cut beyond ``most``
    characters with "…" and its length (no quotes are added).

    >>> shortened("Pistols"), shortened("3d6+" * 100, most=8)
    ('Pistols', '3d6+3d6+… (400 characters)')
    """
    if len(text) <= most:
        return text
    return _n("{text}… ({n} character)", "{text}… ({n} characters)", len(text), text=text[:most])


def _number(value: int) -> str:
    sign = "-" if value < 0 else ""
    magnitude = -value if value < 0 else value
    if magnitude < 10**MOST_DIGITS:
        return str(value)
    # The digits of a number past Python's limit for converting it whole, worked out apart.
    digits = _digit_count(magnitude)
    first = magnitude // 10 ** (digits - 10)
    last = magnitude % 10**10
    return _("{number} ({digits} digits)", number=f"{sign}{first}…{last:010d}", digits=digits)


def _digit_count(magnitude: int) -> int:
    digits = max(1, int(magnitude.bit_length() * 0.30102999566398120))
    while 10**digits <= magnitude:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > magnitude:
        digits -= 1
    return digits
