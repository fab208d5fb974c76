"""Counter.most_common keeps first-encountered order for equal counts."""
import re
from collections import Counter


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError("k must be positive")
    blocked = {w.lower() for w in stopwords}
    words = (m.group().lower() for m in re.finditer(r"[a-zA-Z]+(?:'[a-zA-Z]+)*", text))
    return Counter(w for w in words if w not in blocked).most_common(k)
