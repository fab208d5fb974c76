"""Replies a grammar-constrained server gives (tests/support/llm_server.py).

The local server ignores a request's `response_format` by default, as a server without
grammars does. With `server.llama_cpp = True` it refuses a `json_schema` format with a 500
and keeps a `json_object` format with a `schema`: the reply is the least JSON value matching
the schema (`schema_instance`) instead of the responder's text. `server.json_schema = True`
keeps a `json_schema` format the same way, as hosted APIs do.
"""

from __future__ import annotations

from typing import Any

from evaluators.llm.structured import PROBE_PROMPT

__all__ = ["PROBE_PROMPT", "kept_schema", "refuses", "schema_instance"]


def refuses(body: dict[str, Any]) -> bool:
    """Whether llama.cpp's server refuses the request: a `json_schema` response_format."""
    form = body.get("response_format")
    return isinstance(form, dict) and form.get("type") == "json_schema"


def kept_schema(
    body: dict[str, Any], *, llama_cpp: bool, json_schema: bool
) -> dict[str, Any] | None:
    """The schema a reply must match under the request's response_format, or None: llama.cpp's
    server keeps `json_object` with a `schema`; a hosted API (`json_schema`) keeps `json_schema`."""
    form = body.get("response_format")
    if not isinstance(form, dict):
        return None
    if form.get("type") == "json_object" and llama_cpp:
        return form.get("schema")
    if form.get("type") == "json_schema" and json_schema:
        return (form.get("json_schema") or {}).get("schema")
    return None


def schema_instance(schema: dict[str, Any], defs: dict[str, Any] | None = None) -> Any:
    """The least JSON value matching a JSON schema (objects with every property, the first
    enum value, 0, "", false, []), as a grammar-constrained server would produce."""
    defs = {**(defs or {}), **schema.get("$defs", {})}
    if "$ref" in schema:
        return schema_instance(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return schema_instance(schema[key][0], defs)
    kind = schema.get("type", "object")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "object":
        properties = schema.get("properties", {})
        return {name: schema_instance(sub, defs) for name, sub in properties.items()}
    return {"array": [], "string": "", "integer": 0, "number": 0, "boolean": False}.get(kind)
