import pytest

from statemachine import InvalidTransition, Machine, NothingToRedo, NothingToUndo

TABLE = {
    ("draft", "submit"): "review",
    ("review", "approve"): "published",
    ("review", "reject"): "draft",
    ("review", "comment"): "review",
    ("published", "archive"): "archived",
}


def machine():
    return Machine("draft", TABLE)


def test_fire_moves_and_returns_state():
    m = machine()
    assert m.state == "draft"
    assert m.fire("submit") == "review"
    assert m.fire("comment") == "review"
    assert m.fire("approve") == "published"
    assert m.state == "published"


def test_invalid_event_keeps_state():
    m = machine()
    with pytest.raises(InvalidTransition):
        m.fire("approve")
    with pytest.raises(InvalidTransition):
        m.fire("nonsense")
    assert m.state == "draft"
    assert m.history() == ["draft"]
    assert issubclass(InvalidTransition, Exception)


def test_constructor_validates_initial():
    with pytest.raises(ValueError):
        Machine("nowhere", TABLE)
    assert Machine("archived", TABLE).state == "archived"


def test_table_is_copied():
    table = dict(TABLE)
    m = Machine("draft", table)
    table[("draft", "publish")] = "published"
    del table[("draft", "submit")]
    with pytest.raises(InvalidTransition):
        m.fire("publish")
    assert m.fire("submit") == "review"


def test_history():
    m = machine()
    m.fire("submit")
    m.fire("reject")
    m.fire("submit")
    h = m.history()
    assert h == ["draft", "review", "draft", "review"]
    h.append("junk")
    assert m.history() == ["draft", "review", "draft", "review"]
    m.undo()
    assert m.history() == ["draft", "review", "draft"]


def test_undo():
    m = machine()
    with pytest.raises(NothingToUndo):
        m.undo()
    m.fire("submit")
    m.fire("approve")
    assert m.undo() == "review"
    assert m.undo() == "draft"
    with pytest.raises(NothingToUndo):
        m.undo()
    assert m.state == "draft"


def test_redo():
    m = machine()
    with pytest.raises(NothingToRedo):
        m.redo()
    m.fire("submit")
    m.fire("approve")
    m.undo()
    m.undo()
    assert m.redo() == "review"
    assert m.redo() == "published"
    with pytest.raises(NothingToRedo):
        m.redo()
    assert m.history() == ["draft", "review", "published"]


def test_fire_discards_redo():
    m = machine()
    m.fire("submit")
    m.fire("approve")
    m.undo()
    m.fire("reject")
    with pytest.raises(NothingToRedo):
        m.redo()
    assert m.state == "draft"
    assert m.history() == ["draft", "review", "draft"]


def test_failed_fire_keeps_redo():
    m = machine()
    m.fire("submit")
    m.undo()
    with pytest.raises(InvalidTransition):
        m.fire("approve")
    assert m.redo() == "review"


def test_events_queries():
    m = Machine("s", {("s", "zeta"): "t", ("s", "alpha"): "t", ("t", "mid"): "s",
                      ("s", "beta"): "s"})
    assert m.available_events() == ["alpha", "beta", "zeta"]
    assert m.can_fire("zeta") and not m.can_fire("mid")
    m.fire("alpha")
    assert m.available_events() == ["mid"]
    assert Machine("archived", TABLE).available_events() == []


def test_reset():
    m = machine()
    m.fire("submit")
    m.fire("approve")
    m.undo()
    m.reset()
    assert m.state == "draft"
    assert m.history() == ["draft"]
    with pytest.raises(NothingToUndo):
        m.undo()
    with pytest.raises(NothingToRedo):
        m.redo()
