from mdtable import to_markdown


def test_aligned_from_fixture(aligned_table):
    assert to_markdown(*aligned_table).count("\n") == 2
