"""De-duplicate e-mail addresses (ignores dots and +tags in the local part)."""


def _canonical(address):
    local, _, domain = address.casefold().partition("@")
    local = local.split("+", 1)[0].replace(".", "")
    return local + "@" + domain


def dedupe_emails(addresses):
    seen = set()
    result = []
    for position, entry in enumerate(addresses):
        if not isinstance(entry, str):
            raise TypeError(f"entry {position} is not a string: {entry!r}")
        cleaned = entry.strip()
        if not cleaned:
            continue
        key = _canonical(cleaned)
        if key not in seen:
            seen.add(key)
            result.append(cleaned)
    return result
