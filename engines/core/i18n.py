"""Message catalogs: ``<locale>.yaml`` files of nested keys, en-US the fallback.

Engines emit message keys with parameters; the bot translates them with the
catalogs of the core, the bot and each installed game. Placeholders use
``str.format`` syntax (``"{player} rolled {value}"``); a missing parameter is
shown as ``{name}`` rather than crashing a post. A message whose wording
depends on a number is a mapping ``{one: "…", other: "…"}`` (``one`` for
exactly 1, in all three languages); the ``count`` parameter chooses. Such a
mapping may also give a ``no_<param>`` form, used when that parameter is 0, so a
sentence leaves out what did not happen ("Bruno takes 5 damage: health 45."
rather than "…and heals 0").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from engines.core.model import Message

LOCALES = ("en-US", "pt-BR", "it")
FALLBACK = "en-US"
CORE_LOCALE_DIR = Path(__file__).parent / "locales"


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def normalise_locale(locale: str | None) -> str:
    """Map a Discord locale (``pt-BR``, ``it``, ``en-GB``…) to a catalog locale."""
    if not locale:
        return FALLBACK
    for known in LOCALES:
        if locale.lower() == known.lower():
            return known
    prefix = locale.split("-")[0].lower()
    for known in LOCALES:
        if known.split("-")[0].lower() == prefix:
            return known
    return FALLBACK


def fold(text: str) -> str:
    """Lower case without accents, so a search for "veiculo" finds "Veículo" (the
    games' look-ups match what a player types in any of the languages)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Flatten nested catalog mappings into dotted keys."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, full + "."))
        else:
            flat[full] = str(value)
    return flat


def rule_slug(rule: str) -> str:
    """The catalogue key part naming a rule reference: "Dano Final Total" →
    ``dano_final_total``, "Preparação" → ``preparacao`` (accents dropped)."""
    plain = unicodedata.normalize("NFKD", rule).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")


#: libyaml's loader when PyYAML was built with it (the wheels are): the same values as
#: the pure-Python one, about ten times faster on the catalogues.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: Each catalogue file's flattened messages, by path, size and modification time: a
#: process building several catalogues (the bot's, each game's) reads a file once, and
#: a file changed on disk is read again. Callers only copy from the cached mappings.
_FILES: dict[tuple[str, int, int], dict[str, str]] = {}


def _read_messages(path: Path) -> dict[str, str]:
    stat = path.stat()
    cache_key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    messages = _FILES.get(cache_key)
    if messages is None:
        with path.open(encoding="utf-8") as fh:
            tree = yaml.load(fh, Loader=_LOADER) or {}
        messages = _FILES[cache_key] = flatten(tree)
    return messages


class Catalog:
    """Translations for every supported locale."""

    def __init__(self) -> None:
        self.messages: dict[str, dict[str, str]] = {loc: {} for loc in LOCALES}

    def load_dir(self, directory: Path) -> None:
        """Merge the ``<locale>.yaml`` files of ``directory``."""
        for locale in LOCALES:
            path = directory / f"{locale}.yaml"
            if path.exists():
                self.messages[locale].update(_read_messages(path))

    @classmethod
    def from_dirs(cls, directories: Iterable[Path]) -> Catalog:
        """A catalog with the core messages plus those of ``directories``."""
        catalog = cls()
        catalog.load_dir(CORE_LOCALE_DIR)
        for directory in directories:
            catalog.load_dir(directory)
        return catalog

    def has(self, key: str, locale: str = FALLBACK) -> bool:
        """Whether ``key`` exists in ``locale`` itself (no fallback); a plural
        message counts by its ``key.other`` form."""
        messages = self.messages[normalise_locale(locale)]
        return key in messages or f"{key}.other" in messages

    def translate(self, key: str, locale: str | None = None, /, **params: Any) -> str:
        """The message for ``key`` in ``locale`` (falling back to en-US, then the key).

        A parameter may itself be a localisable message (a :class:`Message`,
        or its JSON ``{"key": ..., "params": {...}}`` as stored in the event
        log), or a text per locale (``{"en-US": ..., "pt-BR": ...}``, as content
        packs give names); either is shown in the same locale.
        """
        loc = normalise_locale(locale)
        template = self._template(self.messages[loc], key, params)
        if template is None:
            template = self._template(self.messages[FALLBACK], key, params)
        if template is None:
            return key
        values = {name: self._param(value, loc) for name, value in params.items()}
        return template.format_map(_Lenient(values))

    @staticmethod
    def _template(messages: Mapping[str, str], key: str, params: Mapping[str, Any]) -> str | None:
        """``key``'s text; a plural message (``key.one`` / ``key.other``) picks its form
        by the ``count`` parameter (else the first whole-number one): "one" for 1."""
        if key in messages:
            return messages[key]
        if f"{key}.other" not in messages:
            return None
        for name, value in params.items():
            zero = isinstance(value, int) and not isinstance(value, bool) and value == 0
            if zero and f"{key}.no_{name}" in messages:
                return messages[f"{key}.no_{name}"]
        count = params.get("count")
        if not isinstance(count, int) or isinstance(count, bool):
            count = next(
                (v for v in params.values() if isinstance(v, int) and not isinstance(v, bool)),
                None,
            )
        if count == 1 and f"{key}.one" in messages:
            return messages[f"{key}.one"]
        return messages[f"{key}.other"]

    def rule(self, rule: str, locale: str | None, key: str) -> str:
        """ "rule Final Damage Total": a rule reference of the message ``key``, in
        ``locale``. A rulebook section named in words is translated by the game's
        ``<game>.rule_name.<slug>`` (the game being ``key``'s first part) with each
        edition's own title; a numbered one ("4.7.4") is shown as it is."""
        game = key.split(".", 1)[0]
        name_key = f"{game}.rule_name.{rule_slug(rule)}"
        loc = normalise_locale(locale)
        if name_key in self.messages[loc] or name_key in self.messages[FALLBACK]:
            rule = self.translate(name_key, loc)
        return self.translate("core.rule", loc, rule=rule)

    def _param(self, value: Any, locale: str) -> Any:
        if isinstance(value, Message):
            return self.translate(value.key, locale, **dict(value.params))
        if isinstance(value, Mapping) and set(value) == {"key", "params"}:
            return self.translate(str(value["key"]), locale, **dict(value["params"] or {}))
        if isinstance(value, Mapping) and value and set(value) <= set(LOCALES):
            # Content text given per locale ({"en-US": "Grab Someone", "pt-BR": "Pegar Alguém"}).
            return value.get(locale) or value.get(FALLBACK) or next(iter(value.values()))
        return value
