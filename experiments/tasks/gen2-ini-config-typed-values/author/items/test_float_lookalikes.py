import pytest

from typedconf import parse_typed


@pytest.mark.parametrize("raw", [".5", "1e5", "nan", "inf"])
def test_float_lookalikes(raw):
    assert parse_typed(f"[x]\nv = {raw}\n")["x"]["v"] == raw
