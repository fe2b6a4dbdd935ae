"""Build ``data`` of APPLICATION_COMMAND / AUTOCOMPLETE interactions from synced commands.

Like the Discord client, values are checked against the synced definition (names,
types, required, choices, ranges) so a test cannot send what a user never could.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .models import as_id

log = logging.getLogger("tests.emulator")

STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


class Resolver(Protocol):
    def resolve_user(
        self, user_id: int, guild_id: int | None
    ) -> tuple[dict[str, Any], dict[str, Any] | None]: ...
    def resolve_role(self, guild_id: int | None, role_id: int) -> dict[str, Any] | None: ...
    def resolve_channel(self, channel_id: int, user_id: int) -> dict[str, Any]: ...
    def upload_attachment(self, channel_id: int, value: Any) -> dict[str, Any]: ...


def split_path(command: str | Sequence[str], subcommand: str | Sequence[str] | None) -> list[str]:
    """``"match new"``, ``["match", "new"]`` or ``"match"`` + ``subcommand="new"``."""
    path = command.split() if isinstance(command, str) else list(command)
    if subcommand:
        path += subcommand.split() if isinstance(subcommand, str) else list(subcommand)
    if not 1 <= len(path) <= 3:
        raise ValueError(f"bad command path {path!r}")
    return path


def _infer_type(value: Any) -> int:
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, tuple):
        return ATTACHMENT
    return STRING


class OptionBuilder:
    def __init__(
        self,
        resolver: Resolver,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        *,
        checked: bool = True,
    ):
        self.resolver = resolver
        #: Check values against the definition's choices, ranges and lengths like an
        #: up-to-date client (``False``: a client holding an outdated definition).
        self.checked = checked
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.user_id = user_id
        self.resolved: dict[str, dict[str, Any]] = {}

    def _add_resolved(self, kind: str, key: int, value: dict[str, Any]) -> None:
        self.resolved.setdefault(kind, {})[str(key)] = value

    def build(
        self,
        definition: dict[str, Any] | None,
        path: list[str],
        options: Mapping[str, Any],
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """Return interaction ``data`` (without ``id``/``guild_id``)."""
        data: dict[str, Any] = {"name": path[0], "type": 1}
        defs = (definition or {}).get("options", []) if definition is not None else None
        container = data
        for name in path[1:]:
            sub = None
            if defs is not None:
                sub = next(
                    (o for o in defs if o["name"] == name and o["type"] in (1, 2)),
                    None,
                )
                if sub is None:
                    known = [o["name"] for o in defs if o["type"] in (1, 2)]
                    raise ValueError(f"/{' '.join(path)}: no subcommand {name!r}; have {known}")
                defs = sub.get("options", [])
            kind = sub["type"] if sub else (SUB_COMMAND if name == path[-1] else SUB_COMMAND_GROUP)
            child: dict[str, Any] = {"name": name, "type": kind, "options": []}
            container.setdefault("options", []).append(child)
            container = child
        if defs is not None and any(o["type"] in (1, 2) for o in defs):
            raise ValueError(f"/{' '.join(path)} is a group; pass the subcommand too")
        leaf = self._leaf_options(defs, path, options, focused)
        container.setdefault("options", []).extend(leaf)
        if self.resolved:
            data["resolved"] = self.resolved
        return data

    def _leaf_options(
        self,
        defs: list[dict[str, Any]] | None,
        path: list[str],
        options: Mapping[str, Any],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        where = "/" + " ".join(path)
        by_name = {o["name"]: o for o in defs} if defs is not None else {}
        if defs is not None:
            unknown = set(options) - set(by_name)
            if focused is not None and focused not in by_name:
                unknown.add(focused)
            if unknown:
                raise ValueError(
                    f"{where}: unknown options {sorted(unknown)}; have {list(by_name)}"
                )
            if focused is None:
                missing = [n for n, o in by_name.items() if o.get("required") and n not in options]
                if missing:
                    raise ValueError(f"{where}: missing required options {missing}")
        out: list[dict[str, Any]] = []
        names = list(options)
        if focused is not None and focused not in options:
            names.append(focused)
        for name in names:
            defn = by_name.get(name) or {"name": name, "type": _infer_type(options.get(name))}
            if name == focused:
                if defn.get("autocomplete") is False and defs is not None:
                    log.warning("%s: option %r has no autocomplete", where, name)
                raw = options.get(name, "")
                out.append({"name": name, "type": defn["type"], "value": raw, "focused": True})
                continue
            strict = focused is None and self.checked
            value = self._convert(defn, options[name], where, strict=strict)
            out.append({"name": name, "type": defn["type"], "value": value})
        return out

    def _convert(self, defn: dict[str, Any], value: Any, where: str, *, strict: bool) -> Any:
        otype, name = defn["type"], defn["name"]
        if otype == STRING:
            value = str(value)
            if strict:
                lo, hi = defn.get("min_length", 0), defn.get("max_length", 6000)
                if not lo <= len(value) <= hi:
                    raise ValueError(f"{where}: {name!r} length must be in [{lo}, {hi}]")
        elif otype in (INTEGER, NUMBER):
            value = int(value) if otype == INTEGER else float(value)
            if strict:
                lo, hi = defn.get("min_value"), defn.get("max_value")
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    raise ValueError(f"{where}: {name!r}={value} outside [{lo}, {hi}]")
        elif otype == BOOLEAN:
            value = bool(value)
        elif otype in (USER, MENTIONABLE) and not self._is_role(value, otype):
            user_id = as_id(value)
            user, member = self.resolver.resolve_user(user_id, self.guild_id)
            self._add_resolved("users", user_id, user)
            if member is not None:
                self._add_resolved("members", user_id, member)
            value = str(user_id)
        elif otype in (ROLE, MENTIONABLE):
            role_id = as_id(value)
            role = self.resolver.resolve_role(self.guild_id, role_id)
            if role is None:
                raise ValueError(f"{where}: unknown role {role_id}")
            self._add_resolved("roles", role_id, role)
            value = str(role_id)
        elif otype == CHANNEL:
            channel = self.resolver.resolve_channel(as_id(value), self.user_id)
            allowed = defn.get("channel_types")
            if strict and allowed and channel["type"] not in allowed:
                raise ValueError(f"{where}: channel type {channel['type']} not in {allowed}")
            self._add_resolved("channels", int(channel["id"]), channel)
            value = channel["id"]
        elif otype == ATTACHMENT:
            attachment = self.resolver.upload_attachment(self.channel_id, value)
            self._add_resolved("attachments", int(attachment["id"]), attachment)
            value = attachment["id"]
        choices = defn.get("choices")
        if strict and choices and value not in [c["value"] for c in choices]:
            raise ValueError(
                f"{where}: {name!r}={value!r} is not one of {[c['value'] for c in choices]}"
            )
        return value

    def _is_role(self, value: Any, otype: int) -> bool:
        if otype != MENTIONABLE:
            return False
        try:
            return self.resolver.resolve_role(self.guild_id, as_id(value)) is not None
        except TypeError:
            return False
