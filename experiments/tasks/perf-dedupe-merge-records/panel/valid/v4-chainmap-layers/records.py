"""Each id gets a list of non-None layers; fields are resolved at the end."""


def merge_records(records, id_field="id"):
    layers = {}
    field_order = {}
    for pos, rec in enumerate(records):
        if id_field not in rec:
            raise ValueError(f"record {pos}: {id_field!r} missing")
        rid = rec[id_field]
        layers.setdefault(rid, []).append(rec)
        order = field_order.setdefault(rid, {})
        for name in rec:
            order.setdefault(name, None)
    merged = []
    for rid, recs in layers.items():
        out = {}
        for name in field_order[rid]:
            value = None
            for rec in reversed(recs):
                if rec.get(name) is not None:
                    value = rec[name]
                    break
            out[name] = value
        merged.append(out)
    return merged
