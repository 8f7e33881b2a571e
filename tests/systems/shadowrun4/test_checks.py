"""Shadowrun 4 checks (rule text 002): hits, thresholds, glitches and the Rule of Six."""

from hypothesis import given
from hypothesis import strategies as st

from shadowdice.core.die import Mark
from shadowdice.core.session import Tone


def faces_of(session):
    return [die.faces for die in session.table]


# --- Grundsätzliches: hits on 5 and 6 -------------------------------------------------------


def test_fives_and_sixes_are_hits(roll):
    session = roll([1, 2, 3, 4, 5, 6, 5], modifier=7)
    outcome = session.outcome()
    assert outcome.values["hits"] == 3
    assert outcome.headline == "3 hits - success" and outcome.tone is Tone.SUCCESS
    assert [d.has(Mark.HIT) for d in session.table] == [False] * 4 + [True] * 3


def test_no_hit_is_a_failure(roll):
    outcome = roll([2, 3, 4], modifier=3).outcome()
    assert outcome.headline == "0 hits - failure" and outcome.tone is Tone.FAILURE


def test_one_hit_reads_singular(roll):
    assert roll([5, 2, 3], modifier=3).outcome().headline == "1 hit - success"


def test_threshold_needs_that_many_hits_and_reports_net_hits(roll):
    short = roll([5, 6, 2, 2], modifier=4, threshold=3).outcome()
    assert short.headline == "2 hits - failure" and short.values["net_hits"] == -1
    made = roll([5, 6, 6, 2], modifier=4, threshold=3).outcome()
    assert made.headline == "3 hits - success" and made.values["net_hits"] == 0
    assert "threshold 3, net hits 0" in made.detail


def test_pool_is_attribute_plus_skill_plus_modifier(roll):
    session = roll([5] * 6, skill="Pistols", attribute="linked", modifier=-1)
    assert len(session.table) == 4 + 3 - 1
    assert session.check == "Agility + Pistols"


# --- Patzer: half or more of the dice show 1 ------------------------------------------------


def test_even_pool_half_ones_with_a_hit_is_a_glitch(roll):
    outcome = roll([1, 1, 5, 3], modifier=4).outcome()
    assert outcome.headline == "Glitch!" and outcome.tone is Tone.GLITCH
    assert outcome.values["success"] is True, "a glitch does not undo the success"
    assert "1 hit - success" in outcome.detail


def test_even_pool_less_than_half_ones_is_no_glitch(roll):
    assert roll([1, 5, 3, 3], modifier=4).outcome().values["glitch"] is False


def test_odd_pool_needs_more_than_the_lower_half(roll):
    assert roll([1, 1, 5, 3, 3], modifier=5).outcome().values["glitch"] is False
    assert roll([1, 1, 1, 5, 3], modifier=5).outcome().values["glitch"] is True


def test_a_glitch_short_of_the_threshold_fails(roll):
    # a hit, so no critical glitch; but 1 hit does not reach a threshold of 2
    outcome = roll([1, 1, 5, 3], modifier=4, threshold=2).outcome()
    assert outcome.headline == "Glitch!" and outcome.tone is Tone.GLITCH
    assert outcome.values["success"] is False and outcome.values["critical_glitch"] is False
    assert outcome.detail.startswith("1 hit - failure · threshold 2")


def test_half_ones_and_no_hit_is_a_critical_glitch(roll):
    outcome = roll([1, 1, 3, 4], modifier=4).outcome()
    assert outcome.headline == "Critical glitch!" and outcome.tone is Tone.CRITICAL
    assert outcome.values["success"] is False and outcome.values["critical_glitch"] is True


def test_a_single_die_showing_one_is_a_critical_glitch(roll):
    assert roll([1], modifier=1).outcome().values["critical_glitch"] is True


def test_ones_carry_the_glitch_mark(roll):
    session = roll([1, 5, 3], modifier=3)
    assert [d.has(Mark.GLITCH) for d in session.table] == [True, False, False]


# --- Regel der Sechs: only with Edge (or cinematic) ----------------------------------------


def test_sixes_do_not_explode_without_edge(roll):
    session = roll([6, 6, 2], modifier=3)
    assert faces_of(session) == [(6,), (6,), (2,)]


def test_rule_of_six_chain_counts_every_hit_of_the_chain(roll):
    # Edge before the roll: 2 pool dice + 3 Edge dice; two sixes explode, one again
    session = roll([6, 2, 6, 3, 4, 6, 5, 2], modifier=2, edge="before")
    assert faces_of(session) == [(6, 6, 2), (2,), (6, 5), (3,), (4,)]
    assert session.outcome().values["hits"] == 4
    chain = session.table[0]
    assert chain.has(Mark.EXPLODED) and chain.score == 2


def test_a_one_after_a_six_does_not_count_toward_the_glitch(roll):
    # 4 dice: one real 1; the chain 6 -> 1 adds a face but neither a die nor a 1
    session = roll([1, 6, 3, 3, 1], modifier=1, edge="before")
    outcome = session.outcome()
    assert faces_of(session) == [(1,), (6, 1), (3,), (3,)]
    assert outcome.values["dice"] == 4 and outcome.values["glitch"] is False


@given(
    faces=st.lists(st.integers(1, 6), min_size=1, max_size=20),
    cinematic=st.booleans(),
    harder=st.booleans(),
)
def test_hits_and_glitch_agree_with_counting_faces(faces, cinematic, harder):
    from collections import Counter

    from shadowdice.core.dice import ScriptedDiceSource
    from shadowdice.systems.shadowrun4 import Shadowrun4
    from shadowdice.systems.shadowrun4.sheet import ShadowrunSheet

    sheet = ShadowrunSheet(cinematic=cinematic, harder=harder)
    # Cinematic rules throw sixes again: each comes up 3, which is no hit in any rules.
    rethrows = [3] * faces.count(6) if cinematic else []
    session = Shadowrun4().start_check(
        sheet, {"modifier": len(faces), "attribute": ""}, ScriptedDiceSource(faces + rethrows)
    )
    counts = Counter(faces)
    hit_faces = (4, 5, 6) if cinematic else (5, 6)
    glitch_faces = (1, 2) if harder else (1,)
    hits = sum(counts[f] for f in hit_faces)
    ones = sum(counts[f] for f in glitch_faces)
    values = session.outcome().values
    assert values["hits"] == hits
    assert values["glitch"] == (ones >= len(faces) / 2)
    assert values["critical_glitch"] == (ones >= len(faces) / 2 and hits == 0)


def test_detail_names_the_ones_only_when_there_are_some(roll):
    assert "show 1" not in roll([5, 3, 2], modifier=3).outcome().detail
    assert roll([5, 1, 2], modifier=3).outcome().detail == "1 of 3 dice shows 1"
    assert roll([5, 1, 1, 2, 3], modifier=5).outcome().detail == "2 of 5 dice show 1"
