from order import Order


def test_starts_created():
    assert Order(1).state == "created"
