"""Localisation for the bot: message catalogs and the slash-command translator."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from engines.core import Event, GameEngine, Message
from engines.core.errors import LocalisedError
from engines.core.i18n import LOCALES, Catalog, normalise_locale

BOT_LOCALE_DIR = Path(__file__).parent / "locales"


def build_catalog(engines: Iterable[GameEngine[Any]]) -> Catalog:
    """Core, bot and every installed game's messages."""
    dirs = [BOT_LOCALE_DIR]
    dirs.extend(d for e in engines if (d := e.locale_dir()) is not None)
    return Catalog.from_dirs(dirs)


def discord_locale(locale: discord.Locale | str | None) -> str:
    """A Discord locale as one of ours (``en-US``, ``pt-BR``, ``it``)."""
    if isinstance(locale, discord.Locale):
        locale = locale.value
    return normalise_locale(locale)


def key(text_key: str, fallback: str | None = None) -> app_commands.locale_str:
    """A translatable command string: shown as the en-US text, translated by key."""
    return app_commands.locale_str(fallback or text_key, key=text_key)


def deadline_choices(hours: Iterable[int]) -> list[app_commands.Choice[int]]:
    """The deadline options of ``/match new`` and ``/setup deadlines``: "12 hours"…,
    and 0 labelled "No deadline" (Discord shows the default name, not "0 h", to
    users whose language has no translation)."""
    return [
        app_commands.Choice(
            name=key(f"bot.deadline_choice.h{h}", f"{h} hours" if h else "No deadline"), value=h
        )
        for h in hours
    ]


class Texts:
    """Translating helper bound to a catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def __call__(self, key: str, locale: str, /, **params: Any) -> str:
        return self.catalog.translate(key, locale, **params)

    def message(self, message: Message, locale: str) -> str:
        """Translate an engine :class:`Message`."""
        return self.catalog.translate(message.key, locale, **dict(message.params))

    def event(self, event: Event, locale: str) -> str:
        """One line for an event, with its rule reference."""
        text = self.catalog.translate(event.key, locale, **dict(event.params))
        if event.rule:
            text += f" ({self.catalog.rule(event.rule, locale, event.key)})"
        return text

    def error(self, exc: LocalisedError, locale: str) -> str:
        """A player-safe error message, with its rule reference."""
        text = self.catalog.translate(exc.key, locale, **exc.params)
        if text == exc.key:  # no catalog entry: the engine's English text is still safe
            text = exc.message
        if exc.rule:
            text += f" ({self.catalog.rule(exc.rule, locale, exc.key)})"
        return text

    def all_locales(self, key: str, **params: Any) -> Mapping[str, str]:
        """The message in every supported locale."""
        return {loc: self.catalog.translate(key, loc, **params) for loc in LOCALES}


_DISCORD_LOCALES = {
    "en-US": (discord.Locale.american_english, discord.Locale.british_english),
    "pt-BR": (discord.Locale.brazil_portuguese,),
    "it": (discord.Locale.italian,),
}


class BotTranslator(app_commands.Translator):
    """Translates command names, descriptions and choices from the catalogs."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        text_key = string.extras.get("key")
        if not text_key:
            return None
        for ours, theirs in _DISCORD_LOCALES.items():
            if locale in theirs and self.catalog.has(text_key, ours):
                params = string.extras.get("params") or {}
                return self.catalog.translate(text_key, ours, **params)
        return None


def localise_option_names(tree: app_commands.CommandTree[Any], catalog: Catalog) -> int:
    """Give every slash-command option a translated name where the catalogs have one.

    A game's own ``<game>.option_name.<option>`` wins over the bot's shared
    ``bot.option_name.<option>``; an option already renamed is left alone.
    Returns how many options were renamed.
    """
    renamed = 0
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        root = command.root_parent.name if command.root_parent else command.name
        names: dict[str, str | app_commands.locale_str] = {}
        for param in command.parameters:
            # discord.py turns every name into a locale_str; ours carry a key.
            if param.locale_name is not None and param.locale_name.extras.get("key"):
                continue
            for text_key in (f"{root}.option_name.{param.name}", f"bot.option_name.{param.name}"):
                if any(catalog.has(text_key, locale) for locale in LOCALES if locale != "en-US"):
                    names[param.name] = app_commands.locale_str(param.name, key=text_key)
                    break
        if names:
            app_commands.rename(**names)(command)
            renamed += len(names)
    return renamed
