"""colstats: options table, dataclass config, median by selection."""

import csv
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    path: str
    column: str
    delimiter: str = ","
    header: bool = True


def configure(argv):
    rest = list(argv)
    header = "--no-header" not in rest
    rest = [a for a in rest if a != "--no-header"]
    delimiter = ","
    if "--delimiter" in rest:
        at = rest.index("--delimiter")
        if at + 1 >= len(rest):
            return None
        delimiter = rest[at + 1]
        del rest[at:at + 2]
    if delimiter == "tab":
        delimiter = "\t"
    if len(delimiter) != 1 or len(rest) != 2 or any(a.startswith("--") for a in rest):
        return None
    return Config(rest[0], rest[1], delimiter, header)


def kth(values, k):
    """k-th smallest (0-based) by quickselect."""
    pivot = values[len(values) // 2]
    lower = [v for v in values if v < pivot]
    equal = [v for v in values if v == pivot]
    if k < len(lower):
        return kth(lower, k)
    if k < len(lower) + len(equal):
        return pivot
    return kth([v for v in values if v > pivot], k - len(lower) - len(equal))


def middle(values):
    n = len(values)
    if n % 2:
        return kth(values, n // 2)
    return (kth(values, n // 2 - 1) + kth(values, n // 2)) / 2


def main(argv):
    cfg = configure(argv)
    if cfg is None:
        print("colstats: invalid arguments", file=sys.stderr)
        return 2
    try:
        with open(cfg.path, newline="", encoding="utf-8") as fh:
            rows = [r for r in csv.reader(fh, delimiter=cfg.delimiter)]
    except OSError as exc:
        print(f"colstats: {exc}", file=sys.stderr)
        return 1
    head = rows[0] if rows else []
    if cfg.header:
        where = head.index(cfg.column) if cfg.column in head else None
        data = rows[1:]
    else:
        n = int(cfg.column) if cfg.column.isdigit() else 0
        where = n - 1 if 1 <= n <= len(head) else None
        data = rows
    if where is None:
        print(f"colstats: cannot find column {cfg.column}", file=sys.stderr)
        return 2
    good, bad = [], 0
    for r in data:
        cell = r[where].strip() if where < len(r) else ""
        try:
            good.append(float(cell))
        except ValueError:
            bad += 1
    if not good:
        print("colstats: column has no numbers", file=sys.stderr)
        return 1
    stats = {"min": min(good), "max": max(good), "mean": sum(good) / len(good),
             "median": middle(good)}
    text = " ".join(f"{k}={format(v, '.6g')}" for k, v in stats.items())
    print(f"n={len(good)} {text} skipped={bad}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
