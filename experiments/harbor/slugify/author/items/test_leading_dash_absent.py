from slug import slugify


def test_leading_dash_absent():
    assert not slugify("  go").startswith("-")
