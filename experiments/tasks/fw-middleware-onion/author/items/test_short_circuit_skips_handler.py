from pipeline import Pipeline


def test_short_circuit_skips_handler():
    calls = []
    p = Pipeline(lambda req: calls.append("handler"))
    p.use(lambda req, nxt: "cached")
    assert p.run("r") == "cached"
    assert calls == []
