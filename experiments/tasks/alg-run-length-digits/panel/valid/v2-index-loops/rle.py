"""Run-length codec written with explicit index loops."""


def encode(text):
    if type(text) is not str:
        raise TypeError("expected text")
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if "0" <= ch <= "9":
            raise ValueError("text contains a digit")
        j = i
        while j < len(text) and text[j] == ch:
            j += 1
        out.append(str(j - i))
        out.append(ch)
        i = j
    return "".join(out)


def decode(data):
    if type(data) is not str:
        raise TypeError("expected encoded text")
    out = []
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and "0" <= data[j] <= "9":
            j += 1
        if j == i:
            raise ValueError("missing count")
        if j == len(data):
            raise ValueError("dangling count")
        n = int(data[i:j])
        if n < 1:
            raise ValueError("count must be positive")
        out.append(data[j] * n)
        i = j + 1
    return "".join(out)
