"""Sort every priced item once, then deal them out to their categories."""


def top_per_category(items, k):
    if k < 0:
        raise ValueError(f"bad k: {k}")
    priced = [item for item in items if item[2] is not None]
    result = {}
    for category, _, _ in priced:
        result.setdefault(category, [])
    for category, name, _ in sorted(priced, key=lambda it: (-it[2], it[1])):
        bucket = result[category]
        if len(bucket) < k:
            bucket.append(name)
    return result
