"""Content names in the players' languages.

A name in the content is either one string (a community pack's ``name: Tofu``) or one
per locale (``name: {pt-BR: Rainha dos Tofus, it: Regina dei Tofu}``). A definition keeps
its canonical ``name`` (en-US, else the first given; what scenarios, teams and typed
names match) and every locale's name in ``names``. Events, menus and autocomplete carry
:func:`local_name`: the plain string when there is one name, else the mapping the catalog
shows in each reader's locale (en-US, then the first given, when the reader's is
missing). Renders resolve the whole view with :func:`localise`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from engines.core.i18n import FALLBACK, LOCALES

#: (locale, name) pairs in the order the content gives them.
Names = tuple[tuple[str, str], ...]
#: What an event or label carries: one string, or one per locale.
Shown = str | dict[str, str]


class Named(Protocol):
    """A definition with a canonical name and optional per-locale names."""

    @property
    def name(self) -> str: ...

    @property
    def names(self) -> Names: ...


def canonical(names: Names) -> str:
    """The name matched and stored when none is asked for: en-US, else the first given."""
    return dict(names).get(FALLBACK) or names[0][1]


def local_name(d: Named) -> Shown:
    """``d``'s name for an event or a menu: a string, or a mapping when locales differ."""
    if not d.names or len({n for _, n in d.names}) == 1:
        return d.name
    return dict(d.names)


def is_per_locale(value: object) -> bool:
    """Whether ``value`` is a name given per locale (the catalog's own test)."""
    return isinstance(value, Mapping) and bool(value) and set(value) <= set(LOCALES)


def pick(value: Any, locale: str) -> Any:
    """``value`` in ``locale`` when it is given per locale, else ``value`` unchanged."""
    if is_per_locale(value):
        return value.get(locale) or value.get(FALLBACK) or next(iter(value.values()))
    return value


def localise(data: Any, locale: str) -> Any:
    """A view (dicts, lists, strings) with every per-locale name picked for ``locale``."""
    if is_per_locale(data):
        return pick(data, locale)
    if isinstance(data, Mapping):
        return {k: localise(v, locale) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [localise(v, locale) for v in data]
    return data


def join(values: Iterable[Shown], sep: str = ", ") -> Shown:
    """Names joined into one text, per locale when any of them is given per locale."""
    items = list(values)
    if all(isinstance(v, str) for v in items):
        return sep.join(str(v) for v in items)
    return {loc: sep.join(str(pick(v, loc)) for v in items) for loc in LOCALES}


def known(d: Named) -> set[str]:
    """Every name ``d`` answers to when typed, lowercased: the canonical one and each locale's."""
    return {d.name.lower()} | {n.lower() for _, n in d.names}


def folded(text: str) -> str:
    """``text`` as typed names are compared: lowercase, without accents, hyphens and
    underscores as spaces ("Gultar o Bárbaro" → "gultar o barbaro")."""
    plain = unicodedata.normalize("NFKD", text.casefold().replace("-", " ").replace("_", " "))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def text_of(value: Shown) -> str:
    """All of a label's names in one string, for matching what a player typed."""
    if isinstance(value, str):
        return value
    return " ".join(value.values())
