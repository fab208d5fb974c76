import pytest

from statemachine import Machine, NothingToRedo

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_reset_clears():
    m = Machine("a", TABLE)
    m.fire("go")
    m.undo()
    m.reset()
    assert m.state == "a"
    with pytest.raises(NothingToRedo):
        m.redo()
