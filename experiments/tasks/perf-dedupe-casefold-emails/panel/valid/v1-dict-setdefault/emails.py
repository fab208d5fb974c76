"""Casefolded key -> first spelling, via dict.setdefault."""


def dedupe_emails(addresses):
    first = {}
    for i, raw in enumerate(addresses):
        if not isinstance(raw, str):
            raise TypeError("address #%d has type %s" % (i, type(raw).__name__))
        address = raw.strip()
        if address:
            first.setdefault(address.casefold(), address)
    return list(first.values())
