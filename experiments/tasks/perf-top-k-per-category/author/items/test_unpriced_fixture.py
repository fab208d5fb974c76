from catalog import top_per_category


def test_unpriced_fixture(unpriced_catalog):
    assert "new" not in top_per_category(unpriced_catalog, 3)
