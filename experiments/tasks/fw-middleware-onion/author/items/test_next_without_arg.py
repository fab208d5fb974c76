from pipeline import Pipeline


def test_next_without_arg():
    p = Pipeline(lambda req: req)
    p.use(lambda req, nxt: nxt())
    assert p.run({"id": 1}) == {"id": 1}
