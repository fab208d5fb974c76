import pytest

from records import merge_records


def test_missing_id_position():
    with pytest.raises(ValueError) as info:
        merge_records([{"id": 1}, {"name": "no id"}])
    assert "1" in str(info.value)
