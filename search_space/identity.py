"""Canonical JSON, content ids and structural diffs of strategies."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from search_space.schema import ALL_FIELDS, Strategy


def canonical_json(data: Any) -> str:
    """Sorted keys, compact separators, UTF-8 kept: the bytes an id is computed from."""
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json", by_alias=True)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_id(data: Any) -> str:
    """First 12 hex chars of the sha256 of the canonical JSON."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:12]


def strategy_id(strategy: Strategy) -> str:
    return content_id(strategy)


class FieldChange(BaseModel):
    """One structural difference. `item` names the lesson id or route context, if any."""

    model_config = ConfigDict(frozen=True)

    field: str
    kind: str  # "changed" | "added" | "removed"
    item: str | None = None
    before: Any = None
    after: Any = None


def _keyed(items: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {str(item[key]): item for item in items}


def diff(before: Strategy, after: Strategy) -> list[FieldChange]:
    """Differences field by field; lessons by id and routes by context, in schema order."""
    a, b = before.to_json_dict(), after.to_json_dict()
    changes: list[FieldChange] = []
    for field in ALL_FIELDS:
        if a[field] == b[field]:
            continue
        if field in ("lessons", "skillRoutes"):
            key = "id" if field == "lessons" else "context"
            old, new = _keyed(a[field], key), _keyed(b[field], key)
            for item in [*old, *(k for k in new if k not in old)]:
                if item not in new:
                    changes.append(
                        FieldChange(field=field, kind="removed", item=item, before=old[item])
                    )
                elif item not in old:
                    changes.append(
                        FieldChange(field=field, kind="added", item=item, after=new[item])
                    )
                elif old[item] != new[item]:
                    changes.append(
                        FieldChange(
                            field=field,
                            kind="changed",
                            item=item,
                            before=old[item],
                            after=new[item],
                        )
                    )
            if not any(c.field == field for c in changes):  # same items, new order
                changes.append(
                    FieldChange(field=field, kind="changed", before=a[field], after=b[field])
                )
        else:
            changes.append(
                FieldChange(field=field, kind="changed", before=a[field], after=b[field])
            )
    return changes
