"""Physis and Psyche spent (rule text 003, "Physis, Psyche"): whoever lost all Physis makes
no physical check, whoever lost all Psyche no check at all; the refusal says why.
"""

import pytest

from shadowdice.core.dice import ScriptedDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.systems.heldenhandbuch.sheet import HeldenSheet


def brakmar():
    sheet = HeldenSheet(name="Brakmar")
    sheet.skill("Basic martial arts").value = 12
    sheet.skill("Oratory").value = 9
    return sheet


def test_no_physis_refuses_a_physical_check_and_says_why(system):
    sheet = brakmar()
    sheet.physis.current = 0
    with pytest.raises(CheckError, match="Brakmar has lost all Physis: no physical check"):
        system.start_check(sheet, {"what": "attribute:Strength"}, ScriptedDiceSource([5] * 9))
    assert "lost all Physis" in system.preview_check(sheet, {"what": "attribute:Strength"}).problem
    # A check of the mind is still made
    session = system.start_check(
        sheet, {"what": "attribute:Intellect"}, ScriptedDiceSource([5] * 9)
    )
    assert session.dice


def test_no_psyche_refuses_every_check(system):
    sheet = brakmar()
    sheet.psyche.current = 0
    for what in ("attribute:Intellect", "attribute:Strength", "skill:Oratory"):
        with pytest.raises(CheckError, match="Brakmar has lost all Psyche: no check"):
            system.start_check(sheet, {"what": what}, ScriptedDiceSource([5] * 9))


def test_a_fighter_without_physis_cannot_enter_a_combat_phase(system):
    fighter, other = brakmar(), brakmar()
    other.name = "Jorna"
    fighter.physis.current = 0
    with pytest.raises(CheckError, match="lost all Physis"):
        system.start_group_check([fighter, other], {"contest": "combat"}, ScriptedDiceSource([]))
    # Influence is no physical check: it goes ahead
    system.start_group_check(
        [other, fighter], {"contest": "influence"}, ScriptedDiceSource([5] * 40)
    )
