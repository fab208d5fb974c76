import random

import pytest

from marker_rle import decode, encode


def test_long_runs_compressed():
    assert encode("aaaaab") == "~a5;b"
    assert encode("xxxxxxx") == "~x7;"


def test_run_of_exactly_four_compressed():
    assert encode("aaaa") == "~a4;"
    assert encode("baaaab") == "b~a4;b"


def test_short_runs_literal():
    assert encode("aab") == "aab"
    assert encode("abbbc") == "abbbc"
    assert encode("") == ""


def test_decode_examples():
    assert decode("~a5;b") == "aaaaab"
    assert decode("aab") == "aab"
    assert decode("") == ""


def test_random_round_trip():
    rng = random.Random(42)
    for _ in range(300):
        text = "".join(rng.choice("ab~1;") * rng.randint(1, 12) for _ in range(rng.randint(0, 6)))
        assert decode(encode(text)) == text, text


def test_marker_always_escaped():
    assert encode("~") == "~~1;"
    assert encode("a~~b") == "a~~2;b"
    assert encode("~~~~~") == "~~5;"
    assert decode("~~1;") == "~"


def test_counts_have_no_upper_limit():
    assert encode("x" * 120) == "~x120;"
    assert decode("~x120;") == "x" * 120
    assert decode(encode("q" * 1005)) == "q" * 1005


def test_any_run_character():
    assert encode("111112") == "~15;2"
    assert decode("~15;2") == "111112"
    assert encode(";;;;;") == "~;5;"
    assert decode("~;5;") == ";;;;;"
    assert encode("a12;") == "a12;"


@pytest.mark.parametrize("data", ["~a5", "~a;", "~ax;", "~a0;", "~", "ab~", "~a5x;"])
def test_malformed_markers_raise(data):
    with pytest.raises(ValueError):
        decode(data)
