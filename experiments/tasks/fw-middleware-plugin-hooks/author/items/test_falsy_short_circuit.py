from hooks import Pipeline


class Zero:
    def before(self, ctx):
        return 0


def test_falsy_short_circuit():
    calls = []
    p = Pipeline(lambda ctx: calls.append(1) or "handler")
    p.add(Zero())
    assert p.run({}) == 0
    assert calls == []
