from layering import layers


def test_instruction_example():
    assert layers({"a": ["b", "c"], "b": ["c"], "c": []}) == [["a"], ["b"], ["c"]]
