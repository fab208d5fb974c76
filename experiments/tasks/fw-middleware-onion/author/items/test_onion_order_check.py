from pipeline import Pipeline


def test_onion_order_check():
    log = []

    def layer(name):
        def mw(req, nxt):
            log.append(name + ">")
            out = nxt()
            log.append("<" + name)
            return out

        return mw

    p = Pipeline(lambda req: log.append("h"))
    p.use(layer("a")).use(layer("b"))
    p.run(None)
    assert log == ["a>", "b>", "h", "<b", "<a"]
