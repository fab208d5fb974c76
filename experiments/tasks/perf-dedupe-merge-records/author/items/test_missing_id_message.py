import pytest

from records import merge_records


def test_missing_id_message():
    with pytest.raises(ValueError, match="record 1 has no 'id' field"):
        merge_records([{"id": 1}, {"name": "no id"}])
