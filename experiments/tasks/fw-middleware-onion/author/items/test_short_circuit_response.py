from pipeline import Pipeline


def test_short_circuit_response():
    p = Pipeline(lambda req: "handler")
    p.use(lambda req, nxt: "[" + nxt() + "]")
    p.use(lambda req, nxt: "stop")
    assert p.run(None) == "[stop]"
