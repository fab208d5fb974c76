def median(values):
    if not values:
        raise ValueError("median of nothing")
    ordered = sorted(values)
    return ordered[len(ordered) // 2]
