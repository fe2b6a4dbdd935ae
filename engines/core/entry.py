"""Previews of a content pack's entries: one figure, hero board or card as a sheet.

``GameEngine.entry_view(content, entry_id)`` gives a :class:`~engines.core.View`
whose data is ``{"entry": sheet}``; ``GameEngine.render_entry(view, locale)`` draws
it (``engines.core.render_entry``) and ``GameEngine.describe_entry`` gives its alt
text. ``python -m bot content render`` and ``/content show`` use them.

A sheet is JSON data::

    {"game": "krosmaster", "id": "poutch-pupil",
     "kind": TEXT, "title": TEXT, "subtitle": TEXT | None,
     "stats": [TEXT, …],                              # short facts: "HP 12"
     "sections": [{"heading": TEXT, "lines": [LINE, …]}, …],
     "verified": false, "source": "where the numbers came from"}

where a TEXT is a plain string (shown as is: names a pack gives in one language,
numbers), a mapping of locales (``{"en-US": …, "pt-BR": …}``, a pack's own names,
read with the usual fallback), a catalog message ``{"key": …, "params": {…}}``
whose parameters may themselves be TEXTs, or TEXTs joined ``{"join": […], "sep": " · "}``;
a LINE is a TEXT, ``{"strong": TEXT}`` (in bold: a spell, an ability) or
``{"sub": TEXT}`` (a muted detail of the line before) or ``{"cells": [str, …]}``
(a row of fixed columns: an arena's map).

What a pack says in its effect vocabulary (``push: 2``, ``damage: 4``) is shown in
that vocabulary (:func:`vocabulary`): the preview shows the author what the engine
understood, in the words of the format they wrote.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from typing import Any

from engines.core.i18n import Catalog

LOCALES = ("en-US", "pt-BR", "it")


def message(key: str, **params: Any) -> dict[str, Any]:
    """A catalog message as sheet TEXT."""
    return {"key": key, "params": params}


def section(heading: Any, lines: Sequence[Any]) -> dict[str, Any]:
    """A sheet section (left out by the caller when it has no lines)."""
    return {"heading": heading, "lines": list(lines)}


def sheet(
    game: str,
    entry_id: str,
    *,
    kind: Any,
    title: Any,
    subtitle: Any = None,
    stats: Sequence[Any] = (),
    sections: Sequence[Mapping[str, Any]] = (),
    verified: bool = False,
    source: str = "",
) -> dict[str, Any]:
    """The view data of one entry's preview (empty sections dropped)."""
    return {
        "entry": {
            "game": game,
            "id": entry_id,
            "kind": kind,
            "title": title,
            "subtitle": subtitle,
            "stats": list(stats),
            "sections": [dict(s) for s in sections if s["lines"]],
            "verified": verified,
            "source": source,
        }
    }


def text(value: Any, catalog: Catalog, locale: str) -> str:
    """A sheet TEXT in ``locale``."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        if "join" in value and set(value) <= {"join", "sep"}:
            parts = (text(v, catalog, locale) for v in value["join"])
            return str(value.get("sep", " · ")).join(p for p in parts if p)
        if "key" in value and set(value) <= {"key", "params"}:
            params = {k: text(v, catalog, locale) for k, v in (value.get("params") or {}).items()}
            return catalog.translate(str(value["key"]), locale, **params)
        shown = value.get(locale) or value.get("en-US") or next(iter(value.values()), "")
        return str(shown)
    return str(value)


def vocabulary(value: Any, skip: frozenset[str] = frozenset()) -> str:
    """A content step (a dataclass from a pack's effect vocabulary) in the words of
    the format: its kind, then each field that differs from its default, nested
    steps in brackets. ``Step(op="damage", amount=4)`` → ``damage 4``. Fields named
    in ``skip`` (already shown otherwise) are left out, the kind too."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Mapping):
        if value and all(k in LOCALES for k in value):  # a text per locale
            return f"“{value.get('en-US') or next(iter(value.values()))}”"
        return "{" + ", ".join(f"{k}: {vocabulary(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple | list):
        return "[" + "; ".join(vocabulary(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return str(value)
    fields = dataclasses.fields(value)
    head = fields[0].name
    parts = [] if head in skip else [vocabulary(getattr(value, head))]
    named = {f.name: getattr(value, f.name) for f in fields[1:]}
    for f in fields[1:]:
        if f.name in skip:
            continue
        current = named[f.name]
        if current in ((), {}, None, "") or current is False or _default(f) == current:
            continue
        if f.name == "amount" and current == 1 and named.get("status"):
            continue  # "inflict bounty": one token unless it says more
        if f.name in POSITIONAL:
            parts.append(vocabulary(current))
        else:
            parts.append(f"{f.name}={vocabulary(current)}")
    return " ".join(parts)


#: Fields shown by value alone after a step's kind: ``damage 4``, ``inflict bounty``.
POSITIONAL = frozenset({"amount", "status", "figure", "power", "companion", "text"})


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def describe(data: Mapping[str, Any], catalog: Catalog, locale: str) -> str:
    """Alt text of a preview: kind, title, facts and section headings, ≤ 1,000 characters."""
    entry = data["entry"]
    parts = [
        f"{text(entry['kind'], catalog, locale)}: {text(entry['title'], catalog, locale)}",
        text(entry.get("subtitle"), catalog, locale),
        " · ".join(text(s, catalog, locale) for s in entry["stats"]),
    ]
    for sec in entry["sections"]:
        heading = text(sec["heading"], catalog, locale)
        first = text(_plain(sec["lines"][0]), catalog, locale) if sec["lines"] else ""
        parts.append(f"{heading}: {first}" + (" …" if len(sec["lines"]) > 1 else ""))
    if not entry["verified"]:
        parts.append(catalog.translate("core.entry.unverified", locale))
    out = ". ".join(p for p in parts if p)
    return out if len(out) <= 1000 else out[:999] + "…"


def _plain(line: Any) -> Any:
    """A LINE's TEXT."""
    if isinstance(line, Mapping) and len(line) == 1 and set(line) <= {"strong", "sub"}:
        return next(iter(line.values()))
    if isinstance(line, Mapping) and set(line) == {"cells"}:
        return " ".join(str(c) for c in line["cells"])
    return line
