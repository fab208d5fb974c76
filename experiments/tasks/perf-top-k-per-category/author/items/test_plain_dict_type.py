from catalog import top_per_category


def test_plain_dict_type():
    result = top_per_category([("a", "x", 1)], 1)
    assert type(result) is dict
