"""A Star Wars dodge rolled in a secret attack counts for the segment's later attacks, but a
public attack never says its total: neither on the table window nor in the roll's record.
"""

from PySide6.QtCore import Qt

from tests.ui.test_table_window import everything_in
from tests.ui.window_helpers import SETTLE_MS, star_wars_duel

CTRL = Qt.KeyboardModifier.ControlModifier


def attack(qtbot, window, dice, face, *, secret):
    window.check_panel.secret_box.setChecked(secret)
    dice.extend([face] * 20)
    qtbot.keyClick(window, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: window.roll_panel.done_button.isEnabled(), timeout=SETTLE_MS)
    session = window.roll_panel.session
    qtbot.keyClick(window, Qt.Key.Key_Return, CTRL)
    return session


def test_a_dodge_rolled_secretly_counts_for_a_public_attack_without_its_total(qtbot, window, dice):
    # Given the runner shooting at the tracker, who dodges, with the table window open
    _han, tracker = star_wars_duel(window)
    table = window.game_table.open_table_window()

    # When the game master rolls the first attack secretly: the tracker's dodge is thrown
    first = attack(qtbot, window, dice, 1, secret=True)
    (kept,) = tracker.sheet.dodged
    assert kept.secret and kept.total == first.opponent_total

    # And then a public attack in the same segment
    second = attack(qtbot, window, dice, 6, secret=False)

    # Then the public attack is judged against the secret dodge, adding it without dice...
    assert second.needed == second.plan.target + kept.total
    assert not [d for d in second.dice if d.group == "opponent"], "the kept dodge asks no dice"
    # ...and says only that a hidden total applies, on the table and in its record
    record = window.history_model.records()[0]
    assert second.automatic is None
    assert record.outcome.headline == f"{second.total} against a hidden total - miss"
    assert "rolled secretly this segment" in record.outcome.detail
    total = str(kept.total)
    public = [record.outcome.headline, record.outcome.detail, everything_in(table)]
    for text in public:
        assert total not in text.replace(str(second.total), ""), text
    assert record.outcome.values["opponent_total"] is None
    assert record.outcome.values["needed"] is None
