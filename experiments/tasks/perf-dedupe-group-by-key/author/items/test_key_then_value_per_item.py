from grouping import group_by


def test_key_then_value_per_item():
    log = []
    group_by(
        [1, 2],
        lambda x: log.append(("key", x)) or x,
        value=lambda x: log.append(("value", x)) or x,
    )
    assert log == [("key", 1), ("value", 1), ("key", 2), ("value", 2)]
