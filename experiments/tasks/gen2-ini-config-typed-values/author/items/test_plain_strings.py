from typedconf import parse_typed


def test_plain_strings():
    text = "[App]\nName = demo\nmotto = keep = calm\n"
    assert parse_typed(text) == {"App": {"Name": "demo", "motto": "keep = calm"}}
