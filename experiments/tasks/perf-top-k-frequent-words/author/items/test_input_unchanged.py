from topk import top_k_frequent


def test_input_unchanged():
    words = ["z", "y", "z", "x"]
    snapshot = list(words)
    top_k_frequent(words, 2)
    assert words == snapshot
