from build_order import build_order


def test_alphabetical_ties_check():
    assert build_order({"app": ["lib", "cli"], "lib": [], "cli": []}) == ["cli", "lib", "app"]
