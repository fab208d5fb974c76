import wordfreq


def test_tokenize_helper():
    assert wordfreq.tokenize("Don't Stop") == ["don't", "stop"]
