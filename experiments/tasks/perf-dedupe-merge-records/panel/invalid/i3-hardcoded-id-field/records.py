"""Merge duplicate records by id."""


def merge_records(records, id_field="id"):
    merged = {}
    for position, record in enumerate(records):
        if "id" not in record:
            raise ValueError(f"record {position} has no 'id' field")
        target = merged.setdefault(record["id"], {})
        for field, value in record.items():
            if value is not None or field not in target:
                target[field] = value
    return list(merged.values())
