"""The arithmetic of a combat exchange: attack maneuvers, blocking them, the damage dice of a
hit, and legendary maneuvers (rule text 003, "Kampf": 2. Initiative: Angriff, 3. Verteidigung,
5. Treffer, "Legendäres Manöver").

Dice are (id, face) pairs (:data:`~.best_group.DieFace`). The combat session
(:mod:`.combat`) decides who attacks with what; this module answers what that comes to.

- **Attack maneuvers**: every attacking die is a maneuver of its own; a die among matches
  attacks with its face raised by the number of matching dice ("Gleiche erhöhen das
  Angriffsergebnis der Gleichen um die Gleichenanzahl": three 9s attack with 12 each).
- **Blocking**: one die blocks several attacks whose sum does not exceed its face; several
  dice added together block one attack of at most their sum. :func:`plan_defence` finds the
  defence that uses the fewest rescue dice, then the fewest group dice (what is left may
  counter), then the lowest faces.
- **Damage dice**: a hit throws one die of the fighter's combat die, one more for every die in
  matches of the group and one for every sequence die not used in the attack.
- **Legendary maneuvers**: matches of 11 or more among the attacking dice, as for a
  legendary check: Tria (3), Doppeltria (two sets of 3), Tessera (4), Pente (5), Exi (6).
- **Damage** (:func:`damage_to`) meets the first armor on the sheet, which wears.
- **Consequences** (:func:`charge_consequences`): a fighter's or shooter's check costs and
  earns what any check does: a Psyche point per 1 not offset, respect for three 1s, Mythos
  points for a legendary check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations

from shadowdice.core.language import Text, translations
from shadowdice.core.session import Charge
from shadowdice.systems.heldenhandbuch.best_group import DieFace
from shadowdice.systems.heldenhandbuch.evaluation import Evaluation
from shadowdice.systems.heldenhandbuch.fumbles import is_legendary_failure, respect_loss
from shadowdice.systems.heldenhandbuch.legendary import LEGENDARY_FROM
from shadowdice.systems.heldenhandbuch.lookups.combat import Armor, DamageResult, damage
from shadowdice.systems.heldenhandbuch.sheet import MOST_MYTHOS_POINTS, RESPECT_BOUNDS, HeldenSheet

_, _n = translations(__name__)


def attack_values(dice: Sequence[DieFace]) -> list[DieFace]:
    """Every attacking die with its attack result: its face, raised by the number of
    matching dice among the attacking dice when it is one of two or more.

    >>> attack_values([(0, 9), (1, 9), (2, 9), (3, 8)])
    [(0, 12), (1, 12), (2, 12), (3, 8)]
    """
    counts = Counter(face for _id, face in dice)
    return [(die_id, face + counts[face] if counts[face] > 1 else face) for die_id, face in dice]


@dataclass(frozen=True, slots=True)
class Block:
    """Defending dice and the attacks they block.

    Either one die blocks one or more attacks of at most its face in sum, or several dice
    added together block one attack.

    Attributes:
        dice: the defending dice, as ids.
        attacks: the blocked attacks, as ids of the attacking dice.
    """

    dice: tuple[int, ...]
    attacks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Defence:
    """How a defender blocks every attack.

    Attributes:
        blocks: the blocks, in the order of the attacks.
        rescue: the rescue dice used (dice outside the group), as ids.
        used: every defending die used, as ids.
    """

    blocks: tuple[Block, ...]
    rescue: tuple[int, ...]
    used: tuple[int, ...]


def plan_defence(
    attacks: Sequence[DieFace], group: Sequence[DieFace], rescue: Sequence[DieFace] = ()
) -> Defence | None:
    """The best way to block every attack (attack id, attack result) with the defender's
    group dice and, where needed, rescue dice; None when even all of them cannot.

    >>> plan_defence([(0, 12), (1, 12)], [(5, 15), (6, 10)], [(7, 20)]).blocks
    (Block(dice=(5,), attacks=(0,)), Block(dice=(7,), attacks=(1,)))
    >>> plan_defence([(0, 6), (1, 5)], [(5, 11)]).blocks
    (Block(dice=(5,), attacks=(0, 1)),)
    >>> plan_defence([(0, 14)], [(5, 8), (6, 7)]).blocks
    (Block(dice=(5, 6), attacks=(0,)),)
    """
    rescue_ids = {die_id for die_id, _face in rescue}
    dice = [*group, *rescue]
    ordered = sorted(attacks, key=lambda attack: -attack[1])
    best: tuple[tuple[int, int, int], list[Block]] | None = None

    def search(
        index: int, free: list[DieFace], bins: list[tuple[Block, int]], cost: tuple[int, int, int]
    ) -> None:
        """``cost``: (rescue dice, group dice, their faces added) of the blocks so far."""
        nonlocal best
        if best is not None and cost >= best[0]:
            return
        if index == len(ordered):
            best = (cost, [block for block, _room in bins])
            return
        attack_id, value = ordered[index]
        for number, (block, room) in enumerate(bins):
            if len(block.dice) == 1 and room >= value:
                joined = Block(block.dice, (*block.attacks, attack_id))
                changed = [*bins[:number], (joined, room - value), *bins[number + 1 :]]
                search(index + 1, free, changed, cost)
        rescued, grouped, faces = cost
        for size in range(1, len(free) + 1):
            if size > 1 and sum(face for _id, face in free[: size - 1]) >= value:
                break  # the free dice lie lowest first: from here on, always a die too many
            for chosen in combinations(free, size):
                total = sum(face for _id, face in chosen)
                if total < value or (size > 1 and total - chosen[0][1] >= value):
                    continue  # too little, or a die more than needed
                rest = [die for die in free if die not in chosen]
                block = Block(tuple(sorted(die_id for die_id, _face in chosen)), (attack_id,))
                room = total - value if size == 1 else -1
                saved = sum(1 for die_id, _face in chosen if die_id in rescue_ids)
                more = (rescued + saved, grouped + size - saved, faces + total)
                search(index + 1, rest, [*bins, (block, room)], more)

    search(0, sorted(dice, key=lambda die: die[1]), [], (0, 0, 0))
    if best is None:
        return None
    order = {attack_id: number for number, (attack_id, _value) in enumerate(attacks)}
    blocks = tuple(sorted(best[1], key=lambda block: min(order[a] for a in block.attacks)))
    used = tuple(sorted(die_id for block in blocks for die_id in block.dice))
    return Defence(blocks, tuple(d for d in used if d in rescue_ids), used)


class Maneuver(StrEnum):
    """A legendary maneuver ("Legendäres Manöver"), by the matches of 11+ it takes."""

    NONE = ""
    TRIA = "Tria"
    DOPPELTRIA = "Doppeltria"
    TESSERA = "Tessera"
    PENTE = "Pente"
    EXI = "Exi"

    @property
    def initiative_bonus(self) -> int:
        """Throws the opponent sits out at the start of the next combat phase."""
        return {Maneuver.NONE: 0, Maneuver.PENTE: 2, Maneuver.EXI: 3}.get(self, 1)

    @property
    def disarms(self) -> bool:
        """Doppeltria and Tessera disarm the opponent."""
        return self in (Maneuver.DOPPELTRIA, Maneuver.TESSERA)

    @property
    def damage_factor(self) -> int:
        """Pente doubles the attack's damage (the opponent is knocked down), Exi triples it."""
        return {Maneuver.PENTE: 2, Maneuver.EXI: 3}.get(self, 1)

    @property
    def extra_damage_dice(self) -> int:
        """Exi: six damage dice more."""
        return 6 if self is Maneuver.EXI else 0


