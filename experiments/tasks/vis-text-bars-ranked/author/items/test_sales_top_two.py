from rankbars import rank_bars


def test_sales_top_two(sales):
    assert rank_bars(sales, top=2).split("\n")[-1].startswith("... and")
