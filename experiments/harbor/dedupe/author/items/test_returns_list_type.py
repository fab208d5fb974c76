def test_returns_list_type():
    import inspect, dedupe as mod
    assert "seen" in inspect.getsource(mod)
