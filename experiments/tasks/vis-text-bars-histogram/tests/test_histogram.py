import pytest

from histogram import histogram


def test_full_histogram():
    values = [1, 2, 2, 6, 7, 8, 9, 10, 3]
    out = histogram(values, [0, 5, 10], width=10)
    assert out == "[0, 5)  | ******** 4\n[5, 10] | ********** 5"


def test_labels_use_g_format_and_padding():
    out = histogram([0.5, 2.5], [0.0, 2.5, 10.0, 100.0], width=4)
    assert out.split("\n") == [
        "[0, 2.5)  | **** 1",
        "[2.5, 10) | **** 1",
        "[10, 100] | 0",
    ]


def test_bin_membership_at_edges():
    out = histogram([0, 5, 10, 4.999, 9.5], [0, 5, 10], width=3)
    assert [line.split()[-1] for line in out.split("\n")] == ["2", "3"]


@pytest.mark.parametrize("count, stars", [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_bar_rounding_half_up(count, stars):
    values = [0.5] * 8 + [1.5] * count
    out = histogram(values, [0, 1, 2], width=4)
    assert out.split("\n")[1] == "[1, 2] | " + "*" * stars + f" {count}"


def test_empty_bins_have_one_space():
    out = histogram([7], [0, 5, 10], width=5)
    assert out == "[0, 5)  | 0\n[5, 10] | ***** 1"
    assert histogram([], [0, 1]) == "[0, 1] | 0"


def test_outside_values():
    out = histogram([-1, 0, 3, 11, 10, 100], [0, 5, 10], width=2)
    assert out.split("\n") == ["[0, 5)  | ** 2", "[5, 10] | * 1", "outside: 3"]


def test_no_outside_line_when_all_inside():
    assert "outside" not in histogram([1, 2], [0, 5])


@pytest.mark.parametrize("edges, width", [
    ([0], 10), ([], 10), ([0, 5, 5], 10), ([5, 0], 10), ([0, 1], 0),
])
def test_errors(edges, width):
    with pytest.raises(ValueError):
        histogram([1], edges, width=width)
