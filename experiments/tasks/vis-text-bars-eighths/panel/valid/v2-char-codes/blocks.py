"""Percentage bars built character by character."""


def _bar(eighths, width):
    chars = []
    while eighths >= 8:
        chars.append(chr(0x2588))
        eighths -= 8
    if eighths:
        chars.append(chr(0x2590 - eighths))
    chars.extend(" " * (width - len(chars)))
    return "".join(chars)


def percent_bars(items, width=20):
    if not width >= 1:
        raise ValueError(f"width={width}")
    items = [(str(label), fraction) for label, fraction in items]
    for label, fraction in items:
        if fraction < 0 or fraction > 1:
            raise ValueError(f"{label}: {fraction} is not a fraction")
    if not items:
        return ""
    longest = max(len(label) for label, _ in items)
    rows = []
    for label, fraction in items:
        eighths = int(fraction * width * 8 + 0.5)
        percent = f"{fraction * 100:.1f}%".rjust(6)
        rows.append(label + " " * (longest - len(label)) + " " + _bar(eighths, width) + " " + percent)
    return "\n".join(rows)
