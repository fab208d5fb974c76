def test_listener_count_check(emitter):
    emitter.on("t", print)
    emitter.once("t", print)
    assert emitter.listener_count("t") == 2