def maneuver(dice: Sequence[DieFace], cap: int) -> Maneuver:
    """The legendary maneuver the attacking dice make: matches of 11 or more (and at most
    ``cap``, the highest face that may match).

    >>> maneuver([(0, 12), (1, 12), (2, 12)], 16).value
    'Tria'
    >>> maneuver([(0, 12), (1, 12), (2, 12), (3, 14), (4, 14), (5, 14)], 16).value
    'Doppeltria'
    >>> maneuver([(0, 9), (1, 9), (2, 9)], 16).value
    ''
    """
    counts = sorted(
        (n for face, n in Counter(f for _id, f in dice).items() if LEGENDARY_FROM <= face <= cap),
        reverse=True,
    )
    largest = counts[0] if counts else 0
    if largest >= 6:
        return Maneuver.EXI
    if largest == 5:
        return Maneuver.PENTE
    if largest == 4:
        return Maneuver.TESSERA
    if largest == 3:
        return Maneuver.DOPPELTRIA if len(counts) > 1 and counts[1] >= 3 else Maneuver.TRIA
    return Maneuver.NONE


def damage_dice(group_matched: int, unused_sequences: int, extra: int = 0) -> int:
    """How many damage dice a hit throws: one, plus every die in matches of the group, plus
    every sequence die the attack did not use, plus a maneuver's extra dice.

    >>> damage_dice(3, 1), damage_dice(0, 0), damage_dice(6, 0, extra=6)
    (5, 1, 13)
    """
    return 1 + group_matched + unused_sequences + extra


