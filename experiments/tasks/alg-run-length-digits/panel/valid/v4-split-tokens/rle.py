"""Run-length codec: compare with the previous character; decode via re.split tokens."""
import re


def encode(text):
    if not isinstance(text, str):
        raise TypeError("only str can be encoded")
    pieces = []
    prev, n = None, 0
    for ch in text:
        if ch.isascii() and ch.isdigit():
            raise ValueError(f"digit {ch} in text")
        if ch == prev:
            n += 1
        else:
            if prev is not None:
                pieces.append(f"{n}{prev}")
            prev, n = ch, 1
    if prev is not None:
        pieces.append(f"{n}{prev}")
    return "".join(pieces)


def decode(data):
    if not isinstance(data, str):
        raise TypeError("only str can be decoded")
    tokens = re.split(r"([0-9]+)", data)
    # tokens alternate: text, count, text, count, ..., text
    if tokens[0] != "":
        raise ValueError("data must start with a count")
    out = []
    for count, chars in zip(tokens[1::2], tokens[2::2]):
        if len(chars) != 1:
            raise ValueError("each count must be followed by exactly one character")
        if int(count) == 0:
            raise ValueError("zero count")
        out.append(chars * int(count))
    return "".join(out)
