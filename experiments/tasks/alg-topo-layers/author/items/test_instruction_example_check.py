from layering import layers


def test_instruction_example_check():
    graph = {"top": ["mid", "low"], "mid": ["low"], "low": []}
    assert layers(graph) == [["top"], ["mid"], ["low"]]
