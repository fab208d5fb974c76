import random

import pytest

from byte_rle import decode, encode


def test_encode_runs():
    assert encode(b"aaab") == b"\x03a\x01b"
    assert encode(b"\x00\x00\xff") == b"\x02\x00\x01\xff"


def test_decode_runs():
    assert decode(b"\x03a\x01b") == b"aaab"


def test_results_are_bytes():
    assert type(encode(bytearray(b"aab"))) is bytes
    assert type(decode(bytearray(b"\x02a"))) is bytes
    assert type(encode(b"x")) is bytes
    assert type(decode(b"\x01x")) is bytes


def test_long_runs_split():
    assert encode(b"z" * 300) == b"\xffz\x2dz"
    assert encode(b"z" * 255) == b"\xffz"
    assert encode(b"z" * 510 + b"y") == b"\xffz\xffz\x01y"
    assert decode(b"\xffz\x2dz") == b"z" * 300


def test_random_round_trip():
    rng = random.Random(42)
    for _ in range(100):
        data = b"".join(bytes([rng.randint(0, 3)]) * rng.randint(1, 600)
                        for _ in range(rng.randint(0, 4)))
        blob = encode(data)
        assert all(blob[k] > 0 for k in range(0, len(blob), 2))
        assert decode(blob) == data


def test_empty():
    assert encode(b"") == b""
    assert decode(b"") == b""
    assert encode(bytearray()) == b""


@pytest.mark.parametrize("blob", [b"\x03", b"\x03ab", b"\x00a", b"\x01a\x00b"])
def test_decode_rejects_malformed(blob):
    with pytest.raises(ValueError):
        decode(blob)


@pytest.mark.parametrize("value", ["aab", [3, 97], None])
def test_non_bytes_raise_type_error(value):
    with pytest.raises(TypeError):
        encode(value)
    with pytest.raises(TypeError):
        decode(value)
