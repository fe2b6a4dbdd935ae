"""The subset of Discord's request validation that catches real bot bugs.

Every failure becomes a Discord-shaped 4xx error, so the bot sees exactly what
production would answer (``discord.HTTPException`` with code and message).
"""

from __future__ import annotations

from typing import Any

from .models import IS_COMPONENTS_V2, walk_components


class ApiError(Exception):
    """A Discord API error answer (raised by handlers, rendered by the middleware)."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message} {errors or ''}".strip())
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def form_error(path: str, message: str, code: str = "BASE_TYPE_BAD") -> ApiError:
    """400 50035 with Discord's nested ``errors``: ``"embeds.0.title"`` → {embeds: {0: ...}}."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed([k for k in path.split(".") if k and k != "_errors"]):
        errors = {key: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)


def not_found(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def _max_len(value: Any, limit: int, path: str) -> None:
    if value is not None and len(str(value)) > limit:
        raise form_error(path, f"Must be {limit} or fewer in length.", "BASE_TYPE_MAX_LENGTH")


def validate_embeds(embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > 10:
        raise form_error("embeds", "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    total = 0
    for i, embed in enumerate(embeds):
        _max_len(embed.get("title"), 256, f"embeds.{i}.title")
        _max_len(embed.get("description"), 4096, f"embeds.{i}.description")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise form_error(f"embeds.{i}.fields", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            for key, limit in (("name", 256), ("value", 1024)):
                if not str(fld.get(key) or "").strip():
                    raise form_error(f"embeds.{i}.fields.{j}.{key}", "This field is required")
                _max_len(fld.get(key), limit, f"embeds.{i}.fields.{j}.{key}")
        _max_len((embed.get("footer") or {}).get("text"), 2048, f"embeds.{i}.footer.text")
        _max_len((embed.get("author") or {}).get("name"), 256, f"embeds.{i}.author.name")
        total += sum(len(str(embed.get(k) or "")) for k in ("title", "description"))
        total += sum(len(str(f.get("name", ""))) + len(str(f.get("value", ""))) for f in fields)
        total += len(str((embed.get("footer") or {}).get("text") or ""))
        total += len(str((embed.get("author") or {}).get("name") or ""))
    if total > 6000:
        raise form_error("embeds", "Embed size exceeds maximum size of 6000")


def _length(value: Any, lo: int, hi: int, path: str) -> None:
    if value is None or not lo <= len(str(value)) <= hi:
        raise form_error(path, f"Must be between {lo} and {hi} in length.", "BASE_TYPE_BAD_LENGTH")


def validate_components(components: list[dict[str, Any]], flags: int) -> None:
    """Action rows, buttons and selects (and the components v2 layout types)."""
    v2 = bool(flags & IS_COMPONENTS_V2)
    if not v2 and len(components) > 5:
        raise form_error("components", "Must be 5 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    if not v2 and any(c.get("type") != 1 for c in components):
        raise form_error("components", "Top-level components must be action rows")
    seen: set[str] = set()
    for comp in walk_components(components):
        ctype = comp.get("type")
        if not v2 and ctype not in (1, 2, 3, 4, 5, 6, 7, 8):
            raise form_error("components", f"Component type {ctype} requires IS_COMPONENTS_V2")
        if ctype == 1:
            _check_row(comp.get("components") or [])
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _length(custom_id, 1, 100, "components.custom_id")
            if custom_id in seen:
                raise form_error(
                    "components",
                    f"Component custom id cannot be duplicated: {custom_id}",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                )
            seen.add(custom_id)
        if ctype == 2:
            _check_button(comp, custom_id)
        if ctype in (3, 5, 6, 7, 8):
            _check_select(comp)
        if ctype == 10:
            _max_len(comp.get("content"), 4000, "components.content")


def _check_row(children: list[dict[str, Any]]) -> None:
    if not children:
        raise form_error("components", "An action row needs at least one component")
    if any(c.get("type") in (3, 5, 6, 7, 8) for c in children) and len(children) > 1:
        raise form_error("components", "A select menu must be alone in its action row")
    if len(children) > 5:
        raise form_error(
            "components.components", "Must be 5 or fewer in length.", "BASE_TYPE_MAX_LENGTH"
        )


def _check_button(comp: dict[str, Any], custom_id: str | None) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise form_error("components.style", "Value must be one of (1, 2, 3, 4, 5, 6).")
    _max_len(comp.get("label"), 80, "components.label")
    if style == 5:
        if not comp.get("url") or custom_id is not None:
            raise form_error("components", "Link buttons need a url and no custom_id")
    elif style == 6:
        if not comp.get("sku_id"):
            raise form_error("components", "Premium buttons need a sku_id")
    else:
        if not custom_id or comp.get("url"):
            raise form_error("components.custom_id", "This field is required")
        if not comp.get("label") and not comp.get("emoji"):
            raise form_error("components", "A button needs a label or an emoji")


def _check_select(comp: dict[str, Any]) -> None:
    _max_len(comp.get("placeholder"), 150, "components.placeholder")
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not 0 <= lo <= 25 or not 1 <= hi <= 25 or lo > hi:
        raise form_error("components.min_values", f"min_values {lo} / max_values {hi} invalid")
    if comp.get("type") != 3:
        return
    options = comp.get("options") or []
    if not 1 <= len(options) <= 25:
        raise form_error("components.options", "Must be between 1 and 25 in length.")
    if hi > len(options) or lo > len(options):
        raise form_error("components.max_values", "Must be less than or equal to the options")
    values: set[str] = set()
    for k, opt in enumerate(options):
        where = f"components.options.{k}"
        _length(opt.get("label"), 1, 100, f"{where}.label")
        _length(opt.get("value"), 1, 100, f"{where}.value")
        _max_len(opt.get("description"), 100, f"{where}.description")
        if opt.get("value") in values:
            raise form_error(f"{where}.value", "Select option values must be unique")
        values.add(opt.get("value"))
    if sum(1 for o in options if o.get("default")) > hi:
        raise form_error("components.options", "More default options than max_values")


def validate_message(payload: dict[str, Any], n_files: int, *, edit: bool = False) -> None:
    """Validate a create/edit message body (channel message, webhook, callback data)."""
    flags = int(payload.get("flags") or 0)
    content = payload.get("content")
    _max_len(content, 2000, "content")
    embeds = payload.get("embeds") or []
    components = payload.get("components") or []
    validate_embeds(embeds)
    validate_components(components, flags)
    if flags & IS_COMPONENTS_V2 and (content or embeds):
        raise form_error("content", "Cannot send content or embeds with IS_COMPONENTS_V2")
    validate_attachments(payload.get("attachments") or [], n_files)
    has_attachments = n_files > 0 or bool(payload.get("attachments"))
    if (
        not edit
        and not content
        and not embeds
        and not components
        and not has_attachments
        and not payload.get("poll")
        and not payload.get("sticker_ids")
    ):
        raise ApiError(400, 50006, "Cannot send an empty message")


def validate_attachments(specs: list[dict[str, Any]], n_files: int) -> None:
    """At most 10 files a message; alt text (``description``) at most 1,024 characters."""
    if max(len(specs), n_files) > 10:
        raise form_error("attachments", "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for i, spec in enumerate(specs):
        _max_len(spec.get("description"), 1024, f"attachments.{i}.description")


def validate_choices(choices: list[dict[str, Any]]) -> None:
    if len(choices) > 25:
        raise form_error("data.choices", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for i, choice in enumerate(choices):
        name = str(choice.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise form_error(f"data.choices.{i}.name", "Must be between 1 and 100 in length.")
        if isinstance(choice.get("value"), str):
            _max_len(choice["value"], 100, f"data.choices.{i}.value")


def validate_modal(data: dict[str, Any]) -> None:
    for key in ("custom_id", "title", "components"):
        if not data.get(key):
            raise form_error(f"data.{key}", "This field is required")
    _max_len(data["title"], 45, "data.title")
    if len(data["components"]) > 5:
        raise form_error("data.components", "Must be 5 or fewer in length.")
