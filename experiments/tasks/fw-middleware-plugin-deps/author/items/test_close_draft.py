from plugins import PluginBase, Registry


def test_close_draft():
    reg = Registry()
    reg.register("p", lambda ctx: PluginBase())
    reg.start()
    reg.stop()
