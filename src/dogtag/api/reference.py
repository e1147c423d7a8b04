"""The browsable API reference: the OpenAPI document itself, rendered on the server with the
site's templates (USWDS; no script from elsewhere), so the page cannot drift from the API."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dogtag.api.api import api

METHODS = ("get", "post", "put", "patch", "delete")


@dataclass
class Operation:
    method: str
    path: str
    operation_id: str
    summary: str
    description: str
    public: bool
    parameters: list[dict[str, Any]] = field(default_factory=list)
    body: str = ""
    responses: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass
class Group:
    tag: str
    operations: list[Operation]


def _resolve(schema: Any, components: dict[str, Any]) -> Any:
    if isinstance(schema, dict) and "$ref" in schema:
        return components.get(schema["$ref"].rsplit("/", 1)[-1], schema)
    return schema


def reference() -> tuple[dict[str, Any], list[Group]]:
    document = api.get_openapi_schema()
    components = document.get("components", {}).get("schemas", {})
    groups: dict[str, Group] = {}
    for path, item in document["paths"].items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            content = operation.get("requestBody", {}).get("content", {})
            body = next(iter(content.values()), {}).get("schema")
            found = Operation(
                method=method.upper(),
                path=path,
                operation_id=operation.get("operationId", ""),
                summary=operation.get("summary", ""),
                description=operation.get("description", ""),
                public=not operation.get("security"),
                parameters=[
                    {
                        "name": p["name"],
                        "in": p["in"],
                        "required": p.get("required", False),
                        "schema": json.dumps(p.get("schema", {}), ensure_ascii=False),
                        "description": p.get("description", "")
                        or p.get("schema", {}).get("description", ""),
                    }
                    for p in operation.get("parameters", [])
                ],
                body=(
                    json.dumps(_resolve(body, components), indent=2, ensure_ascii=False)
                    if body
                    else ""
                ),
                responses=[
                    (
                        status,
                        response.get("description", ""),
                        ", ".join(response.get("content", {})),
                    )
                    for status, response in operation.get("responses", {}).items()
                ],
            )
            tag = (operation.get("tags") or ["Other"])[0]
            groups.setdefault(tag, Group(tag, [])).operations.append(found)
    return document, list(groups.values())
