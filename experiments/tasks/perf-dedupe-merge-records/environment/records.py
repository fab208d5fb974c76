"""Merge duplicate records by id."""


def merge_records(records, id_field="id"):
    """Fold records with the same id together, keeping first-appearance order of ids."""
    merged = {}
    for position, record in enumerate(records):
        if id_field not in record:
            raise ValueError(f"record {position} has no {id_field!r} field")
        rid = record[id_field]
        if rid not in merged:
            merged[rid] = {}
        merged[rid].update(record)
    return list(merged.values())
