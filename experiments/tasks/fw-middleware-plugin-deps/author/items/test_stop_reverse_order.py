from plugins import Registry


class Closer:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def close(self):
        self.log.append(self.name)


def test_stop_reverse_order():
    log = []
    reg = Registry()
    reg.register("db", lambda ctx: Closer("db", log))
    reg.register("web", lambda ctx: Closer("web", log), requires=["db"])
    reg.start()
    reg.stop()
    assert log == ["web", "db"]
