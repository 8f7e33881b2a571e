"""Dice statistics: counts per face, and a chi-square p-value that tells a loaded die."""

from shadowdice.core.dice import DiceRequest, RandomDiceSource
from shadowdice.core.statistics import FaceCounts, chi_square_p


def test_fair_dice_look_fair_and_a_loaded_d20_does_not():
    faces = RandomDiceSource(seed=8).throw(DiceRequest(2000, 20))
    fair = FaceCounts(20, tuple(faces.count(face) for face in range(1, 21)))
    assert fair.enough and fair.p_value > 0.01
    loaded = FaceCounts(20, (*fair.counts[:19], fair.counts[19] + 60))
    assert loaded.p_value < 0.001 < fair.p_value


def test_the_p_value_matches_known_points_of_the_chi_square_distribution():
    assert abs(chi_square_p(6.635, 1) - 0.01) < 1e-4
    assert abs(chi_square_p(36.191, 19) - 0.01) < 1e-4
    assert abs(chi_square_p(1.145, 5) - 0.95) < 1e-3
