"""Small helpers shared by the REST route modules."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .validation import ApiError

NO_CONTENT: Any = object()  # a handler returning this answers 204


def json_response(body: Any, status: int = 200) -> web.Response:
    # discord.py only decodes JSON when Content-Type is exactly "application/json"
    # (aiohttp's web.json_response appends "; charset=utf-8").
    return web.Response(
        body=json.dumps(body).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def path_id(request: web.Request, key: str) -> int:
    value = request.match_info[key]
    if not value.isdigit():
        raise ApiError(400, 50035, f"Invalid Form Body: {key} {value!r} is not a snowflake")
    return int(value)
