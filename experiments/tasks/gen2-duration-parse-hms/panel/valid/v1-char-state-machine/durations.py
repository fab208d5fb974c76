"""Hand-written scanner: digits accumulate, a unit closes a component."""

_ORDER = "hms"
_FACTOR = {"h": 3600, "m": 60, "s": 1}


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError("parse_duration expects str")
    body = text.strip()
    total = 0
    digits = ""
    last_rank = -1
    seen_component = False
    for ch in body:
        if "0" <= ch <= "9":
            digits += ch
            continue
        unit = ch.lower()
        if unit not in _FACTOR or not digits:
            raise ValueError(f"cannot parse duration {text!r}")
        rank = _ORDER.index(unit)
        if rank <= last_rank:
            raise ValueError(f"units out of order in {text!r}")
        total += int(digits) * _FACTOR[unit]
        digits = ""
        last_rank = rank
        seen_component = True
    if digits or not seen_component:
        raise ValueError(f"cannot parse duration {text!r}")
    return total
