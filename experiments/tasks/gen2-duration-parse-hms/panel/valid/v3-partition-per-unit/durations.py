"""Consume the units in their fixed order with str.partition."""


def _number(piece, text):
    if not piece or not (piece.isascii() and piece.isdigit()):
        raise ValueError("invalid duration: " + text)
    return int(piece)


def parse_duration(text):
    if type(text) is not str:
        raise TypeError("duration text must be str")
    rest = text.strip().lower()
    if not rest:
        raise ValueError("invalid duration: " + text)
    total = 0
    for unit, factor in (("h", 3600), ("m", 60), ("s", 1)):
        if unit in rest:
            head, _, rest = rest.partition(unit)
            total += _number(head, text) * factor
    if rest:
        raise ValueError("invalid duration: " + text)
    return total
