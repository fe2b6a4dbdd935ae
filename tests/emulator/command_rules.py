"""Discord's checks on application command definitions (``PUT``/``POST .../commands``).

Written from Discord's documentation, independently of the bot: names, lengths,
option counts and order, locales, and the 4,000-character budget of a command
(every name, description and choice name/value of the command and all its
options, each counted at the longest of its default text and its localizations).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .validation import form_error

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
MAX_COMMAND_CHARS = 4000
MAX_CHAT_INPUT, MAX_CONTEXT_MENU = 100, 5
# https://discord.com/developers/docs/reference#locales
LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
CONTEXTS = frozenset({0, 1, 2})  # GUILD, BOT_DM, PRIVATE_CHANNEL
INTEGRATION_TYPES = frozenset({0, 1})
# Scripts allowed besides letters and digits: Devanagari and Thai (their vowel signs are marks).
_SCRIPT_RANGES = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))


def _name_char_ok(ch: str) -> bool:
    if ch in "-_'":
        return True
    if unicodedata.category(ch)[0] in "LN":
        return True
    return any(lo <= ord(ch) <= hi for lo, hi in _SCRIPT_RANGES)


def valid_chat_input_name(name: str) -> bool:
    """``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and lowercase where it can be."""
    return 1 <= len(name) <= 32 and all(map(_name_char_ok, name)) and name == name.lower()


def validate_commands(commands: list[dict[str, Any]]) -> None:
    """The whole bulk overwrite is refused (400 50035) if one command breaks a rule."""
    counts = {t: sum(1 for c in commands if c.get("type", 1) == t) for t in (1, 2, 3)}
    if counts[CHAT_INPUT] > MAX_CHAT_INPUT:
        raise form_error(
            "_errors",
            "Maximum number of chat input commands reached (100)",
            "APPLICATION_COMMANDS_TOO_MANY_CHAT_INPUT",
        )
    for ctype in (USER_COMMAND, MESSAGE_COMMAND):
        if counts[ctype] > MAX_CONTEXT_MENU:
            raise form_error("_errors", "Maximum number of context menu commands reached (5)")
    seen: set[tuple[str, int]] = set()
    for i, cmd in enumerate(commands):
        key = (str(cmd.get("name", "")), int(cmd.get("type", 1)))
        if key in seen:
            raise form_error(
                f"{i}.name",
                "Application command names must be unique",
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
            )
        seen.add(key)
        validate_command(cmd, str(i))


def validate_command(cmd: dict[str, Any], path: str) -> None:
    """One top-level command (chat input or context menu)."""
    ctype = cmd.get("type", 1)
    if ctype not in (CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND):
        raise form_error(f"{path}.type", "Value must be one of (1, 2, 3).")
    contexts = cmd.get("contexts")
    if contexts is not None and (not contexts or any(c not in CONTEXTS for c in contexts)):
        raise form_error(f"{path}.contexts", "Invalid interaction context type")
    types = cmd.get("integration_types")
    if types is not None and (not types or any(t not in INTEGRATION_TYPES for t in types)):
        raise form_error(f"{path}.integration_types", "Invalid integration type")
    perms = cmd.get("default_member_permissions")
    if perms is not None and not str(perms).isdigit():
        raise form_error(f"{path}.default_member_permissions", "Must be a permission bit set")
    if ctype != CHAT_INPUT:
        _check_localized(cmd, "name", path, 1, 32, context_menu=True)
        if cmd.get("description") or cmd.get("options"):
            raise form_error(
                f"{path}.description", "Context menu commands cannot have a description or options"
            )
        return
    _check_item(cmd, path, depth=0)
    total = command_length(cmd)
    if total > MAX_COMMAND_CHARS:
        raise form_error(
            f"{path}._errors",
            f"Command exceeds maximum size ({MAX_COMMAND_CHARS}): {total}",
            "APPLICATION_COMMAND_TOO_LARGE",
        )


def longest(item: dict[str, Any], key: str) -> int:
    """Characters of ``key`` as Discord counts them: the longest of default and localizations."""
    texts = [str(item.get(key) or "")]
    texts += [str(v or "") for v in (item.get(f"{key}_localizations") or {}).values()]
    return max(len(t) for t in texts)


def command_length(item: dict[str, Any]) -> int:
    """The size of a command (or option) towards the 4,000-character limit."""
    total = longest(item, "name") + longest(item, "description")
    for choice in item.get("choices") or []:
        total += longest(choice, "name") + len(str(choice.get("value", "")))
    for option in item.get("options") or []:
        total += command_length(option)
    return total


def _check_localized(
    item: dict[str, Any], key: str, path: str, lo: int, hi: int, *, context_menu: bool = False
) -> None:
    values = {None: item.get(key)}
    locs = item.get(f"{key}_localizations") or {}
    if not isinstance(locs, dict):
        raise form_error(f"{path}.{key}_localizations", "Must be a mapping of locales")
    for locale, text in locs.items():
        if locale not in LOCALES:
            raise form_error(
                f"{path}.{key}_localizations.{locale}",
                f"Invalid locale {locale!r}",
                "LOCALE_INVALID",
            )
        values[locale] = text
    for locale, text in values.items():
        where = f"{path}.{key}" if locale is None else f"{path}.{key}_localizations.{locale}"
        text = "" if text is None else str(text)
        if not lo <= len(text) <= hi:
            raise form_error(
                where, f"Must be between {lo} and {hi} in length.", "BASE_TYPE_BAD_LENGTH"
            )
        if key == "name" and not context_menu and not valid_chat_input_name(text):
            raise form_error(
                where, f"Invalid chat input name {text!r}", "APPLICATION_COMMAND_INVALID_NAME"
            )


def _check_item(item: dict[str, Any], path: str, *, depth: int) -> None:
    """A chat-input command (depth 0), group or subcommand, and its options."""
    _check_localized(item, "name", path, 1, 32)
    _check_localized(item, "description", path, 1, 100)
    options = item.get("options") or []
    if len(options) > 25:
        raise form_error(
            f"{path}.options", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH"
        )
    names: set[str] = set()
    kinds = {o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options}
    if len(kinds) > 1:
        raise form_error(
            f"{path}.options",
            "Subcommands cannot be mixed with other options",
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        )
    optional_seen = False
    for j, opt in enumerate(options):
        where = f"{path}.options.{j}"
        name = str(opt.get("name", ""))
        if name in names:
            raise form_error(
                f"{where}.name",
                "Option names must be unique",
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
            )
        names.add(name)
        otype = opt.get("type")
        if otype not in range(1, 12):
            raise form_error(f"{where}.type", "Value must be one of (1, ..., 11).")
        if otype == SUB_COMMAND_GROUP and depth != 0:
            raise form_error(f"{where}.type", "A subcommand group must be at the top level")
        if otype == SUB_COMMAND and depth > 1:
            raise form_error(f"{where}.type", "Subcommands nest at most two levels deep")
        if depth == 1 and item.get("type") == SUB_COMMAND_GROUP and otype != SUB_COMMAND:
            raise form_error(f"{where}.type", "A subcommand group holds only subcommands")
        if otype in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _check_item(opt, where, depth=depth + 1)
            continue
        _check_option(opt, where)
        if opt.get("required"):
            if optional_seen:
                raise form_error(
                    where,
                    "Required options must be placed before non-required options",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                )
        else:
            optional_seen = True


def _check_option(opt: dict[str, Any], path: str) -> None:
    """A value option (string, integer, user, ...)."""
    _check_localized(opt, "name", path, 1, 32)
    _check_localized(opt, "description", path, 1, 100)
    if opt.get("options"):
        raise form_error(f"{path}.options", "Only subcommands and groups have options")
    choices = opt.get("choices") or []
    if len(choices) > 25:
        raise form_error(
            f"{path}.choices", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH"
        )
    if choices and opt.get("type") not in (3, 4, 10):
        raise form_error(f"{path}.choices", "Only string, integer and number options have choices")
    if choices and opt.get("autocomplete"):
        raise form_error(f"{path}.autocomplete", "Autocomplete cannot be used with choices")
    for k, choice in enumerate(choices):
        where = f"{path}.choices.{k}"
        _check_localized(choice, "name", where, 1, 100, context_menu=True)
        value = choice.get("value")
        if isinstance(value, str) and not 1 <= len(value) <= 100:
            raise form_error(
                f"{where}.value", "Must be between 1 and 100 in length.", "BASE_TYPE_BAD_LENGTH"
            )
    for key, lo in (("min_length", 0), ("max_length", 1)):
        if opt.get(key) is not None and not lo <= int(opt[key]) <= 6000:
            raise form_error(f"{path}.{key}", f"Must be between {lo} and 6000.")
