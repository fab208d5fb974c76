from marker_rle import encode


def test_compresses_long_run():
    assert encode("zzzzzzzzz") == "~z9;"
    assert encode("qrrrrrr") == "q~r6;"
