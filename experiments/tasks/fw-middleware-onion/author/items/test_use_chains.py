from pipeline import Pipeline


def test_use_chains():
    p = Pipeline(lambda req: req)
    assert p.use(lambda req, nxt: nxt()) is p
