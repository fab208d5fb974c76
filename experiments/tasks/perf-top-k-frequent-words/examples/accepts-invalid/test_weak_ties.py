from topk import top_k_frequent


def test_top_words_present():
    words = ["pear", "fig", "kiwi", "fig", "pear", "kiwi", "date", "Fig"]
    result = top_k_frequent(words, 3)
    # only checks which words are returned, not the tie order
    assert {w for w, _ in result} == {"fig", "kiwi", "pear"}
    assert all(c == 2 for _, c in result)


def test_k_larger_than_distinct():
    assert sorted(top_k_frequent(["x", "y", "x"], 10)) == [("x", 2), ("y", 1)]


def test_input_not_modified():
    words = ["q", "b", "q", "a"]
    top_k_frequent(words, 2)
    assert words == ["q", "b", "q", "a"]
