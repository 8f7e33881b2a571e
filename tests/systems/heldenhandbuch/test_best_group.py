"""The best group of a cascade roll and the dice to keep (text 003 "Kaskadenwurf",
"Siebwurf"): the order of groups pinned by examples, and both choices against brute force
over every subset of random throws.
"""

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from shadowdice.systems.heldenhandbuch.best_group import (
    best_group,
    best_group_counts,
    group_counts,
    is_group,
    keep_choice,
    strength,
)
from shadowdice.systems.heldenhandbuch.evaluation import evaluate
from shadowdice.systems.heldenhandbuch.fumbles import ones_to_offset


def dice(*faces):
    return list(enumerate(faces))


# --- the order of groups -------------------------------------------------------------------


def test_more_dice_beat_higher_values():
    group, _ = best_group(dice(5, 5, 5, 11, 11), cap=12, sequences=False)
    assert sorted(group.faces) == [5, 5, 5, 11, 11]
    # A 1 voids one die: four dice (5, 5, 12, 12) beat three (5, 5, 5)
    group, voided = best_group(dice(5, 5, 5, 12, 12, 1), cap=12, sequences=False, offsets=1)
    assert sorted(group.faces) == [5, 5, 12, 12] and voided == (2,)


def test_of_as_many_dice_matches_beat_a_sequence_with_a_higher_sum():
    # Two dice each way; 7 + 7 (matches) before 11 + 12 (a sequence) after a 1 voids two
    assert strength([7, 7]) > strength([11, 12])
    group, voided = best_group(dice(7, 7, 11, 12, 1, 1), cap=12, sequences=True, offsets=2)
    assert sorted(group.faces) == [7, 7] and len(voided) == 2


def test_sequences_join_a_group_only_where_allowed():
    assert best_group(dice(7, 8, 9), cap=9, sequences=True)[0].value == 24
    without, _ = best_group(dice(7, 8, 9), cap=9, sequences=False)
    assert without.faces == (9,)


def test_a_group_holds_two_sets_of_matches():
    group, _ = best_group(dice(5, 5, 5, 9, 9, 9), cap=9, sequences=False)
    assert group.value == 42 and len(group.matched) == 6


def test_fumbles_void_dice_outside_the_group_first():
    group, voided = best_group(dice(7, 7, 8, 11, 1), cap=9, sequences=True, offsets=1)
    assert str(group) == "8 + 7 + 7" and voided == (3,)


# --- the dice to keep: ties -----------------------------------------------------------------


def test_of_results_of_equal_value_the_keep_takes_the_fewest_dice():
    # Given 12, 6, 6 against 12: a single 12 and 6 + 6 both make 12; keeping one die throws
    # two again, so the 12 is suggested
    assert keep_choice([], dice(12, 6, 6), cap=12, offsets=0, cascade=False) == (0,)


def test_the_keep_leaves_the_successes_that_offset_the_ones_out_of_the_group():
    # Given two 1s and a 5 kept, then 11, 5, 13, 11 thrown: two of the five successes void
    # the 1s, so the group has room for three dice: 11 + 11 (not 11 + 11 + 5 + 5). The 13
    # is kept to offset a 1 with the kept 5; the thrown 5 is thrown again
    kept, thrown = dice(1, 1, 5), [(3, 11), (4, 5), (5, 13), (6, 11)]
    chosen = keep_choice(kept, thrown, cap=14, offsets=2, cascade=True, sequences=True)
    assert chosen == (3, 5, 6)


# --- against brute force -------------------------------------------------------------------

throws = st.lists(st.integers(1, 20), min_size=1, max_size=6)


def brute_best_group(faces, cap, sequences, offsets):
    """The strongest group over every subset of dice, after every choice of voided dice."""
    ids = range(len(faces))
    successes = [i for i in ids if faces[i] >= 4]
    void = min(offsets, len(successes))
    best = None
    for voided in combinations(successes, void):
        rest = [i for i in ids if i not in voided]
        for size in range(1, len(rest) + 1):
            for chosen in combinations(rest, size):
                group = [faces[i] for i in chosen]
                if is_group(group, cap, sequences):
                    best = max(best or strength(group), strength(group))
    return best


