import pytest

from interp import InterpolationError, resolve


def test_missing_reference():
    with pytest.raises(InterpolationError) as info:
        resolve({"app": {"dsn": "${db:host}"}})
    assert "db:host" in str(info.value)
