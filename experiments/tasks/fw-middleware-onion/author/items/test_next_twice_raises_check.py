import pytest

from pipeline import Pipeline


def test_next_twice_raises_check():
    p = Pipeline(lambda req: req)
    p.use(lambda req, nxt: (nxt(), nxt()))
    with pytest.raises(RuntimeError):
        p.run(1)
