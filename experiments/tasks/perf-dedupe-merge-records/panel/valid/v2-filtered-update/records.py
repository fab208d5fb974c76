"""dict.update with only the fields that may overwrite."""


def merge_records(records, id_field="id"):
    out = {}
    for index, rec in enumerate(records):
        if id_field not in rec:
            raise ValueError("record at index %d lacks the id field" % index)
        current = out.get(rec[id_field])
        if current is None:
            out[rec[id_field]] = dict(rec)
            continue
        current.update(
            {k: v for k, v in rec.items() if v is not None or k not in current}
        )
    return list(out.values())
