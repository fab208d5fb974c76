from insertion import insert_interval


def test_result_length_only():
    assert len(insert_interval([(1, 2), (6, 9)], (3, 5))) == 3
