"""De-duplicate e-mail addresses."""


def dedupe_emails(addresses):
    result = []
    for position, entry in enumerate(addresses):
        if not isinstance(entry, str):
            raise TypeError(f"entry {position} is not a string: {entry!r}")
        cleaned = entry.strip()
        if cleaned and not any(cleaned.casefold() == r.casefold() for r in result):
            result.append(cleaned)
    return result
