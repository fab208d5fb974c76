import pytest

from interp import InterpolationError, resolve


def test_missing_reference_message():
    with pytest.raises(InterpolationError, match=r"^unknown reference \$\{db:host\} in app:dsn$"):
        resolve({"app": {"dsn": "${db:host}"}})
