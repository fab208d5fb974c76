from emitter import Emitter


def test_token_is_one():
    em = Emitter()
    assert em.on("t", lambda p: None) == 1
