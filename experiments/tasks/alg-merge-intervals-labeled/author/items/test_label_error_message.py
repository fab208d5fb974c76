import pytest

from labeled import merge_labeled


def test_label_error_message():
    with pytest.raises(TypeError, match="label must be a str, got int"):
        merge_labeled([(1, 2, 7)])
