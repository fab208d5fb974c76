import pytest

from statemachine import Machine, NothingToRedo

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_fire_clears_redo_draft():
    machine = Machine("a", TABLE)
    machine.fire("go")
    machine.fire("go")
    machine.undo()
    machine.fire("back")
    with pytest.raises(NothingToRedo):
        machine.redo()