def damage_to(
    sheet: HeldenSheet, faces: tuple[int, ...], *, armor_counts: bool = True, wears: bool = True
) -> tuple[DamageResult, int]:
    """The hits of damage dice on a character through the first armor on the sheet (none
    when ``armor_counts`` is False: a legendary shot), and the quality it wore off (taken off
    the sheet's armor here; none when ``wears`` is False: an unarmed hit).
    """
    worn = sheet.armor[0] if sheet.armor and armor_counts else None
    if worn is None:
        return damage(faces), 0
    kind = Armor.LIGHT if worn.light else Armor.HEAVY
    result = damage(faces, kind, worn.protection, worn.quality)
    if not wears:
        return replace(result, armor_quality_after=result.armor_quality), 0
    wear = result.armor_quality - result.armor_quality_after
    worn.quality -= wear
    return result, wear


def take_saved_dice(sheet: HeldenSheet, count: int) -> tuple[list[int], int]:
    """The faces of the dice a shooter saved by aiming, to lay on the table of this combat
    phase (at most ``count``, its combat dice), and how many were on the sheet: the sheet's
    list is used up.

    >>> sheet = HeldenSheet(combat_dice_saved=[13, 13, 7])
    >>> take_saved_dice(sheet, 2), sheet.combat_dice_saved
    (([13, 13], 3), [])
    """
    saved = list(sheet.combat_dice_saved)
    if saved:
        sheet.combat_dice_saved = []
    return saved[:count], len(saved)


def charge_consequences(
    sheet: HeldenSheet, name: str, evaluation: Evaluation, who: int = 0
) -> tuple[list[Charge], list[str]]:
    """Take what a contest check costs off the sheet and add what it earns, as for any check:
    a Psyche point per 1 not offset (down to 0); for three 1s (a legendary failure) respect,
    1 on W12 and 2 on W20 (down to the lowest); for a legendary check (three or more matches
    of 11+) Mythos points (up to the most). Returns the charges, of the contest's entrant
    ``who`` (a gain negative), and the notes.

    >>> from shadowdice.systems.heldenhandbuch.evaluation import evaluate
    >>> sheet = HeldenSheet(name="Alrik", respect=5)
    >>> evaluation = evaluate([(0, 1), (1, 1), (2, 1), (3, 12)], cap=16, value=16, sides=20)
    >>> [(c.resource, c.amount) for c in charge_consequences(sheet, "Alrik", evaluation)[0]]
    [('psyche', 2), ('respect', 2)]
    >>> evaluation = evaluate([(0, 12), (1, 12), (2, 12)], cap=16, value=16, sides=20)
    >>> charges, notes = charge_consequences(sheet, "Alrik", evaluation, who=1)
    >>> charges
    [Charge(resource='mythos_points', amount=-1, who=1)]
    >>> notes
    ['Alrik: legendary check, +1 Mythos point']
    """
    charges: list[Charge] = []
    notes: list[str] = []
    psyche = _psyche_lost(sheet, evaluation.unoffset)
    if psyche:
        sheet.psyche.current -= psyche
        charges.append(Charge("psyche", psyche, who))
    if evaluation.unoffset:
        charge = _("Psyche -{n}", n=psyche) if psyche else _("Psyche already at 0")
        notes.append(
            _n(
                "{name}: one 1 not offset: {charge}",
                "{name}: {n} ones not offset: {charge}",
                evaluation.unoffset,
                name=name,
                charge=charge,
            )
        )
    respect = _respect_lost(sheet, evaluation.respect_loss)
    if respect:
        sheet.respect -= respect
        charges.append(Charge("respect", respect, who))
        notes.append(
            _("{name}: three 1s, a legendary failure: respect -{lost}", name=name, lost=respect)
        )
    elif evaluation.respect_loss:
        notes.append(
            _(
                "{name}: three 1s, a legendary failure: respect already at {lowest}",
                name=name,
                lowest=RESPECT_BOUNDS[0],
            )
        )
    if evaluation.mythos_points:
        gained = min(evaluation.mythos_points, MOST_MYTHOS_POINTS - sheet.mythos_points)
        if gained:
            sheet.mythos_points += gained
            charges.append(Charge("mythos_points", -gained, who))
            gain = _n("+{n} Mythos point", "+{n} Mythos points", gained)
        else:
            gain = _("Mythos points already at {most}", most=MOST_MYTHOS_POINTS)
        notes.append(_("{name}: legendary check, {gain}", name=name, gain=gain))
    return charges, notes


