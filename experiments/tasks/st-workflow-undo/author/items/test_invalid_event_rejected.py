import pytest

from statemachine import InvalidTransition, Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_invalid_event_rejected():
    m = Machine("a", TABLE)
    with pytest.raises(InvalidTransition):
        m.fire("back")
    assert m.state == "a"
