def chunked(items, n):
    if n < 1:
        raise ValueError("n must be positive")
    return [items[i:i + n] for i in range(0, len(items) - n + 1, n)]
