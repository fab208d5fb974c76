from pipeline import Pipeline


def test_next_none_passes_none():
    p = Pipeline(lambda req: req)
    p.use(lambda req, nxt: nxt(None))
    assert p.run("original") is None
