from blocks import EIGHTHS_TABLE


def test_eighths_table_import():
    assert len(EIGHTHS_TABLE) == 8
