"""A generator cleans entries; a dict keeps first spellings in order."""


def _cleaned(addresses):
    for pos, value in enumerate(addresses):
        if not isinstance(value, str):
            raise TypeError(f"{value!r} at index {pos} is not an e-mail string")
        value = value.strip()
        if value:
            yield value.casefold(), value


def dedupe_emails(addresses):
    kept = {}
    for key, value in _cleaned(addresses):
        if key not in kept:
            kept[key] = value
    return [kept[k] for k in kept]
