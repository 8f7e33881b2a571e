"""The tables the game master looks up, as checks the app resolves (rule text 003,
"Heldenhandbuch": Kampf, Fernkampf, Verletzungen, Erste Hilfe und Heilkunde, Güte von
Gegenständen, Waffenschmied, Verfolgungsjagd, Kräutersuche, Schleichen, Zechen).

No dice are thrown here: every input is the result of a roll already made or a value the
game master enters, and every table is a pure function returning a small frozen result with
its numbers, ``sentence`` (one sentence for the players) and ``details`` (further lines).

The tables live in the modules of this package: ``combat`` (damage), ``body`` (healing,
drinking), ``items`` (quality grades), ``crafting`` (crafting, mass production), ``outdoors``
(chase, herb search), ``ranged`` (ranged shot) and ``sneaking``; their module docstrings list
the readings taken where the text is open.

The shape (see :mod:`.shape`):

- ``LOOKUPS: tuple[Lookup, ...]``, each ``Lookup(id, label, inputs, resolve, summary)``.
- ``inputs`` are ``LookupInput(key, label, kind, default, bounds, choices, hint, count)``;
  ``kind`` is ``"int"`` (within ``bounds``), ``"choice"`` (a value of ``choices``, given as
  (value, label) pairs) or ``"faces"`` (up to ``count`` die faces within ``bounds``, a tuple).
- ``lookup.run({key: value})`` checks the values and resolves; a missing value takes its
  default; a value that does not fit raises :class:`~shadowdice.core.registry.CheckError`.
- ``lookup.check_params(only_with=("check", lookup.id), defaults={...})`` gives the inputs as
  check parameters keyed ``<lookup id>_<input key>`` (a faces input: one text line such as
  "12 12 5"); ``lookup.run_check(check_values)`` resolves from those keys.
- ``LookupSession(lookup, check_values, system_id=..., character=..., source=...)``
  (:mod:`.session`) is the check as a roll session: it throws no dice, offers no
  actions, and its outcome is the result's sentence (headline), details (detail), a tone and
  the result's numbers (values), so ``start_check`` can return it.

>>> LOOKUP_BY_ID["damage"].run({"faces": (14,), "armor": "light", "protection": 3}).sentence
'Heavy damage: 11 after armor 3. Armor quality 10 falls to 9.'
>>> [lookup.id for lookup in LOOKUPS]  # doctest: +NORMALIZE_WHITESPACE
['damage', 'healing', 'item_quality', 'crafting', 'mass_production', 'chase', 'herb_search',
 'drinking', 'ranged_shot', 'sneaking']
"""

from __future__ import annotations

from shadowdice.systems.heldenhandbuch.lookups.body import DRINKING, HEALING
from shadowdice.systems.heldenhandbuch.lookups.combat import DAMAGE
from shadowdice.systems.heldenhandbuch.lookups.crafting import CRAFTING, MASS_PRODUCTION
from shadowdice.systems.heldenhandbuch.lookups.items import ITEM_QUALITY
from shadowdice.systems.heldenhandbuch.lookups.outdoors import CHASE, HERB_SEARCH
from shadowdice.systems.heldenhandbuch.lookups.ranged import RANGED_SHOT
from shadowdice.systems.heldenhandbuch.lookups.session import LookupSession
from shadowdice.systems.heldenhandbuch.lookups.shape import (
    InputKind,
    Lookup,
    LookupInput,
    LookupResult,
)
from shadowdice.systems.heldenhandbuch.lookups.sneaking import SNEAKING

#: Every table, in the order the issue names them.
LOOKUPS: tuple[Lookup, ...] = (
    DAMAGE,
    HEALING,
    ITEM_QUALITY,
    CRAFTING,
    MASS_PRODUCTION,
    CHASE,
    HERB_SEARCH,
    DRINKING,
    RANGED_SHOT,
    SNEAKING,
)
#: The tables by id.
LOOKUP_BY_ID: dict[str, Lookup] = {lookup.id: lookup for lookup in LOOKUPS}

__all__ = [
    "LOOKUPS",
    "LOOKUP_BY_ID",
    "InputKind",
    "Lookup",
    "LookupInput",
    "LookupResult",
    "LookupSession",
]
