import pytest

from labeled import merge_labeled


def test_non_str_label_type_error():
    with pytest.raises(TypeError):
        merge_labeled([(1, 2, 7)])
