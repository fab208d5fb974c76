import wordcount


def test_usage_error_returns_2(tmp_path):
    assert wordcount.main([]) == 2
