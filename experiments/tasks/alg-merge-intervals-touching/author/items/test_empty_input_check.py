from intervals import merge


def test_empty_input_check():
    result = merge([])
    assert isinstance(result, list) and len(result) == 0
