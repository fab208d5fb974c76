"""Collect each id's records first, fold every group at the end."""


def _fold(group):
    out = {}
    for rec in group:
        for name, val in rec.items():
            if name not in out or val is not None:
                out[name] = val
    return out


def merge_records(records, id_field="id"):
    groups = {}
    for i, rec in enumerate(records):
        try:
            rid = rec[id_field]
        except KeyError:
            raise ValueError(f"missing {id_field} in record #{i}") from None
        groups.setdefault(rid, []).append(rec)
    return [_fold(group) for group in groups.values()]
