"""Validate every entry first, then de-duplicate in a second pass."""


def dedupe_emails(addresses):
    entries = list(addresses)
    for index, entry in enumerate(entries):
        if not isinstance(entry, str):
            raise TypeError(f"non-string address at position {index}")
    out, keys = [], set()
    for entry in map(str.strip, entries):
        key = entry.casefold()
        if entry and key not in keys:
            keys.add(key)
            out.append(entry)
    return out
