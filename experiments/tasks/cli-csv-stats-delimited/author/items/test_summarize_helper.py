from colstats import summarize


def test_summarize_helper():
    assert summarize([1.0, 2.0])["mean"] == 1.5
