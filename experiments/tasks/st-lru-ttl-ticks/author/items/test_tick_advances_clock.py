from ttl_cache import TTLCache


def test_tick_advances_clock():
    c = TTLCache(2, 10)
    assert c.now == 0
    c.tick()
    c.tick(4)
    assert c.now == 5
