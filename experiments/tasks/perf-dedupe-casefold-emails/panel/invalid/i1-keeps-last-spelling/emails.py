"""De-duplicate e-mail addresses."""


def dedupe_emails(addresses):
    kept = {}
    for position, entry in enumerate(addresses):
        if not isinstance(entry, str):
            raise TypeError(f"entry {position} is not a string: {entry!r}")
        cleaned = entry.strip()
        if cleaned:
            kept[cleaned.casefold()] = cleaned
    return list(kept.values())
