"""Run-length encoding into (char, count) pairs with a bounded count."""


def encode(text, max_run=255):
    if max_run < 1:
        raise ValueError(f"max_run must be >= 1, got {max_run}")
    pairs = []
    for ch in text:
        if pairs and pairs[-1][0] == ch and pairs[-1][1] < max_run:
            pairs[-1][1] += 1
        else:
            pairs.append([ch, 1])
    return pairs


def decode(pairs):
    parts = []
    for ch, count in pairs:
        if not isinstance(ch, str) or len(ch) != 1:
            raise ValueError(f"run character must be a single character, got {ch!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"run count must be a positive int, got {count!r}")
        parts.append(ch * count)
    return "".join(parts)
