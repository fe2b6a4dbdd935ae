"""The application-command payload the bot syncs, and Discord's documented limits on it.

Discord refuses a whole bulk command upload (400, "Invalid Form Body") for one
bad field, which would stop the bot at start-up. ``setup_hook`` therefore builds
the exact payload :meth:`discord.app_commands.CommandTree.sync` sends and checks
it with :func:`violations` first, refusing to start with a readable list instead.

Limits (developers/interactions/application-commands and developers/reference,
"Locales"), stricter where the docs are vague:

* names 1–32 characters of ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]$``, lowercase,
  in every localization; descriptions 1–100 characters in every localization;
* at most 25 options (or subcommands) at every level; subcommand groups only at
  the top level and holding only subcommands; subcommands never mixed with plain
  options; required options before optional ones; sibling names unique in every
  locale;
* at most 25 choices, named 1–100 characters in every localization, string values
  at most 100 characters, never together with autocomplete;
* localization keys only from Discord's locale list;
* per command, the characters of every name, description and choice name/value of
  the command, its subcommands, groups, options and choices, each field counted at
  its longest of the default and all localizations: at most 4,000 (the issue's
  figure; the current docs say 8,000, so 4,000 is the safe side);
* at most 100 chat-input, 15 user and 15 message commands per scope.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from discord import app_commands
from discord.abc import Snowflake

#: Discord's locales (developers/reference#locales): the only valid localization keys.
DISCORD_LOCALES = frozenset(
    [
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
    ]
)
#: Devanagari and Thai blocks (for ``\p{sc=Deva}``, ``\p{sc=Thai}``: their combining marks);
#: the dandas U+0964-0965 are script Common, so excluded.
_SCRIPTS = (
    (0x0900, 0x0963),
    (0x0966, 0x097F),
    (0xA8E0, 0xA8FF),
    (0x11B00, 0x11B5F),
    (0x0E00, 0x0E7F),
)
MAX_COMMAND_SIZE = 4000
MAX_OPTIONS = 25
MAX_CHOICES = 25
#: Commands per scope (global, or one guild) by type: chat input, user, message.
MAX_COMMANDS = {1: 100, 2: 15, 3: 15}
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER = 1, 2, 3, 4, 10
_CHOICE_TYPES: dict[int, type | tuple[type, ...]] = {
    STRING: str,
    INTEGER: int,
    NUMBER: (int, float),
}


class InvalidCommandTree(Exception):
    """The command payload breaks Discord's limits; syncing it would be refused."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__(
            "The slash commands break Discord's limits, so they were not synced:\n"
            + "\n".join(f"  - {p}" for p in problems)
        )
        self.problems = list(problems)


async def command_payload(
    tree: app_commands.CommandTree[Any], guild: Snowflake | None = None
) -> list[dict[str, Any]]:
    """Exactly what ``tree.sync(guild=guild)`` uploads: every command of that scope,
    translated by the tree's translator into every locale."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


async def tree_violations(
    tree: app_commands.CommandTree[Any], guilds: Iterable[Snowflake | None]
) -> list[str]:
    """:func:`violations` of the payload of each scope (``None``: the global commands)."""
    found = []
    for guild in guilds:
        scope = "global" if guild is None else f"guild {guild.id}"
        found += [f"{scope}: {p}" for p in violations(await command_payload(tree, guild))]
    return found


def _texts(data: Mapping[str, Any], field: str) -> dict[str, str]:
    """The field's default text (under ``""``) and its localizations."""
    texts = {"": data.get(field)}
    texts.update(data.get(f"{field}_localizations") or {})
    return {loc: text if isinstance(text, str) else "" for loc, text in texts.items()}


def _longest(data: Mapping[str, Any], field: str) -> int:
    return max(len(t) for t in _texts(data, field).values())


def command_size(command: Mapping[str, Any]) -> int:
    """The characters Discord counts against :data:`MAX_COMMAND_SIZE`: every name,
    description and choice name/value, each at its longest localization."""
    size = _longest(command, "name") + _longest(command, "description")
    for choice in command.get("choices") or ():
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    for option in command.get("options") or ():
        size += command_size(option)
    return size


def _locales(path: str, data: Mapping[str, Any], fields: Iterable[str]) -> list[str]:
    found = []
    for field in fields:
        bad = sorted(set(data.get(f"{field}_localizations") or {}) - DISCORD_LOCALES)
        if bad:
            found.append(f"{path}: {field} localized for unknown locale(s) {', '.join(bad)}")
    return found


def _name_char(char: str) -> bool:
    if char in "-_'" or unicodedata.category(char)[0] in "LN":
        return True
    code = ord(char)
    in_script = any(low <= code <= high for low, high in _SCRIPTS)
    return in_script and unicodedata.category(char) != "Cn"


def valid_name(name: str) -> bool:
    """Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` (unicode flag)."""
    return 1 <= len(name) <= 32 and all(_name_char(c) for c in name)


def _name(path: str, data: Mapping[str, Any]) -> list[str]:
    found = []
    for loc, name in _texts(data, "name").items():
        where = f" ({loc})" if loc else ""
        if not valid_name(name):
            found.append(f"{path}: name {name!r}{where} is not 1-32 letters, digits, - _ '")
        elif name != name.lower():
            found.append(f"{path}: name {name!r}{where} is not lowercase")
    return found


