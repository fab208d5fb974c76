import random

import pytest

from rle_pairs import decode, encode


def test_encode_runs_as_tuples():
    out = encode("aabccc")
    assert out == [("a", 2), ("b", 1), ("c", 3)]
    assert all(type(p) is tuple for p in out)


def test_long_runs_split_remainder_last():
    assert encode("a" * 600) == [("a", 255), ("a", 255), ("a", 90)]
    assert encode("aaaaa", max_run=2) == [("a", 2), ("a", 2), ("a", 1)]
    assert encode("aaaab", max_run=2) == [("a", 2), ("a", 2), ("b", 1)]
    assert encode("x" * 255) == [("x", 255)]


def test_decode_accepts_lists_tuples_and_generators():
    assert decode([("a", 2), ["b", 1]]) == "aab"
    assert decode(p for p in [("x", 3), ("x", 2)]) == "xxxxx"
    assert decode((("q", 1),)) == "q"


def test_round_trip_random():
    rng = random.Random(42)
    for _ in range(200):
        text = "".join(rng.choice("ab\n") * rng.randint(1, 20) for _ in range(rng.randint(0, 5)))
        m = rng.randint(1, 7)
        pairs = encode(text, m)
        assert all(1 <= n <= m for _, n in pairs)
        assert decode(pairs) == text
        assert decode(iter(pairs)) == text


def test_empty():
    assert encode("") == []
    assert decode([]) == ""


@pytest.mark.parametrize("m", [0, -1])
def test_max_run_below_one_raises(m):
    with pytest.raises(ValueError):
        encode("aaa", max_run=m)


@pytest.mark.parametrize("pair", [("a", 0), ("a", -2), ("a", 1.5), ("a", "3"), ("", 2),
                                  ("ab", 2), (7, 2), (None, 1)])
def test_decode_rejects_bad_pairs(pair):
    with pytest.raises(ValueError):
        decode([("z", 1), pair])
