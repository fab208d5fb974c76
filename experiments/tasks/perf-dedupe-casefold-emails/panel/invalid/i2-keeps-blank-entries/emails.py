"""De-duplicate e-mail addresses."""


def dedupe_emails(addresses):
    seen = set()
    result = []
    for position, entry in enumerate(addresses):
        if not isinstance(entry, str):
            raise TypeError(f"entry {position} is not a string: {entry!r}")
        cleaned = entry.strip()
        folded = cleaned.casefold()
        if folded not in seen:
            seen.add(folded)
            result.append(cleaned)
    return result
