def test_update_replaces_weight_draft():
    c = heavy_cache(max_weight=10)
    c.put("a", 1, 3)
    c.put("a", 2, 5)
    assert c.total_weight == 5
