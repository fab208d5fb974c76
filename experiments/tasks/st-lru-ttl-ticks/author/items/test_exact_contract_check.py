from ttl_cache import TTLCache


def test_exact_contract_check():
    c = TTLCache(2, 5)
    c.put('k', 1)
    c.tick(4)
    c.put('k', 2)
    c.tick(4)
    assert c.get('k') == 2
    c = TTLCache(3, 1)
    c.put('a', 1)
    c.put('b', 2)
    c.tick(1)
    assert len(c) == 0
    assert c.purge() == 2
