"""Optional rules (rule text 002, "Alternative Regeln"), saved with the character."""


def action_label(session):
    return next(a for a in session.actions() if a.id == "edge_reroll_misses").label


def test_cinematic_hits_on_four(roll, sheet):
    sheet.cinematic = True
    outcome = roll([4, 3, 5, 4], modifier=4).outcome()
    assert outcome.values["hits"] == 3


def test_cinematic_rule_of_six_on_every_roll(roll, sheet):
    sheet.cinematic = True
    session = roll([6, 2, 6, 1], modifier=2)
    assert [d.faces for d in session.table] == [(6, 6, 1), (2,)]
    assert session.outcome().values["hits"] == 2


def test_cinematic_reroll_of_misses_explodes_too(roll, sheet):
    sheet.cinematic = True
    session = roll([2, 5, 6, 4], modifier=2)
    session.apply("edge_reroll_misses")
    assert [d.faces for d in session.table] == [(5,), (6, 4)]
    assert session.outcome().values["hits"] == 3


def test_harder_edge_before_adds_only_unspent_points(roll, sheet):
    sheet.harder = True
    sheet.edge_current = 2
    session = roll([2] * 10, modifier=3, edge="before")
    assert len(session.table) == 3 + 2
    assert sheet.edge_current == 1


def test_harder_at_full_edge_adds_the_full_attribute(roll, sheet):
    sheet.harder = True
    assert len(roll([2] * 10, modifier=3, edge="before").table) == 3 + 3


def test_harder_twos_count_toward_the_glitch(roll, sheet):
    faces = [1, 2, 5, 3]
    assert roll(faces, modifier=4).outcome().values["glitch"] is False
    sheet.harder = True
    outcome = roll(faces, modifier=4).outcome()
    assert outcome.values["glitch"] is True and "show 1 or 2" in outcome.detail


def test_harder_twos_without_a_hit_are_a_critical_glitch(roll, sheet):
    sheet.harder = True
    outcome = roll([2, 2, 3, 4], modifier=4).outcome()
    assert outcome.headline == "Critical glitch!" and outcome.values["critical_glitch"] is True


def test_cinematic_reroll_of_misses_keeps_the_fours(roll, sheet):
    sheet.cinematic = True
    session = roll([4, 3, 1, 5, 5], modifier=3)
    assert action_label(session) == "Edge: reroll 2 misses"
    session.apply("edge_reroll_misses")
    assert [d.faces for d in session.table] == [(4,), (5,), (5,)]


def test_harder_does_not_change_post_roll_edge(roll, sheet):
    sheet.harder = True
    sheet.edge_current = 1
    session = roll([2, 2, 2, 2, 2], modifier=2)
    throw = session.apply("edge_extra_dice")
    assert len(throw.die_ids) == 3


def test_harder_long_shot_still_throws_the_full_edge_attribute(roll, sheet):
    sheet.harder = True
    sheet.edge_current = 1
    session = roll([2, 3, 4], modifier=0, edge="long_shot")
    assert len(session.table) == 3 and sheet.edge_current == 0


def test_cinematic_and_harder_together_combine(roll, sheet):
    sheet.cinematic = sheet.harder = True
    outcome = roll([4, 2, 1, 3], modifier=4).outcome()
    assert outcome.values["hits"] == 1
    assert outcome.headline == "Glitch!"
