"""A hit's injuries written on the target's life circles (rule text 003, "Verletzungen").

"Leichte Verletzungen betreffen äußere Lebenskreissegmente. Du darfst entscheiden, welche
Segmente betroffen sind": the injured player chooses where a light injury goes, so after the
damage of a hit is dealt the target's row offers one choice per life circle ("Light injury in
circle 4"). The text gives nobody the choice for heavy and critical injuries; at the table the
injured player places them as well, so the app asks the same way.

On the sheet an injury counts in its circle (light, heavy or critical) and costs segments: a
light one an outer segment, a heavy one the middle segment and its two outer neighbours, a
critical one all of the circle's segments. A heavy or critical injury is untreated until the
game master marks it treated ("versorgt"). A critical injury in the last circle without one
makes critical injuries in every circle, a deadly injury ("tödliche Verletzung"): the note says
so, and that only an epic first aid check (60+) revives.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadowdice.core.language import N_, translations
from shadowdice.core.session import Action
from shadowdice.systems.heldenhandbuch.lookups.combat import DamageResult, Severity
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet, term

_, _n = translations(__name__)

#: Segments an injury of each severity costs; None: all of the circle's.
SEGMENTS_LOST = {Severity.LIGHT: 1, Severity.HEAVY: 3, Severity.CRITICAL: None}
#: The action ids of placing an injury: ``injury:<circle index>``.
INJURY = "injury"


@dataclass(frozen=True, slots=True)
class Injury:
    """An injury still to be placed: on which fighter (index in the contest) and how bad."""

    who: int
    severity: Severity


def injuries_of(who: int, result: DamageResult) -> list[Injury]:
    """One injury per hit that got through the armor."""
    return [Injury(who, hit.severity) for hit in result.hits if hit.severity is not Severity.NONE]


_WHERE = {
    Severity.LIGHT: N_("Light injury in {circle}"),
    Severity.HEAVY: N_("Heavy injury in {circle}"),
    Severity.CRITICAL: N_("Critical injury in {circle}"),
}
_DONE = {
    Severity.LIGHT: N_("{name}: light injury in {circle}"),
    Severity.HEAVY: N_("{name}: heavy injury in {circle}"),
    Severity.CRITICAL: N_("{name}: critical injury in {circle}"),
}


def circle_name(name: str) -> str:
    """A circle's name as the sheet shows it: a new sheet's ("Life circle 4") in the language
    shown, a name the player gave as typed.
    """
    return term(name)


_ASK = {
    Severity.LIGHT: N_("{name} places a light injury: in which life circle?"),
    Severity.HEAVY: N_("{name} places a heavy injury: in which life circle?"),
    Severity.CRITICAL: N_("{name} places a critical injury: in which life circle?"),
}


def injury_question(name: str, injury: Injury) -> str:
    """What the injured player is asked now, in words."""
    return _(_ASK[injury.severity], name=name)


def injury_actions(sheet: HeldenSheet, name: str, injury: Injury) -> list[Action]:
    """The target's choice of circle for an injury: one action per life circle, named by
    the circle (the outcome asks the question, :func:`injury_question`), enabled while the
    circle has room for it.
    """
    actions = []
    for index, circle in enumerate(sheet.life_circles):
        room = _room(circle, injury.severity)
        actions.append(
            Action(
                f"{INJURY}:{index}",
                circle_name(circle.name),
                hint=_(
                    "{injury}: the injured player chooses where it goes; it is written on "
                    "the sheet's life circles.",
                    injury=_(_WHERE[injury.severity], circle=circle_name(circle.name)),
                ),
                enabled=room,
                reason=_("{circle} has no segment left for it", circle=circle_name(circle.name)),
                member=name,
            )
        )
    return actions


def _room(circle, severity: Severity) -> bool:
    if severity is Severity.CRITICAL:
        return not circle.critical
    return circle.lost < circle.segments


def inflict(sheet: HeldenSheet, name: str, circle_index: int, severity: Severity) -> str:
    """Write an injury in a circle of the sheet; what happened, in words."""
    circle = sheet.life_circles[circle_index]
    lost = SEGMENTS_LOST[severity]
    circle.lost = circle.segments if lost is None else min(circle.segments, circle.lost + lost)
    if severity is Severity.LIGHT:
        circle.light = min(circle.light + 1, 12)
    elif severity is Severity.HEAVY:
        circle.heavy = min(circle.heavy + 1, 12)
        circle.treated = False
    else:
        circle.critical = 1
        circle.treated = False
    done = _(_DONE[severity], name=name, circle=circle_name(circle.name))
    if severity is Severity.CRITICAL and all(c.critical for c in sheet.life_circles):
        return _(
            "{done}; critical injuries in every life circle are a deadly injury: only an "
            "epic first aid check (60+) revives",
            done=done,
        )
    return done
