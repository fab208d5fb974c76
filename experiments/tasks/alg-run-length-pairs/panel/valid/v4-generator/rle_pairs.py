"""Run-length pairs built by a generator over runs."""


def _runs(text):
    current, n = None, 0
    for ch in text:
        if ch == current:
            n += 1
            continue
        if current is not None:
            yield current, n
        current, n = ch, 1
    if current is not None:
        yield current, n


def encode(text, max_run=255):
    if max_run < 1:
        raise ValueError("max_run < 1")
    out = []
    for ch, n in _runs(text):
        while n:
            take = min(n, max_run)
            out.append((ch, take))
            n -= take
    return out


def decode(pairs):
    chunks = []
    for ch, count in pairs:
        if not isinstance(ch, str) or len(ch) != 1:
            raise ValueError(f"{ch!r} is not a character")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError(f"{count!r} is not a positive count")
        chunks.append(ch * count)
    return "".join(chunks)
