"""Merge duplicate records by id."""


def merge_records(records, id_field="id"):
    merged = {}
    for position, record in enumerate(records):
        if id_field not in record:
            raise ValueError(f"record {position} has no {id_field!r} field")
        target = merged.pop(record[id_field], {})
        for field, value in record.items():
            if value is not None or field not in target:
                target[field] = value
        merged[record[id_field]] = target
    return list(merged.values())
