"""Target: one Heldenhandbuch combat phase of two fighters with 5W20 each, every step taken as
the app suggests (throws, initiative, attack, defence, counter, damage), takes at most 5 ms.

The floor, measured in the same run, is what any combat phase costs without its rules: the
same fighters' dice thrown through the same dice source, as many throws as the phase made. The
median is compared (the machine may be busy with other work during a few rounds), and so is
its ratio to the floor, which does not depend on the machine's speed.
"""

import statistics
import timeit

import pytest

from shadowdice.core.dice import DiceRequest, RandomDiceSource
from shadowdice.systems import builtin_registry

SYSTEM = builtin_registry().get("heldenhandbuch")
TARGET_SECONDS = 0.005
#: The rules may cost at most this many times the floor (about 200 when measured).
MAX_RATIO = 600


def a_fighter(name):
    """Basic martial arts 16 on 5W20 (a W20 base die and four bonus dice)."""
    sheet = SYSTEM.new_sheet()
    sheet.name = name
    skill = next(skill for skill in sheet.skills if skill.name == "Basic martial arts")
    skill.value, skill.base_die, skill.bonus_dice = 16, "W20", 4
    return sheet


def resolve_as_suggested(session):
    """Take every step the way the app suggests it; return how many steps were taken."""
    steps = 0
    while actions := {action.id: action for action in session.actions() if action.enabled}:
        steps += 1
        if "again" in actions and any(f.live for f in session.fighters):
            session.apply("again", actions["again"].pick.suggested)
        elif "again" in actions or any(a.startswith("initiative") for a in actions):
            session.apply(f"initiative:{session.suggested_holder()}")
        elif attack := next((a for a in actions.values() if a.id.startswith("attack")), None):
            session.apply(attack.id, attack.pick.suggested)
        elif "block" in actions:
            session.apply("block", actions["block"].pick.suggested)
        elif "let_through" in actions:
            session.apply("let_through")
        elif "counter" in actions:
            session.apply("counter", actions["counter"].pick.suggested)
        elif "damage" in actions:
            session.apply("damage")
        elif injury := next((a for a in actions if a.startswith("injury:")), None):
            session.apply(injury)  # the first life circle with room for it
        else:
            raise AssertionError(f"no step taken among {sorted(actions)}")
    return steps


@pytest.mark.benchmark(group="heldenhandbuch")
def test_a_combat_phase_of_two_fighters_with_five_w20_resolved_as_suggested(benchmark):
    fighters = [a_fighter("Alrik"), a_fighter("Brun")]
    values = {"contest": "combat"}
    source = RandomDiceSource(seed=13)
    thrown: list[int] = []

    def phase():
        for sheet in fighters:
            sheet.combat_dice_lost = sheet.combat_throws_skipped = 0
        session = SYSTEM.start_group_check(fighters, values, source)
        steps = resolve_as_suggested(session)
        thrown.append(len(session.throws))
        return steps, session.finish()

    steps, record = benchmark(phase)

    # Then the phase ran to its end, and within the target
    assert steps >= 3 and record.outcome.values["phase"] == "over"
    median = benchmark.stats.stats.median
    # The floor: the same number of throws of five W20 through the dice source
    throws = round(statistics.mean(thrown))
    request = DiceRequest(5, 20, "floor")
    runs = timeit.repeat(
        lambda: [source.throw(request) for _ in range(throws)], number=100, repeat=5
    )
    floor = min(runs) / 100
    benchmark.extra_info["floor_seconds"] = floor
    ratio = median / floor
    benchmark.extra_info["ratio_to_floor"] = ratio
    print(f"\ncombat phase {median * 1e3:.3f} ms, floor {floor * 1e3:.4f} ms, ratio {ratio:.0f}")
    assert median <= TARGET_SECONDS
    assert ratio <= MAX_RATIO
