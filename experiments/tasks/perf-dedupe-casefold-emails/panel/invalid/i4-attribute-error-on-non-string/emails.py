"""De-duplicate e-mail addresses."""


def dedupe_emails(addresses):
    seen = set()
    result = []
    for entry in addresses:
        cleaned = entry.strip()
        if not cleaned:
            continue
        folded = cleaned.casefold()
        if folded not in seen:
            seen.add(folded)
            result.append(cleaned)
    return result