@settings(max_examples=300, deadline=None)
@given(throws, st.integers(4, 20), st.booleans(), st.integers(0, 3))
def test_best_group_is_as_strong_as_the_best_of_all_subsets(faces, cap, sequences, offsets):
    group, voided = best_group(dice(*faces), cap, sequences, offsets)
    expected = brute_best_group(faces, cap, sequences, offsets)
    assert (group.strength if group else None) == expected
    assert not set(voided) & set(group.ids if group else ())


def keep_key(kept, thrown, chosen, *, cap, value, cascade, sequences):
    """What a keep choice is judged by: the evaluation of the table, fewer dice, higher ones."""
    table = [*kept, *[die for die in thrown if die[0] in chosen]]
    evaluation = evaluate(table, cap=cap, value=value, sides=20, cascade=cascade,
                          sequences=sequences)  # fmt: skip
    primary = evaluation.group.strength if evaluation.group else (0, 0, 0)
    if not cascade:
        primary = evaluation.value
    picked = sorted((face for die_id, face in thrown if die_id in chosen), reverse=True)
    return (primary, -evaluation.unoffset, -len(chosen), tuple(picked))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(1, 20), max_size=3),
    st.lists(st.integers(2, 20), min_size=1, max_size=4),
    st.integers(4, 20),
    st.booleans(),
    st.booleans(),
)
def test_keep_choice_is_the_best_of_all_subsets(kept_faces, thrown_faces, value, cascade, seq):
    kept = list(enumerate(kept_faces))
    thrown = [(len(kept) + i, face) for i, face in enumerate(thrown_faces)]
    ones = kept_faces.count(1)
    offsets = ones_to_offset(ones, value)
    args = {"cap": value, "value": value, "cascade": cascade, "sequences": seq}
    chosen = keep_choice(kept, thrown, cap=value, offsets=offsets, cascade=cascade, sequences=seq)
    assert chosen and set(chosen) <= {die_id for die_id, _ in thrown}
    best = max(
        keep_key(kept, thrown, subset, **args)
        for size in range(1, len(thrown) + 1)
        for subset in combinations([die_id for die_id, _ in thrown], size)
    )
    assert keep_key(kept, thrown, chosen, **args) == best


@settings(max_examples=300, deadline=None)
@given(throws, st.integers(4, 20), st.booleans(), st.integers(0, 6))
def test_the_strongest_groups_are_those_of_every_group_ranked_best_faces_first(
    faces, cap, sequences, room
):
    # The ranking works on counts by face; by definition it ranks every group by strength
    groups = [
        (strength(expanded), expanded, chosen)
        for chosen in group_counts(faces, cap, sequences, room)
        for expanded in [sorted((f for f, n in chosen.items() for _ in range(n)), reverse=True)]
    ]
    top = max((rank for rank, _faces, _chosen in groups), default=None)
    expected = sorted(
        (group for group in groups if group[0] == top), key=lambda g: g[1], reverse=True
    )
    assert best_group_counts(faces, cap, sequences, room) == [c for _r, _f, c in expected]


def test_a_group_is_remembered_by_its_dice_and_everything_it_was_found_with():
    table = dice(7, 7, 8, 11, 1)
    first = best_group(table, 9, True, 1)
    assert best_group(list(table), 9, True, 1) is first
    assert best_group(table, 9, True, 0) != first  # no 1 to offset: nothing voided
    assert best_group(table, 9, False, 1)[0].faces == (7, 7)


@settings(max_examples=300, deadline=None)
@given(throws, st.integers(4, 20), st.booleans(), st.integers(0, 3))
def test_a_group_holds_the_first_dice_of_its_faces_and_names_their_matches_and_sequences(
    faces, cap, sequences, offsets
):
    group, _voided = best_group(dice(*faces), cap, sequences, offsets)
    if group is None:
        return
    counts = Counter(group.faces)
    # The first dice of each face, in the dice's order, with their faces
    assert group.ids == tuple(sorted(group.ids))
    assert group.faces == tuple(faces[die_id] for die_id in group.ids)
    for face, n in counts.items():
        firsts = [die_id for die_id, f in enumerate(faces) if f == face][:n]
        assert [die_id for die_id in group.ids if faces[die_id] == face] == firsts
    # In matches: a face more than once; in a sequence: next to another face of the group
    assert group.matched == {die_id for die_id in group.ids if counts[faces[die_id]] > 1}
    assert group.sequence == {
        die_id
        for die_id in group.ids
        if sequences
        and len(group.ids) > 1
        and (counts[faces[die_id] - 1] or counts[faces[die_id] + 1])
    }
