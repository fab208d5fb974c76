from blocks import percent_bars


def test_empty_items_check():
    rendered = percent_bars([])
    assert isinstance(rendered, str) and len(rendered) == 0
