"""Every contest and group roll walked at random, step by step: it never reaches a dead end
(a roll still waiting for a step with nothing to take but ending it), and ended at any step
it records only what happened: where it stops before a step its rules still await, the record
says so instead of a result that was not reached.

The contests: the Heldenhandbuch's combat phase, shot, influence, bargaining and joint check;
Star Wars D6's segment order and speed contest; Phase Six's group roll.
"""

import copy
import random

import pytest

from shadowdice.core.dice import RandomDiceSource
from shadowdice.core.registry import CheckError
from shadowdice.core.session import SessionError
from shadowdice.systems.heldenhandbuch.combat import CombatSession, Phase
from shadowdice.systems.heldenhandbuch.system import Heldenhandbuch
from shadowdice.systems.phasesix.system import PhaseSix
from shadowdice.systems.starwars.system import StarWarsD6 as StarWars
from tests.systems.starwars.characters import character, declared

NAMES = ("Jorna Eisenhand", "Brakmar", "Cedric")
WALKS = 40  # seeds per contest
STEPS = 25  # at most this many actions per walk


#: The steps of a combat phase that ending it before must name.
AWAITED = {Phase.ATTACK, Phase.DEFENCE, Phase.HIT}


def members(system, count):
    """Sample characters of a system under different names; a Heldenhandbuch one can fight,
    talk and trade (its contest skills rated).
    """
    sheets = []
    for name in NAMES[:count]:
        if isinstance(system, StarWars):  # an action declared, a ship flown
            sheet = declared(
                character(
                    name,
                    Mechanical="3D",
                    skills=[
                        ("Blaster", "Dexterity", "1D"),
                        ("Starship Piloting", "Mechanical", "1D"),
                    ],
                ),
                ("action", "Blaster"),
            )
            sheet.ship, sheet.sublight_speed = "Rust Bucket", "2D"
            sheets.append(sheet)
            continue
        sheet = system.sample_character()
        sheet.name = name
        if isinstance(system, Heldenhandbuch):
            for skill in ("Basic martial arts", "Intimidation", "Self-control", "Haggling"):
                rated = sheet.skill(skill)
                rated.value, rated.base_die, rated.bonus_dice = 14, "W20", 3
        sheets.append(sheet)
    return sheets


CONTESTS = [
    (Heldenhandbuch, 2, {"contest": "combat"}),
    (Heldenhandbuch, 3, {"contest": "combat"}),
    (Heldenhandbuch, 2, {"contest": "ranged"}),
    (Heldenhandbuch, 2, {"contest": "influence"}),
    (Heldenhandbuch, 2, {"contest": "bargaining"}),
    (Heldenhandbuch, 3, {"contest": "joint"}),
    (StarWars, 3, {"group": "order"}),
    (StarWars, 2, {"group": "speed"}),
    (PhaseSix, 3, {}),
]


def start(system_type, count, values, seed):
    system = system_type()
    sheets = members(system, count)
    defaults = {param.key: param.default for param in system.group_check_params(sheets)}
    typed = system.group_check_values({**defaults, **values})
    return system.start_group_check(sheets, typed, RandomDiceSource(seed))


def take_something(session, rng):
    """Take one enabled action (picking the suggested dice, or some eligible ones); False
    when nothing could be taken.
    """
    enabled = [action for action in session.actions() if action.enabled]
    rng.shuffle(enabled)
    for action in enabled:
        picks = [()]
        if action.pick is not None:
            eligible = list(action.pick.eligible)
            picks = [tuple(action.pick.suggested)] + [
                tuple(rng.sample(eligible, rng.randint(0, len(eligible)))) for _ in range(6)
            ]
        for picked in picks:
            if action.pick is not None and action.pick.problem(list(picked)) is not None:
                continue
            try:
                session.apply(action.id, picked)
            except SessionError:
                continue
            return True
    return False


@pytest.mark.parametrize(
    ("system_type", "count", "values"),
    CONTESTS,
    ids=[f"{s.__name__}-{'-'.join(v.values()) or 'group'}-{n}" for s, n, v in CONTESTS],
)
def test_no_contest_reaches_a_dead_end_or_records_what_did_not_happen(system_type, count, values):
    stops_seen, phases_ended = set(), set()
    for seed in range(WALKS):
        rng = random.Random(seed)
        try:
            session = start(system_type, count, values, seed)
        except CheckError as error:  # pragma: no cover - the members are made to qualify
            pytest.fail(f"seed {seed}: {error}")
        for _step in range(STEPS):
            stopped = session.stops_early()
            # Ended here, the record names the stop as its headline, or it was not a stop
            ended = copy.deepcopy(session).finish()
            if isinstance(session, CombatSession):
                phases_ended.add(session.phase)
                if session.phase in AWAITED:  # a step awaited: never "Every attack blocked"
                    assert ended.outcome.headline.startswith("Stopped"), (session.phase, seed)
            if stopped is not None:
                stops_seen.add(str(stopped))
                assert stopped in (ended.outcome.headline, *ended.outcome.detail.split(" · ")), (
                    f"seed {seed}: ended at '{stopped}' but recorded '{ended.outcome.headline}'"
                )
            if not take_something(session, rng):
                # Nothing left to take: then nothing is awaited either (no dead end)
                assert stopped is None, f"seed {seed}: dead end at '{session.outcome().headline}'"
                if isinstance(session, CombatSession):
                    assert session.phase is Phase.OVER, f"seed {seed}: dead end in {session.phase}"
                break
        record = session.finish()
        if isinstance(session, CombatSession) and record.outcome.headline == "Every attack blocked":
            assert any("block" in action.id for action in session.taken), f"seed {seed}"
    if system_type is Heldenhandbuch and values["contest"] == "combat":
        # The walks passed through the steps a combat phase can be ended before
        assert any("damage throw" in stop for stop in stops_seen), stops_seen
        assert any("block" in stop for stop in stops_seen), stops_seen
        assert phases_ended >= {Phase.THROWING, *AWAITED, Phase.COUNTER}, phases_ended
