from lenient import parse_roman


def test_outer_whitespace_ignored():
    assert parse_roman(" XIV\n") == 14
