"""Table-driven state machine."""

_VALUE = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def _kind(ch):
    if "0" <= ch <= "9":
        return "digit"
    if ch in "+-":
        return "sign"
    if ch in _VALUE:
        return "unit"
    if ch.isspace():
        return "space"
    return "other"


# state -> {character kind -> next state}
_TABLE = {
    "lead": {"space": "lead", "sign": "signed", "digit": "number"},
    "signed": {"digit": "number"},
    "number": {"digit": "number", "unit": "unit"},
    "unit": {"digit": "number", "space": "trail"},
    "trail": {"space": "trail"},
}
_DONE = {"unit", "trail"}


def parse_span(text, max_seconds=10**9):
    if not isinstance(text, str):
        raise TypeError("text must be str")
    if max_seconds < 0:
        raise ValueError("negative max_seconds")
    state = "lead"
    sign, total, digits, used = 1, 0, "", ""
    for col, ch in enumerate(text, start=1):
        kind = _kind(ch)
        nxt = _TABLE[state].get(kind)
        if nxt == "unit" and used and "dhms".index(ch) <= "dhms".index(used[-1]):
            nxt = None
        if nxt is None:
            raise ValueError(f"unexpected {ch!r} at column {col}")
        if nxt == "signed" and ch == "-":
            sign = -1
        elif nxt == "number":
            digits += ch
        elif nxt == "unit":
            total += int(digits) * _VALUE[ch]
            digits = ""
            used += ch
        state = nxt
    if state not in _DONE:
        raise ValueError(f"unexpected end at column {len(text) + 1}")
    total *= sign
    if abs(total) > max_seconds:
        raise OverflowError("span too large")
    return total
