from bars import render_bars


def test_empty_items_empty_string():
    rendered = render_bars([])
    assert isinstance(rendered, str) and len(rendered) == 0
