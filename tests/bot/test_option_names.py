"""Slash-command option names in the players' languages, for every built-in game: each
option of each game command has a ``<game>.option_name.<option>`` entry in every locale,
each name fits Discord's rules and stays unique within its command together with the
options the bot adds (``match``; ``preview`` on previewable commands), and no entry is
left over. Discord refuses the whole command sync for one bad name."""

from __future__ import annotations

import re

import pytest

from bot.i18n import build_catalog
from engines.core import GameEngine
from engines.core.i18n import LOCALES
from engines.core.registry import BUILTIN_GAME_MODULES, get, load_games

#: Discord: 1–32 letters, digits, "-" or "_" (any script), lowercase.
NAME = re.compile(r"^[-_\w]{1,32}$")
load_games()
GAMES = [get(m.split(".")[-1]) for m in BUILTIN_GAME_MODULES]
CATALOGS = {engine.name: build_catalog([engine]) for engine in GAMES}


def _options(engine: GameEngine[object]) -> set[str]:
    return {o.name for spec in engine.commands() for o in spec.options}


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_option_has_a_valid_unique_name(engine: GameEngine[object], locale: str) -> None:
    catalog = CATALOGS[engine.name]
    added = {"match": catalog.translate("bot.option_name.match", locale)}
    for spec in engine.commands():
        names = [added["match"]]
        if spec.previewable:
            names.append(catalog.translate("bot.option_name.preview", locale))
        for option in spec.options:
            key = f"{engine.name}.option_name.{option.name}"
            assert catalog.has(key, locale), (spec.name, key, locale)
            names.append(catalog.translate(key, locale))
        for name in names:
            assert NAME.match(name) and name == name.lower(), (spec.name, locale, name)
        assert len(names) == len(set(names)), (spec.name, locale, names)


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_no_option_name_is_left_over(engine: GameEngine[object]) -> None:
    catalog = CATALOGS[engine.name]
    prefix = f"{engine.name}.option_name."
    for locale in LOCALES:
        listed = {k[len(prefix) :] for k in catalog.messages[locale] if k.startswith(prefix)}
        assert listed == _options(engine), locale
