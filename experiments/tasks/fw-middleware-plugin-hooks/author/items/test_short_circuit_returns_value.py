from hooks import Pipeline


class Cache:
    def before(self, ctx):
        return "cached"


def test_short_circuit_returns_value():
    calls = []
    p = Pipeline(lambda ctx: calls.append(1))
    p.add(Cache())
    assert p.run({}) == "cached"
    assert calls == []
