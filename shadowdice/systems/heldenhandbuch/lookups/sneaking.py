"""Sneaking past guards: when the check is compared with their watch check, the least result
against unaware guards, and what a failure leads to.

Rule text section "Schleichen". Near (up to 3 m) the sneaking result is always compared with
the guards' watch check ("Wachgabe"); against wary guards also at middle (3-8 m) and far
(8-20 m) distance. Against unaware guards at middle distance it needs 7, far 4. A failure at
middle or far distance makes unaware guards wary and lets wary ones notice the sneaker; near,
unaware guards notice and wary ones discover.

Reading where the text is open (pinned by a test in ``lookups/test_sneaking.py``): **ties go
to the sneaker**, the check fails only when the watch check is *better* ("besser gelingt").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from shadowdice.core.language import N_, translations
from shadowdice.systems.heldenhandbuch.lookups.shape import InputKind, Lookup, LookupInput

_, _n = translations(__name__)


class SneakDistance(StrEnum):
    """How far the sneaker is from the guards: near (to 3 m), middle (3-8 m), far (8-20 m)."""

    NEAR = "near"
    MIDDLE = "middle"
    FAR = "far"


class Guards(StrEnum):
    """Whether the guards are unaware ("arglos") or wary ("wachsam")."""

    UNAWARE = "unaware"
    WARY = "wary"


#: The least sneaking result against unaware guards, by distance (not compared there).
UNAWARE_MINIMUMS = {SneakDistance.MIDDLE: 7, SneakDistance.FAR: 4}

#: What the guards do when a sneaker fails, by :attr:`SneakResult.consequence`.
_CONSEQUENCES = {
    "notice you": N_("the guards notice you"),
    "discover you": N_("the guards discover you"),
    "become wary": N_("the guards become wary"),
}


@dataclass(frozen=True, slots=True)
class SneakResult:
    """A sneaking check.

    Attributes:
        distance: near, middle or far.
        guards: unaware or wary.
        result: the sneaker's result.
        against: what it is measured against: the watch result, or the least result.
        compared: whether it was compared with the guards' watch check.
        success: whether the sneaker stays unseen.
        consequence: on a failure, what the guards do ("notice", "discover", "become wary").
    """

    distance: SneakDistance
    guards: Guards
    result: int
    against: int
    compared: bool
    success: bool
    consequence: str

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Unseen: 9 against their watch check 9." or the failure."""
        if self.compared:
            measure = _("their watch check {against}", against=self.against)
        else:
            measure = str(self.against)
        if self.success:
            return _("Unseen: {result} against {measure}.", result=self.result, measure=measure)
        return _(
            "Failed: {result} against {measure}; {consequence}.",
            result=self.result,
            measure=measure,
            consequence=_(_CONSEQUENCES[self.consequence]),
        )

    @property
    def details(self) -> tuple[str, ...]:
        """What follows being noticed or discovered."""
        if self.success:
            return ()
        if self.consequence.startswith("notice"):
            return (
                _(
                    "Their tracking check (sieve roll) against your hiding check "
                    "(single roll), where there is cover; if you lose, you are "
                    "discovered."
                ),
            )
        if self.consequence.startswith("discover"):
            return (
                _(
                    "Near, a compared reaction check (single roll) decides who acts "
                    "first; further away they can raise the alarm."
                ),
            )
        return ()


def sneaking(
    distance: SneakDistance | str, guards: Guards | str, result: int, watch_result: int
) -> SneakResult:
    """A sneaking check against guards at this distance.

    >>> sneaking("middle", "unaware", 6, 0).sentence
    'Failed: 6 against 7; the guards become wary.'
    """
    distance, guards = SneakDistance(distance), Guards(guards)
    compared = distance is SneakDistance.NEAR or guards is Guards.WARY
    against = watch_result if compared else UNAWARE_MINIMUMS[distance]
    success = result >= against
    if distance is SneakDistance.NEAR:
        consequence = "notice you" if guards is Guards.UNAWARE else "discover you"
    else:
        consequence = "become wary" if guards is Guards.UNAWARE else "notice you"
    return SneakResult(distance, guards, result, against, compared, success, consequence)


SNEAKING = Lookup(
    "sneaking",
    _("Sneaking"),
    (
        LookupInput(
            "distance",
            _("Distance"),
            InputKind.CHOICE,
            SneakDistance.NEAR.value,
            choices=(
                ("near", _("Near (up to 3 m)")),
                ("middle", _("Middle (3-8 m)")),
                ("far", _("Far (8-20 m)")),
            ),
        ),
        LookupInput(
            "guards",
            _("Guards"),
            InputKind.CHOICE,
            Guards.UNAWARE.value,
            choices=(("unaware", _("Unaware")), ("wary", _("Wary"))),
        ),
        LookupInput("result", _("Sneaking result"), InputKind.INT, 0, bounds=(0, 200)),
        LookupInput(
            "watch_result",
            _("Their watch result"),
            InputKind.INT,
            0,
            bounds=(0, 200),
            hint=_("Compared when near, or when the guards are wary."),
        ),
    ),
    sneaking,
    _("Sneaking past unaware or wary guards by distance (Schleichen)."),
)
