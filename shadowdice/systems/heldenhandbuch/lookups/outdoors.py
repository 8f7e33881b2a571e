"""Tables of the road: chases and herb search.

Rule text sections "Verfolgungsjagd" (tempo and distance levels) and "Kräutersuche".

Chase: the leading runner sets the tempo. Tempo levels by the least result: leisurely
("gemächlich") 4, slow ("langsam") 7, brisk ("zügig") 11, fast ("schnell") 16, rapid ("rasant")
31, breathtaking ("atemberaubend schnell") 60. Distance levels: level ("Gleichauf", under 1 m),
a breath apart ("Atemweite", about 1 m), hot on the heels ("Dicht auf den Fersen", 1-3 m),
small lead ("Kleiner Vorsprung", 3-10 m), clear lead ("Klarer Vorsprung", 10-25 m), in sight
("Sichtweite", over 25 m), escaped ("Enteilt", out of sight).

Herb search: every die of 4+ finds a herb; its face gives the herb's level and the plants
(usable portions): 4-6 beginner 1, 7-10 practised 2, 11-15 advanced 3, 16+ master 4; each die
of a match adds one plant.

Readings where the text is open (each pinned by a test in ``lookups/test_outdoors.py``):

- **A runner below 4** has no tempo level (level 0), one below the leisurely runner.
- **A higher result in the same tempo level** than the leader's keeps pace: no point lost, no
  distance gained. **A higher tempo level** closes one distance level per tempo level (the
  mirror of falling behind); the distance stops at level and at escaped.
- **Herb plants**: the table's number ("Anzahl Pflanzen") is the usable portions of the herb
  found by that die; a die of a match adds one to its own herb. Matches need a face of at most
  the wilderness lore value.
- **1s among the kept dice** count as in any check: each must be offset by a die of 4+, which
  is voided and finds nothing (a Könner of wilderness lore 15 ignores a single 1, a master of
  20 two); the dice voided are those that cost the fewest plants. A 1 left without a die to
  offset it costs a Psyche point, which the sentence says.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from shadowdice.core.language import N_, Text, translations
from shadowdice.core.quoting import quoted
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.fumbles import FUMBLE, ones_to_offset
from shadowdice.systems.heldenhandbuch.lookups.shape import (
    HIGHEST_FACE,
    InputKind,
    Lookup,
    LookupInput,
    faces_text,
    match_groups,
    unoffset_lines,
)

_, _n = translations(__name__)

#: Tempo levels: (name, German, least result), slowest first.
TEMPOS = (
    (N_("leisurely"), "gemächlich", 4),
    (N_("slow"), "langsam", 7),
    (N_("brisk"), "zügig", 11),
    (N_("fast"), "schnell", 16),
    (N_("rapid"), "rasant", 31),
    (N_("breathtaking"), "atemberaubend schnell", 60),
)
#: Distance levels: (id, name, German, how far), closest first.
DISTANCES = (
    ("level", N_("level"), "Gleichauf", N_("under 1 m")),
    ("breath", N_("a breath apart"), "Atemweite", N_("about 1 m")),
    ("heels", N_("hot on the heels"), "Dicht auf den Fersen", N_("1 to 3 m")),
    ("small_lead", N_("small lead"), "Kleiner Vorsprung", N_("3 to 10 m")),
    ("clear_lead", N_("clear lead"), "Klarer Vorsprung", N_("10 to 25 m")),
    ("in_sight", N_("in sight"), "Sichtweite", N_("more than 25 m")),
    ("escaped", N_("escaped"), "Enteilt", N_("out of sight")),
)
_DISTANCE_IDS = tuple(entry[0] for entry in DISTANCES)

#: Herb levels: (least face, name, German, plants), best first.
HERB_LEVELS = (
    (16, N_("master"), "Meister", 4),
    (11, N_("advanced"), "Fortgeschrittene", 3),
    (7, N_("practised"), "Geübter", 2),
    (4, N_("beginner"), "Anfänger", 1),
)


def tempo_level(result: int) -> int:
    """The tempo level of a result: 0 below 4, 1 (leisurely) to 6 (breathtaking).

    >>> [tempo_level(value) for value in (3, 4, 6, 7, 10, 11, 15, 16, 30, 31, 59, 60)]
    [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    """
    return sum(1 for _name, _german, least in TEMPOS if result >= least)


def tempo_name(level: int) -> str:
    """The tempo level in words."""
    return _("no tempo") if level == 0 else _(TEMPOS[level - 1][0])


@dataclass(frozen=True, slots=True)
class ChaseResult:
    """One round of a chase for one runner against the leader.

    Attributes:
        leader_result: the leader's result.
        result: the runner's result.
        leader_tempo: the leader's tempo level (0-6).
        tempo: the runner's tempo level.
        physis_lost: Physis points the runner loses.
        distance: the distance level id before.
        new_distance: the distance level id after.
    """

    leader_result: int
    result: int
    leader_tempo: int
    tempo: int
    physis_lost: int
    distance: str
    new_distance: str

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "Brisk (13) against the leader's fast (17): lose 1 Physis; ..."."""
        tempo = tempo_name(self.tempo)
        head = _(
            "{tempo} ({result}) against the leader's {leader_tempo} ({leader_result})",
            tempo=tempo[:1].upper() + tempo[1:],
            result=self.result,
            leader_tempo=tempo_name(self.leader_tempo),
            leader_result=self.leader_result,
        )
        if self.physis_lost:
            lost = _n("lose {n} Physis", "lose {n} Physis", self.physis_lost)
        else:
            lost = _("no Physis lost")
        _id, name, _german, far = DISTANCES[_DISTANCE_IDS.index(self.new_distance)]
        sentence = (
            N_("{head}: {lost}; still {distance} ({far}).")
            if self.new_distance == self.distance
            else N_("{head}: {lost}; now {distance} ({far}).")
        )
        return _(sentence, head=head, lost=lost, distance=_(name), far=_(far))

    @property
    def details(self) -> tuple[str, ...]:
        """What the distance means."""
        if self.new_distance == "escaped":
            return (_("The leader is out of sight."),)
        return ()


def chase(leader_result: int, result: int, distance: str) -> ChaseResult:
    """One runner's chase round against the leader, from ``distance`` (a distance level id).

    >>> chase(17, 13, "heels").sentence
    "Brisk (13) against the leader's fast (17): lose 1 Physis; now small lead (3 to 10 m)."

    Raises:
        CheckError: an unknown distance level.
    """
    if distance not in _DISTANCE_IDS:
        raise CheckError(_("There is no distance level {distance}.", distance=quoted(distance)))
    leader, own = tempo_level(leader_result), tempo_level(result)
    lost = 1 if result < leader_result else 0
    moved = _DISTANCE_IDS.index(distance) + leader - own
    new_distance = _DISTANCE_IDS[min(max(moved, 0), len(_DISTANCE_IDS) - 1)]
    return ChaseResult(leader_result, result, leader, own, lost, distance, new_distance)


@dataclass(frozen=True, slots=True)
class Herb:
    """One herb found.

    Attributes:
        face: the die that found it.
        level: beginner, practised, advanced or master.
        plants: usable portions, the match's extra one included.
        matched: whether the die is part of a match.
    """

    face: int
    level: str
    plants: int
    matched: bool


@dataclass(frozen=True, slots=True)
class HerbResult:
    """What a half hour of herb search finds.

    Attributes:
        herbs: one per die of 4 or more not voided, best first.
        plants: usable portions in all.
        voided: the faces of the dice voided to offset 1s, highest first.
        unoffset: 1s left without a die to offset them (a Psyche point each).
    """

    herbs: tuple[Herb, ...]
    plants: int
    voided: tuple[int, ...] = ()
    unoffset: int = 0

    @property
    def sentence(self) -> str:
        """The sentence, e.g. "2 herbs, 4 plants: 12 advanced (3), 5 beginner (1)."."""
        if not self.herbs and self.voided:
            return _("Nothing found: the 1s void every die of 4 or more.")
        if not self.herbs:
            return _("Nothing found: no die shows 4 or more.")
        found = Text.join(
            ", ",
            (
                _(
                    N_("{face} {level} ({plants} with the match)")
                    if herb.matched
                    else N_("{face} {level} ({plants})"),
                    face=herb.face,
                    level=_(herb.level),
                    plants=herb.plants,
                )
                for herb in self.herbs
            ),
        )
        return _n(
            "{n} herb, {plants} plants: {found}.",
            "{n} herbs, {plants} plants: {found}.",
            len(self.herbs),
            plants=self.plants,
            found=found,
        )

    @property
    def details(self) -> tuple[str, ...]:
        """What the 1s did, and what the level means."""
        lines = []
        if self.voided:
            lines.append(
                _n(
                    "A 1 voids the {faces}: it finds nothing.",
                    "The 1s void {faces}: they find nothing.",
                    len(self.voided),
                    faces=faces_text(self.voided),
                )
            )
        lines += unoffset_lines(self.unoffset)
        if self.herbs:
            lines.append(_("The level is the hardest kind of herb the die can find."))
        return tuple(lines)


def herb_level(face: int) -> tuple[str, int]:
    """The level and plants of a herb found by this face.

    >>> [herb_level(face) for face in (4, 7, 11, 16)]
    [('beginner', 1), ('practised', 2), ('advanced', 3), ('master', 4)]

    Raises:
        CheckError: a face of 1-3 finds nothing.
    """
    for least, name, _german, plants in HERB_LEVELS:
        if face >= least:
            return name, plants
    raise CheckError(_("A die of {face} finds no herb.", face=face))


def herb_search(faces: tuple[int, ...], skill_value: int = HIGHEST_FACE) -> HerbResult:
    """The herbs the kept dice of a wilderness lore sieve roll find.

    >>> herb_search((12, 12, 5, 2), skill_value=14).sentence
    '3 herbs, 9 plants: 12 advanced (4 with the match), 12 advanced (4 with the match), 5 ...'
    >>> herb_search((12, 5, 1), skill_value=14).plants  # the 1 voids the 5
    3
    """
    successes = sorted((face for face in faces if face >= HERB_LEVELS[-1][0]), reverse=True)
    offsets = ones_to_offset(faces.count(FUMBLE), skill_value)
    voided = min(
        combinations(successes, min(offsets, len(successes))),
        key=lambda out: (-_herbs(_without(successes, out), skill_value)[1], sum(out)),
    )
    herbs, plants = _herbs(_without(successes, voided), skill_value)
    unoffset = max(0, offsets - len(successes))
    return HerbResult(herbs, plants, tuple(sorted(voided, reverse=True)), unoffset)


def _without(faces: list[int], out: tuple[int, ...]) -> tuple[int, ...]:
    """The faces less those taken out (one die each)."""
    left = list(faces)
    for face in out:
        left.remove(face)
    return tuple(left)


def _herbs(successes: tuple[int, ...], skill_value: int) -> tuple[tuple[Herb, ...], int]:
    """The herbs the successes find, best first, and their plants in all."""
    matched = {group[0] for group in match_groups(successes, cap=skill_value)}
    herbs = []
    for face in sorted(successes, reverse=True):
        level, plants = herb_level(face)
        herbs.append(Herb(face, level, plants + (face in matched), face in matched))
    return tuple(herbs), sum(herb.plants for herb in herbs)


CHASE = Lookup(
    "chase",
    _("Chase"),
    (
        LookupInput("leader_result", _("Leader's result"), InputKind.INT, 4, bounds=(0, 200)),
        LookupInput("result", _("Runner's result"), InputKind.INT, 4, bounds=(0, 200)),
        LookupInput(
            "distance",
            _("Distance to the leader"),
            InputKind.CHOICE,
            "heels",
            choices=tuple(
                (key, _("{distance} ({far})", distance=_(name), far=_(far)))
                for key, name, _g, far in DISTANCES
            ),
        ),
    ),
    chase,
    _("Tempo and distance levels of a chase (Verfolgungsjagd)."),
)

HERB_SEARCH = Lookup(
    "herb_search",
    _("Herb search"),
    (
        LookupInput(
            "faces",
            _("Kept dice"),
            InputKind.FACES,
            (),
            bounds=(1, HIGHEST_FACE),
            hint=_("The dice kept in the wilderness lore sieve roll."),
        ),
        LookupInput(
            "skill_value",
            _("Wilderness lore value"),
            InputKind.INT,
            HIGHEST_FACE,
            bounds=(0, 30),
            hint=Text.join(
                " ",
                [
                    _("Matches count up to this face."),
                    _("From 15 a single 1 is ignored, from 20 two."),
                ],
            ),
        ),
    ),
    herb_search,
    _("Herbs and plants found in a half hour's search (Kräutersuche)."),
)
