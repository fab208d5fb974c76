"""Merge duplicate records by id."""


def merge_records(records, id_field="id"):
    merged = {}
    for record in records:
        target = merged.setdefault(record[id_field], {})
        for field, value in record.items():
            if value is not None or field not in target:
                target[field] = value
    return list(merged.values())
