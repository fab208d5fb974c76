"""Merge duplicate records by id."""


def merge_records(records, id_field="id"):
    merged = {}
    for position, record in enumerate(records):
        if id_field not in record:
            raise ValueError(f"record {position} has no {id_field!r} field")
        rid = record[id_field]
        if rid not in merged:
            merged[rid] = record
            continue
        target = merged[rid]
        for field, value in record.items():
            if value is not None or field not in target:
                target[field] = value
    return list(merged.values())
