"""The sheet actions of Star Wars D6: finishing creation and starting a new round (rule text
004, "Charaktererschaffung", "rundenbasiertes Spiel", "Vorbereiten").

The rules they follow are below the sheet: the limits of creation in :mod:`.creation`, the
declarations of a round in :mod:`.round_sheet` and :mod:`.rounds`; these actions change a
:class:`~.sheet.StarWarsSheet` by them, and :class:`~.system.StarWarsD6` offers them. The
readings they take ("Finishing with dice left", "New round") are in those modules' docstrings.
"""

from __future__ import annotations

from shadowdice.core.language import translations
from shadowdice.core.sheet import SheetAction
from shadowdice.systems.starwars.creation import FINISH_CREATION, SKILL_DICE, skill_dice_left
from shadowdice.systems.starwars.damage import Wound
from shadowdice.systems.starwars.round_sheet import ANY_ROLL, NEW_ROUND, prepared_words
from shadowdice.systems.starwars.rounds import ActionKind
from shadowdice.systems.starwars.sheet import StarWarsSheet

_, _n = translations(__name__)


def finish_action(sheet: StarWarsSheet) -> SheetAction:
    """The sheet action that ends creation; its question names the dice still left."""
    if not sheet.in_creation:
        return SheetAction(
            FINISH_CREATION,
            _("Creation finished"),
            hint=_("Creation is over; skills are improved freely."),
        )
    left = skill_dice_left(sheet.added_dice())
    question = ""
    if left > 0:
        question = _(
            "{left}D of the {all}D skill dice are still to distribute; they are lost if you "
            "finish now. Finish creation?",
            left=left,
            all=SKILL_DICE,
        )
    return SheetAction(
        FINISH_CREATION,
        _("Finish creation"),
        hint=_(
            "End creation ({left}D of skill dice left); skills are then improved freely.", left=left
        ),
        question=question,
    )


def finish_creation(sheet: StarWarsSheet, answer: bool = True) -> str:
    """End creation (``answer``: the player confirmed losing the dice left); return what
    happened.
    """
    if not sheet.in_creation:
        return _("Creation is finished already; skills are improved freely.")
    left = skill_dice_left(sheet.added_dice())
    if left > 0 and not answer:
        return _("Creation goes on: {left}D of skill dice left to distribute.", left=left)
    sheet.in_creation = False
    sheet.settle()
    if left > 0:
        return _("Creation finished; {left}D of skill dice were left unspent.", left=left)
    return _("Creation finished; skills are now improved freely.")


def new_round_action() -> SheetAction:
    """The sheet action that starts the next round."""
    return SheetAction(
        NEW_ROUND,
        _("New round"),
        hint=_(
            "Clear this round's declarations, end the stun and the Force "
            "Point's doubling; a declared 'prepare' becomes +1D on the next "
            "round's roll."
        ),
    )


def new_round(sheet: StarWarsSheet) -> str:
    """Start the next round on the sheet; return what changed, in words."""
    said: list[str] = []
    prepared = [row for row in sheet.this_round if row.kind is ActionKind.PREPARE]
    declared = sheet.declared_round()
    sheet.this_round = []
    sheet.dodged = []
    if prepared:
        sheet.prepared = prepared[0].rolls.strip() or ANY_ROLL
        said.append(_("+1D prepared for {roll}", roll=prepared_words(sheet.prepared)))
    elif sheet.prepared:
        sheet.prepared = ""
        said.append(_("the unused preparation is gone"))
    sheet.first_segment_lost = False
    if sheet.stunned:
        # the actions still to come at the hit: those of later segments, and the hit's own
        # segment's unless it was made before the hit
        done = sheet.stun_segment - (0 if sheet.stun_after_action else 1)
        left = declared.actions[done:] if sheet.stun_segment else ()
        if sheet.stun_segment and not left:
            sheet.first_segment_lost = True
            said.append(_("the stun is over, but with no action left to lose it takes segment 1"))
        else:
            said.append(_("the stun is over"))
        sheet.stunned = False
        sheet.stun_segment = 0
        sheet.stun_after_action = False
    if sheet.force_point_round:
        sheet.force_point_round = False
        said.append(_("the Force Point's doubling is over"))
    if sheet.wound is Wound.MORTALLY_WOUNDED:
        said.append(
            _n(
                "roll the death roll ({n} full round)",
                "roll the death roll ({n} full rounds)",
                sheet.mortal_rounds,
            )
        )
    return _("New round: declarations cleared") + "".join(f"; {words}" for words in said) + "."
