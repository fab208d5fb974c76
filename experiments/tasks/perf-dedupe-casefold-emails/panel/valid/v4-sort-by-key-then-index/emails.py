"""Sort (key, index) pairs, take the first index of each key, restore input order."""


def dedupe_emails(addresses):
    rows = []
    for index, entry in enumerate(addresses):
        if not isinstance(entry, str):
            raise TypeError(f"bad entry at {index}")
        stripped = entry.strip()
        if stripped:
            rows.append((stripped.casefold(), index, stripped))
    rows.sort()
    firsts = []
    previous = None
    for key, index, stripped in rows:
        if key != previous:
            firsts.append((index, stripped))
            previous = key
    firsts.sort()
    return [stripped for _, stripped in firsts]
