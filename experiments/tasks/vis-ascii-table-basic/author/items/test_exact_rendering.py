from table import render_table


def test_exact_rendering():
    out = render_table(["item", "price", "note"], [["tea", 2.5, "hot"], ["cake", 10, None]])
    assert out == (
        "item | price | note\n"
        "-----+-------+-----\n"
        "tea  |   2.5 | hot\n"
        "cake |    10 |"
    )
