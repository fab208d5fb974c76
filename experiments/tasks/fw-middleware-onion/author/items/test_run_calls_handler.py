from pipeline import Pipeline


def test_run_calls_handler():
    p = Pipeline(lambda req: req + 1)
    p.use(lambda req, nxt: nxt())
    assert p.run(1) == 2
