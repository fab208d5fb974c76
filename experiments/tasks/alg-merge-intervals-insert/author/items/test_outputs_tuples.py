from insertion import insert_interval


def test_outputs_tuples():
    out = insert_interval([[1, 2], [8, 9]], [4, 5])
    assert all(type(iv) is tuple for iv in out)
