import random

import pytest

from rle import decode, encode


def test_encode_examples():
    assert encode("aaabcc") == "3a1b2c"
    assert encode("") == ""
    assert encode("abc") == "1a1b1c"
    assert encode("  \n\néé") == "2 2\n2é"


def test_decode_examples():
    assert decode("3a1b2c") == "aaabcc"
    assert decode("") == ""
    assert decode("1x") == "x"


def test_multi_digit_counts():
    assert encode("a" * 12) == "12a"
    assert encode("b" * 100 + "c") == "100b1c"
    assert decode("12a1b") == "a" * 12 + "b"
    assert decode("100z") == "z" * 100


def test_random_round_trip():
    rng = random.Random(42)
    for _ in range(200):
        text = "".join(rng.choice("ab -\n") * rng.randint(1, 25) for _ in range(rng.randint(0, 6)))
        assert decode(encode(text)) == text


@pytest.mark.parametrize("text", ["a1", "7", "abc0", "x 9 y"])
def test_encode_rejects_digits(text):
    with pytest.raises(ValueError):
        encode(text)


@pytest.mark.parametrize("data", ["a2b", "a", "0a", "2a0b", "3a2", "5", "12"])
def test_decode_rejects_malformed(data):
    with pytest.raises(ValueError):
        decode(data)


@pytest.mark.parametrize("value", [b"aab", ["a", "a"], None, 3])
def test_non_str_raises_type_error(value):
    with pytest.raises(TypeError):
        encode(value)
    with pytest.raises(TypeError):
        decode(value)
