"""Run-length pairs: groupby runs, chunks computed with divmod."""
from itertools import groupby


def encode(text, max_run=255):
    if not max_run >= 1:
        raise ValueError("max_run too small")
    result = []
    for ch, grp in groupby(text):
        full, rest = divmod(sum(1 for _ in grp), max_run)
        result.extend([(ch, max_run)] * full)
        if rest:
            result.append((ch, rest))
    return result


def decode(pairs):
    text = []
    for pair in pairs:
        ch, count = pair
        if type(ch) is not str or len(ch) != 1:
            raise ValueError("bad run character")
        if type(count) is not int or count <= 0:
            raise ValueError("bad run count")
        text.append(ch * count)
    return "".join(text)
