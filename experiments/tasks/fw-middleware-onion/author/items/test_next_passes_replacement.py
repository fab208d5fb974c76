from pipeline import Pipeline


def test_next_passes_replacement():
    p = Pipeline(lambda req: req)
    p.use(lambda req, nxt: nxt(req * 10))
    assert p.run(2) == 20
