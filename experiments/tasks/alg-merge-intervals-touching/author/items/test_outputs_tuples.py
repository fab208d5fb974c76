from intervals import merge


def test_outputs_tuples():
    out = merge([[1, 2], [4, 6]])
    assert out == [(1, 2), (4, 6)]
    assert all(type(iv) is tuple for iv in out)
