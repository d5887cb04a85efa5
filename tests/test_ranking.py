"""The order of a round's rows in the score panels: the best first, ties by seat."""

from game.core.ranking import best_first


def test_highest_first_ties_keep_seat_order():
    assert best_first([3, 13, -2, 13]) == [1, 3, 0, 2]


def test_HR_11_lowest_first_where_fewer_points_win():
    assert best_first([45, -60, 12, 12], low_wins=True) == [1, 2, 3, 0]


def test_one_and_none():
    assert best_first([5]) == [0] and best_first([]) == []
