"""Merge labelled intervals: validate, sort by (start, end), accumulate label lists."""


def merge_labeled(intervals):
    triples = list(intervals)
    for s, e, lab in triples:
        if type(lab) is not str and not isinstance(lab, str):
            raise TypeError("labels have to be strings")
        if s > e:
            raise ValueError("reversed interval")
    triples = sorted(triples, key=lambda t: (t[0], t[1]))
    out = []
    for s, e, lab in triples:
        if out and s <= out[-1][1]:
            prev_s, prev_e, labs = out[-1]
            out[-1] = (prev_s, max(prev_e, e), labs if lab in labs else labs + [lab])
        else:
            out.append((s, e, [lab]))
    return [(s, e, tuple(sorted(labs))) for s, e, labs in out]
