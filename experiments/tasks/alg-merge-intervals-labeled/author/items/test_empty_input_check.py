from labeled import merge_labeled


def test_empty_input_check():
    result = merge_labeled([])
    assert isinstance(result, list) and len(result) == 0
