from slug import slugify


def test_runs_become_one_dash():
    assert slugify("x ... y") == "x-y"
