"""Keep merged records in a list, with an id -> position index."""


def merge_records(records, id_field="id"):
    result = []
    slot = {}
    for n, record in enumerate(records):
        if id_field not in record:
            raise ValueError(f"{n}: no id")
        key = record[id_field]
        if key not in slot:
            slot[key] = len(result)
            result.append({})
        target = result[slot[key]]
        for field in record:
            value = record[field]
            if value is None and field in target:
                continue
            target[field] = value
    return result
