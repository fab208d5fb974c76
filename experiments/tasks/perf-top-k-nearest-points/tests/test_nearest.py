import random

import pytest

from nearest import k_nearest


def test_nearest_first():
    pts = [(5, 5), (1, 0), (-2, 2), (0, 3)]
    assert k_nearest(pts, (0, 0), 3) == [(1, 0), (-2, 2), (0, 3)]


def test_returns_original_objects():
    a, b = (1, 1), (9, 9)
    result = k_nearest([b, a], (0, 0), 1)
    assert result[0] is a


def test_k_bounds():
    pts = [(3, 0), (1, 0)]
    assert k_nearest(pts, (0, 0), 10) == [(1, 0), (3, 0)]
    assert k_nearest(pts, (0, 0), 0) == []
    assert k_nearest([], (0, 0), 2) == []
    with pytest.raises(ValueError):
        k_nearest(pts, (0, 0), -1)


def test_duplicates_kept():
    assert k_nearest([(1, 1), (5, 5), (1, 1)], (0, 0), 2) == [(1, 1), (1, 1)]


def test_generator_and_no_mutation():
    pts = [(4, 4), (1, 1), (2, 2)]
    k_nearest(pts, (0, 0), 2)
    assert pts == [(4, 4), (1, 1), (2, 2)]
    assert k_nearest((p for p in pts), (0, 0), 1) == [(1, 1)]


def test_ties_follow_input_order():
    pts = [(0, 5), (5, 0), (-5, 0), (3, 4), (0, -5)]
    assert k_nearest(pts, (0, 0), 5) == pts
    assert k_nearest(list(reversed(pts)), (0, 0), 3) == [(0, -5), (3, 4), (-5, 0)]


def test_ties_around_offset_target():
    pts = [(12, 10), (10, 12), (8, 10), (10, 8), (10, 10)]
    assert k_nearest(pts, (10, 10), 5) == [(10, 10), (12, 10), (10, 12), (8, 10), (10, 8)]


def test_exact_comparison_for_large_integers():
    far = (10**8, 1)
    near = (10**8, 0)
    assert k_nearest([far, near], (0, 0), 2) == [near, far]


def test_matches_brute_force_on_random_grids():
    rng = random.Random(1)
    for _ in range(30):
        pts = [(rng.randint(-4, 4), rng.randint(-4, 4)) for _ in range(25)]
        target = (rng.randint(-2, 2), rng.randint(-2, 2))
        k = rng.randint(0, 30)
        key = {i: (p[0] - target[0]) ** 2 + (p[1] - target[1]) ** 2
               for i, p in enumerate(pts)}
        expected = [pts[i] for i in sorted(range(len(pts)), key=lambda i: (key[i], i))][:k]
        assert k_nearest(pts, target, k) == expected
