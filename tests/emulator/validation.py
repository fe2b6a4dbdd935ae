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
    return ApiError(
        400, 50035, "Invalid Form Body", {path: {"_errors": [{"code": code, "message": message}]}}
    )


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


def validate_components(components: list[dict[str, Any]], flags: int) -> None:
    v2 = bool(flags & IS_COMPONENTS_V2)
    if not v2 and len(components) > 5:
        raise form_error("components", "Must be 5 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    seen: set[str] = set()
    for comp in walk_components(components):
        ctype = comp.get("type")
        if not v2 and ctype not in (1, 2, 3, 4, 5, 6, 7, 8):
            raise form_error("components", f"Component type {ctype} requires IS_COMPONENTS_V2")
        if ctype == 1:
            children = comp.get("components") or []
            if not children or len(children) > 5:
                raise form_error("components", "An action row needs 1 to 5 components")
            if any(c.get("type") != 2 for c in children) and len(children) > 1:
                raise form_error("components", "A select menu must be alone in its action row")
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _max_len(custom_id, 100, "components.custom_id")
            if custom_id in seen:
                raise form_error(
                    "components", f"Component custom id cannot be duplicated: {custom_id}"
                )
            seen.add(custom_id)
        if ctype == 2:
            _max_len(comp.get("label"), 80, "components.label")
            if comp.get("style") == 5:
                if not comp.get("url"):
                    raise form_error("components", "Link buttons need a url")
            elif comp.get("style") != 6 and not custom_id:
                raise form_error("components", "Buttons need a custom_id")
        if ctype == 3:
            options = comp.get("options") or []
            if not options or len(options) > 25:
                raise form_error("components.options", "A select needs 1 to 25 options")
            for opt in options:
                _max_len(opt.get("label"), 100, "components.options.label")
                _max_len(opt.get("value"), 100, "components.options.value")
                _max_len(opt.get("description"), 100, "components.options.description")
        if ctype in (3, 5, 6, 7, 8):
            _max_len(comp.get("placeholder"), 150, "components.placeholder")
        if ctype == 10:
            _max_len(comp.get("content"), 4000, "components.content")


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


def validate_commands(commands: list[dict[str, Any]]) -> None:
    """The checks Discord applies to ``PUT .../commands`` that discord.py does not."""
    seen: set[tuple[str, int]] = set()
    if sum(1 for c in commands if c.get("type", 1) == 1) > 100:
        raise form_error("commands", "Maximum number of chat input commands reached (100)")
    for i, cmd in enumerate(commands):
        key = (cmd.get("name", ""), cmd.get("type", 1))
        if key in seen:
            raise form_error(f"{i}.name", "Application command names must be unique")
        seen.add(key)
        if key[1] == 1:
            _check_chat_input(cmd, str(i))


def _check_chat_input(item: dict[str, Any], path: str) -> None:
    name = str(item.get("name", ""))
    if not 1 <= len(name) <= 32 or name != name.lower() or " " in name:
        raise form_error(f"{path}.name", f"Invalid chat input name {name!r}")
    if not 1 <= len(str(item.get("description", ""))) <= 100:
        raise form_error(f"{path}.description", "Must be between 1 and 100 in length.")
    options = item.get("options") or []
    if len(options) > 25:
        raise form_error(f"{path}.options", "Must be 25 or fewer in length.")
    optional_seen = False
    for j, opt in enumerate(options):
        if opt.get("type") in (1, 2):
            _check_chat_input(opt, f"{path}.options.{j}")
            continue
        _check_chat_input({**opt, "options": []}, f"{path}.options.{j}")
        if opt.get("required"):
            if optional_seen:
                raise form_error(
                    f"{path}.options.{j}",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        if len(opt.get("choices") or []) > 25:
            raise form_error(f"{path}.options.{j}.choices", "Must be 25 or fewer in length.")
        if opt.get("choices") and opt.get("autocomplete"):
            raise form_error(f"{path}.options.{j}", "Autocomplete cannot be used with choices")