def _text(path: str, data: Mapping[str, Any], field: str, what: str) -> list[str]:
    found = []
    for loc, text in _texts(data, field).items():
        if not 1 <= len(text) <= 100:
            where = f" in {loc}" if loc else ""
            found.append(f"{path}: {what} is {len(text)} characters{where} (1-100)")
    return found


def _siblings(path: str, items: Sequence[Mapping[str, Any]], what: str) -> list[str]:
    """Names (commands, options or choices) unique in every locale, as each locale's users
    see them; a repeated default name is reported once, not once per locale."""

    def repeated(names: list[Any]) -> list[str]:
        return sorted({str(n) for n in names if names.count(n) > 1})

    default = repeated([i.get("name") for i in items])
    found = [f"{path}: {what} {', '.join(default)} repeated"] if default else []
    for loc in sorted(DISCORD_LOCALES):
        names = [(i.get("name_localizations") or {}).get(loc) or i.get("name") for i in items]
        dupes = repeated(names)
        if dupes and dupes != default:
            found.append(f"{path}: {what} {', '.join(dupes)} repeated in {loc}")
    return found


def _choices(path: str, option: Mapping[str, Any]) -> list[str]:
    choices = option.get("choices") or []
    if not choices:
        return []
    found = []
    kind = option.get("type")
    if kind not in _CHOICE_TYPES:
        found.append(f"{path}: choices on an option of type {kind}")
    if option.get("autocomplete"):
        found.append(f"{path}: both choices and autocomplete")
    if len(choices) > MAX_CHOICES:
        found.append(f"{path}: {len(choices)} choices (max {MAX_CHOICES})")
    for choice in choices:
        here = f"{path} choice {choice.get('name')!r}"
        found += _text(here, choice, "name", "name") + _locales(here, choice, ["name"])
        value = choice.get("value")
        if kind in _CHOICE_TYPES and not isinstance(value, _CHOICE_TYPES[kind]):
            found.append(f"{here}: value {value!r} does not fit option type {kind}")
        if isinstance(value, str) and not 1 <= len(value) <= 100:
            found.append(f"{here}: value is {len(value)} characters (1-100)")
    return found + _siblings(path, choices, "choice name")


def _options(path: str, options: Sequence[Mapping[str, Any]], depth: int) -> list[str]:
    """``depth``: 0 for a command's options, 1 in a subcommand or group, 2 in a group's
    subcommand."""
    found = []
    if len(options) > MAX_OPTIONS:
        found.append(f"{path}: {len(options)} options (max {MAX_OPTIONS})")
    nested = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(nested) and not all(nested):
        found.append(f"{path}: subcommands mixed with plain options")
    seen_optional = False
    for option in options:
        here = f"{path} {option.get('name')}"
        kind = option.get("type")
        found += _name(here, option) + _text(here, option, "description", "description")
        found += _locales(here, option, ["name", "description"])
        children = option.get("options") or []
        if kind == SUB_COMMAND_GROUP:
            if depth > 0:
                found.append(f"{here}: subcommand group nested below the top level")
            if not children or any(c.get("type") != SUB_COMMAND for c in children):
                found.append(f"{here}: a subcommand group must hold only subcommands")
            found += _options(here, children, depth + 1)
        elif kind == SUB_COMMAND:
            if any(c.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for c in children):
                found.append(f"{here}: a subcommand cannot hold subcommands")
            found += _options(here, children, depth + 1)
        else:
            if not isinstance(kind, int) or not 3 <= kind <= 11:
                found.append(f"{here}: unknown option type {kind!r}")
            if children:
                found.append(f"{here}: only subcommands and groups have options")
            if option.get("required"):
                if seen_optional:
                    found.append(f"{here}: required option after an optional one")
            else:
                seen_optional = True
            found += _choices(here, option)
            for bound, low in (("min_length", 0), ("max_length", 1)):
                value = option.get(bound)
                if value is not None and not low <= value <= 6000:
                    found.append(f"{here}: {bound} {value} outside {low}-6000")
    return found + _siblings(path, options, "option")


def violations(payload: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every way the commands of one scope (a bulk upload's body) break Discord's
    documented limits, as readable lines; empty when Discord would accept them."""
    found = []
    for kind, limit in MAX_COMMANDS.items():
        count = sum(1 for c in payload if c.get("type", 1) == kind)
        if count > limit:
            found.append(f"{count} commands of type {kind} (max {limit})")
        found += _siblings("commands", [c for c in payload if c.get("type", 1) == kind], "name")
    for command in payload:
        path = f"/{command.get('name')}"
        found += _locales(path, command, ["name", "description"])
        if command.get("type", 1) != 1:  # user and message commands: free text names
            if not 1 <= len(str(command.get("name") or "")) <= 32:
                found.append(f"{path}: name is not 1-32 characters")
            continue
        found += _name(path, command) + _text(path, command, "description", "description")
        found += _options(path, command.get("options") or [], 0)
        size = command_size(command)
        if size > MAX_COMMAND_SIZE:
            found.append(
                f"{path}: {size} chars of names, descriptions, choices (max {MAX_COMMAND_SIZE})"
            )
        for field, allowed in (("contexts", {0, 1, 2}), ("integration_types", {0, 1})):
            values = command.get(field)
            if values is not None and not set(values) <= allowed:
                found.append(f"{path}: {field} {values} outside {sorted(allowed)}")
    return found