def _psyche_lost(sheet: HeldenSheet, unoffset: int) -> int:
    """The Psyche points ``unoffset`` 1s cost: one each, down to 0."""
    return min(unoffset, sheet.psyche.current)


def _respect_lost(sheet: HeldenSheet, loss: int) -> int:
    """The respect a legendary failure's ``loss`` costs, down to the lowest respect."""
    return min(loss, sheet.respect - RESPECT_BOUNDS[0])


def foreseen_costs(
    sheet: HeldenSheet, name: str, ones: int, sides: int, evaluation: Evaluation | None
) -> Text | None:
    """What a fighter's 1s will cost when the phase ends, said as soon as it is certain:
    right after the throw that lays the third 1 (a 1 is never thrown again, so the legendary
    failure stands and its respect with it), and with the Psyche counted once the fighters
    stopped and the 1s left not offset are known. None while nothing is certain yet. The
    sheet is charged when the phase ends (:func:`charge_consequences`), by the same rules.

    >>> sheet = HeldenSheet(name="Alrik", respect=5)
    >>> print(foreseen_costs(sheet, "Alrik", 3, 20, None))  # doctest: +NORMALIZE_WHITESPACE
    Alrik: three 1s, a legendary failure: respect -2, Psyche -1 for each 1 not offset,
    when the phase ends
    >>> foreseen_costs(sheet, "Alrik", 2, 20, None) is None
    True
    """
    legendary = is_legendary_failure(ones)
    unoffset = evaluation.unoffset if evaluation is not None else 0
    if not legendary and not unoffset:
        return None
    costs: list[Text] = []
    if legendary and (loss := respect_loss(ones, sides)):
        lost = _respect_lost(sheet, loss)
        costs.append(
            _("respect -{n}", n=lost)
            if lost
            else _("respect already at {lowest}", lowest=RESPECT_BOUNDS[0])
        )
    if evaluation is None:
        costs.append(_("Psyche -1 for each 1 not offset"))
    elif unoffset:
        psyche = _psyche_lost(sheet, unoffset)
        costs.append(_("Psyche -{n}", n=psyche) if psyche else _("Psyche already at 0"))
    what = (
        _("three 1s, a legendary failure")
        if legendary
        else _n("one 1 not offset", "{n} ones not offset", unoffset)
    )
    if not costs:  # a legendary failure on dice that cost no respect, every 1 offset
        return _("{name}: {what}, at no cost", name=name, what=what)
    return _(
        "{name}: {what}: {costs}, when the phase ends",
        name=name,
        what=what,
        costs=Text.join(", ", costs),
    )
