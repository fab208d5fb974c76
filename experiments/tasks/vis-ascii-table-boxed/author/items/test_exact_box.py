from boxtable import render_box


def test_exact_box():
    assert render_box(["fruit", "qty"], [["apple", 3], ["kiwi", 12]]) == (
        "+-------+-----+\n"
        "| fruit | qty |\n"
        "+=======+=====+\n"
        "| apple |   3 |\n"
        "| kiwi  |  12 |\n"
        "+-------+-----+"
    )
