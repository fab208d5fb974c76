from lenient import parse_roman


def test_outer_whitespace_ignored_check():
    assert parse_roman(" XIV\n") == 14
